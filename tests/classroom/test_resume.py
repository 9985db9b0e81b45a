"""Come back tomorrow: a lesson's puzzles, practice and end check open where the pupil
left them, from their records.

Each test answers part of a lesson, then opens it again as a new kernel would (new
widgets reading the same records), and looks at what the pupil sees.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mathplay.classroom import names
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.kinds import KINDS
from mathplay.widgets.practice import Practice
from mathplay.widgets.puzzle_set import PuzzleSet


@pytest.fixture(autouse=True)
def _ana() -> None:
    names.set_pupil("Ana")
    yield
    names.set_pupil(None)


def right_answer(view) -> str:
    puzzle = view.puzzle
    return puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0]


def answer(view, text: str | None = None) -> None:
    """Answer as a pupil does: the button, or the box and Check."""
    text = right_answer(view) if text is None else text
    if view.choice_row.choices and text in view.choice_row.choices:
        view.choice_row.pick(view.choice_row.choices.index(text) + 1)
    else:
        view.answer_box.value = text
        view.check_button.click()


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def records(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def test_a_solved_guided_puzzle_is_shown_solved_with_the_answer(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    first = OpenLesson("05", log=log).puzzle(1)
    given = right_answer(first)
    answer(first, "0")  # a wrong try first
    answer(first)
    again = OpenLesson("05", log=log).puzzle(1)  # a new kernel, the same pupil
    assert again.solved_now and again.answer_box.value == given
    said = words(again.feedback.value)
    assert said.startswith("✓ Right!") and "You solved this puzzle before" in said
    # Checking it again is no new attempt.
    answer(again)
    assert "already solved" in again.feedback.value and len(records(log)) == 2
    # An unsolved one opens fresh; another pupil's records are not Ana's.
    assert not OpenLesson("05", log=log).puzzle(2).solved_now
    names.set_pupil("Bo")
    assert not OpenLesson("05", log=log).puzzle(1).solved_now


def test_a_set_opens_at_its_first_unsolved_puzzle_with_its_count(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    ps = PuzzleSet("arithmetic", log=log)
    for _ in range(2):
        answer(ps)
        ps.next_button.click()
    again = PuzzleSet("arithmetic", log=log)
    assert again.index == 2 and again.solved == {p.id for p in again.sheet.puzzles[:2]}
    assert "2 of 8 solved" in again.progress_label.value and not again.solved_now


def test_the_end_check_goes_on_at_the_first_question_not_answered(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    check = OpenLesson("05", log=log).check()
    answer(check)  # right
    check.next_button.click()
    answer(check, "0")  # wrong: kept, as an end check keeps every answer
    check.next_button.click()
    again = OpenLesson("05", log=log).check()
    assert again.index == 2 and "2 of 4 answered" in again.progress_label.value
    assert [right for _given, right in again.answers.values()] == [True, False]
    assert "Puzzle 3 of 4." in again.heading.value
    for _ in range(2):
        answer(again)
        again.next_button.click()
    assert again.finished
    # Finished: it opens with its review, and is not open for a second go.
    done = OpenLesson("05", log=log).check()
    assert done.finished and done.review in done.children
    assert "✗ not right" in done.review.value and "4 of 4 answered" in done.progress_label.value
    assert done.check_button.disabled and done.current is None
    assert len([r for r in records(log) if "event" not in r]) == 4


def test_a_retake_is_the_teachers_to_allow_and_is_recorded_as_one(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    check = OpenLesson("05", log=log).check()
    for _ in range(4):
        answer(check)
        check.next_button.click()
    again = OpenLesson("05", log=log).check(retake=True)
    assert not again.finished and again.index == 0 and again.sitting == 1
    answer(again, "0")
    last = [r for r in records(log) if "event" not in r][-1]
    assert last["retake"] == 1 and last["right"] is False
    # Coming back to the retake: its own answers, not the first sitting's.
    more = OpenLesson("05", log=log).check(retake=True)
    assert more.sitting == 1 and more.index == 1 and "1 of 4 answered" in more.progress_label.value


def test_a_puzzle_file_can_allow_the_retake(tmp_path: Path) -> None:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    text = Path(__file__).resolve().parents[2] / "lessons" / "puzzles" / "05-binary-numbers.toml"
    source = text.read_text(encoding="utf-8")
    (folder / "05-binary-numbers.toml").write_text(
        source.replace("[check]\n", "[check]\nretake = true\n"), encoding="utf-8"
    )
    log = tmp_path / "progress.jsonl"
    check = OpenLesson("05", folder=folder, log=log).check()
    assert check.retake
    assert not OpenLesson("05", log=log).check().retake  # the lessons' own file: no retake


def test_the_practice_goes_on_with_its_rows_and_mastered(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    practice = OpenLesson("05", log=log).practice()
    for _ in range(3):
        answer(practice)
        practice.next_button.click()
    kept = (practice.streak, dict(practice.rows), practice.shown)
    answer(practice, "99999")  # wrong: the row starts again, the puzzle stays
    again = OpenLesson("05", log=log).practice()
    assert (again.streak, again.rows, again.shown) == (0, {k: 0 if k == practice.skill.name
            else v for k, v in kept[1].items()}, kept[2])  # fmt: skip
    assert again.puzzle.id == practice.puzzle.id  # back at the puzzle left unsolved
    assert "Welcome back" in again.status.value
    # Mastered, then back: still mastered, on a new puzzle.
    while not again.mastered:
        answer(again)
        again.next_button.click()
    back = OpenLesson("05", log=log).practice()
    assert back.mastered and "Mastered" in back.streak_label.value
    assert back.puzzle.id != again.puzzle.id or not back.solved_now


def test_a_hint_in_the_records_counts_as_it_did(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    practice = Practice("convert", 2, log=log)
    answer(practice)
    practice.next_button.click()
    practice.hint_button.click()  # the row starts again
    answer(practice)
    again = Practice("convert", 2, log=log)
    assert again.streak == practice.streak == 0 and again.shown == 3


def test_records_of_another_practice_start_it_afresh(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    practice = Practice(skills=["and", "or"], log=log)
    answer(practice)
    other = Practice(skills=["and", "xor"], log=log)  # another practice: its own records
    assert other.streak == 0 and other.shown == 1 and "Welcome back" not in other.status.value


def test_a_name_given_later_opens_the_pupils_own_state(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    first = OpenLesson("05", log=log).puzzle(1)
    answer(first)
    names.set_pupil(None)
    again = OpenLesson("05", log=log).puzzle(1)
    assert not again.solved_now  # nobody yet
    again.name_area.box.value = "ana"  # the same pupil, in any case
    assert again.solved_now and "You solved this puzzle before" in again.feedback.value
