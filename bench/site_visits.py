"""Benchmark: a pupil's first and second visit to a lesson on the built website.

Side by side, in headless chromium at 1024×768, each visit in a fresh browser profile:

- **JupyterLab page** (``lab/index.html?path=05-…``, the baseline): the pupil presses Run
  All; seconds until the notebook is open, the kernel is ready, the first widget (the
  name box) shows and the first puzzle set shows;
- **app page, first visit** (``…&app=1``): seconds until the notebook is open, the first
  widget shows and every cell has run (the page runs them itself), and how long keeping
  the whole site for offline use took after that;
- **app page, second visit with the server stopped**: the same, from the browser's cache;
- **before and after** (``--alternate BEFORE``): second visits with the server stopped
  to the site ``BEFORE`` and to ``SITE`` in turn, in one browser, so that a busy moment
  of the machine falls on both alike;
- **bytes per visit** (``--bytes``), counted by the server, for ``mathplay site serve``
  and for a plain static server (Python's ``http.server``, no cache headers, as a school's
  web space or GitHub Pages behaves): the first visit (the whole site kept for offline
  use), a second visit with the server up, and a visit after a rebuild that changed one
  lesson (the site copied, the lesson's title changed, its list of files made again).

Each visit opens a new tab and leaves it ``--settle`` seconds (2) before the clock
starts: headless chromium starts each new tab's window with an address-bar page of its
own, about 1.5 s of processor time that fell on the visit's first two seconds on a
two-core machine (a pupil's browser window is open before they click the lesson;
``--settle 0`` measures as before December 2026).

Prints the median of ``--visits`` (3) of each, the megabytes the first visit downloaded,
and the ratio of each to the baseline's first widget.

Run it with ``python bench/site_visits.py SITE`` (a folder ``mathplay site build`` made).
Exit status: 0 when every visit reached its lesson, else 1.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mathplay.site.serve import TYPES, make_server  # noqa: E402
from tests.site.lite import _FIND_PANEL, open_notebook, wait_for_app_page  # noqa: E402

LESSON = "05-binary-numbers.ipynb"
#: The lesson's first widget: the name box at its top (a fresh browser knows no name).
FIRST_WIDGET = ".mathplay-puzzles-name input"
#: The lesson's first puzzle set, four cells lower (what this script measured as the
#: "first widget" until December 2026, its selector for the name box having matched
#: nothing).
FIRST_PUZZLE = ".mathplay-puzzles"


#: Seconds a new tab is left before its visit starts (``--settle``). Headless chromium
#: starts each new tab's window with its own address-bar page, about 1.5 s of processor
#: time on two cores just as the visit starts; a pupil's browser window is open before
#: they click the lesson. 0 measures as this script did before December 2026.
SETTLE = 2.0


def new_tab(context: object) -> object:
    """A new tab of ``context``, left :data:`SETTLE` seconds for its window to start."""
    page = context.new_page()  # type: ignore[attr-defined]
    if SETTLE:
        time.sleep(SETTLE)
    return page


def first_widget(page: object, started: float, selector: str = FIRST_WIDGET) -> float:
    page.locator(selector).first.wait_for(timeout=600_000)  # type: ignore[attr-defined]
    return round(time.perf_counter() - started, 2)


def lab_visit(browser: object, site: Path) -> dict[str, float]:
    server = make_server(site, port=0).start()
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # type: ignore[attr-defined]
    try:
        page = new_tab(context)
        page.base_url = server.url
        started = time.perf_counter()
        notebook = open_notebook(page, LESSON)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        notebook.marks["first_widget"] = first_widget(page, started)
        notebook.marks["first_puzzle"] = first_widget(page, started, FIRST_PUZZLE)
        return notebook.marks
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def visit(page: object, url: str) -> dict[str, float]:
    """Open an app page: seconds to the notebook, the first widget, every cell run."""
    started = time.perf_counter()
    page.goto(url)  # type: ignore[attr-defined]
    page.wait_for_function(_FIND_PANEL, arg=LESSON, timeout=300_000)  # type: ignore[attr-defined]
    marks = {"notebook_open": round(time.perf_counter() - started, 2)}
    marks["first_widget"] = first_widget(page, started)
    marks["first_puzzle"] = first_widget(page, started, FIRST_PUZZLE)
    marks["app_ready"] = wait_for_app_page(page, LESSON, started).marks["app_ready"]
    kernel = page.evaluate("() => document.documentElement.dataset.mathplayKernelMs")  # type: ignore[attr-defined]
    if kernel:
        marks["kernel_idle"] = round(int(kernel) / 1000, 2)
    return marks


def app_visits(browser: object, site: Path) -> tuple[dict[str, float], dict[str, float], float]:
    server = make_server(site, port=0).start()
    url = f"{server.url}lab/index.html?path={LESSON}&app=1"
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # type: ignore[attr-defined]
    received: dict[str, int] = {}

    def count(response: object) -> None:
        length = response.headers.get("content-length")  # type: ignore[attr-defined]
        if length and length.isdigit():
            received[response.url] = int(length)  # type: ignore[attr-defined]

    context.on("response", count)
    try:
        page = new_tab(context)
        first = visit(page, url)
        waited = time.perf_counter()
        megabytes = round(sum(received.values()) / 1e6, 1)
        page.wait_for_function(
            "() => document.documentElement.dataset.mathplayOffline === 'ready'", timeout=900_000
        )
        first["kept_offline"] = round(first["app_ready"] + time.perf_counter() - waited, 2)
        page.close()
        server.shutdown()
        server.server_close()
        page = new_tab(context)
        second = visit(page, url)
        return first, second, megabytes
    finally:
        context.close()


class _PlainServer:
    """A plain static server of ``site`` (Python's own, the site's file types, no
    Cache-Control), counting the bytes of the files it sends."""

    def __init__(self, site: Path, port: int = 0) -> None:
        import functools
        import http.server
        import threading

        owner = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map: ClassVar[dict[str, str]] = {
                **http.server.SimpleHTTPRequestHandler.extensions_map,
                **TYPES,
            }

            def log_message(self, format: str, *args: object) -> None:
                pass

            def copyfile(self, source: object, outputfile: object) -> None:
                while block := source.read(1 << 16):  # type: ignore[attr-defined]
                    outputfile.write(block)  # type: ignore[attr-defined]
                    owner.sent += len(block)

        self.sent = 0
        handler = functools.partial(Handler, directory=str(site))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _serve(kind: str, site: Path, port: int = 0) -> object:
    if kind == "plain":
        return _PlainServer(site, port)
    return make_server(site, port=port).start()


def _stop(server: object) -> None:
    if isinstance(server, _PlainServer):
        server.stop()
    else:
        server.shutdown()  # type: ignore[attr-defined]
        server.server_close()  # type: ignore[attr-defined]


def byte_visits(browser: object, site: Path, kind: str, work: Path) -> dict[str, float]:
    """Megabytes sent for a first visit (until the site is kept offline), a second visit
    with the server up, and a visit after a rebuild that changed one lesson."""
    import shutil

    from mathplay.site.offline import make_offline

    sent: dict[str, float] = {}
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # type: ignore[attr-defined]
    server = _serve(kind, site)
    address = f"lab/index.html?path={LESSON}&app=1"
    try:
        page = new_tab(context)
        page.goto(server.url + address)  # type: ignore[attr-defined]
        wait_for_app_page(page, LESSON)
        page.wait_for_function(
            "() => document.documentElement.dataset.mathplayOffline === 'ready'", timeout=900_000
        )
        sent["first visit"] = server.sent / 1e6  # type: ignore[attr-defined]
        page.close()
        server.sent = 0  # type: ignore[attr-defined]
        page = new_tab(context)
        page.goto(server.url + address)  # type: ignore[attr-defined]
        wait_for_app_page(page, LESSON)
        page.wait_for_timeout(3000)
        sent["second visit, server up"] = server.sent / 1e6  # type: ignore[attr-defined]
        page.close()
        port = int(server.url.rsplit(":", 1)[1].strip("/"))  # type: ignore[attr-defined]
        _stop(server)
        copy = work / f"site-{kind}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(site, copy)
        lesson = copy / "files" / LESSON
        lesson.write_text(lesson.read_text(encoding="utf-8").replace(
            "Lesson 5: Binary numbers", "Lesson 5: Binary numbers!"), encoding="utf-8")  # fmt: skip
        make_offline(copy)
        server = _serve(kind, copy, port)
        page = new_tab(context)
        page.goto(server.url + address)  # type: ignore[attr-defined]
        wait_for_app_page(page, LESSON)
        new = page.get_by_role("heading", name="Lesson 5: Binary numbers!").first
        try:
            new.wait_for(timeout=30_000)
            shown = 1.0
        except Exception:  # the old lesson stayed: said in the table
            shown = 0.0
        page.wait_for_timeout(3000)
        sent["after a rebuild of one lesson"] = server.sent / 1e6  # type: ignore[attr-defined]
        sent["the new lesson shown (1 yes, 0 no)"] = shown
    finally:
        context.close()
        _stop(server)
    return {name: round(value, 3) for name, value in sent.items()}


def alternate(site: Path, before: Path, rounds: int) -> int:
    """Second visits (server stopped) to ``before`` and to ``site`` in turn, ``rounds``
    of each, in one browser (each site in a profile of its own, visited once first):
    the machine's load falls on both alike. Prints their medians side by side."""
    from playwright.sync_api import sync_playwright

    from tests.browser.labserver import BROWSER_ARGS, CHROMIUM

    sites = [before, site]
    found: list[list[dict[str, float]]] = [[], []]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            profiles, urls = [], []
            for folder in sites:
                server = make_server(folder, port=0).start()
                url = f"{server.url}lab/index.html?path={LESSON}&app=1"
                context = browser.new_context(viewport={"width": 1024, "height": 768})
                page = new_tab(context)
                page.goto(url)
                wait_for_app_page(page, LESSON)
                page.wait_for_function(
                    "() => document.documentElement.dataset.mathplayOffline === 'ready'",
                    timeout=900_000,
                )
                page.close()
                server.shutdown()
                server.server_close()
                profiles.append(context)
                urls.append(url)
            for turn in range(rounds):
                for which in (0, 1) if turn % 2 == 0 else (1, 0):
                    page = new_tab(profiles[which])
                    found[which].append(visit(page, urls[which]))
                    page.close()
        finally:
            browser.close()
    print(f"lesson {LESSON}, second visits with the server stopped, {rounds} of each site in "
          f"turn, medians, seconds from the page's load (load average "
          f"{os.getloadavg()[0]:.1f})")  # fmt: skip
    print(f"{'site':40} {'open':>6} {'kernel':>7} {'widget':>7} {'puzzle':>7} {'all run':>8}")
    for folder, visits in zip(sites, found, strict=True):
        print(
            f"{str(folder)[-40:]:40} {median(visits, 'notebook_open'):>6} "
            f"{median(visits, 'kernel_idle'):>7} {median(visits, 'first_widget'):>7} "
            f"{median(visits, 'first_puzzle'):>7} {median(visits, 'app_ready'):>8}"
        )
    return 0


