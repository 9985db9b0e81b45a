"""M10 variants, each a named option, off by default.

What each one allows (also in docs/rules/mixmath-decisions.md), with ``a`` the nearer and
``b`` the farther of the two numbers next to the tile:

- ``powers``: also ``t = a^b`` or ``t = b^a`` (``0^0`` is not defined).
- ``modulo``: also ``t = larger mod smaller`` (never mod 0), so 8 and 3 allow 2; the
  trivial ``3 mod 8 = 3`` does not count.
- ``logarithms``: also ``t = log_a(b)`` or ``t = log_b(a)`` when it is a whole number
  (base ≥ 2, argument ≥ 1), so 2 and 8 allow 3, and 5 and 1 allow 0.
- ``sequences``: also ``t`` = 3 to 5 consecutive numbers of the line next to the tile
  (nearest first, no gap) combined with + − × ÷, in their order along the line read
  either way, × and ÷ before + and −, exactly; the result is a whole number.

On a sign square only that operation counts: powers, modulo and logarithms never count
there, and a sequence counts only if all its operators are that sign.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from mathplay import load
from mathplay.games.mixmath import Kind, Mixmath, MixmathOptions
from mathplay.games.mixmath.equations import MAX_SEQUENCE, _expression_values, direction_values

from .helpers import assert_refused, blank_values, position

ALL: dict[str, Any] = {"sequences": True, "powers": True, "modulo": True, "logarithms": True}


def test_M10_variants_are_off_by_default() -> None:
    options = Mixmath(seed=1).options
    assert options == MixmathOptions()
    assert not (options.sequences or options.powers or options.modulo or options.logarithms)
    game = position({"C12": "3", "B12": "2"}, ["?"])
    assert blank_values(game, "D12") == {5, 1, 6}


@pytest.mark.parametrize(
    ("cells", "variant", "added"),
    [
        ({"C12": "3", "B12": "2"}, "powers", {9, 8}),  # 3^2, 2^3
        ({"C12": "1", "B12": "0"}, "powers", set()),  # 1^0 = 1, 0^1 = 0: nothing new
        ({"C12": "0", "B12": "?0"}, "powers", set()),  # 0^0 is not defined
        ({"C12": "3", "B12": "8"}, "modulo", {2}),  # 8 mod 3
        ({"C12": "0", "B12": "5"}, "modulo", set()),  # never mod 0
        ({"C12": "2", "B12": "8"}, "logarithms", {3}),  # log2 8
        ({"C12": "1", "B12": "5"}, "logarithms", {0}),  # log5 1
        ({"C12": "9", "B12": "3"}, "logarithms", {2}),  # log3 9
        ({"C12": "2", "B12": "2", "A12": "4"}, "sequences", {3, 5, 6, 8, 10, 16}),
    ],
)
def test_M10_each_variant_adds_exactly(
    cells: dict[str, str], variant: str, added: set[int]
) -> None:
    plain = blank_values(position(cells, ["?"]), "D12")
    varied = blank_values(position(cells, ["?"], **{variant: True}), "D12")
    assert varied - plain == added
    assert plain <= varied


def test_M10_modulo_is_the_larger_mod_the_smaller() -> None:
    game = position({"C12": "3", "B12": "8"}, ["3"], modulo=True)
    assert_refused(game, "D12 3", "M4", "8 mod 3 is 2")


def test_M10_messages_show_the_variant_arithmetic() -> None:
    game = position({"C12": "2", "B12": "8"}, ["7"], **ALL)
    message = assert_refused(game, "D12 7", "M4")
    for fact in ("8+2 is 10", "2^8 is more than 90", "8^2 is 64", "8 mod 2 is 0"):
        assert fact in message
    assert "log base 2 of 8 is 3" in message and "none is 7" in message
    game = position({"C12": "2", "B12": "2", "A12": "4"}, ["7"], sequences=True)
    assert_refused(game, "D12 7", "M4", "no sequence of 4 2 2 makes 7")


def test_M10_sequence_example_4_times_2_plus_2() -> None:
    game = position({"C12": "2", "B12": "2", "A12": "4"}, ["10"], sequences=True)
    assert game.play("D12 10") == 10
    strict = position({"C12": "2", "B12": "2", "A12": "4"}, ["10"])
    assert_refused(strict, "D12 10", "M4")


def test_M10_sequences_read_both_ways_and_use_the_order_of_operations() -> None:
    # 2 3 4 next to the tile: 2+3×4 = 14 and 4×3+2 = 14; (2+3)×4 = 20 is not an option
    values = direction_values((4, 3, 2), None, MixmathOptions(sequences=True))
    assert 14 in values and 20 not in values
    # exact arithmetic: with only × and ÷, 3 2 4 gives 3÷2×4 = 6 and 3×2×4 = 24
    # (3÷2 is not whole on the way; 3×2÷4 and 3÷2÷4 are not whole at the end)
    assert _expression_values((3, 2, 4), (Kind.MUL, Kind.DIV)) == {6, 24}


def _precedence_value(numbers: tuple[int, ...], ops: tuple[str, ...]) -> Fraction | None:
    """A plain evaluator: × ÷ first, left to right, then + −; None on division by 0."""
    terms: list[Fraction] = [Fraction(numbers[0])]
    signs: list[str] = []
    for op, number in zip(ops, numbers[1:]):
        if op == "*":
            terms[-1] *= number
        elif op == "/":
            if number == 0:
                return None
            terms[-1] /= number
        else:
            signs.append(op)
            terms.append(Fraction(number))
    total = terms[0]
    for sign, term in zip(signs, terms[1:]):
        total = total + term if sign == "+" else total - term
    return total


def _naive_sequences(run: tuple[int, ...]) -> set[int]:
    found: set[int] = set()
    for length in range(2, min(len(run), MAX_SEQUENCE) + 1):
        for numbers in (run[:length], run[:length][::-1]):
            for ops in product("+-*/", repeat=length - 1):
                value = _precedence_value(numbers, ops)
                if value is not None and value.denominator == 1 and 0 <= value <= 90:
                    found.add(int(value))
    return found


@pytest.mark.parametrize(
    "run",
    [(2, 2, 4), (4, 3, 2), (1, 1, 1, 1, 1, 1), (7, 0, 3), (9, 3, 6, 2), (5, 8, 2, 10, 3, 7)],
)
def test_M10_sequences_match_a_naive_enumeration(run: tuple[int, ...]) -> None:
    assert direction_values(run, None, MixmathOptions(sequences=True)) == _naive_sequences(run)


def test_M10_sequences_are_limited_to_five_numbers() -> None:
    assert MAX_SEQUENCE == 5
    cells = {f"{c}12": "1" for c in "ABCDEF"}  # six 1s left of G12
    game = position(cells, ["5 6"], sequences=True)
    assert game.play("G12 5") == 5  # 1+1+1+1+1
    game = position(cells, ["5 6"], sequences=True)
    assert_refused(game, "G12 6", "M4")  # 1+1+1+1+1+1 would need six


def test_M10_on_a_sign_square_only_that_operation() -> None:
    # E7 is a + square, right of F7 G7 H7 = 3 1 2
    game = position({"F7": "3"}, ["?"], **ALL)
    assert blank_values(game, "E7") == {4, 6}  # 3+1 and 3+1+2, nothing else
    # J7 is a × square; 2^3 = 8 does not count there
    game = position({"I7": "3"}, ["?"], **ALL)
    assert blank_values(game, "J7") == {6}
    assert direction_values((3, 2), Kind.MUL, MixmathOptions(**ALL)) == {6}


def test_M10_options_are_saved_and_loaded() -> None:
    game = Mixmath(players=2, seed=9, powers=True, modulo=True)
    again = load(game.save())
    assert again.options == game.options and again.options.powers and not again.options.sequences
