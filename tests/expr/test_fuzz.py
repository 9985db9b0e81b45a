"""Property tests: nothing but a Verdict or an ExpressionError ever comes out, quickly, and
well-formed equations built with independently computed values always hold.

Rule ids: S2 (Summy's sums, base 10) and B2 (Binary's expressions, base 2).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from fractions import Fraction
from unittest import mock

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathplay import ExpressionError, Verdict, check, evaluate
from mathplay.expr import MAX_TEXT_LENGTH, ORDERS
from mathplay.expr.tokens import text_length

# No deadline: a test never asserts on time (a busy machine made these fail); how fast
# the checker is on every kind of text is bench/checker.py's to say.
FAST = settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])

# --- arbitrary text over the token alphabet -----------------------------------------------

PIECES = [
    *"0123456789",
    *"0011",  # more binary digits
    " ",
    " ",
    *"+-−–x×*:÷/=",
    "=",
    "AND",
    "and",
    " OR ",
    "or",
    "XOR",
    "xor",
    "NOT ",
    "not",
    "Not",
    *"aXyzé(.\t",
]
CHARACTERS = sorted({ch for piece in PIECES for ch in piece})

DECIMAL_NUMBERS = ["0", "1", "2", "7", "10", "12", "99", "120"]
BINARY_NUMBERS = ["0", "1", "10", "11", "100", "101"]
OPERATORS = ["+", " + ", "-", "−", "–", "x", " × ", "*", ":", "÷", "/", " AND ", "or", " XOR "]


@st.composite
def near_equations(draw: st.DrawFn, base: int) -> str:
    """Equations in every spelling for ``base``, some broken by one inserted or deleted
    piece, so that both verdicts and near-miss errors are common."""
    numbers = DECIMAL_NUMBERS if base == 10 else BINARY_NUMBERS

    def operand() -> str:
        number = draw(st.sampled_from(numbers))
        if base == 2 and draw(st.integers(0, 5)) == 0:
            return "NOT " + number.zfill(draw(st.integers(len(number), 4)))
        return number

    def side() -> str:
        count = draw(st.integers(0, 4))
        return operand() + "".join(
            draw(st.sampled_from(OPERATORS)) + operand() for _ in range(count)
        )

    sides = [side() for _ in range(draw(st.sampled_from([1, 2, 2, 2, 3])))]
    text = draw(st.sampled_from(["=", " = "])).join(sides)
    mutation = draw(st.sampled_from(["none", "none", "none", "insert", "delete"]))
    where = draw(st.integers(0, len(text)))
    if mutation == "insert":
        text = text[:where] + draw(st.sampled_from(PIECES)) + text[where:]
    elif mutation == "delete":
        text = text[:where] + text[where + 1 :]
    return text


@st.composite
def texts_and_bases(draw: st.DrawFn) -> tuple[str, int]:
    base = draw(st.sampled_from([10, 2]))
    text = draw(
        st.one_of(
            st.lists(st.sampled_from(PIECES), max_size=40).map("".join),
            st.text(alphabet=st.sampled_from(CHARACTERS), max_size=40),
            near_equations(base),
            near_equations(base),
        )
    )
    return text, base


bases = st.sampled_from([10, 2])


@st.composite
def long_texts_and_bases(draw: st.DrawFn) -> tuple[str, int]:
    """Texts of a few hundred characters, up to a little over the limit."""
    base = draw(bases)
    if draw(st.booleans()):
        return draw(
            st.lists(st.sampled_from(PIECES), min_size=150, max_size=500).map("".join)
        ), base
    numbers = DECIMAL_NUMBERS if base == 10 else BINARY_NUMBERS
    count = draw(st.integers(100, 300))
    side = draw(st.sampled_from(numbers)) + "".join(
        draw(st.sampled_from(OPERATORS)) + draw(st.sampled_from(numbers)) for _ in range(count)
    )
    return f"{side}={draw(st.sampled_from(numbers))}", base


orders = st.sampled_from(sorted(ORDERS))


def assert_well_formed_verdict(verdict: Verdict, text: str) -> None:
    assert isinstance(verdict, Verdict)
    assert isinstance(verdict.holds, bool)
    assert bool(verdict) is verdict.holds
    assert len(verdict.values) == text.count("=") + 1
    for value in verdict.values:
        assert value is None or isinstance(value, sympy.Rational)
    if verdict.holds:
        assert verdict.reason is None
        assert verdict.value is not None
        assert all(value == verdict.value for value in verdict.values)
    else:
        assert isinstance(verdict.reason, str)
        assert verdict.reason
        assert verdict.value is None


def assert_well_formed_error(error: ExpressionError, text: str) -> None:
    assert str(error)
    assert error.position is None or 0 <= error.position <= len(text)


@FAST
@given(case=texts_and_bases(), order=orders)
def test_check_gives_a_verdict_or_an_expression_error(case: tuple[str, int], order: str) -> None:
    text, base = case
    try:
        verdict = check(text, base=base, order=order)
    except ExpressionError as error:
        assert_well_formed_error(error, text)
        return
    assert_well_formed_verdict(verdict, text)
    # Explaining a verdict never fails either.
    assert verdict.steps
    assert verdict.latex
    assert "true" in verdict._repr_markdown_()
    assert repr(verdict).startswith("Verdict(")


@FAST
@given(case=texts_and_bases(), order=orders)
def test_evaluate_gives_a_number_or_an_expression_error(case: tuple[str, int], order: str) -> None:
    text, base = case
    try:
        value = evaluate(text, base=base, order=order)
    except ExpressionError as error:
        assert_well_formed_error(error, text)
        return
    assert isinstance(value, sympy.Rational)
    assert "=" not in text


@settings(deadline=None, max_examples=100)
@given(case=long_texts_and_bases(), order=orders)
def test_long_text_is_refused_in_words_or_checked(case: tuple[str, int], order: str) -> None:
    text, base = case
    try:
        verdict = check(text, base=base, order=order)
    except ExpressionError as error:
        assert_well_formed_error(error, text)
        if text_length(text) > MAX_TEXT_LENGTH:
            assert error.position is None
        return
    assert text_length(text) <= MAX_TEXT_LENGTH  # spaces are not counted
    assert_well_formed_verdict(verdict, text)


# --- well-formed equations with independently computed values ------------------------------

APPLY: dict[str, Callable[[Fraction, Fraction], Fraction]] = {
    "+": operator.add,
    "-": operator.sub,
    "x": operator.mul,
    ":": operator.truediv,
}
MATH_LEVELS = {"x": 2, ":": 2, "+": 1, "-": 1}
FLAT_LEVELS = dict.fromkeys(MATH_LEVELS, 0)


def reference(numbers: list[Fraction], ops: list[str], levels: dict[str, int]) -> Fraction:
    """Split at the rightmost operator of the lowest level (so equal levels associate to
    the left) and recurse: a different algorithm from the checker's group-by-group fold."""
    if not ops:
        return numbers[0]
    lowest = min(levels[op] for op in ops)
    split = max(i for i, op in enumerate(ops) if levels[op] == lowest)
    left = reference(numbers[: split + 1], ops[:split], levels)
    right = reference(numbers[split + 1 :], ops[split + 1 :], levels)
    return APPLY[ops[split]](left, right)


