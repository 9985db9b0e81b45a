"""Buttons that tell the answer, in a file's own puzzles."""

from __future__ import annotations

import pytest

from mathplay.puzzles.layout import layout_problems
from mathplay.puzzles.model import Puzzle, Worksheet
from mathplay.puzzles.validate import check_text
from tests.puzzles.helpers import puzzle_file


def tf(pid: str, equation: str, why: list[str] | None = None) -> Puzzle:
    fields: dict = {"equation": equation}
    if why:
        fields["why"] = why
    return Puzzle(pid, "true-or-false", fields=fields)


def messages(*puzzles: Puzzle) -> list[str]:
    return [p.message for p in layout_problems(Worksheet("t", list(puzzles)), "t.toml")]


def test_a_reason_that_says_true_under_false_is_reported() -> None:
    said = messages(
        tf("a", "11 - 4 x 2 = 14", ["x first: 4 x 2 is 8", "11 - 4 = 7, 7 x 2 = 14, so it is true"])
    )
    assert len(said) == 1 and "says the equation is true" in said[0]


def test_a_reason_that_repeats_the_equation_is_reported() -> None:
    said = messages(tf("a", "4 x 5 = 25", ["4 x 5 is 20, not 25", "4 x 5 is 25"]))
    assert len(said) == 1 and "says what the equation says" in said[0]
    # The same numbers in another order are an idea, not the equation said again.
    assert messages(tf("b", "5 - 17 = 12", ["minus starts with the biggest: 17 - 5 = 12"])) == []


def test_reasons_that_differ_only_in_their_numbers_are_reported() -> None:
    said = messages(tf("a", "4 x 5 = 25", ["4 x 5 is 20, not 25", "4 x 5 is 21, not 25"]))
    assert len(said) == 1 and "differ only in their numbers" in said[0]
    assert (
        messages(tf("b", "4 x 5 = 25", ["4 x 5 is 20, not 25", "4 x 5 is 5 more than 5 x 5"])) == []
    )


@pytest.mark.parametrize(
    ("equation", "why", "cue"),
    [
        # Lesson 00's end check: the right reason the only one with the equation's sign.
        ("4 x 5 = 25", ["4 x 5 is 20, not 25", "4 + 5 is 9, not 25"], "by its signs"),
        # Lesson 07's: the right reason the only one whose numbers are the equation's.
        ("1 AND 0 = 1", ["AND gives 1 only when both bits are 1", "1 AND 0 is 10"], "numbers"),
        (
            "1 DAN 0 = 1",
            ["DAN memberi 1 hanya apabila kedua-dua bit ialah 1", "1 DAN 0 ialah 10"],
            "numbers",
        ),
        # Lesson 06's: the right reason the only one in words.
        (
            "101 / 10 = 10",
            ["five divided by two does not come out even", "101 / 10 is 11"],
            "written in words only",
        ),
        ("3 x 4 = 13", ["3 x 4 is 12, not 13", "x is a letter"], "with a number in it"),
    ],
)
def test_a_right_reason_told_apart_by_its_wording_is_reported(
    equation: str, why: list[str], cue: str
) -> None:
    said = messages(tf("a", equation, why))
    assert any(f"the right reason '{why[0]}'" in m and cue in m for m in said), said


def test_a_count_of_buttons_that_goes_with_the_answer_is_reported() -> None:
    # A side with no value shows two buttons; if only the false ones have none, the
    # count tells the answer.
    no_value = tf("a", "7 : 0 = 3")
    true = tf("b", "3 x 4 = 12")
    said = messages(no_value, true)
    assert len(said) == 1 and "buttons tell the answer" in said[0] and "3 buttons: true" in said[0]
    assert messages(true, tf("c", "3 x 4 = 13")) == []  # three buttons each: nothing to read


def test_the_checker_reports_them_with_file_and_line() -> None:
    text = puzzle_file(
        """
        id = "a"
        kind = "true-or-false"
        equation = "4 x 5 = 25"
        why = ["4 x 5 is 20, not 25", "4 x 5 is 25"]
        """
    )
    (problem,) = check_text(text, "set.toml")
    assert str(problem).startswith("set.toml, line 8, puzzle 'a': the reason '4 x 5 is 25'")
