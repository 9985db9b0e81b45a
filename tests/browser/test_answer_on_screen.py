"""An answer belongs to the question on screen when it was typed (issue 70, point 3), in
JupyterLab and Notebook 7, with lesson 05's real notebook and puzzle file.

- JupyterLab: Zoë answers the end check's first question and presses Next; then, from
  another PC (a fresh browser, nothing remembered), Kernel → Restart Kernel and Run All
  Cells. The page goes back to the lesson's top (its name box in view); the end check
  shows no question until the pupil is known, only "Write your name …"; once Zoë writes
  her name there it goes on at its second question, and her next answer is recorded
  for that question.
- Notebook 7: reloaded while the kernel still runs (the notebook saved unrun), the
  lesson's start line is back, with its words, not an empty strip.

Screenshots land in ``test-results/browser/answer-on-screen-*.png``.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom.where import set_current_lesson
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.model import Puzzle
from tests.browser.labserver import Server, open_and_run_all, wait_for_idle_kernel
from tests.screenshots import shots

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "05-binary-numbers"
SHOTS = shots("browser")
NAME = "Zoë"


def end_check_items() -> list[Puzzle]:
    """The end check's questions, from the lesson's own puzzle file."""
    try:
        sheet = OpenLesson(LESSON, folder=ROOT / "lessons" / "puzzles", log=None).check().sheet
    finally:
        set_current_lesson(None)
    assert sheet is not None
    return list(sheet.puzzles)


def attempts(folder: Path, count: int, timeout: float = 60.0) -> list[dict[str, Any]]:
    """The attempts in ``folder``'s progress file, once there are ``count`` of them."""
    path = folder / "mathplay-progress.jsonl"
    deadline = time.monotonic() + timeout
    rows: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        if path.exists():
            rows = [json.loads(line) for line in path.read_text().splitlines() if line]
            rows = [row for row in rows if "event" not in row]
            if len(rows) >= count:
                return rows
        time.sleep(0.25)
    raise AssertionError(f"{count} attempts expected, found {len(rows)}: {rows[-3:]}")


def lesson_server(kind: str) -> Server:
    server = Server(kind=kind)
    shutil.copy(ROOT / "lessons" / f"{LESSON}.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{LESSON}.toml", server.root / "puzzles")
    return server


def type_and_enter(box: Any, text: str) -> None:
    box.click()
    box.fill("")
    box.press_sequentially(text, delay=0)
    box.press("Enter")


def test_restart_and_run_all_with_an_answer_waiting(browser: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    items = end_check_items()
    notebook = f"{LESSON}.ipynb"
    with lesson_server("lab") as server:
        # Zoë, on the first PC: the end check's first question, right, then Next.
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        open_and_run_all(page, server, notebook)
        type_and_enter(page.locator(".mathplay-lesson .mathplay-puzzles-name input"), NAME)
        end = page.locator(".mathplay-lesson-check")
        end.scroll_into_view_if_needed()
        expect(end).to_contain_text(f"Puzzle 1 of {len(items)}.")
        type_and_enter(end.locator(".mathplay-puzzles-answer input"), items[0].answer or "")
        expect(end.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        end.get_by_role("button", name="Next").click()
        expect(end).to_contain_text(f"Puzzle 2 of {len(items)}.")
        wait_for_idle_kernel(server, notebook)
        # Then, at the end check (the bottom of the page), as on another PC where the
        # browser remembers no name: Kernel → Restart Kernel and Run All Cells.
        page.evaluate("() => window.localStorage.clear()")
        expect(end).to_be_in_viewport()
        page.get_by_role("menuitem", name="Kernel", exact=True).click()
        page.get_by_role("menuitem", name="Restart Kernel and Run All Cells…").click()
        page.locator(".jp-Dialog .jp-mod-accept").click()
        end = page.locator(".mathplay-lesson-check")
        expect(end.locator(".mathplay-puzzles-start")).to_contain_text("Write your name")
        wait_for_idle_kernel(server, notebook, timeout_s=90)
        page.wait_for_timeout(3_000)  # the page settles (its last cells drawn)
        # Back at the lesson's top, its name box in view.
        top_name = page.locator(".mathplay-lesson .mathplay-puzzles-name input")
        expect(top_name).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / "answer-on-screen-lab-restarted.png"))

        # The end check: no question, no answer box, until the pupil is known.
        end.scroll_into_view_if_needed()
        expect(end).not_to_contain_text("Puzzle 1 of")
        expect(end).not_to_contain_text(items[0].prompt)
        expect(end.locator(".mathplay-puzzles-answer")).to_be_hidden()
        name = end.locator(".mathplay-puzzles-name input")
        expect(name).to_be_visible()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "answer-on-screen-lab-end-check-waits.png"))
        type_and_enter(name, NAME)
        # It goes on where Zoë left it: the second question, fresh, one answered.
        expect(end).to_contain_text(f"Puzzle 2 of {len(items)}.")
        expect(end).to_contain_text(f"1 of {len(items)} answered")
        expect(end.locator(".mathplay-puzzles-start")).to_be_hidden()
        box = end.locator(".mathplay-puzzles-answer input")
        expect(box).to_have_value("")
        expect(end.locator(".mathplay-puzzles-feedback")).to_have_text("")
        page.screenshot(path=str(SHOTS / "answer-on-screen-lab-goes-on.png"))
        type_and_enter(box, items[1].answer or "")
        expect(end.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        rows = attempts(server.root, 2)
        assert [(r["who"], r["puzzle"], r["answer"], r["right"]) for r in rows] == [
            (NAME, item.id, item.answer, True) for item in items[:2]
        ]
        context.close()


def test_a_notebook_7_reload_shows_the_start_line(browser: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    notebook = f"{LESSON}.ipynb"
    with lesson_server("notebook") as server:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        open_and_run_all(page, server, notebook)
        expect(page.locator(".mathplay-puzzles-answer input").first).to_be_visible()
        start = page.locator(".mathplay-stale-note").filter(has_text="To start:")
        expect(start).to_be_hidden()  # the widgets are drawn: no start line
        wait_for_idle_kernel(server, notebook)
        # Reloaded, the kernel still running, the notebook as saved (unrun): the kernel
        # still holds the widgets, but nothing is drawn; the start line says what to do.
        page.reload()
        page.locator(".jp-Notebook").first.wait_for(timeout=90_000)
        wait_for_idle_kernel(server, notebook)
        expect(start).to_be_visible()
        expect(start).to_contain_text("choose Run All Cells")
        expect(page.locator(".mathplay-puzzles")).to_have_count(0)
        box = start.bounding_box()
        assert box is not None and box["height"] > 20
        page.screenshot(path=str(SHOTS / "answer-on-screen-notebook7-reloaded.png"))
        # Run All Cells: the widgets are back, the start line hidden again.
        page.locator(".jp-Notebook").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        expect(page.locator(".mathplay-puzzles-answer input").first).to_be_visible()
        expect(start).to_be_hidden()
        context.close()
