"""Feedback explains the pupil's answer and never gives the right one.

Every fill-in puzzle of every shipped set and lesson file is answered wrongly in several
typical ways (off by one, worked from left to right, digits swapped, random); the
feedback must not contain a right answer as a number of its own, and neither may any
step of the hint ladder before the last one (the worked solution).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from mathplay.expr import check
from mathplay.puzzles import load
from mathplay.puzzles.format import Puzzle
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.kinds.base import MOST_HINTS
from mathplay.puzzles.kinds.blanks import without_leading_zeros

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(ROOT.glob("mathplay/puzzles/sets/*.toml")) + sorted(
    ROOT.glob("lessons/puzzles/*.toml")
)
NUMBER_KINDS = ("missing", "convert", "bitwise")
TEXT_KINDS = (*NUMBER_KINDS, "target", "move")


def _puzzles(kinds: tuple[str, ...]) -> list[Any]:
    out = []
    for path in FILES:
        for puzzle in load(path).puzzles:
            if puzzle.kind in kinds and KINDS[puzzle.kind].choices(puzzle) is None:
                out.append(pytest.param(puzzle, id=f"{path.stem}:{puzzle.id}"))
    return out


FILL_IN = _puzzles(NUMBER_KINDS)
TEXT_ANSWER = _puzzles(TEXT_KINDS)


def _base(puzzle: Puzzle) -> int:
    if puzzle.kind == "bitwise":
        return 2
    if puzzle.kind == "convert":
        return 2 if puzzle.fields["to"] == "binary" else 10
    return int(puzzle.fields.get("base", 10))


def right_numbers(puzzle: Puzzle) -> set[str]:
    """The right answer as numbers (for a digit blank: the whole number it completes)."""
    kind = KINDS[puzzle.kind]
    answer = kind.solutions(puzzle, 1)[0]
    if puzzle.kind != "missing":
        return {answer.lstrip("0") or "0"}
    equation = kind.read(puzzle)
    values = kind.read_answer(equation, answer)
    return {n.lstrip("0") or "0" if _base(puzzle) == 2 else n for n in equation.numbers(values)}


def leaked(text: str, puzzle: Puzzle, pupil: str = "") -> set[str]:
    """Right-answer numbers standing on their own in ``text`` (not the pupil's, not shown)."""
    binary = _base(puzzle) == 2

    def tokens(words: str) -> set[str]:
        found = re.findall(r"(?<![0-9A-Za-z])[0-9]+(?![0-9])", words)
        return {t.lstrip("0") or "0" for t in found} if binary else set(found)

    shown = tokens(KINDS[puzzle.kind].question(puzzle)) | tokens(pupil)
    return (right_numbers(puzzle) & tokens(text)) - shown


def wrong_answers(puzzle: Puzzle, count: int = 6) -> list[str]:
    """Typical wrong answers: off by one, left to right, digits swapped, and random ones."""
    kind = KINDS[puzzle.kind]
    base = _base(puzzle)
    spec = "b" if base == 2 else "d"
    answer = kind.solutions(puzzle, 1)[0]
    rng = random.Random(puzzle.id)
    if puzzle.kind == "missing":
        equation = kind.read(puzzle)
        values = kind.read_answer(equation, answer)
        if all(blank.digit for blank in equation.blanks):
            digits = "01" if base == 2 else "0123456789"
            options = [", ".join(d for _ in values) for d in digits]
            return [o for o in options if o != ", ".join(values)]
        value = int(values[0], base)
        candidates = [value + 1, value - 1, value * 2, int(values[0][::-1], base)]
        side = equation.template.split("=")[1 - equation.side_of(equation.blanks[0])]
        if "_" not in side and equation.alone(equation.blanks[0]):
            other = check(
                without_leading_zeros(side, base) + "= 0", base=base, order="left-to-right"
            )
            raw = other.trees[0].value
            if isinstance(raw, int):
                candidates.append(raw)
        candidates += [rng.randrange(0, 4 * value + 20) for _ in range(count)]
        out = []
        for c in candidates:
            if c >= 0:
                text = format(c, spec)
                out.append(", ".join([text, *values[1:]]))
        return [a for a in dict.fromkeys(out) if not kind.check(puzzle, a).right]
    if puzzle.kind in ("convert", "bitwise"):
        value = int(answer, base)
        candidates = [value + 1, value - 1, int(answer[::-1], base), value ^ 1, value ^ 4]
        candidates += [rng.randrange(0, 4 * value + 20) for _ in range(count)]
        out = [format(c, spec) for c in candidates if c >= 0]
        return [a for a in dict.fromkeys(out) if not kind.check(puzzle, a).right]
    if puzzle.kind == "target":
        tiles = puzzle.fields["tiles"].split()
        out = [" + ".join(tiles), " - ".join(tiles), " x ".join(tiles[:2]), tiles[0]]
        return [a for a in out if not kind.check(puzzle, a).right]
    game = kind.game(puzzle)
    moves = [str(m) for m in game.legal_moves()]
    rng.shuffle(moves)
    return [m for m in moves if not kind.check(puzzle, m).right][:count]


@pytest.mark.parametrize("puzzle", FILL_IN)
def test_wrong_answers_are_explained_without_the_right_answer(puzzle: Puzzle) -> None:
    kind = KINDS[puzzle.kind]
    answers = wrong_answers(puzzle)
    assert answers  # a binary digit blank has just one wrong answer
    for answer in answers:
        result = kind.check(puzzle, answer)
        assert not result.right
        assert not leaked(result.message, puzzle, answer), (answer, result.message)
        assert result.message.strip()


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", TEXT_ANSWER)
def test_no_feedback_gives_a_right_expression_or_move(puzzle: Puzzle) -> None:
    kind = KINDS[puzzle.kind]
    for answer in wrong_answers(puzzle):
        result = kind.check(puzzle, answer)
        assert kind.answers_in(puzzle, result.message, (answer,)) is None, result.message


@pytest.mark.parametrize("puzzle", FILL_IN)
def test_the_hint_ladder_gives_the_answer_only_in_its_last_step(puzzle: Puzzle) -> None:
    kind = KINDS[puzzle.kind]
    ladder = kind.hint_ladder(puzzle)
    assert ladder[-1] == kind.explain(puzzle)
    for step in ladder[:-1]:
        assert not leaked(step, puzzle), step
    assert len(kind.auto_hints(puzzle)) >= 2, kind.auto_hints(puzzle)


@pytest.mark.parametrize("puzzle", _puzzles(("target",)))
def test_target_hints_do_not_write_a_right_expression(puzzle: Puzzle) -> None:
    kind = KINDS[puzzle.kind]
    hints = kind.hint_ladder(puzzle)[:-1]
    assert len(kind.auto_hints(puzzle)) >= 2
    assert all(kind.answers_in(puzzle, hint) is None for hint in hints)


def test_there_are_fill_in_puzzles_of_each_kind() -> None:
    kinds = [param.values[0].kind for param in FILL_IN]
    assert {kind: kinds.count(kind) for kind in NUMBER_KINDS} == {
        "missing": kinds.count("missing"), "convert": kinds.count("convert"),
        "bitwise": kinds.count("bitwise"),
    }  # fmt: skip
    assert all(kinds.count(kind) for kind in NUMBER_KINDS) and len(kinds) >= 30


# --- the mistakes we can name ---------------------------------------------------------

DIAGNOSES = [
    ("6 + 2 x 5 = _", 10, "40", "You went from left to right: 6 + 2 = 8, 8 × 5 = 40"),
    ("6 + 2 x 5 = _", 10, "10", "You worked out 2 × 5 = 10, but that is only one step"),
    ("7 x 6 = _", 10, "13", "7 + 6 = 13: you added, but the sign is ×"),
    ("38 + 25 = _", 10, "53", "Did you forget to carry? In the ones, 8 + 5 is 13"),
    ("52 - 27 = _", 10, "35", "In the ones you took 2 from 7, but it is 2 − 7"),
    ("11 + 11 = _", 2, "0", "Did you forget to carry? In the rightmost column, 1 + 1 is 10"),
    ("1100 AND 1010 = _", 2, "1110", "1100 OR 1010 = 1110: you used OR, but the sign is AND"),
    ("1100 XOR 1010 = _", 2, "100", "One bit is wrong. Look at column 2 from the right"),
    ("6 + 2 x 5 = _", 10, "15", "6 + 2 × 5 is more than 15"),
    ("3 + _ = 7", 10, "5", "3 + 5 is 8, not 7"),
]


@pytest.mark.parametrize(("equation", "base", "answer", "words"), DIAGNOSES)
def test_a_wrong_answer_is_diagnosed(equation: str, base: int, answer: str, words: str) -> None:
    puzzle = Puzzle("p", "missing", fields={"equation": equation, "base": base})
    message = KINDS["missing"].check(puzzle, answer).message
    assert words in message
    assert not leaked(message, puzzle, answer)


def test_left_to_right_puzzles_diagnose_the_other_way_round() -> None:
    puzzle = Puzzle("p", "missing", fields={"equation": "6 + 2 x 5 = _", "order": "left-to-right"})
    message = KINDS["missing"].check(puzzle, "16").message
    assert "You did × first, but in this puzzle you work from left to right" in message
    assert "40" not in message


@pytest.mark.parametrize(
    ("fields", "answer", "words"),
    [
        ({"number": 13, "to": "binary"}, "1011", "1011 in binary is 8 + 2 + 1 = 11, not 13"),
        ({"number": 13, "to": "binary"}, "1011", "the wrong way round"),
        ({"number": "10011", "to": "decimal"}, "17", "17 in binary is 10001, not 10011"),
        ({"number": "10011", "to": "decimal"}, "17", "Check the bit worth 2"),
        ({"number": "10011", "to": "decimal"}, "25", "from the wrong end"),
        # "2 in binary is 10" would state the answer 10: that sentence is left out.
        ({"number": "1010", "to": "decimal"}, "2", "Check the bit worth 8"),
    ],
)
def test_convert_explains_the_pupils_number(fields: dict, answer: str, words: str) -> None:
    puzzle = Puzzle("c", "convert", fields=fields)
    message = KINDS["convert"].check(puzzle, answer).message
    assert words in message
    assert not leaked(message, puzzle, answer)


def test_bitwise_counts_wrong_bits_in_words() -> None:
    puzzle = Puzzle("b", "bitwise", fields={"expression": "1011 AND 0110"})
    one = KINDS["bitwise"].check(puzzle, "11").message
    assert "One bit is wrong. Look at the rightmost column: the bits there are 1 and 0." in one
    assert "What is 1 AND 0?" in one and "of the bits are" not in one
    assert "2 bits are wrong" in KINDS["bitwise"].check(puzzle, "1").message


# --- hint ladders ------------------------------------------------------------------------

HINTS = [
    ("missing", {"equation": "6 + 2 x 5 = _"}, ["Which part do you work out first?",
                                                 "Work out 2 × 5 first."]),
    ("missing", {"equation": "4 x _ + 2 = 30"}, ["First find what 4 × _ must be.",
                                                  "4 × _ must be 28"]),
    ("missing", {"equation": "3 + _ = 7"}, ["What do you add to 3 to make 7?", "7 − 3"]),
    ("missing", {"equation": "4_ + 17 = 63"}, ["one digit", "side without a blank"]),
    ("convert", {"number": 13, "to": "binary"}, ["Which powers of 2 fit in 13?",
                                                  "biggest power of 2"]),
    ("convert", {"number": "10011", "to": "decimal"}, ["place values", "16 + 2 + 1"]),
    ("bitwise", {"expression": "1011 AND 0110"}, ["Line up the bits",
                                                   "AND gives 1 only where both bits are 1"]),
    ("bitwise", {"expression": "NOT 0110"}, ["NOT turns every bit around", "4 bits"]),
    ("target", {"tiles": "2 3 7", "target": 23}, ["close to 23", "multiplying two tiles"]),
    ("which-operation", {"equation": "8 _ 2 = 16"}, ["Try each sign", "bigger"]),
    ("true-or-false", {"equation": "2 + 3 x 4 = 20"}, ["Which part", "3 × 4", "compare"]),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "fields", "words"), HINTS)
