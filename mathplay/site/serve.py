"""``mathplay site serve OUT``: try a built site on this computer before publishing it.

A static site needs nothing but a web server; Python's own (``http.server``) will do,
told the types of the files JupyterLite and Pyodide load (``.wasm``, ``.mjs``, wheels),
since a browser refuses a WebAssembly file or a module sent as plain text. It listens
on 127.0.0.1 only, so only this computer reaches it.

>>> guess_type("static/pyodide/pyodide.asm.wasm"), guess_type("static/pyodide/pyodide.mjs")
('application/wasm', 'text/javascript')
"""

from __future__ import annotations

import functools
import http.server
import mimetypes
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mathplay.i18n import _
from mathplay.site.tools import SiteError

__all__ = ["TYPES", "SiteServer", "guess_type", "make_server", "serve"]

#: The types the standard library may not know (or know wrongly) for a site's files.
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".jsonl": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}


def guess_type(path: str) -> str:
    """The Content-Type the server sends for ``path``."""
    suffix = Path(path).suffix.lower()
    return TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Python's file server, with the site's types and no line printed per request.

    A browser often stops loading a file half way (a pupil goes to another page, a tab is
    closed, a new build replaces a cached one): that is one line in the server's log, not
    a traceback.
    """

    server: SiteServer

    def guess_type(self, path: Any) -> str:
        return guess_type(str(path))

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionError:
            path = getattr(self, "path", "") or "/"
            self.server.say(
                _("a browser stopped loading {path} before it was all sent (nothing is wrong)")
                .format(path=path.split("?", 1)[0])
            )  # fmt: skip

    def end_headers(self) -> None:
        # A teacher trying a new build should get it, not yesterday's from the cache.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Send a file's bytes, counted in the server's :attr:`SiteServer.sent`."""
        while block := source.read(1 << 16):
            outputfile.write(block)
            self.server.count(len(block))


class SiteServer(http.server.ThreadingHTTPServer):
    """The server of one site folder; ``url`` is its address."""

    daemon_threads = True
    #: Where the server's log lines go (standard error; a test may collect them).
    say: Callable[[str], None] = staticmethod(lambda line: print(line, file=sys.stderr, flush=True))

    #: The bytes of files sent since the server started (or :meth:`count` was reset).
    sent: int = 0
    _counting = threading.Lock()

    def count(self, size: int) -> None:
        with self._counting:
            self.sent += size

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"

    def start(self) -> SiteServer:
        """Serve in a background thread (for tests and scripts); ``shutdown()`` stops it."""
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self


def make_server(site: str | Path, port: int = 8000, host: str = "127.0.0.1") -> SiteServer:
    """A server of the site in the folder ``site`` on ``host``:``port`` (0: any free port)."""
    folder = Path(site).expanduser()
    if not (folder / "jupyter-lite.json").is_file():
        raise SiteError(
            _("{folder} is not a site: build one first with mathplay site build {folder}").format(
                folder=site
            )
        )
    handler = functools.partial(_Handler, directory=str(folder.resolve()))
    try:
        return SiteServer((host, port), handler)
    except OSError as error:
        raise SiteError(
            _(
                "cannot serve on {host}:{port} ({error}): another program may use that port; "
                "try another, like --port {other}"
            ).format(host=host, port=port, error=error.strerror or error, other=port + 1)
        ) from None


def serve(site: str | Path, port: int = 8000) -> None:
    """Serve the site until Ctrl+C, after printing its address."""
    server = make_server(site, port)
    print(
        _(
            "Serving {site} at {url}\nOpen that address in a browser on this computer "
            "(the first load takes a while). Press Ctrl+C to stop."
        ).format(site=site, url=server.url),
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print(_("Stopped."))
    finally:
        server.server_close()
