"""Every puzzle kind answered by the keyboard alone, with what a screen reader says
checked, in Voilà at 200 % zoom on a 1366×768 screen (683×384 CSS pixels).

A set holding a puzzle of every kind (each generated kind at its first and last level,
Mixmath's, Summy's and Binary's moves, and a true-or-false whose reason is asked after
"false") is answered twice: as guided puzzles and as an end check. The pupil never
touches the mouse: Tab reaches the answer box or the row of choices, the arrow keys move
along the choices, Enter checks, Enter again (or Tab to Next) goes on, and the focus
then stands where the next puzzle is answered. After each answer the feedback is in a
live region (``role="status"``), which a screen reader says without the pupil moving.

Before: the feedback was an ipywidgets ``HTML`` (no live region: a pupil who pressed
Enter heard nothing), and after Next the focus stayed on the Next button when the new
puzzle had choices.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from mathplay.puzzles import Puzzle, load
from mathplay.puzzles.generate import KIND_LEVELS, generate
from mathplay.puzzles.kinds import KINDS
from tests.browser.axe import assert_accessible
from tests.browser.labserver import Server, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = shots("browser")
#: (kind, level): every kind at its first and last level, and every game's moves.
PICKS = sorted(
    {(kind, min(levels)) for kind, levels in KIND_LEVELS.items()}
    | {(kind, max(levels)) for kind, levels in KIND_LEVELS.items()}
    | {("move", 1), ("move", 4), ("move", 5)}  # Summy, Mixmath, Binary
)
SEED = 5
#: A true-or-false whose reason is asked once the pupil has said "false".
WITH_REASON = ("00-welcome", "check-times")

CELL = f"""
from mathplay.puzzles import Worksheet, load
from mathplay import PuzzleSet
from mathplay.puzzles.generate import generate
puzzles = [generate(kind, level, 1, seed={SEED}).puzzles[0] for kind, level in {PICKS!r}]
puzzles.append(load("{WITH_REASON[0]}.toml").puzzle("{WITH_REASON[1]}"))
sheet = Worksheet("Every kind", puzzles)
"""


def every_kind() -> list[Puzzle]:
    """The puzzles of the notebook's set, made here the same way."""
    puzzles = [generate(kind, level, 1, seed=SEED).puzzles[0] for kind, level in PICKS]
    lesson = load(ROOT / "lessons" / "puzzles" / f"{WITH_REASON[0]}.toml")
    return [*puzzles, lesson.puzzle(WITH_REASON[1])]


def picks(puzzle: Puzzle, choices: list[str]) -> list[str]:
    """The choices a pupil who knows the answer picks, in turn (a second one when the
    first asks for a reason)."""
    kind = KINDS[puzzle.kind]
    for choice in choices:
        if kind.check(puzzle, choice).right:
            return [choice]
    for choice in choices:
        follow = kind.check(puzzle, choice).follow_up
        if follow:
            return [choice, *picks(puzzle, list(follow))]
    raise AssertionError(f"no right choice for {puzzle.id} among {choices}")


def focused(page: Any) -> dict[str, Any]:
    """What has the keyboard's focus: its tag, class, text, and whether it is in a card."""
    return dict(
        page.evaluate(
            """() => {
            const e = document.activeElement;
            const card = e.closest('.mathplay-puzzles');
            return {tag: e.tagName, cls: String(e.className), text: e.textContent.trim(),
                    inCard: !!card};
        }"""
        )
    )


