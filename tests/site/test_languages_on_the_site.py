"""A translated lesson on the website: lesson 0 in Malay, opened and run in
JupyterLite as a pupil would, speaks Malay from its start line to the feedback on a
wrong answer, while the site's own menus stay JupyterLab's English (there is no Malay
language pack)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mathplay.site.onelesson import START_CELL_ID
from tests.site.conftest import SCREENSHOTS
from tests.site.lite import open_notebook

pytestmark = pytest.mark.site


def test_the_malay_lesson_0_on_the_site(lite_page: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=90_000)
    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    notebook = open_notebook(page, "ms/00-welcome.ipynb")
    first_cell = page.evaluate("() => window.__panel.content.model.cells.get(0).id")
    assert first_cell == START_CELL_ID
    # The rendered line (its Markdown source, with its **, is not what a pupil sees).
    expect(page.get_by_text("Untuk mula: buka menu Run").first).to_be_visible()
    cells = notebook.run_all()
    assert not [c.error for c in cells if c.error]
    # The checker's answer, as the notebook keeps it (its cell may be scrolled away).
    (checked,) = [c for c in cells if c.source.startswith('mathplay.check("3+4=8")')]
    said = json.dumps(checked.outputs, ensure_ascii=False)
    assert "3+4 ialah 7, bukan 8" in said and "is 7, not 8" not in said, said
    first = page.locator(".mathplay-puzzles").first
    first.scroll_into_view_if_needed()
    expect(first).to_contain_text("Soalan 1 daripada 4.")
    expect(first).to_contain_text("Adakah persamaan ini benar?")
    words = first.inner_text()
    for english in ("Is this equation true?", "Hint", "Puzzle 1 of 4"):
        assert english not in words, f"{english!r} is in English in the puzzle"
    # Puzzle 3 (5 + _ = 12), answered 17: the name is asked, then the teacher's
    # feedback for that very answer, in Malay.
    third = page.locator(".mathplay-puzzles").nth(2)
    third.scroll_into_view_if_needed()
    expect(third).to_contain_text("Soalan 3 daripada 4.")
    box = third.locator(".mathplay-puzzles-answer input")
    box.click()
    box.press_sequentially("17")
    box.press("Enter")
    feedback = third.locator(".mathplay-puzzles-feedback")
    expect(feedback).to_contain_text("nama")
    name = third.locator(".mathplay-puzzles-name input")
    name.fill("Aisyah")
    name.press("Enter")
    expect(feedback).to_contain_text("Itu 5 + 12")
    assert "Not yet" not in feedback.inner_text()
    SCREENSHOTS.mkdir(exist_ok=True)
    third.screenshot(path=str(SCREENSHOTS / "lesson-00-ms-puzzle-3.png"))
    page.screenshot(path=str(SCREENSHOTS / "lesson-00-ms-1024x768.png"))