def written(value: Fraction) -> str:
    """A decimal expression whose value is ``value`` in either order (S2 has no negative
    numbers and no fraction literals, so -3/4 is written 0-3:4)."""
    size = f"{abs(value.numerator)}" + (f":{value.denominator}" if value.denominator != 1 else "")
    return size if value >= 0 else f"0-{size}"


@st.composite
def decimal_expressions(draw: st.DrawFn, ops: str = "+-x") -> tuple[str, list[int], list[str]]:
    count = draw(st.integers(1, 7))
    numbers = draw(st.lists(st.integers(0, 20), min_size=count, max_size=count))
    operators = draw(st.lists(st.sampled_from(ops), min_size=count - 1, max_size=count - 1))
    text = str(numbers[0]) + "".join(op + str(n) for op, n in zip(operators, numbers[1:]))
    return text, numbers, operators


@FAST
@given(expression=decimal_expressions(), order=orders)
def test_s2_sums_with_python_values_hold(
    expression: tuple[str, list[int], list[str]], order: str
) -> None:
    text, numbers, ops = expression
    levels = MATH_LEVELS if order == "math" else FLAT_LEVELS
    value = reference([Fraction(n) for n in numbers], ops, levels)
    verdict = check(f"{text}={written(value)}", order=order)
    assert verdict.holds, verdict.reason
    assert verdict.value == sympy.Rational(value.numerator, value.denominator)
    if value >= 0 and ops:
        wrong = check(f"{text}={value + 1}", order=order)
        assert not wrong.holds
        assert wrong.reason == f"{text} is {value}, not {value + 1}"


@FAST
@given(expression=decimal_expressions(ops="+-x:"), order=orders)
def test_s2_division_is_exact_or_fails_on_zero(
    expression: tuple[str, list[int], list[str]], order: str
) -> None:
    text, numbers, ops = expression
    levels = MATH_LEVELS if order == "math" else FLAT_LEVELS
    try:
        value = reference([Fraction(n) for n in numbers], ops, levels)
    except ZeroDivisionError:
        verdict = check(f"{text}=0", order=order)
        assert not verdict.holds
        assert verdict.reason is not None
        assert verdict.reason.endswith("divides by zero")
        assert verdict.values[0] is None
        return
    verdict = check(f"{text}={written(value)}", order=order)
    assert verdict.holds, verdict.reason
    assert verdict.value == sympy.Rational(value.numerator, value.denominator)
    assert evaluate(text, order=order) == verdict.value


