"""Lesson 05 on the website as a pupil finishes it alone, and the lessons one
after another without a pile-up of kernels.

On the site the records stay in the browser's files, so the test reads them with the
page's kernel. As in tests/browser/test_pupil_flow.py: a Check before any name asks in
the puzzle and the answer then counts; fifty answers typed with no delay and Enter at
once are recorded exactly; the practice shows its first puzzle and is answered to
mastery; the end check records; the next visit asks "Are you Zoë?" where the pupil is;
no hidden code and no maintainer line is on the screen.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom.where import set_current_lesson
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.kinds import KINDS
from mathplay.site.onelesson import START_CELL_ID
from mathplay.widgets.practice import Practice
from tests.browser.screen import assert_no_code_shows
from tests.site.conftest import SCREENSHOTS
from tests.site.lite import Notebook, open_notebook, wait_for_app_page

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parents[2]
LESSON = "05-binary-numbers"
NAME = "Zoë"
FAST = [f"{n:b}" if n % 5 else f"{n:b} " for n in range(3, 53)]

_SESSIONS = """async () => { const sessions = window.jupyterapp.serviceManager.sessions;
  await sessions.refreshRunning(); return [...sessions.running()].map((s) => s.path); }"""
_TABS = """() => [...window.jupyterapp.shell.widgets('main')]
  .filter((w) => w.context).map((w) => w.context.path)"""


def records(notebook: Notebook, count: int, timeout: float = 60.0) -> list[dict[str, Any]]:
    """The records in the browser's progress file, once there are ``count`` of them."""
    deadline = time.monotonic() + timeout
    rows: list[dict[str, Any]] = []
    code = (
        "import os\nprint(open('mathplay-progress.jsonl').read() "
        "if os.path.exists('mathplay-progress.jsonl') else '', end='')"
    )
    while time.monotonic() < deadline:
        rows = [json.loads(line) for line in notebook.execute(code).splitlines() if line]
        rows = [row for row in rows if "event" not in row]  # attempts, not Next lines
        if len(rows) >= count:
            return rows
        time.sleep(0.5)
    raise AssertionError(f"{count} records expected, found {len(rows)}: {rows[-3:]}")


def type_and_enter(box: Any, text: str) -> None:
    """Type ``text`` with no delay between keys and press Enter at once."""
    box.click()
    box.press("Control+a")
    box.press("Backspace")
    box.press_sequentially(text, delay=0)
    box.press("Enter")


def guided(page: Any, number: int) -> Any:
    return (
        page.locator(".mathplay-puzzles:not(.mathplay-practice)")
        .filter(has_text=f"Puzzle {number} of 4.")
        .filter(has_not_text="end check")
    )


def answer_guided(page: Any, number: int, text: str) -> Any:
    """Type ``text`` in guided puzzle ``number`` and press Enter at once; its feedback."""
    puzzle = guided(page, number)
    answer = puzzle.locator(".mathplay-puzzles-answer input")
    answer.scroll_into_view_if_needed()
    type_and_enter(answer, text)
    return puzzle.locator(".mathplay-puzzles-feedback")