def test_auto_hints_are_steps_of_their_own(kind: str, fields: dict, words: list[str]) -> None:
    puzzle = Puzzle("h", kind, fields=fields)
    hints = KINDS[kind].auto_hints(puzzle)
    assert len(hints) >= 2
    for hint, expected in zip(hints, words):
        assert expected in hint, hints
    ladder = KINDS[kind].hint_ladder(Puzzle("h", kind, fields=fields, hints=("Mine.",)))
    # At most four presses from the first hint to the solution.
    assert ladder[0] == "Mine." and ladder[1:-1] == hints[: MOST_HINTS - 2]
    assert len(ladder) <= MOST_HINTS
    assert ladder[-1] == KINDS[kind].explain(puzzle)


@pytest.mark.parametrize(("kind", "fields", "words"), HINTS)
@pytest.mark.parametrize("teacher", [0, 1, 2, 3, 5])
def test_the_ladder_ends_in_the_solution_within_four_presses(
    kind: str, fields: dict, words: list[str], teacher: int
) -> None:
    mine = tuple(f"Teacher's step {n}: think about part {n}." for n in range(teacher))
    puzzle = Puzzle("h", kind, fields=fields, hints=mine)
    ladder = KINDS[kind].hint_ladder(puzzle)
    assert 2 <= len(ladder) <= MOST_HINTS or (teacher == 0 and len(ladder) >= 1)
    assert ladder[-1] == KINDS[kind].explain(puzzle)
    assert ladder[: min(teacher, MOST_HINTS - 1)] == list(mine[: MOST_HINTS - 1])


