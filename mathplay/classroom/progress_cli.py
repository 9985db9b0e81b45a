"""``mathplay progress``: a teacher gathers a class's records and reads the report.

``mathplay progress collect PATH... -o class.jsonl`` gathers progress files (folders are
searched through for ``*.jsonl``), each record once; ``mathplay progress report
class.jsonl [--set NAME] [--class FILE] [--csv OUT] [--skills-csv OUT] [--html OUT]``
prints the pupil × puzzle grid and writes it as CSV (one row per pupil per puzzle), per
skill (one row per pupil per skill, with a level) and as a one-page HTML report.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from mathplay.classroom.collect import collect
from mathplay.classroom.records import ProgressWarning
from mathplay.classroom.report import summary
from mathplay.i18n import _

__all__ = ["add_parser"]


def _show_warnings(caught: list[warnings.WarningMessage]) -> None:
    for warning in caught:
        print(_("warning: {message}").format(message=warning.message), file=sys.stderr)


def _missing(paths: Sequence[str]) -> int:
    """Say which given paths do not exist (nothing at all there, not even a link); the
    exit status: 2 if any, else 0."""
    import os

    missing = [path for path in paths if not os.path.lexists(path)]
    if missing:
        print(
            _("error: no such file or folder: {paths} (nothing was read or written)").format(
                paths=", ".join(missing)
            ),
            file=sys.stderr,
        )
        return 2
    return 0


def _collect(args: argparse.Namespace) -> int:
    if _missing(args.paths):
        return 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ProgressWarning)
        result = collect(args.paths, args.output)
    _show_warnings(caught)
    for problem in result.problems:
        print(_("warning: {message}").format(message=problem), file=sys.stderr)
    print(result)
    for flag in result.flags:
        print(_("check: {message}").format(message=flag))
    return 0


def _report(args: argparse.Namespace) -> int:
    if _missing(args.files):
        return 2
    class_list = None
    if args.class_list:
        from mathplay.classroom.roster import ClassListError, read_class_list

        try:
            class_list = read_class_list(args.class_list)
        except ClassListError as error:
            print(_("error: {message}").format(message=error), file=sys.stderr)
            return 2
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ProgressWarning)
        s = summary(args.files, puzzle_set=args.set, class_list=class_list)
    _show_warnings(caught)
    if args.set is not None and not s.sets:
        print(_("error: no attempts at a set called {name!r}").format(name=args.set),
              file=sys.stderr)  # fmt: skip
        return 1
    sys.stdout.write(str(s))
    if args.csv:
        print(_("wrote {path}").format(path=s.to_csv(args.csv)))
    if args.html:
        print(_("wrote {path}").format(path=s.write_html(args.html, args.title)))
    if args.skills_csv:
        print(_("wrote {path}").format(path=s.to_skills_csv(args.skills_csv)))
    if args.xapi:
        from mathplay.classroom.xapi import write_statements

        print(_("wrote {path}").format(path=write_statements(s.records, args.xapi)))
    return 0


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``progress`` and its subcommands to the ``mathplay`` command's subparsers."""
    progress: argparse.ArgumentParser = commands.add_parser(
        "progress", help=_("gather a class's records of puzzles and report on them")
    )
    sub = progress.add_subparsers(dest="progress_command", required=True)
    gather = sub.add_parser(
        "collect",
        help=_("gather progress files (and folders of them) into one file, each record once"),
    )
    gather.add_argument("paths", nargs="+", metavar="PATH")
    gather.add_argument("-o", "--output", required=True, metavar="FILE",
                        help=_("the file to write (records already in it are kept)"))  # fmt: skip
    gather.set_defaults(run=_collect)
    report = sub.add_parser("report", help=_("print a class's report; write it as CSV or HTML"))
    report.add_argument("files", nargs="+", metavar="FILE")
    report.add_argument("--set", metavar="NAME", help=_("only the set with this title"))
    report.add_argument("--csv", metavar="OUT", help=_("write one row per pupil per puzzle"))
    report.add_argument("--html", metavar="OUT", help=_("write a one-page report to open"))
    report.add_argument("--title", metavar="TEXT", help=_("the HTML report's title"))
    report.add_argument(
        "--class",
        dest="class_list",
        metavar="FILE",
        help=_(
            "the class list: one name a line, or a CSV file with a 'name' column; every "
            "pupil on it is in the report, those with no record as not started"
        ),
    )
    report.add_argument(
        "--xapi",
        metavar="OUT",
        help=_("write every attempt as an xAPI statement (JSON), for a learning record store"),
    )
    report.add_argument(
        "--skills-csv",
        metavar="OUT",
        help=_("write one row per pupil per skill, with a level (not started to mastered)"),
    )
    report.set_defaults(run=_report)
    return progress
