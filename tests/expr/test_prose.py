"""Finding equations in a lesson's text: what is an equation, and what is only prose."""

from __future__ import annotations

import pytest

from mathplay.expr.prose import find_equations
from mathplay.lessons.markdown import equation_key, scan_markdown

FOUND = [
    ("6 + 3 = 8", ["6 + 3 = 8"]),
    ("a sum (6 + 3 = 8) in brackets", ["6 + 3 = 8"]),
    ("8x15=120", ["8x15=120"]),
    ("so 1+1=10 in binary", ["1+1=10"]),
    ("100 AND 1 = 1, and 1 OR 0 XOR 1 = 0.", ["100 AND 1 = 1", "1 OR 0 XOR 1 = 0"]),
    ("NOT 101 = 10", ["NOT 101 = 10"]),
    ("first 8 ÷ 4 = 2, then 2 ÷ 2 = 1.", ["8 ÷ 4 = 2", "2 ÷ 2 = 1"]),
    ("12 − 4 = 8 and 8 - 3 = 5", ["12 − 4 = 8", "8 - 3 = 5"]),
    ("`24:6=4` and 24 : 6 = 4", ["24:6=4", "24 : 6 = 4"]),
    ("H8 is a DW: 9 × 2 = **18 points**.", ["9 × 2 = 18"]),
    ("12 × 1 =\n12 points", ["12 × 1 = 12"]),
    ("Step 1: 3 + 4 = 7", ["3 + 4 = 7"]),
    ("- 1 + 2 = 3\n- 2 + 2 = 4", ["1 + 2 = 3", "2 + 2 = 4"]),
    ('`mathplay.check("9:3=3")`', ["9:3=3"]),
    ("`H8 across 1 + 1 = 10`", ["1 + 1 = 10"]),
    ("`10x10=100=11+1`", ["10x10=100=11+1"]),
    ("binary 1011 is 8 + 2 + 1 = 11", ["8 + 2 + 1 = 11"]),
    ("*6 + 3 = 9*", ["6 + 3 = 9"]),
    ("<summary>3 + 4 = 7</summary>", ["3 + 4 = 7"]),
]

NOT_EQUATIONS = [
    "Square F8 = H8 is not a sum",  # squares of a board
    "We meet at 10:30 on 2024-01-02.",  # a time and a date
    "Lessons 1–4 are about Summy; ages 10–13.",
    "`game.hint(level=1)` and `size=9`",  # keyword arguments
    "`x = 3 + 4`",  # a variable
    "2 times 3 = 6",  # the checker cannot read the word
    "the sum of 3 and 4 = 7",
    "(2 + 3) x 4 = 20",  # brackets inside: the checker has none
    "1:2 = 50%",
    "3.5 = 7:2 and 1,000 = 1000",
    "`3 + 4 == 7`",
    "1 NOT 1 = 0",  # not even an equation
    "and −4 + 6 = 2",  # a number below zero
    "2 * 3 = 6",
    "the 5th = 5",
    "3 + 4 =",
    "= 7",
    "a 3x3 grid",
    "1, 2, 4, 8 and 16",
    "x² + 1 = 10",
    "mi×ma+h",
]


@pytest.mark.parametrize(("text", "expected"), FOUND)
def test_equations_are_found(text: str, expected: list[str]) -> None:
    assert [found.text for found in find_equations(text)] == expected


@pytest.mark.parametrize("text", NOT_EQUATIONS)
def test_prose_is_left_alone(text: str) -> None:
    assert find_equations(text) == []


def test_where_an_equation_is() -> None:
    text = "So 2 + 12 = 14."
    (found,) = find_equations(text)
    assert text[found.start : found.end] == "2 + 12 = 14"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (". . 6 3 : 7 = 9 . . .", ["6 3 : 7 = 9"]),
        (". . 3 + 4 = 7 . .", ["3 + 4 = 7"]),
        ("1 0 1 + 1 1 = 1 0 0 0", ["1 0 1 + 1 1 = 1 0 0 0"]),
        ("3 + 4 = 7   2 + 2 = 4", []),  # two far apart: not one number
        (". . . 1 2 . .", []),
    ],
)
def test_a_diagram_joins_digits_one_space_apart(line: str, expected: list[str]) -> None:
    assert [found.text for found in find_equations(line, diagram=True)] == expected