def test_the_kinds_steps_do_not_repeat_the_teachers() -> None:
    fields = {"equation": "3 + _ = 7"}
    own = KINDS["missing"].auto_hints(Puzzle("h", "missing", fields=fields))
    teacher = ("What do you add to 3, to make 7?",)  # the kind's first step, said again
    ladder = KINDS["missing"].hint_ladder(Puzzle("h", "missing", fields=fields, hints=teacher))
    assert own[0] not in ladder and ladder[0] == teacher[0]


def test_a_hint_that_would_state_the_answer_is_left_out() -> None:
    # 1000 in decimal is 8: the place values 8 4 2 1 would state it.
    puzzle = Puzzle("c", "convert", fields={"number": "1000", "to": "decimal"})
    assert all(not leaked(hint, puzzle) for hint in KINDS["convert"].auto_hints(puzzle))


def test_a_mixmath_hand_with_a_blank_says_what_the_blank_is() -> None:
    sheet = load("mixmath")
    puzzle = sheet.puzzles[0]
    blank = Puzzle(
        "m", "move", fields={**puzzle.fields, "hand": "5 7 12 ? 9 20 1"}, prompt="Go on."
    )
    kind = KINDS["move"]
    assert "The ? tile is a blank" in kind.prompt(blank) and "like I7 ?3" in kind.prompt(blank)
    assert "The ? tile is a blank" in kind.auto_hints(blank)[0]
    assert "?" not in kind.prompt(puzzle)
