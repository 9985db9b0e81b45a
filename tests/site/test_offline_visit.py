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
        page.goto(server.url)
        expect(page.get_by_role("link", name="Start the first lesson")).to_be_visible()
        page.goto(url)
        second = wait_for_app_page(page, LESSON)
        assert second.errors() == []
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
