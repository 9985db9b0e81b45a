"""App pages a pupil cannot break, and lessons that stay current.

Reproduced before, on lesson 05's app page and the Binary Play page at 1024×768: a click
on square A8 (or the left edge of a button) hit JupyterLab's hidden "Collapse Output"
overlay and turned the whole board into a small scroll box; a double-click showed a
cell's Markdown source, Ctrl+Shift+C opened the command palette, and after Ctrl+S (or
the autosave) and a reload the broken copy came back; a copy the browser kept of a
lesson hid the site's newer one; the end check's answers were plain text in
``files/puzzles/*.toml``; the Play pages showed their code and "To start: …press Shift
and Enter" though the board was already running.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mathplay.puzzles.format import read_text
from tests.site.conftest import SCREENSHOTS
from tests.site.lite import open_app_page, wait_for_app_page

pytestmark = pytest.mark.site

LESSON = "05-binary-numbers.ipynb"
GAMES = ("summy", "mixmath", "binary")

#: What is under the left edge of each of mathplay's squares of column A and buttons:
#: the element itself (or something inside it), never a layer over it.
UNDER_THE_LEFT_EDGE = """() => {
  const out = [];
  const targets = [...document.querySelectorAll(
    '.jp-OutputArea-output .mp-square, .jp-OutputArea-output button')];
  for (const element of targets) {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (element.classList.contains('mp-square') && box.left > 120) continue;  // column A
    element.scrollIntoView({block: 'center'});
    const at = element.getBoundingClientRect();
    const hit = document.elementFromPoint(at.left + 2, at.top + at.height / 2);
    if (!hit || !(hit === element || element.contains(hit))) {
      out.push((element.getAttribute('aria-label') || element.textContent).trim() +
               ' is under ' + (hit ? hit.className : 'nothing'));
    }
  }
  return {checked: targets.length, covered: out};
}"""


def _cells(page: Any) -> int:
    return int(page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length"))


@pytest.mark.parametrize("path", [*(f"play-{game}.ipynb" for game in GAMES), LESSON])
def test_nothing_lies_over_the_widgets(lite_page: Any, path: str) -> None:
    from playwright.sync_api import expect

    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app_page(page, path)
    found = page.evaluate(UNDER_THE_LEFT_EDGE)
    assert found["checked"] >= (15 if path.startswith("play") else 5), found
    assert found["covered"] == [], found["covered"][:5]
    if path.startswith("play"):
        # Click every square of column A, at its left edge: the board takes each click
        # (its cursor moves there) and never becomes a scroll box.
        board = page.locator(".mp-board-widget").first
        column = [q for q in board.locator(".mp-square").all()
                  if re.match(r"A\d+,", q.get_attribute("aria-label") or "")]  # fmt: skip
        assert len(column) >= 9
        for square in column:
            square.scroll_into_view_if_needed()
            box = square.bounding_box()
            page.mouse.click(box["x"] + 2, box["y"] + box["height"] / 2)
            expect(square).to_have_attribute("tabindex", "0")
        assert page.locator(".jp-mod-outputsScrolled").count() == 0
        # Nothing says to press Shift and Enter, and no code shows: the board runs.
        expect(page.locator(".jp-MarkdownCell:visible", has_text="Shift")).to_have_count(0)
        assert page.locator(".jp-CodeCell .cm-content:visible").count() == 0
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{path[:-6]}-column-a-1024x768.png"))


def test_a_pupil_cannot_change_the_lesson(lite_page: Any) -> None:
    from playwright.sync_api import expect

    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app_page(page, LESSON)
    before = _cells(page)
    text = page.locator(".jp-MarkdownCell").nth(2)
    text.dblclick()  # would show the Markdown source
    expect(page.locator(".jp-MarkdownCell:not(.jp-mod-rendered)")).to_have_count(0)
    text.click()
    for keys in ("d", "d", "x", "Shift+M", "a", "b", "Control+Shift+C", "Control+Shift+D"):
        page.keyboard.press(keys)
    page.wait_for_timeout(500)
    assert _cells(page) == before
    expect(
        page.locator(".jp-ModalCommandPalette:visible, .lm-CommandPalette:visible")
    ).to_have_count(0)
    text.click(button="right")  # the browser's own menu, not JupyterLab's "Delete Cells"
    expect(page.locator(".lm-Menu:visible")).to_have_count(0)
    page.keyboard.press("Escape")
    # A save (the keys, or JupyterLab's autosave) writes nothing in the browser.
    page.keyboard.press("Control+s")
    page.evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
    page.wait_for_timeout(1000)
    kept = page.evaluate(_STORED, LESSON)
    assert kept is None, kept
    page.reload()
    wait_for_app_page(page, LESSON)
    assert _cells(page) == before
    expect(page.get_by_role("heading", name="Lesson 5: Binary numbers").first).to_be_visible()


#: The lesson's copy in the browser's JupyterLite storage, or null.
_STORED = """async (path) => {
  const base = window.location.pathname.replace(/lab\\/(index\\.html)?$/, '');
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('JupyterLite Storage - ' + base);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('files')) return null;
    return await new Promise((resolve) => {
      const get = db.transaction('files').objectStore('files').get(path);
      get.onsuccess = () => resolve(get.result === undefined ? null : 'kept');
      get.onerror = () => resolve(null);
    });
  } finally { db.close(); }
}"""


def test_the_lesson_is_always_the_sites_own(lite_page: Any) -> None:
    """A copy of the lesson saved in the browser (an older site's, or one changed in
    JupyterLab) does not replace the site's lesson on its app page."""
    page = lite_page
    page.goto(f"{page.base_url}lab/index.html?path={LESSON}")
    page.wait_for_function(
        "(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return w && w.context && w.context.path === path && w.context.isReady; }",
        arg=LESSON,
        timeout=120_000,
    )
    page.evaluate(
        """async () => {
          const panel = window.jupyterapp.shell.currentWidget;
          const cell = panel.content.model.cells.get(1);
          cell.sharedModel.setSource('# An old copy of the lesson');
          await panel.context.save();
        }"""
    )
    assert page.evaluate(_STORED, LESSON) == "kept"
    open_app_page(page, LESSON)
    assert page.locator("h1", has_text="An old copy of the lesson").count() == 0
    assert page.get_by_role("heading", name="Lesson 5: Binary numbers").first.is_visible()


def test_lessons_opened_in_tabs_at_once_all_start(site_browser: Any, site_server: Any) -> None:
    context = site_browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        lessons = ["02-fact-families.ipynb", "03-mixmath.ipynb", LESSON]
        pages = [context.new_page() for _lesson in lessons]
        for page, lesson in zip(pages, lessons):
            page.goto(f"{site_server.url}lab/index.html?path={lesson}&app=1")
        for page, lesson in zip(pages, lessons):
            wait_for_app_page(page, lesson)
            assert page.locator(".jp-Dialog").count() == 0
    finally:
        context.close()


def test_the_end_checks_answers_are_not_on_the_site(site: Path) -> None:
    files = sorted((site / "files").glob("**/puzzles/[0-9][0-9]-*.toml"))
    assert len(files) >= 40
    answers = 0
    for path in files:
        sheet, problems = read_text(path.read_text(encoding="utf-8"), str(path))
        assert sheet is not None and problems == [], path
        for puzzle in sheet.puzzles:
            if puzzle.id in sheet.check:
                assert puzzle.answer is None, (path.name, puzzle.id)
            answers += puzzle.answer is not None
    assert answers > 0  # the guided puzzles keep theirs (their worked solutions)