def tab_until(page: Any, test: str, most: int = 120) -> None:
    """Press Tab (as a pupil does) until ``test`` (JavaScript, on document.activeElement
    as ``e``) holds."""
    for _ in range(most):
        if page.evaluate(f"() => {{ const e = document.activeElement; return !!({test}); }}"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {test}; the focus is on {focused(page)}")


IN_ANSWER = "e.matches('input.mp-answer-input, button.mp-choice')"


def answer_by_keyboard(page: Any, card: Any, puzzle: Puzzle, wrong_first: bool) -> str:
    """Answer the puzzle on show in ``card`` with the keys alone; the feedback said."""
    from playwright.sync_api import expect

    said = card.locator(".mathplay-puzzles-feedback [role=status]")
    kind = KINDS[puzzle.kind]
    choices = kind.choices(puzzle)
    if choices:
        group = card.get_by_role("group", name="Choose your answer")
        expect(group).to_be_visible()
        chosen = picks(puzzle, list(choices))
        for choice in chosen:
            buttons = group.get_by_role("button")
            names = [b.inner_text().strip() for b in buttons.all()]
            assert choice in names, (choice, names)
            expect(group.locator(":focus")).to_have_count(1)  # the row has the focus
            page.keyboard.press("Home")
            for _ in range(names.index(choice)):
                page.keyboard.press("ArrowRight")
            expect(group.get_by_role("button", name=choice, exact=True)).to_be_focused()
            page.keyboard.press("Enter")
            if choice == chosen[-1]:  # marked as picked in words and for screen readers
                picked = group.get_by_role("button", name=re.compile(re.escape(choice)))
                expect(picked).to_have_attribute("aria-pressed", "true")
            else:  # the reasons come in its place; the focus stays on the row
                expect(group.get_by_role("button", name=chosen[-1], exact=True)).to_be_visible()
                expect(group.locator(":focus")).to_have_count(1)
        return said.inner_text()
    box = card.get_by_role("textbox", name="Your answer")
    expect(box).to_be_focused()
    if wrong_first:
        page.keyboard.type("12345", delay=0)
        page.keyboard.press("Enter")
        expect(said).not_to_be_empty()
        assert "Right!" not in said.inner_text()
        page.keyboard.press("Control+a")
        page.keyboard.press("Backspace")
    right = puzzle.answer or kind.solutions(puzzle, 1)[0]
    page.keyboard.type(right, delay=0)
    page.keyboard.press("Enter")
    return right


def test_every_puzzle_kind_by_keyboard_alone_at_200_percent(browser: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    puzzles = every_kind()
    assert {p.kind for p in puzzles} == set(KINDS)
    assert {p.fields.get("game") for p in puzzles if p.kind == "move"} == {
        "summy", "mixmath", "binary"
    }  # fmt: skip
    server = Server(kind="voila", notebook="kinds.ipynb")
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{WITH_REASON[0]}.toml", server.root)
    write_notebook(
        server.root / "kinds.ipynb",
        [CELL, 'PuzzleSet(sheet, who="Zoë")', 'PuzzleSet(sheet, who="Zoë", moment="check")'],
    )
    SHOTS.mkdir(exist_ok=True)
    with server:
        context = browser.new_context(viewport={"width": 683, "height": 384},
                                      device_scale_factor=2)  # fmt: skip
        page = context.new_page()
        page.goto(server.url("kinds.ipynb"))
        cards = page.locator(".mathplay-puzzles")
        expect(cards).to_have_count(2, timeout=120_000)
        guided, check = cards.nth(0), cards.nth(1)
        expect(guided).to_contain_text(f"Puzzle 1 of {len(puzzles)}.")
        page.wait_for_timeout(500)
        assert_accessible(page, "every kind, a new set, 200 %")
        tab_until(page, IN_ANSWER)
        for number, puzzle in enumerate(puzzles, start=1):
            expect(guided).to_contain_text(f"Puzzle {number} of {len(puzzles)}.")
            said = guided.locator(".mathplay-puzzles-feedback [role=status]")
            answer_by_keyboard(page, guided, puzzle, wrong_first=number % 3 == 1)
            expect(said).to_contain_text("Right!")
            if number == 1:
                page.screenshot(path=str(SHOTS / "keyboard-kinds-right.png"))
            if number == len(puzzles):
                break
            if KINDS[puzzle.kind].choices(puzzle):
                tab_until(page, "e.matches('button') && e.textContent.trim() === 'Next'")
            page.keyboard.press("Enter")  # Enter again, or Next: the next puzzle
            expect(guided).to_contain_text(f"Puzzle {number + 1} of {len(puzzles)}.")
            # The focus comes to stand where the new puzzle is answered (the kernel moves
            # it once the puzzle is drawn: waited for, as a pupil waits to see it).
            where = f"() => {{ const e = document.activeElement; return {IN_ANSWER}; }}"
            page.wait_for_function(where, timeout=30_000)
            expect(guided.locator(":focus")).to_have_count(1)
        assert_accessible(page, "every kind, answered, 200 %")

        # The same puzzles as an end check: no hints, and each answer kept.
        tab_until(page, f"{IN_ANSWER} && e.closest('.mathplay-puzzles') === "
                        "document.querySelectorAll('.mathplay-puzzles')[1]")  # fmt: skip
        for number, puzzle in enumerate(puzzles, start=1):
            expect(check).to_contain_text(f"Puzzle {number} of {len(puzzles)}.")
            answer_by_keyboard(page, check, puzzle, wrong_first=False)
            said = check.locator(".mathplay-puzzles-feedback [role=status]")
            expect(said).to_contain_text("Right!")
            tab_until(page, "e.matches('button') && e.textContent.trim() === 'Next'")
            page.keyboard.press("Enter")
        expect(check.locator(".mathplay-puzzles-review")).to_contain_text("Your answers")
        page.screenshot(path=str(SHOTS / "keyboard-kinds-check.png"))
        assert_accessible(page, "every kind, end check finished, 200 %")
        context.close()


LESSON = "07-bitwise-logic"
NAME = "Zoë"


def _records(folder: Path) -> list[dict[str, Any]]:
    import json

    path = folder / "mathplay-progress.jsonl"
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [row for row in rows if "event" not in row]


def test_a_whole_lesson_by_keyboard_alone_at_200_percent(browser: Any) -> None:
    """Lesson 07 in Voilà at 200 % zoom, as a pupil with the keyboard alone does it: the
    name at the top, every guided puzzle (typed answers and rows of choices), the
    practice to mastery, the end check to its review; each answer's feedback in a live
    region; every answer recorded under the name."""
    from playwright.sync_api import expect

    from mathplay.classroom.where import set_current_lesson
    from mathplay.lessons.runtime import OpenLesson
    from mathplay.widgets.practice import Practice

    expect.set_options(timeout=60_000)
    lesson_file = ROOT / "lessons" / "puzzles" / f"{LESSON}.toml"
    sheet = load(lesson_file)
    by_question = {KINDS[p.kind].question(p): p for p in sheet.puzzles}
    server = Server(kind="voila", notebook=f"{LESSON}.ipynb")
    shutil.copy(ROOT / "lessons" / f"{LESSON}.ipynb", server.root)
    shutil.copytree(ROOT / "lessons" / "puzzles", server.root / "puzzles")
    with server:
        context = browser.new_context(viewport={"width": 683, "height": 384},
                                      device_scale_factor=2)  # fmt: skip
        page = context.new_page()
        page.goto(server.url(f"{LESSON}.ipynb"))
        end = page.locator(".mathplay-lesson-check")
        expect(end).to_be_visible(timeout=180_000)
        page.wait_for_timeout(1000)

        # The name, at the top of the lesson.
        tab_until(page, "e.closest('.mathplay-lesson') && e.matches('input')")
        top = page.locator(".mathplay-lesson")
        expect(top.get_by_role("textbox", name="Your name")).to_be_focused()
        page.keyboard.type(NAME, delay=0)
        page.keyboard.press("Enter")
        expect(top).to_contain_text(NAME)

        # Every guided puzzle, in the order of the page.
        cards = ".mathplay-puzzles:not(.mathplay-practice):not(.mathplay-lesson-check)"
        guided = page.locator(cards)
        count = guided.count()
        assert count >= 6, count
        for index in range(count):
            card = guided.nth(index)
            tab_until(page, f"{IN_ANSWER} && e.closest('.mathplay-puzzles') === "
                            f"document.querySelectorAll('{cards}')[{index}]")  # fmt: skip
            question = card.locator("pre").first.inner_text().strip()
            puzzle = by_question[question]
            answer_by_keyboard(page, card, puzzle, wrong_first=index % 2 == 0)
            expect(card.locator(".mathplay-puzzles-feedback [role=status]")).to_contain_text(
                "Right!"
            )
        page.screenshot(path=str(SHOTS / "keyboard-lesson-guided.png"))

        # The practice, to mastery: Enter checks, Enter again deals the next puzzle.
        twin = Practice.from_file(lesson_file, who=NAME, log=None)
        practice = page.locator(".mathplay-practice")
        tab_until(page, f"{IN_ANSWER} && e.closest('.mathplay-practice')")
        for _ in range(4 * twin.goal):
            puzzle = twin.puzzle
            expect(practice.locator("pre").first).to_have_text(KINDS[puzzle.kind].question(puzzle))
            right = answer_by_keyboard(page, practice, puzzle, wrong_first=False)
            expect(practice.locator(".mathplay-puzzles-feedback [role=status]")).to_contain_text(
                "Right!"
            )
            twin.check(right)
            if twin.mastered:
                break
            page.keyboard.press("Enter")
            twin.next()
        expect(practice.locator(".mathplay-practice-streak")).to_contain_text("Mastered")
        # Said, not only shown: the live region under the feedback tells it.
        expect(practice.get_by_role("status").filter(has_text="Mastered")).to_have_count(1)
        page.screenshot(path=str(SHOTS / "keyboard-lesson-practice.png"))

        # The end check, to its review.
        try:
            checked = OpenLesson(LESSON, folder=ROOT / "lessons" / "puzzles", log=None).check()
        finally:
            set_current_lesson(None)
        assert checked.sheet is not None
        items = checked.sheet.puzzles
        tab_until(page, f"{IN_ANSWER} && e.closest('.mathplay-lesson-check')")
        for number, item in enumerate(items, start=1):
            expect(end).to_contain_text(f"Puzzle {number} of {len(items)}.")
            answer_by_keyboard(page, end, item, wrong_first=False)
            expect(end.locator(".mathplay-puzzles-feedback [role=status]")).not_to_be_empty()
            tab_until(page, "e.matches('button') && e.textContent.trim() === 'Next'")
            page.keyboard.press("Enter")
        expect(end.locator(".mathplay-puzzles-review")).to_contain_text("Your answers")
        page.screenshot(path=str(SHOTS / "keyboard-lesson-check.png"))
        assert_accessible(page, f"{LESSON} done by keyboard, 200 %")

        rows = _records(server.root)
        assert rows and {row["who"] for row in rows} == {NAME}
        done = {row["puzzle"] for row in rows if row["right"]}
        assert {item.id for item in items} <= done
        context.close()
