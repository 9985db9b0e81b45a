"""After one visit, the website works with no server at all.

A pupil opens lesson 05's app page once (the server running); the page then keeps every
file of the site in the browser's cache. The server is stopped, as when the laptop goes
home with no network, and the pupil comes back: the home page and the lesson open, its
cells run (Python started from the snapshot of its memory the first visit kept), and a
puzzle answers.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from mathplay.site.serve import make_server
from tests.site.conftest import SCREENSHOTS
from tests.site.lite import wait_for_app_page
from tests.site.test_pupil_on_the_site import answer_guided, type_and_enter

pytestmark = pytest.mark.site

LESSON = "05-binary-numbers.ipynb"


def test_a_second_visit_with_the_server_stopped(site_browser: Any, site: Path) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=90_000)
    server = make_server(site, port=0).start()
    url = f"{server.url}lab/index.html?path={LESSON}&app=1"
    context = site_browser.new_context(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        page = context.new_page()
        page.goto(url)
        first = wait_for_app_page(page, LESSON)
        page.wait_for_function(
            "() => document.documentElement.dataset.mathplayOffline === 'ready'",
            timeout=600_000,
        )
        first.mark("kept_offline")
        page.close()
    finally:
        server.shutdown()
        server.server_close()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(server.url, timeout=5)  # nothing answers there now

    try:
        page = context.new_page()
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        page.goto(server.url)
        expect(page.get_by_role("link", name="Start the first lesson")).to_be_visible()
        page.goto(url)
        second = wait_for_app_page(page, LESSON)
        assert second.errors() == []
        # The service worker of the first visit was kept (JupyterLite drops every one it
        # does not know, mathplay/site/offline.py), Python was started once, while the
        # lesson opened (mathplay/site/apppage.py), and it does not look for modules in the
        # lesson's folder, the browser's drive (mathplay/site/snapshot_scripts.py).
        assert not [line for line in said if "unregistering existing service workers" in line]
        running = "() => [...window.jupyterapp.serviceManager.kernels.running()].length"
        assert page.evaluate(running) == 1
        assert second.execute("import sys; print('' in sys.path)").strip() == "False"
        # Python started from the snapshot the first visit kept (mathplay/site/snapshot.py),
        # and the lesson's evaluate cell, which imports sympy from its files, showed 26.
        quick = second.execute("import os; print(os.environ.get('MATHPLAY_QUICK_START'))")
        assert quick.strip() == "snapshot"
        expect(page.locator(".jp-OutputArea-output").filter(has_text="26").first).to_be_attached()
        type_and_enter(page.get_by_placeholder("write your name, then press Enter").first, "Ana")
        expect(answer_guided(page, 1, "100")).to_contain_text("Not yet")
        second.mark("answered")
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "offline-second-visit.png"))
    finally:
        context.close()
    timings = {"first visit": first.marks, "second visit, no server": second.marks}
    print(json.dumps(timings))
    assert errors == []


def _changed_lesson(site: Path, copy: Path) -> None:
    """``site`` copied to ``copy`` and rebuilt as if one lesson's title had changed: the
    lesson's file, the listing of its folder, and the list of the site's files."""
    import os
    import shutil

    from mathplay.site.offline import make_offline

    shutil.copytree(site, copy)
    lesson = copy / "files" / LESSON
    stamp = lesson.stat().st_mtime
    text = lesson.read_text(encoding="utf-8")
    assert "Lesson 5: Binary numbers" in text
    lesson.write_text(text.replace("Lesson 5: Binary numbers", "Lesson 5: Binary numbers!"))
    make_offline(copy)
    # The changed lesson keeps its date, as a build stamps its files with one date and
    # rsync -a keeps them: its server answers 304 to a revalidation (issue 76).
    os.utime(lesson, (stamp, stamp))


def test_a_revisit_and_a_rebuild_download_only_what_changed(
    site_browser: Any, site: Path, tmp_path: Path
) -> None:
    """Before: 15.8 MB again at every visit with the server up (each file was
    fetched again "in the background"), and the whole site (81.6 MB) after any rebuild;
    an updated lesson did not reach a pupil who had opened it before."""
    from playwright.sync_api import expect

    copy = tmp_path / "site"
    server = make_server(site, port=0).start()
    url = f"lab/index.html?path={LESSON}&app=1"
    context = site_browser.new_context(viewport={"width": 1024, "height": 768})
    sent: dict[str, int] = {}
    try:
        page = context.new_page()
        page.goto(server.url + url)
        wait_for_app_page(page, LESSON)
        page.wait_for_function(
            "() => document.documentElement.dataset.mathplayOffline === 'ready'",
            timeout=600_000,
        )
        sent["first visit"] = server.sent
        page.close()
        server.sent = 0
        page = context.new_page()
        page.goto(server.url + url)
        wait_for_app_page(page, LESSON)
        page.wait_for_timeout(3000)  # anything fetched late is counted too
        sent["second visit"] = server.sent
        page.close()
    finally:
        server.shutdown()
        server.server_close()
    _changed_lesson(site, copy)
    port = server.server_address[1]  # the same address: the browser's cache is that site's
    server = make_server(copy, port=port).start()
    try:
        page = context.new_page()
        page.goto(server.url + url)
        wait_for_app_page(page, LESSON)
        expect(page.get_by_role("heading", name="Lesson 5: Binary numbers!").first).to_be_visible()
        page.wait_for_timeout(3000)
        sent["after a rebuild"] = server.sent
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    print(json.dumps(sent))
    assert sent["first visit"] > 30_000_000  # the whole site, kept for offline use
    assert sent["second visit"] < 500_000, sent
    lesson_size = (copy / "files" / LESSON).stat().st_size
    assert sent["after a rebuild"] < lesson_size + 1_000_000, sent
