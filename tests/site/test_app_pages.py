"""A lesson's app page on the website: the lesson already run, no code, no menus, no Run All.

A pupil comes from the home page, answers as a pupil does (name, then a puzzle), and finds
the answer in their records; the page is reloaded and comes back as the same app page;
"Open in JupyterLab" opens the notebook. At 1024×768 and on a 1366×768 screen at 150 %.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.screen import assert_no_code_shows, hidden_code_lines
from tests.site.conftest import SCREENSHOTS
from tests.site.lite import open_app_page, wait_for_app_page
from tests.site.test_pupil_on_the_site import answer_guided, records, type_and_enter

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]
LESSON = "05-binary-numbers"
NAME = "Ana"


def assert_app_page(page: Any) -> None:
    """What a pupil sees is the lesson: no menus, side bars, toolbar or start line."""
    from playwright.sync_api import expect

    bar = page.get_by_role("navigation", name="Lesson")
    expect(bar.get_by_role("link", name="← All lessons")).to_be_visible()
    expect(bar.get_by_role("link", name="Open in JupyterLab")).to_be_visible()
    for hidden in ("#jp-menu-panel", "#jp-top-panel", "#jp-bottom-panel", ".jp-SideBar"):
        assert not page.locator(hidden).first.is_visible(), hidden
    assert not page.locator(".jp-NotebookPanel-toolbar").first.is_visible()
    expect(page.locator("strong", has_text="To start:")).to_be_hidden()
    expect(page.locator(".mathplay-stale-note").first).to_be_hidden()
    expect(page.get_by_role("menuitem", name="Run")).to_have_count(0)
    assert_no_code_shows(page, ROOT / "lessons" / f"{LESSON}.ipynb")
    # The one-line cells the lesson shows on purpose (show-input) are on the page.
    # JupyterLab draws a cell's code once it is near the screen: scroll down as a pupil does.
    _, shown = hidden_code_lines(ROOT / "lessons" / f"{LESSON}.ipynb")
    editors = page.locator(".jp-CodeCell .jp-InputArea .cm-content")
    seen: set[str] = set()
    page.mouse.move(400, 400)
    for _step in range(80):
        seen |= {editor.inner_text().strip() for editor in editors.all() if editor.is_visible()}
        if shown <= seen:
            break
        page.mouse.wheel(0, 500)
        page.wait_for_timeout(100)
    assert shown <= seen, shown - seen
    page.mouse.wheel(0, -1_000_000)  # back to the top
    expect(page.get_by_role("heading", name="Lesson 5: Binary numbers").first).to_be_in_viewport()
    prompts = page.locator(".jp-InputPrompt:visible, .jp-OutputPrompt:visible")
    assert prompts.count() == 0


#: Watches a page while it loads (every 50 ms until the app page is ready): what is on
#: top at a few points of the screen (JupyterLab's own screens, or the loading cover's
#: words).
WATCH_THE_LOAD = """
(() => {
  const seen = { lab: [], cover: [] };
  window.mathplaySeen = seen;
  const LAB = ".jp-FileBrowser, .jp-DirListing, #jp-menu-panel, .jp-Launcher, .jp-SideBar";
  const timer = setInterval(() => {
    if (document.documentElement.dataset.mathplayApp === "ready") return clearInterval(timer);
    for (const [x, y] of [[150, 300], [512, 400], [40, 120], [900, 600]]) {
      const element = document.elementFromPoint(x, y);
      if (!element) continue;
      const lab = element.closest(LAB);
      if (lab && !seen.lab.includes(lab.className)) seen.lab.push(lab.className);
      const cover = element.closest(".mathplay-app-cover");
      if (cover && !seen.cover.includes(cover.textContent)) seen.cover.push(cover.textContent);
    }
  }, 50);
})();
"""


def test_lesson_05_as_an_app_page(lite_page: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=90_000)
    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.add_init_script(WATCH_THE_LOAD)
    page.goto(page.base_url)
    assert_accessible(page, "the website's home page", include=["html"])
    page.get_by_role("link", name="Lesson 5: Binary numbers", exact=True).click()
    notebook = wait_for_app_page(page, f"{LESSON}.ipynb")
    # While it loaded, the pupil saw the lesson's loading message, never JupyterLab's
    # file browser, menus or launcher; now the message is gone.
    assert page.evaluate("window.mathplaySeen") == {
        "lab": [],
        "cover": ["Getting the lesson ready… (the first time, this can take a minute)"],
    }
    expect(page.locator(".mathplay-app-cover")).to_have_count(0)
    assert page.url.endswith(f"lab/index.html?path={LESSON}.ipynb&app=1")
    assert notebook.errors() == []
    expect(page.get_by_role("heading", name="Lesson 5: Binary numbers").first).to_be_in_viewport()
    assert_app_page(page)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "app-05-1024x768.png"))
    assert_accessible(page, "lesson 05's app page on the website")

    # The pupil writes their name at the top, then answers the first puzzle.
    name = page.get_by_placeholder("write your name, then press Enter").first
    type_and_enter(name, NAME)
    expect(answer_guided(page, 1, "100")).to_contain_text("Not yet")
    assert [(r["who"], r["answer"]) for r in records(notebook, 1)] == [(NAME, "100")]
    page.screenshot(path=str(SCREENSHOTS / "app-05-answered.png"))

    # Reloaded (or opened again tomorrow from a bookmark): the same app page.
    page.reload()
    notebook = wait_for_app_page(page, f"{LESSON}.ipynb")
    assert page.url.endswith(f"lab/index.html?path={LESSON}.ipynb&app=1")
    assert_app_page(page)
    assert [(r["who"], r["answer"]) for r in records(notebook, 1)] == [(NAME, "100")]

    # On a 1366×768 screen at 150 %: 911×512 CSS pixels, the lesson still in front.
    page.set_viewport_size({"width": 911, "height": 512})
    expect(page.get_by_role("heading", name="Lesson 5: Binary numbers").first).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "app-05-150.png"))

    # "Next: Lesson 6" at the end is a link to lesson 6's app page.
    following = page.get_by_role("link", name="Lesson 6, binary arithmetic")
    following.scroll_into_view_if_needed()
    following.click()
    wait_for_app_page(page, "06-binary-arithmetic.ipynb")
    assert page.url.endswith("lab/index.html?path=06-binary-arithmetic.ipynb&app=1")
    bar = page.get_by_role("navigation", name="Lesson")
    expect(bar.get_by_role("link", name="← All lessons")).to_be_visible()
    expect(page.get_by_role("menuitem", name="Run")).to_have_count(0)
    expect(page.get_by_role("heading", name="Lesson 6: Binary arithmetic").first).to_be_visible()
    open_app_page(page, f"{LESSON}.ipynb")

    # "Open in JupyterLab": the notebook, with JupyterLab's menus.
    page.get_by_role("link", name="Open in JupyterLab").click()
    expect(page.get_by_role("menuitem", name="Run")).to_be_visible(timeout=120_000)
    assert "app=1" not in page.url
    assert page.errors == []
    assert page.failed_loads == []


def test_the_play_pages_and_the_teachers_pages_under_axe(lite_page: Any, site: Path) -> None:
    """Each game's Play page (a board in the website's JupyterLite) and every
    teachers' page (plain HTML beside the site) have no serious or critical axe finding."""
    from playwright.sync_api import expect

    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    for game in ("summy", "mixmath", "binary"):
        open_app_page(page, f"play-{game}.ipynb")
        board = page.locator(".mp-board-widget").first
        expect(board.locator(".mp-square").last).to_be_attached(timeout=120_000)
        expect(board.get_by_role("grid")).to_be_visible()
        page.wait_for_timeout(500)
        page.screenshot(path=str(SCREENSHOTS / f"play-{game}-1024x768.png"))
        assert_accessible(page, f"the website's Play {game} page")
    teachers = sorted((site / "teachers").glob("*.html"))
    assert len(teachers) >= 10, teachers
    for path in teachers:
        page.goto(f"{page.base_url}teachers/{path.name}")
        expect(page.locator("h1").first).to_be_visible()
        assert_accessible(page, f"the teachers' page {path.name}", include=["html"])
