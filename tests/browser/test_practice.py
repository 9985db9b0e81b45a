"""The puzzle widget and Practice in a real JupyterLab: Enter checks, the name box asks
once and the name is recorded, the choice row works with the keyboard, a practice counts
the row. The screenshot docs/puzzles.md shows (``docs/images/practice.png``) is made on
purpose (``tests/screenshots.py``)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from mathplay.puzzles import Puzzle
from mathplay.puzzles.generate import generate
from mathplay.puzzles.kinds import KINDS
from mathplay.widgets.practice import pupil_seed
from tests.browser.labserver import Server, run_all, write_notebook
from tests.screenshots import docs_images

pytestmark = pytest.mark.browser

CELLS = [
    'import mathplay\nlesson_set = mathplay.puzzles.load("arithmetic")',
    "mathplay.PuzzleSet(lesson_set, only=[1])",
    'mathplay.Practice("missing", 1)',
    'mathplay.PuzzleSet("order-of-operations", who="Ana", log=None)',
]


def solve(question: str) -> str:
    """The answer to a missing-number puzzle shown as ``question``."""
    puzzle = Puzzle("shown", "missing", fields={"equation": question.strip()})
    return KINDS["missing"].solutions(puzzle, 1)[0]


def attempts(path: Path, count: int, timeout: float = 20.0) -> list[dict]:
    """The attempts in the log, once there are ``count`` of them."""
    deadline = time.monotonic() + timeout
    rows: list[dict] = []
    while time.monotonic() < deadline:
        if path.exists():
            rows = [json.loads(line) for line in path.read_text().splitlines()]
            if len(rows) >= count:
                return rows
        time.sleep(0.2)
    raise AssertionError(f"{count} attempts expected in {path}, found {rows}")


def test_enter_checks_the_name_is_asked_and_practice_counts(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    log = lab.root / "mathplay-progress.jsonl"
    log.unlink(missing_ok=True)
    write_notebook(lab.root / "practice.ipynb", CELLS)
    page.goto(lab.url("practice.ipynb"))
    run_all(page)

    puzzle = page.locator(".mathplay-puzzles").first
    practice = page.locator(".mathplay-practice")
    expect(puzzle.get_by_text("Puzzle 1 of 8.")).to_be_visible()
    name = puzzle.locator(".mathplay-puzzles-name input")
    expect(name).to_be_visible()
    expect(practice.get_by_text("Write your name in the box, then press Enter")).to_be_visible()

    # Screen readers hear the boxes' and the choice row's names.
    expect(puzzle.get_by_role("textbox", name="Your name")).to_be_visible()
    expect(puzzle.get_by_role("textbox", name="Your answer")).to_be_visible()
    expect(page.get_by_role("group", name="Choose your answer")).to_be_visible()

    # Enter before the name: asked for it, nothing recorded yet; the answer waits.
    answer = puzzle.locator(".mathplay-puzzles-answer input")
    answer.fill("4")
    answer.press("Enter")
    feedback = puzzle.locator(".mathplay-puzzles-feedback")
    expect(feedback).to_contain_text("Who are you?")
    assert not log.exists()

    name.fill("Ana")
    name.press("Enter")
    # The answer that waited is checked and recorded under the name.
    expect(feedback).to_contain_text("Right! 3 + 4 = 7 is true.")
    assert attempts(log, 1)[0]["who"] == "Ana"
    # The practice heard the name (the kernel has it): its first puzzle is Ana's own.
    expect(practice.get_by_text("Puzzle 1.")).to_be_visible()

    expect(practice.locator(".mathplay-puzzles-name input")).to_have_value("Ana")
    first = generate("missing", 1, 1, seed=pupil_seed("Ana", "missing", 1) * 100_000 + 1)
    question = first.puzzles[0].fields["equation"]
    expect(practice.locator("pre").first).to_have_text(question)
    box = practice.locator(".mathplay-puzzles-answer input")
    box.fill(first.puzzles[0].answer or "")
    box.press("Enter")
    expect(practice.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
    expect(practice.locator(".mathplay-practice-streak")).to_contain_text(
        "1 in a row: 3 more to go"
    )
    rows = attempts(log, 2)
    assert rows[1]["who"] == "Ana" and rows[1]["kind"] == "missing" and rows[1]["right"]
    assert rows[1]["seed"] == pupil_seed("Ana", "missing", 1)

    # Enter again: the next puzzle, with the cursor still in the box. A wrong answer
    # starts the row again; solved, the puzzle does not count.
    box.press("Enter")
    expect(practice.get_by_text("Puzzle 2.")).to_be_visible()
    box.fill("99")
    box.press("Enter")
    expect(practice.locator(".mathplay-puzzles-feedback")).to_contain_text("Not yet.")
    streak = practice.locator(".mathplay-practice-streak")
    expect(streak).to_contain_text("Get 4 right in a row")
    expect(practice).to_contain_text("your row of 1 starts again")
    assert len(attempts(log, 3)) == 3
    for number in range(2, 6):
        if number > 2:
            expect(practice.get_by_text(f"Puzzle {number}.")).to_be_visible()
        box.fill(solve(practice.locator("pre").first.inner_text()))
        box.press("Enter")
        expect(practice.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        if number < 5:
            box.press("Enter")
    expect(streak).to_contain_text("3 in a row — one more!")
    assert len(attempts(log, 7)) == 7

    # The choice row: Tab reaches it, arrows move, Enter picks; marked in words and aria.
    choices = page.locator(".mathplay-puzzles").nth(1).locator(".mp-choice")
    expect(choices).to_have_count(3)
    choices.first.focus()
    choices.first.press("ArrowRight")
    expect(choices.nth(1)).to_be_focused()
    choices.nth(1).press("ArrowRight")
    expect(choices.nth(2)).to_be_focused()
    choices.nth(2).press("Enter")  # false: the left side is bigger (it is smaller)
    expect(choices.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(choices.nth(2)).to_contain_text("(your choice)")
    expect(choices.first).to_have_attribute("aria-pressed", "false")
    expect(
        page.locator(".mathplay-puzzles").nth(1).locator(".mathplay-puzzles-feedback")
    ).to_contain_text("Not yet.")
    assert not page.errors, page.errors

    # The picture: the puzzle with its name and feedback, and the practice's row.
    page.set_viewport_size({"width": 1000, "height": 1250})
    page.locator(".jp-Cell").first.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    page.locator(".jp-NotebookPanel").first.screenshot(path=str(docs_images() / "practice.png"))
