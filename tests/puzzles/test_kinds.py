"""Every kind checks right and wrong answers, forgivingly but exactly."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mathplay.puzzles.format import Puzzle
from mathplay.puzzles.kinds import KINDS, KindError, get_kind
from tests.puzzles.helpers import SUMMY_9

M = {"equation": "3 + _ = 7"}
M2 = {"equation": "1_1 AND 11 = 1", "base": 2}
MN = {"equation": "_ + 15 = 40"}
MM = {"equation": "_ x _ = 6", "largest": 10}
TF = {"equation": "2 + 3 x 4 = 20", "why": ["x comes first: 3 x 4 = 12", "2 + 3 is 6"]}
TFC = {"equation": "4 x 5 = 25"}
TT = {"equation": "101 + 1 = 110", "base": 2}
WO = {"equation": "8 _ 2 = 16"}
WO2 = {"equation": "5 _ 2 _ 1 = 9"}
TG = {"tiles": "2 3 7", "target": 23}
TGA = {"tiles": "2 3 4", "target": 14, "use_all": True}
CB = {"number": 13, "to": "binary"}
CD = {"number": "10110", "to": "decimal"}
BW = {"expression": "1011 AND 0110"}
BN = {"expression": "NOT 0110"}
MV = {"game": "summy", "diagram": SUMMY_9, "hand": "12+3", "goal": "any"}
MB = {**MV, "goal": "best", "hand": "12+3x6"}
MP = {**MV, "goal": "at-least", "points": 12, "hand": "12+3x6"}

# kind, fields, answer, right?, words in the message
TABLE: list[tuple[str, dict[str, Any], str, bool, str]] = [
    ("missing", M, "4", True, "3 + 4 = 7 is true"),
    ("missing", M, " 4 ", True, "Right"),
    ("missing", M, "3 + 4 = 7", True, "Right"),
    ("missing", M, "5", False, "3 + 5 is 8, not 7"),
    ("missing", M, "3 + 5 = 7", False, "3 + 5 is 8, not 7"),
    ("missing", M, "four", False, "I can't read that"),
    ("missing", M, "4, 5", False, "one number"),
    ("missing", M2, "0", True, "101 AND 11 = 1"),
    ("missing", M2, "1", False, "111 AND 11 is 11, not 1"),
    ("missing", M2, "2", False, "binary"),
    ("missing", MN, "25", True, "25 + 15 = 40"),
    ("missing", MN, "025", True, "25 + 15 = 40"),
    ("missing", MM, "2, 3", True, "2 × 3 = 6"),
    ("missing", MM, "2 3", True, "2 × 3 = 6"),
    ("missing", MM, "1, 5", False, "1 × 5 is 5, not 6"),
    ("true-or-false", TF, "false: x comes first: 3 x 4 = 12", True, "2 + 3 × 4 is 14, not 20"),
    ("true-or-false", TF, "False because x comes first 3 x 4 = 12", True, "Right"),
    ("true-or-false", TF, "false: 2 + 3 is 6", False, "not for that reason"),
    ("true-or-false", TF, "true", False, "are not the same. Work out each side again"),
    ("true-or-false", TF, "false", False, "say why"),
    ("true-or-false", TF, "false: the left side is smaller", False, "say why"),
    ("true-or-false", TF, "false: the left side is bigger", False, "compare them"),
    ("true-or-false", TFC, "false: the left side is smaller", True, "4 × 5 is 20, not 25"),
    ("true-or-false", TFC, "false: <", True, "Right"),
    ("true-or-false", TFC, "false: bigger", False, "compare them"),
    ("true-or-false", TFC, "false", False, "which side is bigger"),
    ("true-or-false", TF, "perhaps", False, "true or false"),
    ("true-or-false", TT, "TRUE", True, "101 + 1 = 110 is true"),
    ("true-or-false", TT, "no", False, "Look again: work out each side"),
    ("which-operation", WO, "x", True, "8 × 2 = 16"),
    ("which-operation", WO, "×", True, "8 × 2 = 16"),
    ("which-operation", WO, "times", True, "8 × 2 = 16"),
    ("which-operation", WO, "+", False, "8 + 2 is 10, not 16"),
    ("which-operation", WO, "^", False, "pick one of + - x :"),
    ("which-operation", WO2, "x, -", True, "5 × 2 − 1 = 9"),
    ("which-operation", WO2, "x -", True, "5 × 2 − 1 = 9"),
    ("which-operation", WO2, "+, +", False, "5 + 2 + 1 is 8, not 9"),
    ("target", TG, "3 x 7 + 2", True, "3 × 7 + 2 = 23"),
    ("target", TG, "3*7+2 = 23", True, "Right"),
    ("target", TG, "23", False, "not one of your tiles"),
    ("target", TG, "7 x 3 + 3", False, "You used 3 2 times, but you have only one tile 3"),
    ("target", TG, "2 x 7 + 3", False, "2 × 7 + 3 is 17, not 23"),
    ("target", TG, "(3x7)+2", False, "I can't read that"),
    ("target", TGA, "2 + 3 x 4", True, "Right"),
    ("target", TGA, "3 x 4 + 2", True, "Right"),
    ("target", {**TGA, "target": 12}, "3 x 4", False, "2 is left over"),
    ("convert", CB, "1101", True, "8 + 4 + 1"),
    ("convert", CB, "01101", True, "Right"),
    ("convert", CB, "1 1 0 1", True, "Right"),
    ("convert", CB, "1100", False, "1100 in binary is 8 + 4 = 12, not 13"),
    ("convert", CB, "13", False, "only the digits 0 and 1"),
    ("convert", CD, "22", True, "16 + 4 + 2"),
    ("convert", CD, "21", False, "21 in binary is 10101, not 10110"),
    ("convert", CD, "twenty", False, "whole number"),
    ("bitwise", BW, "10", True, "Right"),
    ("bitwise", BW, "0010", True, "Right"),
    ("bitwise", BW, "0011", False, "Look at the rightmost column: the bits there are 1 and 0"),
    ("bitwise", BW, "1111", False, "you used OR, but the sign is AND"),
    ("bitwise", BW, "2", False, "only 0 and 1"),
    ("bitwise", BN, "1001", True, "Right"),
    ("bitwise", BN, "1", False, "One bit is wrong"),
    ("move", MV, "B5 across 1+2=3", True, "legal move, for 6 points"),
    ("move", MV, "b5 ACROSS 1 + 2 = 3", True, "Right"),
    ("move", MV, "B5 across 1+2=4", False, "not allowed"),
    ("move", MV, "nonsense", False, "can't read that move"),
    ("move", MV, "pass", False, "Put tiles on the board"),
    ("move", MB, "B5 across 1+2=3", False, "a better move scores"),
    ("move", MP, "B5 across 1+2=3", False, "at least 12"),
]


@pytest.mark.parametrize(("kind", "fields", "answer", "right", "words"), TABLE)
def test_check(kind: str, fields: dict[str, Any], answer: str, right: bool, words: str) -> None:
    result = KINDS[kind].check(Puzzle("p", kind, fields=fields), answer)
    assert result.right is right
    assert words in result.message


def test_a_refused_move_is_explained_without_rule_ids() -> None:
    """A pupil reads why a move is refused in plain words: no ``(M4)`` or ``(S3)``."""
    rows = [". " * 13 + "."] * 14
    rows[6] = ". . . . . . 1 2 . . . . . ."
    rows[7] = ". . . . . 12 3 4 . . . . . ."
    fields = {"game": "mixmath", "diagram": "\n".join(rows), "hand": "36 15", "goal": "any"}
    result = KINDS["move"].check(Puzzle("p", "move", fields=fields), "E8 15")
    assert not result.right and "a × square" in result.message
    assert not re.search(r"\([SMB]\d", result.message), result.message
    summy = KINDS["move"].check(Puzzle("p", "move", fields=MV), "B5 across 1+2=4")
    assert not re.search(r"\([SMB]\d", summy.message), summy.message


def test_a_refused_move_says_why_in_plain_words_without_rule_ids() -> None:
    # As the boards say it (docs/widgets.md): the reason once, with the arithmetic.
    fields = {**MV, "hand": "12+34"}
    result = KINDS["move"].check(Puzzle("p", "move", fields=fields), "B5 across 1+2=4")
    assert result.message == "That move is not allowed: 1 + 2 is 3, not 4."
    result = KINDS["move"].check(Puzzle("p", "move", fields=fields), "E5 across 1+2=3")
    assert "(S3)" not in result.message and "E5 already holds =" in result.message


def test_best_move_is_right() -> None:
    puzzle = Puzzle("p", "move", fields=MB)
    best = KINDS["move"].solutions(puzzle, 1)[0]
    result = KINDS["move"].check(puzzle, best)
    assert result.right and "scores" in result.message


@pytest.mark.parametrize(
    ("kind", "fields", "expected"),
    [
        ("missing", M, ["4"]),
        ("missing", M2, ["0"]),
        ("missing", {"equation": "_ x 0 = 0"}, ["0", "1"]),
        ("missing", {"equation": "_ + 1 = 0"}, []),
        ("which-operation", WO, ["x"]),
        ("which-operation", {"equation": "2 _ 2 = 4"}, ["+", "x"]),
        ("true-or-false", TF, ["false: x comes first: 3 x 4 = 12"]),
        ("convert", CB, ["1101"]),
        ("bitwise", BW, ["10"]),
        ("target", {"tiles": "1 1", "target": 9}, []),
    ],
)
def test_solutions(kind: str, fields: dict[str, Any], expected: list[str]) -> None:
    assert KINDS[kind].solutions(Puzzle("p", kind, fields=fields), 2) == expected


def test_choices_fit_the_kind() -> None:
    assert KINDS["which-operation"].choices(Puzzle("p", "which-operation", fields=WO)) == [
        "+",
        "-",
        "x",
        ":",
    ]
    assert KINDS["which-operation"].choices(Puzzle("p", "which-operation", fields=WO2)) is None
    choices = KINDS["true-or-false"].choices(Puzzle("p", "true-or-false", fields=TF))
    assert choices == ["true", "false: the left side is smaller", "false: the left side is bigger"]
    # The same buttons for a true one: the buttons never tell the answer.
    assert KINDS["true-or-false"].choices(Puzzle("p", "true-or-false", fields=TT)) == [
        "true", "false: the left side is smaller", "false: the left side is bigger"
    ]  # fmt: skip
    assert KINDS["missing"].choices(Puzzle("p", "missing", fields=M)) is None


@pytest.mark.parametrize(
    ("kind", "fields", "words"),
    [
        ("missing", M, "3 + 4 = 7"),
        ("true-or-false", TF, "14"),
        ("which-operation", WO, "8 × 2 = 16"),
        ("target", TG, "One way"),
        ("convert", CB, "1×8 + 1×4 + 0×2 + 1×1 = 13"),
        ("bitwise", BW, "AND 0110"),
        ("move", MV, "Play B5 across 1+2=3"),
    ],
)
def test_explain_works_the_solution_out(kind: str, fields: dict[str, Any], words: str) -> None:
    assert words in KINDS[kind].explain(Puzzle("p", kind, fields=fields))


def test_unknown_kind_suggests_a_name() -> None:
    with pytest.raises(KindError, match="did you mean 'missing'"):
        get_kind("mising")
