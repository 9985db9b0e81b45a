"""Fixtures for the website's tests in a real browser: the built site, served on
127.0.0.1 by ``mathplay site serve``'s server, and Debian's chromium that may reach
nothing else.

The site is the one in ``MATHPLAY_SITE`` (``.ci/run`` builds it there). Without it, or
without chromium, the tests are skipped with the reason, except under CI (``CI`` set),
where they fail.

Every request the page makes (its workers and service worker too) is watched; one that
leaves 127.0.0.1 fails the test. The browser's own calls home (Debian's chromium asks
Google for updates even when told not to) are not the page's: they go to a dead local
proxy, and only that proxy sees them.
"""

from __future__ import annotations

import contextlib
import os
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from mathplay.site.serve import SiteServer, make_server
from tests.browser.labserver import BROWSER_ARGS, CHROMIUM, chromium_missing
from tests.screenshots import shots

SITE_VARIABLE = "MATHPLAY_SITE"
SPANISH_SITE_VARIABLE = "MATHPLAY_SITE_ES"
SCREENSHOTS = shots("site")


def _cannot(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the website's tests cannot run under CI: {reason}")
    pytest.skip(reason)


def _built_site(variable: str) -> Path:
    """The built site's folder named by the environment variable ``variable``."""
    value = (os.environ.get(variable) or "").strip()
    if not value:
        _cannot(
            f"{variable} is not set: build a site (python -m mathplay site build DIR), "
            f"then set {variable}=DIR"
        )
    folder = Path(value)
    if not (folder / "jupyter-lite.json").is_file():
        _cannot(f"{variable}={value} holds no built site (no jupyter-lite.json)")
    reason = chromium_missing()
    if reason is not None:
        _cannot(reason)
    return folder


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site's folder (``MATHPLAY_SITE``)."""
    return _built_site(SITE_VARIABLE)


@pytest.fixture(scope="session")
def spanish_site() -> Path:
    """A site built with ``--language es`` (``MATHPLAY_SITE_ES``; ``.ci/run`` builds it)."""
    return _built_site(SPANISH_SITE_VARIABLE)


@pytest.fixture(scope="session")
def site_server(site: Path) -> Iterator[SiteServer]:
    server = make_server(site, port=0).start()
    yield server
    server.shutdown()
    server.server_close()


class _DeadProxy(socketserver.BaseRequestHandler):
    """Answers every request with 502 and notes its first line."""

    seen: ClassVar[list[str]] = []

    def handle(self) -> None:
        line = self.request.recv(4096).split(b"\r\n", 1)[0].decode(errors="replace")
        self.seen.append(line)
        self.request.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")


@pytest.fixture(scope="session")
def dead_proxy() -> Iterator[tuple[int, list[str]]]:
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _DeadProxy)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1], _DeadProxy.seen
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_browser(
    request: pytest.FixtureRequest, site: Path, dead_proxy: tuple[int, list[str]]
) -> Iterator[Any]:
    playwright = request.getfixturevalue("playwright_session")  # tests/conftest.py
    quiet = [
        "--disable-client-side-phishing-detection",
        "--disable-domain-reliability",
        "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,"
        "Translate,NetworkTimeServiceQuerying,CertificateTransparencyComponentUpdater",
        "--no-pings",
        "--password-store=basic",
        f"--proxy-server=http://127.0.0.1:{dead_proxy[0]}",
    ]
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=[*BROWSER_ARGS, *quiet]
    )
    yield chromium
    chromium.close()


@contextlib.contextmanager
def _watched_page(browser: Any, server: SiteServer) -> Iterator[Any]:
    """A page in a fresh browser profile (no storage from other tests). ``page.requests``
    lists every request (the page's, its workers' and service worker's), ``page.off_site``
    those that left 127.0.0.1, ``page.received`` the bytes of each file the
    server sent; ``page.errors`` the page's errors, ``page.failed_loads`` the files the
    console says failed to load (a 404)."""
    context = browser.new_context(viewport={"width": 1300, "height": 950})
    page = context.new_page()
    local = server.url
    off_site: list[str] = []
    seen: list[str] = []

    def watch(request: Any) -> None:
        seen.append(request.url)
        if not request.url.startswith((local, "data:", "blob:")):
            off_site.append(f"{request.method} {request.url}")

    context.on("request", watch)
    received: dict[str, int] = {}

    def count(response: Any) -> None:
        # A file fetched through the service worker answers twice: count each URL once.
        length = response.headers.get("content-length")
        if length and length.isdigit():
            received[response.url] = int(length)

    context.on("response", count)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    failed: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error" and "Failed to load resource" in message.text:
            failed.append(f"{message.text} ({message.location.get('url')})")

    page.on("console", console)
    page.failed_loads = failed
    page.off_site = off_site
    page.requests = seen
    page.received = received
    page.errors = errors
    page.base_url = local
    yield page
    context.close()
    assert not off_site, f"the page made requests off 127.0.0.1: {off_site}"


@pytest.fixture
def lite_page(site_browser: Any, site_server: SiteServer) -> Iterator[Any]:
    """A page of the site (see :func:`_watched_page`)."""
    with _watched_page(site_browser, site_server) as page:
        yield page


@pytest.fixture
def spanish_page(site_browser: Any, spanish_site: Path) -> Iterator[Any]:
    """A page of the site built with ``--language es``."""
    server = make_server(spanish_site, port=0).start()
    try:
        with _watched_page(site_browser, server) as page:
            yield page
    finally:
        server.shutdown()
        server.server_close()