def median(rows: list[dict[str, float]], key: str) -> float:
    return round(statistics.median(row[key] for row in rows if key in row), 2)


def main() -> int:
    global SETTLE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="a built site's folder")
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument(
        "--bytes", action="store_true", help="only the bytes per visit, for both servers"
    )
    parser.add_argument(
        "--alternate",
        type=Path,
        metavar="BEFORE",
        help="only second visits, to the site BEFORE and to SITE in turn (--visits of each)",
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=SETTLE,
        help=f"seconds a new tab is left before its visit starts (default {SETTLE}; 0: none)",
    )
    args = parser.parse_args()
    SETTLE = args.settle
    if args.bytes:
        return bytes_table(args.site)
    if args.alternate:
        return alternate(args.site, args.alternate, args.visits)
    from playwright.sync_api import sync_playwright

    from tests.browser.labserver import BROWSER_ARGS, CHROMIUM

    labs, firsts, seconds, sizes = [], [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            for _visit in range(args.visits):
                labs.append(lab_visit(browser, args.site))
                first, second, megabytes = app_visits(browser, args.site)
                firsts.append(first)
                seconds.append(second)
                sizes.append(megabytes)
        finally:
            browser.close()
    base = median(labs, "first_widget")
    print(f"lesson {LESSON}, median of {args.visits} visits, seconds from the page's load "
          f"(load average {os.getloadavg()[0]:.1f})")  # fmt: skip
    print(f"{'visit':40} {'open':>6} {'kernel':>7} {'widget':>7} {'puzzle':>7} {'all run':>8} "
          f"{'ratio':>6} {'kernel → widget':>16}")  # fmt: skip
    rows = [
        ("JupyterLab page + Run All (baseline)", labs, "kernel_idle", ""),
        ("app page, first visit", firsts, "kernel_idle", "app_ready"),
        ("app page, second visit, server stopped", seconds, "kernel_idle", "app_ready"),
    ]
    for name, visits, kernel, ready in rows:
        widget = median(visits, "first_widget")
        print(
            f"{name:40} {median(visits, 'notebook_open'):>6} "
            f"{median(visits, kernel) if kernel else '':>7} {widget:>7} "
            f"{median(visits, 'first_puzzle'):>7} "
            f"{median(visits, ready) if ready else '':>8} {widget / base:>6.2f} "
            f"{round(widget - median(visits, kernel), 2):>16}"
        )
    kept = median(firsts, "kept_offline")
    print(f"first visit downloaded (median): {statistics.median(sizes)} MB; keeping the site "
          f"for offline use took {kept} s from the page's load")  # fmt: skip
    return 0


def bytes_table(site: Path) -> int:
    import tempfile

    from playwright.sync_api import sync_playwright

    from tests.browser.labserver import BROWSER_ARGS, CHROMIUM

    rows = {}
    with tempfile.TemporaryDirectory() as work, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            for kind in ("serve", "plain"):
                rows[kind] = byte_visits(browser, site, kind, Path(work))
        finally:
            browser.close()
    print(f"megabytes sent by the server, lesson {LESSON} (load average "
          f"{os.getloadavg()[0]:.1f})")  # fmt: skip
    names = list(rows["serve"])
    print(f"{'server':28} " + " ".join(f"{name:>30}" for name in names))
    labels = {"serve": "mathplay site serve", "plain": "plain static (http.server)"}
    for kind, sent in rows.items():
        print(f"{labels[kind]:28} " + " ".join(f"{sent[name]:>30}" for name in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
