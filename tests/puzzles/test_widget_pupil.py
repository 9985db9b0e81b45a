"""The puzzle widget as a lesson uses it: numbering in the whole set, Enter checks, the
choice row, the name asked once per kernel, words beside every emoji, the solution step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathplay import PuzzleSet
from mathplay.classroom import names as pupil_names
from mathplay.classroom.names import current_pupil
from mathplay.puzzles import load
from mathplay.widgets.choices import ChoiceRow
from tests.puzzles.test_widget import pick, press_enter

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
EMOJI = ("✓", "✗", "✅", "❌", "💡", "🎉", "🏆")


@pytest.fixture(autouse=True)
def _nobody() -> None:
    pupil_names.set_pupil(None)


def attempts(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def text_of(html: str) -> str:
    import re

    return re.sub(r"<[^>]+>", " ", html)


def assert_words_beside_emoji(html: str) -> None:
    """Every emoji has a word right after it (a box on machines without emoji fonts)."""
    import re

    text = " ".join(text_of(html).split())
    for emoji in EMOJI:
        for match in re.finditer(re.escape(emoji), text):
            after = text[match.end() : match.end() + 3]
            assert re.search(r"\w", after), (emoji, text)


@pytest.mark.parametrize("number", [1, 2, 4])
def test_a_lesson_puzzle_is_numbered_in_the_whole_set(number: int) -> None:
    lesson = load(LESSONS / "puzzles" / "01-equations.toml")
    total = len(lesson.puzzles)
    ps = PuzzleSet(lesson, only=[number], who="Ana", log=None)
    assert f"Puzzle {number} of {total}." in ps.heading.value
    by_id = PuzzleSet(lesson, only=[lesson.puzzles[number - 1].id], who="Ana", log=None)
    assert f"Puzzle {number} of {total}." in by_id.heading.value


def test_enter_in_the_answer_box_checks_and_records(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    ps.answer_box.value = "5"
    press_enter(ps)
    assert "3 + 5 is 8, not 7" in ps.feedback.value
    ps.answer_box.value = "4"
    press_enter(ps)
    assert "Right" in ps.feedback.value and ps.progress_bar.value == 1
    assert [row["answer"] for row in attempts(log)] == ["5", "4"]
    # Once solved, Enter goes on to the next puzzle (not a new attempt).
    press_enter(ps)
    assert "Puzzle 2 of 8." in ps.heading.value and len(attempts(log)) == 2
    # An empty box is not an attempt.
    press_enter(ps)
    assert "Type your answer first" in ps.feedback.value and len(attempts(log)) == 2


def test_a_check_after_solving_is_not_a_new_attempt(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], who="Ana", log=log)
    ps.answer_box.value = "4"
    ps.check_button.click()
    ps.check_button.click()
    press_enter(ps)
    assert "already solved" in ps.feedback.value
    assert len(attempts(log)) == 1
    # The same for a choice: picking again is no new attempt.
    choice_log = tmp_path / "c.jsonl"
    tf = PuzzleSet("order-of-operations", who="Bo", log=choice_log)
    pick(tf, "true")
    pick(tf, "false: the left side is smaller")  # the reason is asked next: no attempt yet
    wrong = next(c for c in tf.choice_row.choices if c.startswith("false: + comes"))
    right = next(c for c in tf.choice_row.choices if c.startswith("false: x comes"))
    pick(tf, wrong)
    pick(tf, right)
    pick(tf, right)
    assert [row["right"] for row in attempts(choice_log)] == [False, False, True]


def test_the_choice_row_marks_the_pick_in_words() -> None:
    ps = PuzzleSet("order-of-operations", who="Bo", log=None)
    row = ps.choice_row
    assert isinstance(row, ChoiceRow) and row.layout.display != "none"
    assert row.label == "Choose your answer" and row.picked == -1
    assert ps.answer_box.layout.display == "none"
    pick(ps, "true")
    assert row.picked == 0 and row.picked_text == "(your choice)"
    assert "are not the same. Work out each side again" in ps.feedback.value
    ps.next_button.click()
    assert row.layout.display == "none" and row.picked == -1


def test_choice_row_front_end_messages_are_checked() -> None:
    row = ChoiceRow(choices=["a", "b"])
    seen: list[str] = []
    row.on_pick(lambda _row, choice: seen.append(choice))
    for bad in ({"event": "pick", "index": 5}, {"event": "pick", "index": "0"}, {"event": "x"},
                {"event": "pick", "index": True}, "junk"):  # fmt: skip
        row._handle_custom_msg(bad, [])
    assert seen == [] and row.picked == -1
    row._handle_custom_msg({"event": "pick", "index": 1}, [])
    assert seen == ["b"] and row.picked == 1
    row.disabled = True
    row.pick(1)
    assert seen == ["b"]


def test_the_name_is_asked_once_and_kept_for_the_kernel(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    first = PuzzleSet("arithmetic", only=[1], log=log)
    waiting = PuzzleSet("arithmetic", only=[2], log=log)  # already on the page
    assert first.name_box.layout.display != "none" and waiting.name_box.layout.display != "none"
    first.answer_box.value = "4"
    first.check_button.click()
    assert "write your name" in first.feedback.value.lower() and not log.exists()
    first.name_box.value = " Eve "  # the answer that waited is checked now
    assert current_pupil() == "Eve" and waiting.name_box.value == "Eve"
    assert "Right" in first.feedback.value
    later = PuzzleSet("arithmetic", only=[3], log=log)  # the next cell does not ask again
    assert later.name_box.layout.display == "none"
    for ps in (waiting, later):
        ps.answer_box.value = ps.puzzle.answer
        ps.check_button.click()
    assert [row["who"] for row in attempts(log)] == ["Eve", "Eve", "Eve"]
    # A name given in the code wins, and is not the kernel's.
    given = PuzzleSet("arithmetic", only=[1], who="Ana", log=log)
    given.answer_box.value = "4"
    given.check_button.click()
    assert attempts(log)[-1]["who"] == "Ana" and current_pupil() == "Eve"


def test_hints_are_numbered_and_the_last_is_the_solution(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    steps = len(ps.kind.hint_ladder(ps.puzzle))
    assert steps >= 3
    for number in range(1, steps):
        ps.hint_button.click()
        assert f"Hint {number}:" in ps.hint_area.value and not ps.solution_seen
    assert ps.hint_button.description == "Show the solution" and not ps.solution_seen
    ps.hint_button.click()
    assert "Solution:" in ps.hint_area.value and ps.solution_seen
    assert_words_beside_emoji(ps.hint_area.value)
    ps.answer_box.value = "4"
    ps.check_button.click()
    row = attempts(log)[-1]
    assert row["solution_seen"] is True and row["hints"] == steps
    ps.next_button.click()
    assert not ps.solution_seen and ps.hint_button.description == "Hint"


def test_every_emoji_has_words_beside_it() -> None:
    ps = PuzzleSet("bitwise", who="Ana", log=None)
    ps.answer_box.value = "1111"
    ps.check_button.click()
    assert "Not yet." in ps.feedback.value
    assert_words_beside_emoji(ps.feedback.value)
    ps.answer_box.value = ps.puzzle.answer
    ps.check_button.click()
    assert_words_beside_emoji(ps.feedback.value)
    while not ps.finished:
        ps.next_button.click()
    assert_words_beside_emoji(ps.heading.value)


def test_a_missing_puzzle_is_named_with_the_right_plural() -> None:
    one = PuzzleSet(load("arithmetic"), only=["add-1"], who="A", log=None)
    assert one.sheet is not None
    from mathplay.puzzles import Worksheet

    single = Worksheet("One", [load("arithmetic").puzzles[0]])
    refused = PuzzleSet(single, only=[3], log=None)
    assert "it has 1 puzzle (add-1)" in refused.children[0].value
