"""Practice with mastery, driven from Python: the row, its resets, mastery, the pupil's
own seed, the records, and a practice described in a puzzle file."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

import mathplay
from mathplay.classroom import names as pupil_names
from mathplay.puzzles.kinds import KINDS
from mathplay.widgets.practice import Practice, pupil_seed, streak_text
from tests.puzzles.test_widget import pick, pick_right, press_enter


@pytest.fixture(autouse=True)
def _nobody() -> None:
    pupil_names.set_pupil(None)


def attempts(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def right(practice: Practice) -> str:
    puzzle = practice.puzzle
    return puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0]


def answer(practice: Practice, text: str | None = None, enter: bool = True) -> None:
    if practice.choice_row.choices:
        if text is None:
            pick_right(practice)
        else:
            pick(practice, text)
        return
    text = right(practice) if text is None else text
    practice.answer_box.value = text
    if enter:
        press_enter(practice)
    else:
        practice.check_button.click()


def wrong(practice: Practice) -> str:
    return "99999" if practice.puzzle.kind != "convert" else "0"


def test_the_lazy_export() -> None:
    assert mathplay.Practice is Practice


@pytest.mark.parametrize(
    ("streak", "goal", "text"),
    [
        (0, 4, "Get 4 right in a row, without hints, to master this."),
        (1, 4, "1 in a row: 3 more to go"),
        (2, 4, "2 in a row: 2 more to go"),
        (3, 4, "3 in a row — one more!"),
        (4, 4, "Mastered! 4 in a row without hints."),
        (0, 1, "Get 1 right, without hints, to master this."),
        (1, 1, "Mastered! 1 right without hints."),
    ],
)
def test_streak_words(streak: int, goal: int, text: str) -> None:
    assert streak_text(streak, goal) == text


def test_a_row_of_goal_right_answers_masters_it(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    practice = Practice("missing", 1, who="Ana", log=log)
    assert "Practice: Missing numbers, level 1" in practice.title.value
    assert "Puzzle 1." in practice.heading.value and practice.next_button.disabled
    assert "Get 4 right in a row" in practice.streak_label.value
    seen = []
    for number in range(1, 5):
        seen.append(practice.question.value)
        answer(practice)
        assert "Right" in practice.feedback.value and practice.streak == number
        assert practice.streak_bar.value == number
        if number == 3:
            assert "3 in a row — one more!" in practice.streak_label.value
        if number < 4:
            assert not practice.mastered
            press_enter(practice)  # Enter again: the next puzzle
            assert f"Puzzle {number + 1}." in practice.heading.value
    assert practice.mastered
    assert "★ Mastered!" in practice.streak_label.value
    assert len(set(seen)) == 4  # no puzzle twice in a row of four
    rows = attempts(log)
    assert len(rows) == 4 and all(r["right"] for r in rows)
    assert {r["kind"] for r in rows} == {"missing"} and {r["level"] for r in rows} == {1}
    assert {r["seed"] for r in rows} == {pupil_seed("Ana", "missing", 1)}
    # kind, level and the number drawn (a draw that repeats a question, or an answer
    # too often, is drawn again, so the numbers may skip)
    drawn = [int(r["puzzle"].removeprefix("missing-1-")) for r in rows]
    assert drawn[0] == 1 and drawn == sorted(set(drawn))
    assert {r["skill"] for r in rows} == {"missing-1"}
    assert {r["set"] for r in rows} == {"Practice: Missing numbers, level 1"}
    assert all({"who", "answer", "hints", "solution_seen", "when", "seconds", "question"} <= set(r)
               for r in rows)  # fmt: skip
    # Practising on after mastery keeps the mastered state.
    practice.next_button.click()
    answer(practice, wrong(practice), enter=False)
    assert practice.mastered and practice.streak == 0


def test_a_wrong_answer_starts_the_row_again_kindly(tmp_path: Path) -> None:
    practice = Practice("convert", 1, goal=3, who="Bo", log=tmp_path / "p.jsonl")
    answer(practice)
    practice.next_button.click()
    answer(practice)
    assert practice.streak == 2
    practice.next_button.click()
    answer(practice, wrong(practice))
    assert practice.streak == 0
    assert "row of 2 starts again" in practice.status.value
    assert "you can do it" in practice.status.value
    assert practice.next_button.disabled  # solve it first
    answer(practice)  # right now, but it does not count
    assert practice.streak == 0 and "does not add to your row" in practice.status.value
    practice.next_button.click()
    answer(practice)
    assert practice.streak == 1 and not practice.mastered


def test_an_unreadable_answer_is_a_slip_not_a_reset() -> None:
    practice = Practice("missing", 1, who="Cy", log=None)
    answer(practice)
    practice.next_button.click()
    answer(practice, "abc")
    assert "Not yet." in practice.feedback.value and practice.counts
    answer(practice)
    assert practice.streak == 2


def test_a_hint_starts_the_row_again(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    practice = Practice("bitwise", 1, goal=2, who="Di", log=log)
    answer(practice)
    practice.next_button.click()
    practice.hint_button.click()
    assert practice.streak == 0 and "hint" in practice.status.value
    assert "row of 1 starts again" in practice.status.value
    while practice.hint_button.description != "Hint" or not practice.solution_seen:
        practice.hint_button.click()
    answer(practice)
    assert practice.streak == 0 and not practice.mastered
    row = attempts(log)[-1]
    assert row["hints"] >= 1 and row["solution_seen"] is True and row["right"] is True
    for _ in range(2):
        practice.next_button.click()
        answer(practice)
    assert practice.mastered


def test_each_pupil_has_puzzles_of_their_own() -> None:
    def questions(name: str) -> list[str]:
        practice = Practice("missing", 2, who=name, log=None)
        out = []
        for _ in range(3):
            out.append(practice.question.value)
            answer(practice)
            practice.next_button.click()
        return out

    assert questions("Ana") == questions("Ana") == questions(" ana ")
    assert questions("Ana") != questions("Bo")
    fixed = [Practice("missing", 2, who=name, seed=7, log=None) for name in ("Ana", "Bo")]
    assert fixed[0].question.value == fixed[1].question.value and fixed[0].seed == 7
    other_level = Practice("missing", 3, who="Ana", log=None)
    assert other_level.seed != pupil_seed("Ana", "missing", 2)


def test_without_a_name_the_practice_asks_first(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    practice = Practice("missing", 1, log=log)
    assert practice.name_box.layout.display != "none" and practice.current is None
    assert practice.start_note.layout.display != "none"
    assert practice.heading.layout.display == "none"
    practice.name_box.value = "Eve"
    assert practice.current is not None and practice.seed == pupil_seed("Eve", "missing", 1)
    assert practice.start_note.layout.display == "none"
    answer(practice)
    assert attempts(log)[0]["who"] == "Eve"
    later = Practice("convert", 1, log=log)  # the kernel knows the name now
    assert later.name_box.layout.display == "none" and later.current is not None


def test_choice_kinds_practise_with_the_choice_row() -> None:
    practice = Practice("true-or-false", 1, goal=2, who="Fay", log=None)
    assert practice.choice_row.choices and practice.answer_box.layout.display == "none"
    answer(practice)
    assert practice.streak == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("nonsense", 1), "unknown kind"),
        (("missing", 99), "levels 1, 2, 3, 4, 5"),
        (("missing", 1, 0), "goal is a whole number from 1 to 50"),
        (("missing", 1, True), "goal is a whole number"),
    ],
)
def test_a_bad_practice_says_why(args: tuple, words: str) -> None:
    practice = Practice(*args, log=None)
    assert words in practice.children[0].value and "tell your teacher" in practice.children[0].value
    assert Practice("missing", 1, seed=-1, log=None).problems


def test_a_practice_from_a_puzzle_file(tmp_path: Path) -> None:
    path = tmp_path / "practice.toml"
    path.write_text('title = "Warm-up"\n\n[practice]\nkind = "convert"\nlevel = 2\ngoal = 3\n')
    practice = Practice.from_file(path, who="Gus", log=None)
    assert (practice.kind_name, practice.level, practice.goal) == ("convert", 2, 3)
    assert practice.streak_bar.max == 3 and practice.current is not None
    for text, words in [
        ('title = "x"\n', "no [practice] table"),
        ('[practice]\nkind = "convert"\n', "needs a line level"),
        ('[practice]\nkind = "convert"\nlevel = 1\nlevle = 2\n', "unknown key 'levle'"),
        ("[practice\n", "not valid TOML"),
    ]:
        path.write_text(text)
        refused = Practice.from_file(path, log=None)
        shown = html.unescape(refused.children[0].value)
        assert words in shown and "tell your teacher" in shown, (text, shown)
    missing = Practice.from_file(tmp_path / "none.toml", log=None)
    assert "no such file" in missing.children[0].value