def test_lesson_05_as_a_pupil_on_the_site(lite_page: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=90_000)
    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    notebook = open_notebook(page, f"{LESSON}.ipynb")
    # The lesson says what to press, in a child's words, at the very top.
    first_cell = page.evaluate("() => window.__panel.content.model.cells.get(0).id")
    assert first_cell == START_CELL_ID
    expect(page.get_by_text("open the Run menu at the very top").first).to_be_visible()
    cells = notebook.run_all()
    assert not [c.error for c in cells if c.error]

    # A Check before any name: asked right in the puzzle, the answer waits, then counts.
    first = guided(page, 1)
    answer = first.locator(".mathplay-puzzles-answer input")
    answer.scroll_into_view_if_needed()
    type_and_enter(answer, "100")
    feedback = first.locator(".mathplay-puzzles-feedback")
    expect(feedback).to_contain_text("Who are you?")
    name = first.locator(".mathplay-puzzles-name input")
    expect(name).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "pupil-asked.png"))
    name.fill(NAME)
    name.press("Enter")
    expect(feedback).to_contain_text("Not yet")
    assert [(r["who"], r["answer"]) for r in records(notebook, 1)] == [(NAME, "100")]

    # Fifty answers typed at once: recorded exactly as typed.
    for text in FAST:
        type_and_enter(answer, text)
    rows = records(notebook, 1 + len(FAST))
    assert [r["answer"] for r in rows[1:]] == FAST

    # The practice shows its first puzzle (it stayed hidden on the site before), to mastery.
    twin = Practice.from_file(ROOT / "lessons" / "puzzles" / f"{LESSON}.toml", who=NAME, log=None)
    practice = page.locator(".mathplay-practice")
    practice.scroll_into_view_if_needed()
    # Lesson 05's practice deals its two skills in turn: "Puzzle 1: Binary → decimal."
    expect(practice.get_by_text(re.compile(r"^Puzzle 1: "))).to_be_visible()
    box = practice.locator(".mathplay-puzzles-answer input")
    for _ in range(4 * twin.goal):  # until mastered: every skill, and the goal in all
        puzzle = twin.puzzle
        expect(practice.locator("pre").first).to_have_text(KINDS[puzzle.kind].question(puzzle))
        right = puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0]
        type_and_enter(box, right)
        expect(practice.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        twin.check(right)
        if twin.mastered:
            break
        type_and_enter(box, "")
        twin.next()
    expect(practice.locator(".mathplay-practice-streak")).to_contain_text("Mastered")
    page.screenshot(path=str(SCREENSHOTS / "pupil-mastered.png"))

    # No hidden code and no maintainer line on the screen.
    assert_no_code_shows(page, ROOT / "lessons" / f"{LESSON}.ipynb")
    page.mouse.move(600, 400)
    page.mouse.wheel(0, -50_000)
    page.mouse.wheel(0, 700)
    page.wait_for_timeout(800)
    page.screenshot(path=str(SCREENSHOTS / "pupil-no-code.png"))

    # The end check records every item.
    try:
        sheet = OpenLesson(LESSON, folder=ROOT / "lessons" / "puzzles", log=None).check().sheet
    finally:
        set_current_lesson(None)
    assert sheet is not None
    end = page.locator(".mathplay-puzzles").filter(has_text="end check")
    end.scroll_into_view_if_needed()
    end_box = end.locator(".mathplay-puzzles-answer input")
    before = len(records(notebook, 1))
    for number, item in enumerate(sheet.puzzles, start=1):
        expect(end).to_contain_text(f"Puzzle {number} of {len(sheet.puzzles)}.")
        type_and_enter(end_box, item.answer or "")
        expect(end.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        end.get_by_role("button", name="Next").click()
    rows = records(notebook, before + len(sheet.puzzles))
    checked = [r for r in rows if str(r.get("set", "")).endswith("end check")]
    assert [(r["puzzle"], r["right"]) for r in checked] == [
        (item.id, True) for item in sheet.puzzles
    ]

    # The next visit, same browser: asked "Are you Zoë?" where the pupil answers.
    notebook = open_notebook(page, f"{LESSON}.ipynb")
    assert page.evaluate(_TABS) == [f"{LESSON}.ipynb"]
    notebook.run_all()
    third = guided(page, 3)
    third_box = third.locator(".mathplay-puzzles-answer input")
    third_box.scroll_into_view_if_needed()
    type_and_enter(third_box, "110")
    expect(third.locator(".mathplay-name-question")).to_contain_text(f"Are you {NAME}?")
    page.screenshot(path=str(SCREENSHOTS / "pupil-returning.png"))
    third.get_by_role("button", name=f"Yes, I am {NAME}").click()
    expect(third.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
    rows = records(notebook, len(rows) + 1)
    assert (rows[-1]["who"], rows[-1]["puzzle"], rows[-1]["answer"]) == (NAME, "binary-six", "110")
    # The lesson goes on where Zoë left it, from the records the browser
    # keeps: the practice still mastered, the end check finished, not open again.
    practice = page.locator(".mathplay-practice")
    expect(practice.locator(".mathplay-practice-streak")).to_contain_text("Mastered")
    end = page.locator(".mathplay-puzzles").filter(has_text="end check")
    expect(end).to_contain_text(f"{len(sheet.puzzles)} of {len(sheet.puzzles)} answered")
    expect(end.locator(".mathplay-puzzles-review")).to_contain_text("Your answers")
    end.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "pupil-came-back.png"))

    # Her own page, from the home page's "My progress": asked who she is, then
    # what she has done, from the records this browser keeps.
    page.goto(page.base_url)
    page.get_by_role("link", name="My progress", exact=True).click()
    wait_for_app_page(page, "my-progress.ipynb")
    mine = page.locator(".mathplay-my-progress-page")
    expect(mine.locator(".mathplay-name-question")).to_contain_text(f"Are you {NAME}?")
    mine.get_by_role("button", name=f"Yes, I am {NAME}").click()
    shown = mine.locator(".mathplay-my-progress")
    expect(shown).to_contain_text(f"{NAME}'s progress")
    size = len(sheet.puzzles)  # every answer was right; the practice was mastered
    expect(shown).to_contain_text(f"end check: {size} of {size} right, practice mastered")
    expect(shown).to_contain_text("lesson 5:")
    expect(shown).to_contain_text("lesson 6")  # what comes next
    expect(page.get_by_text("my_progress_page")).to_have_count(0)  # no code on her page
    page.screenshot(path=str(SCREENSHOTS / "pupil-my-progress.png"))

    # A game that waits: on the Play page she is asked "Are you Zoë?", plays
    # (a pass; the computer answers), and the next visit offers her game back.
    for visit in (1, 2):
        page.goto(page.base_url)
        page.get_by_role("link", name="Play Summy", exact=True).click()
        wait_for_app_page(page, "play-summy.ipynb")
        game = page.locator(".mathplay-game")
        expect(game.locator(".mathplay-name-question")).to_contain_text(f"Are you {NAME}?")
        game.get_by_role("button", name=f"Yes, I am {NAME}").click()
        board = game.locator(".mp-board-widget")
        if visit == 1:
            board.get_by_role("button", name="Pass", exact=True).click()
            expect(board).to_contain_text("You passed")
            expect(board).to_contain_text("2. Computer")  # the computer has answered
            page.wait_for_timeout(1_000)  # the game is kept after the computer's move
    offer = game.locator(".mathplay-game-offer")
    expect(offer).to_contain_text("Go on with your game of Summy from earlier today?")
    page.screenshot(path=str(SCREENSHOTS / "pupil-game-waits.png"))
    offer.get_by_role("button", name="Yes, go on").click()
    expect(board).to_contain_text("Here is your game again")
    expect(board).to_contain_text("You passed")
    assert page.errors == []
    # Nothing the page asked for was missing (no 404 in the console: not even a favicon).
    assert page.failed_loads == []


def test_four_lessons_one_after_another_leave_one_lesson_kernel(lite_page: Any) -> None:
    """Opened from the file browser, in one page, then the next visit: one lesson tab
    and one lesson kernel at a time (a Play notebook is left alone)."""
    page = lite_page
    open_notebook(page, "00-welcome.ipynb")
    seen = []
    for name in ["play-summy", "01-equations", "02-fact-families", "03-mixmath"]:
        page.locator(".jp-DirListing-item", has_text=name).first.dblclick()
        page.wait_for_function(
            "(p) => window.jupyterapp.shell.currentWidget?.context?.path === p",
            arg=f"{name}.ipynb",
            timeout=60_000,
        )
        page.wait_for_function(
            "(p) => [...window.jupyterapp.serviceManager.sessions.running()]"
            ".some((s) => s.path === p)",
            arg=f"{name}.ipynb",
            timeout=120_000,
        )
        page.wait_for_timeout(1500)
        lessons = [p for p in page.evaluate(_SESSIONS) if p[:2].isdigit()]
        seen.append((name, lessons, page.evaluate(_TABS)))
    assert [lessons for _name, lessons, _tabs in seen] == [
        ["00-welcome.ipynb"],
        ["01-equations.ipynb"],
        ["02-fact-families.ipynb"],
        ["03-mixmath.ipynb"],
    ], seen
    assert "play-summy.ipynb" in seen[-1][2]
    # The next visit opens the lesson it names, and no tab of the last visit.
    open_notebook(page, "04-summy.ipynb")
    page.wait_for_timeout(1500)
    assert page.evaluate(_TABS) == ["04-summy.ipynb"]
    assert page.evaluate(_SESSIONS) == ["04-summy.ipynb"]