def _general(text: str, base: int, order: str) -> Verdict:
    """The checker's verdict with its fast paths turned off (the general path)."""
    with (
        mock.patch("mathplay.expr.verdict.plain_decimal_sides", return_value=None),
        mock.patch("mathplay.expr.verdict.plain_binary_sides", return_value=None),
    ):
        return check(text, base=base, order=order)


def _same(fast: Verdict, general: Verdict) -> None:
    assert fast.holds == general.holds
    assert fast.reason == general.reason
    assert fast.values == general.values
    assert fast.steps == general.steps
    assert fast.canonical == general.canonical


@FAST
@given(expression=decimal_expressions(ops="+-x:"), order=orders)
def test_every_spelling_gives_the_same_verdict(
    expression: tuple[str, list[int], list[str]], order: str
) -> None:
    # Plain text ("12x3+4=40") and the ways people write it ("12 × 3 + 4 = 40",
    # "12*3+4=40") take the checker's fast path; the general path must say exactly the
    # same thing.
    text, _, _ = expression
    for right in ("0", "7", "1:2"):
        plain = f"{text}={right}"
        general = _general(plain, 10, order)
        for spelled in (
            plain,
            plain.replace("x", " × ").replace(":", " ÷ ").replace("-", "−"),
            plain.replace("x", "*").replace(":", "/"),
        ):
            _same(check(spelled, order=order), general)


@FAST
@given(data=st.data(), order=orders)
def test_binary_plain_text_gives_the_general_verdict(data: st.DataObject, order: str) -> None:
    # "101 x 11 - 1 = 1110": the fast path for binary, or (a value below 0 or not whole
    # on the way) the general path; the verdict is the same either way.
    count = data.draw(st.integers(1, 5))
    numbers = [format(data.draw(st.integers(0, 20)), "b") for _ in range(count)]
    ops = [
        data.draw(st.sampled_from(["+", "-", "x", "/", "×", "÷", "−"])) for _ in range(count - 1)
    ]
    text = numbers[0] + "".join(f" {op} {n}" for op, n in zip(ops, numbers[1:]))
    for right in ("0", "1", "110", "10 + 1"):
        equation = f"{text} = {right}"
        try:
            general = _general(equation, 2, order)
        except ExpressionError:
            with pytest.raises(ExpressionError):
                check(equation, base=2, order=order)
            continue
        _same(check(equation, base=2, order=order), general)


# --- base 2: B2 values -------------------------------------------------------------------

BINARY_APPLY: dict[str, Callable[[int, int], int]] = {
    "x": operator.mul,
    "+": operator.add,
    "AND": operator.and_,
    "XOR": operator.xor,
    "OR": operator.or_,
}
BINARY_MATH_LEVELS = {"x": 4, "+": 3, "AND": 2, "XOR": 1, "OR": 0}  # B2 math order
BINARY_FLAT_LEVELS = dict.fromkeys(BINARY_MATH_LEVELS, 0)


def binary_reference(numbers: list[int], ops: list[str], levels: dict[str, int]) -> int:
    if not ops:
        return numbers[0]
    lowest = min(levels[op] for op in ops)
    split = max(i for i, op in enumerate(ops) if levels[op] == lowest)
    left = binary_reference(numbers[: split + 1], ops[:split], levels)
    right = binary_reference(numbers[split + 1 :], ops[split + 1 :], levels)
    return BINARY_APPLY[ops[split]](left, right)


@st.composite
def binary_operand(draw: st.DrawFn) -> tuple[str, int]:
    number = draw(st.integers(0, 15))
    digits = format(number, "b")
    if not draw(st.booleans()):
        return digits, number
    width = draw(st.integers(len(digits), 6))  # B2: NOT flips the written width
    return f"NOT {digits.zfill(width)}", (2**width - 1) ^ number


@FAST
@given(data=st.data(), order=orders)
def test_b2_expressions_with_python_values_hold(data: st.DataObject, order: str) -> None:
    count = data.draw(st.integers(1, 6))
    operands = [data.draw(binary_operand()) for _ in range(count)]
    ops = [data.draw(st.sampled_from(sorted(BINARY_APPLY))) for _ in range(count - 1)]
    text = operands[0][0] + "".join(f" {op} {o[0]}" for op, o in zip(ops, operands[1:]))
    levels = BINARY_MATH_LEVELS if order == "math" else BINARY_FLAT_LEVELS
    value = binary_reference([o[1] for o in operands], ops, levels)
    verdict = check(f"{text} = {value:b}", base=2, order=order)
    assert verdict.holds, verdict.reason
    assert verdict.value == value
    assert not check(f"{text} = {value + 1:b}", base=2, order=order).holds
