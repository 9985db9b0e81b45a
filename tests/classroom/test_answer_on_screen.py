"""An answer belongs to the question on screen when it was typed (issue 70, point 3).

The path seen in JupyterLab: a pupil answered lesson 05's first end-check question and
pressed Next; on another PC the lesson was run again from the top. The end check
showed its first question before anyone was named, the pupil typed the answer to it,
was asked the name, and the end check went on at its second question and checked that
answer against it: a wrong answer recorded for a question the pupil never saw.

Here the end check shows no question until the pupil is known (as the practice
already does), an answer that waited for the name is checked against the question it
was typed for or not at all, and a practice taken up again counts what was answered.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mathplay.classroom import names
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.kinds import KINDS
from mathplay.widgets.practice import Practice
from mathplay.widgets.puzzle_set import PuzzleSet
from mathplay.widgets.shown import is_shown

THREE = """
title = "Three sums"

[[puzzle]]
id = "first"
kind = "missing"
equation = "3 + _ = 7"

[[puzzle]]
id = "second"
kind = "missing"
equation = "_ + 5 = 12"

[[puzzle]]
id = "third"
kind = "missing"
equation = "_ + 2 = 10"
"""


def right_answer(view: Any) -> str:
    puzzle = view.puzzle
    return str(puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0])


def answer(view: Any, text: str | None = None) -> None:
    """Answer as a pupil does: the button, or the box and Enter."""
    text = right_answer(view) if text is None else text
    if view.choice_row.choices and text in view.choice_row.choices:
        view.choice_row.pick(view.choice_row.choices.index(text) + 1)
    else:
        view.answer_box.value = text
        view.press_enter()


def attempts(log: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    return [row for row in rows if "event" not in row]


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def first_item_answered(log: Path) -> str:
    """Ana answers lesson 05's first end-check question, right, and presses Next; the
    kernel is then new (nobody named). The answer to the first question."""
    names.set_pupil("Ana")
    check = OpenLesson("05", log=log).check()
    given = right_answer(check)
    answer(check, given)
    check.next_button.click()
    names.set_pupil(None)
    return given


def test_the_end_check_shows_no_question_until_the_pupil_is_known(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    first_item_answered(log)
    lesson = OpenLesson("05", log=log)
    check = lesson.check()
    # Nobody named yet: no question, no answer box, no count; the note says what to do.
    assert check.current is None
    assert "Puzzle 1 of 4" not in check.heading.value and not check.question.value
    for part in (check.answer_box, check.choice_row, check.buttons, check.question):
        assert not is_shown(part), part
    assert "answered" not in check.progress_label.value or not is_shown(check.progress_bar)
    assert is_shown(check.start_note)
    assert "Write your name" in words(check.start_note.value)
    # A front end that still sends an answer (typed into a box drawn earlier) checks
    # nothing: there is no question on show.
    check.answer_box.value = "1001"
    check.press_enter()
    assert len(attempts(log)) == 1 and check.waiting_answer is None
    # The name, at the top of the lesson: the end check goes on at its second question,
    # fresh, with the first answer counted; nothing was checked against it.
    lesson.name_area.box.value = "Ana"
    assert check.current is not None and check.index == 1
    assert "Puzzle 2 of 4." in check.heading.value
    assert "1 of 4 answered" in check.progress_label.value
    assert check.feedback.value == "" and check.answer_box.value == ""
    assert is_shown(check.answer_box) or is_shown(check.choice_row)
    assert not is_shown(check.start_note)
    assert [(row["puzzle"], row["right"]) for row in attempts(log)] == [
        (check.sheet.puzzles[0].id, True)
    ]


def test_the_end_checks_name_box_asks_right_there_and_starts_it(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    first_item_answered(log)
    check = OpenLesson("05", log=log).check()
    assert is_shown(check.name_box)  # asked where the pupil is, as the practice asks
    check.name_box.value = "Ana"
    assert check.index == 1 and "Puzzle 2 of 4." in check.heading.value
    answer(check)
    assert [row["puzzle"] for row in attempts(log)] == [p.id for p in check.sheet.puzzles[:2]]


def test_a_new_pupils_end_check_starts_at_its_first_question(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    check = OpenLesson("05", log=log).check()
    assert check.current is None
    check.name_box.value = "Bo"
    assert check.index == 0 and "Puzzle 1 of 4." in check.heading.value
    assert "0 of 4 answered" in check.progress_label.value
    answer(check)
    assert [(r["who"], r["puzzle"], r["right"]) for r in attempts(log)] == [
        ("Bo", check.sheet.puzzles[0].id, True)
    ]


def test_a_known_pupils_end_check_shows_its_question_at_once(tmp_path: Path) -> None:
    names.set_pupil("Ana")
    check = OpenLesson("05", log=tmp_path / "progress.jsonl").check()
    assert check.current is not None and "Puzzle 1 of 4." in check.heading.value
    assert not is_shown(check.start_note)


def test_an_answer_that_waited_is_not_checked_against_another_puzzle(tmp_path: Path) -> None:
    source = tmp_path / "three.toml"
    source.write_text(THREE)
    log = tmp_path / "progress.jsonl"
    names.set_pupil("Ana")
    done = PuzzleSet(source, log=log)
    answer(done)  # the first puzzle, solved
    names.set_pupil(None)
    # A new kernel: the set shows its first puzzle to nobody; the pupil answers it.
    again = PuzzleSet(source, log=log)
    assert again.puzzle.id == "first"
    typed = "7"  # an answer to "_ + 5 = 12", wrong for the first puzzle
    answer(again, typed)
    assert "Who are you?" in words(again.feedback.value)
    again.name_box.value = "Ana"
    # Ana solved the first before: the set goes on at the second, and the answer typed
    # for the first is not checked against it.
    assert again.puzzle.id == "second" and not again.solved_now
    assert "Not yet" not in words(again.feedback.value) and again.waiting_answer is None
    assert [(row["puzzle"], row["answer"]) for row in attempts(log)] == [("first", "4")]


def test_an_answer_that_waited_is_checked_against_its_own_puzzle(tmp_path: Path) -> None:
    source = tmp_path / "three.toml"
    source.write_text(THREE)
    log = tmp_path / "progress.jsonl"
    view = PuzzleSet(source, log=log)
    answer(view, "5")
    view.name_box.value = "Bo"
    assert "Not yet" in words(view.feedback.value)
    assert [(row["who"], row["puzzle"], row["answer"]) for row in attempts(log)] == [
        ("Bo", "first", "5")
    ]


def test_a_practice_taken_up_again_counts_what_was_answered(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    names.set_pupil("Ana")
    practice = OpenLesson("05", log=log).practice()
    for _ in range(3):
        answer(practice)
        practice.next_button.click()
    again = OpenLesson("05", log=log).practice()
    assert len(attempts(log)) == 3
    assert "Welcome back!" in words(again.status.value)
    assert "3 puzzles done" in words(again.status.value), words(again.status.value)


def test_a_practice_left_at_a_wrong_answer_counts_it_too(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    names.set_pupil("Ana")
    practice = Practice("convert", 2, log=log)
    answer(practice)
    practice.next_button.click()
    answer(practice, "99999")  # wrong: the pupil leaves it unsolved
    again = Practice("convert", 2, log=log)
    assert again.puzzle.id == practice.puzzle.id
    assert "2 puzzles done" in words(again.status.value), words(again.status.value)
