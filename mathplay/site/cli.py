"""``mathplay site``: build the lessons' website, and try it on this computer.

``mathplay site build OUT [--contents DIR ...] [--keep-outputs NOTEBOOK ...]
[--source-maps]`` builds a JupyterLite site into the folder ``OUT``; ``mathplay site
serve OUT [--port N]`` serves it on 127.0.0.1 and prints the address to open.

>>> parser = argparse.ArgumentParser(prog="mathplay")
>>> _ = add_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["site", "build", "out", "--contents", "mine", "--contents", "more"])
>>> args.out, args.contents, args.source_maps
('out', ['mine', 'more'], False)
"""

from __future__ import annotations

import argparse
from typing import Any

from mathplay.i18n import LANGUAGES, _

__all__ = ["add_parser"]


def _build(args: argparse.Namespace) -> int:
    from mathplay.site.build import build_site

    try:
        report = build_site(
            args.out,
            args.contents or (),
            source_maps=args.source_maps,
            language=args.language,
            keep_outputs=args.keep_outputs or (),
        )
    except KeyboardInterrupt:
        print(_("Stopped: {out} is as it was.").format(out=args.out))
        return 130
    print(report)
    return 0


def _port(text: str) -> int:
    """A port number, 1 to 65535 (argparse says what is wrong with another)."""
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("{text!r} is not a port: a port is a number from 1 to 65535").format(text=text)
        )
    return port


def _serve(args: argparse.Namespace) -> int:
    from mathplay.site.serve import serve

    serve(args.out, args.port)
    return 0


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``site`` and its subcommands to the ``mathplay`` command's subparsers."""
    site: argparse.ArgumentParser = commands.add_parser(
        "site", help=_("build the lessons' website (JupyterLite) and try it")
    )
    sub = site.add_subparsers(dest="site_command", required=True)
    build = sub.add_parser(
        "build",
        help=_("build a static website of the lessons, with Python in the browser"),
        description=_(
            "Build a static JupyterLite site of the lessons, their puzzles and a Play "
            "notebook per game into the folder OUT (a site built there before is replaced). "
            "It needs Python 3.12 or newer for its build tools, npm, and PyPI and npm "
            "on the network; see docs/site.md."
        ),
    )
    build.add_argument("out", metavar="OUT", help=_("the folder to build the site in"))
    build.add_argument(
        "--contents",
        action="append",
        metavar="DIR",
        help=_("a folder (or file) of your own lessons and puzzle files to add; may be repeated"),
    )
    build.add_argument(
        "--keep-outputs",
        action="append",
        metavar="NOTEBOOK",
        help=_(
            "a notebook of --contents to publish with its outputs and widget state (its "
            "name, or its path in the folder); every other one goes without them, and what "
            "must not be public is taken out even so; may be repeated"
        ),
    )
    build.add_argument(
        "--source-maps",
        action="store_true",
        help=_("keep the JavaScript source maps (for debugging; they double the size)"),
    )
    build.add_argument(
        "--language",
        choices=LANGUAGES,
        default="en",
        help=_(
            "the site's language: its home page, and JupyterLab's menus where JupyterLab "
            "has a language pack (Spanish, Greek); every lesson in every language is on "
            "every site, and each language has a home page (default en)"
        ),
    )
    build.set_defaults(run=_build)
    serve = sub.add_parser(
        "serve", help=_("serve a built site on this computer, to try it in a browser")
    )
    serve.add_argument("out", metavar="OUT", help=_("the folder of a built site"))
    serve.add_argument("--port", type=_port, default=8000, help=_("the port (default 8000)"))
    serve.set_defaults(run=_serve)
    return site
