"""The end check on the website: an answer belongs to the question on screen when it was
typed (issue 70, point 3), as tests/browser/test_answer_on_screen.py checks it in
JupyterLab.

Zoë answers lesson 05's first end-check question and presses Next. The lesson is then
run again with a new kernel in a browser that remembers no name (the records stay, in
the browser's files): the end check shows no question until the pupil is known, only
"Write your name …"; once she writes it there, it goes on at its second question, and
her next answer is recorded for that question.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.site.conftest import SCREENSHOTS
from tests.site.lite import open_notebook
from tests.site.test_pupil_on_the_site import LESSON, NAME, ROOT, records, type_and_enter

pytestmark = pytest.mark.site


def test_the_end_check_waits_for_the_name_on_the_site(lite_page: Any) -> None:
    from playwright.sync_api import expect

    from mathplay.classroom.where import set_current_lesson
    from mathplay.lessons.runtime import OpenLesson

    expect.set_options(timeout=90_000)
    try:
        sheet = OpenLesson(LESSON, folder=ROOT / "lessons" / "puzzles", log=None).check().sheet
    finally:
        set_current_lesson(None)
    assert sheet is not None
    items = sheet.puzzles
    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    notebook = open_notebook(page, f"{LESSON}.ipynb")
    notebook.run_all()
    type_and_enter(page.locator(".mathplay-lesson .mathplay-puzzles-name input"), NAME)
    end = page.locator(".mathplay-lesson-check")
    end.scroll_into_view_if_needed()
    expect(end).to_contain_text(f"Puzzle 1 of {len(items)}.")
    type_and_enter(end.locator(".mathplay-puzzles-answer input"), items[0].answer or "")
    expect(end.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
    end.get_by_role("button", name="Next").click()
    expect(end).to_contain_text(f"Puzzle 2 of {len(items)}.")
    records(notebook, 1)

    # A new kernel, and a browser that remembers no name (the records stay).
    page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('mathplay-pupil:'))"
        ".forEach((k) => localStorage.removeItem(k))"
    )
    notebook = open_notebook(page, f"{LESSON}.ipynb")
    notebook.run_all()
    # The pupil scrolls down to the end check (the notebook draws the cells in view).
    end = page.locator(".mathplay-lesson-check")
    page.mouse.move(600, 400)
    while not end.count():
        page.mouse.wheel(0, 2_000)
        page.wait_for_timeout(100)
    end.scroll_into_view_if_needed()
    expect(end.locator(".mathplay-puzzles-start")).to_contain_text("Write your name")
    expect(end).not_to_contain_text("Puzzle 1 of")
    expect(end).not_to_contain_text(items[0].prompt)
    expect(end.locator(".mathplay-puzzles-answer")).to_be_hidden()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "answer-on-screen-end-check-waits.png"))
    name = end.locator(".mathplay-puzzles-name input")
    type_and_enter(name, NAME)
    expect(end).to_contain_text(f"Puzzle 2 of {len(items)}.")
    expect(end).to_contain_text(f"1 of {len(items)} answered")
    box = end.locator(".mathplay-puzzles-answer input")
    expect(box).to_have_value("")
    type_and_enter(box, items[1].answer or "")
    expect(end.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
    page.screenshot(path=str(SCREENSHOTS / "answer-on-screen-end-check-goes-on.png"))
    rows = [r for r in records(notebook, 2) if str(r.get("set", "")).endswith("end check")]
    assert [(r["who"], r["puzzle"], r["answer"], r["right"]) for r in rows] == [
        (NAME, item.id, item.answer, True) for item in items[:2]
    ]
    assert page.errors == []