def test_in_prose_digits_with_a_space_are_two_numbers() -> None:
    assert find_equations("6 3 : 7 = 9") == []


def test_an_equation_is_the_same_whatever_its_spaces_and_signs() -> None:
    assert equation_key("3 + 4 = 8") == equation_key("3+4=8")
    assert equation_key("8 × 15 = 120") == equation_key("8x15=120")
    assert equation_key("3+4=8") != equation_key("3+4=7")


def _scan(text: str) -> list[tuple[str, int | None, bool, bool]]:
    found, problems = scan_markdown(text)
    assert problems == []
    return [(item.text, item.base, item.false_on_purpose, item.in_diagram) for item in found]


def test_a_comment_on_the_line_before_marks_the_paragraph() -> None:
    text = "<!-- false on purpose: 3+4=8 -->\nSo `3+4=8`, or 3 + 4 = 8,\nis wrong."
    assert _scan(text) == [("3+4=8", None, True, False), ("3 + 4 = 8", None, True, False)]


def test_a_comment_at_the_end_of_a_line_marks_that_line() -> None:
    text = "| Binary | `1+1=10` <!-- base 2: 1+1=10 --> |\n| Summy | `3+4=7` |"
    assert _scan(text) == [("1+1=10", 2, False, False), ("3+4=7", None, False, False)]


def test_a_comment_marks_only_the_equation_it_names() -> None:
    text = "<!-- false on purpose: 3+4=8 -->\n`3+4=8` but `3+4=7`"
    assert _scan(text) == [("3+4=8", None, True, False), ("3+4=7", None, False, False)]


def test_a_comment_does_not_reach_past_its_paragraph() -> None:
    found, problems = scan_markdown("<!-- false on purpose: 3+4=8 -->\n\nSo `3+4=8`.")
    assert [(item.text, item.false_on_purpose) for item in found] == [("3+4=8", False)]
    assert len(problems) == 1
    assert problems[0].start == 0
    assert "3+4=8" in problems[0].message


def test_a_comment_that_names_no_equation_is_a_problem() -> None:
    _found, problems = scan_markdown("<!-- false on purpose: oops -->\nText.")
    assert len(problems) == 1 and "name an equation" in problems[0].message


def test_other_comments_are_just_comments() -> None:
    assert _scan("<!-- 3 + 4 = 8, a note for teachers -->\nText.") == []


def test_latex_is_left_alone() -> None:
    assert _scan(r"$2 \times 3 = 5$ and $$1 + 1 = 3$$") == []


def test_a_fenced_diagram_is_read_line_by_line() -> None:
    text = "A board:\n\n```\n. . 3 + 4 = 7 . .\n. . . . 2 x 5 = 10\n```\n\nand 1 + 1 = 2."
    assert _scan(text) == [
        ("3 + 4 = 7", None, False, True),
        ("2 x 5 = 10", None, False, True),
        ("1 + 1 = 2", None, False, False),
    ]


def test_a_comment_before_a_fence_marks_it() -> None:
    text = "<!-- false on purpose: 3 + 4 = 8 -->\n```\n. 3 + 4 = 8 .\n\n. . .\n```"
    assert _scan(text) == [("3 + 4 = 8", None, True, True)]


def test_a_sum_in_columns_is_read() -> None:
    text = "```\n  carries:  1 1 1\n      1 0 1\n  +     1 1\n  ---------\n    1 0 0 0\n```"
    assert _scan(text) == [("101 + 11 = 1000", None, False, True)]


@pytest.mark.parametrize(
    "diagram",
    [
        "    1 1\n  1 0 1\n+   1 1\n-------\n1 0 0 0",  # carries or a third number?
        "  1 2\nx   3\n-----\n  3 6\n1 2\n-----\n4 8",  # two rules
        "  1 2\n    3\n-----\n  1 5",  # no operator
    ],
)
def test_a_sum_in_columns_that_could_mean_two_things_is_not_read(diagram: str) -> None:
    assert _scan(f"```\n{diagram}\n```") == []
