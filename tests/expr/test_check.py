"""``mathplay.check`` and ``mathplay.evaluate``: the public API, its verdicts and errors.

Rule ids: S2 (Summy's sums, base 10) and B2 (Binary's expressions, base 2) in
/work/shared/rules; the seeds' own examples are marked "seed".
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
import sympy

import mathplay
from mathplay import ExpressionError, MathplayError, Verdict, check, evaluate
from mathplay.expr import MAX_TEXT_LENGTH

# --- the spec, exactly --------------------------------------------------------------------


def test_spec_check_true() -> None:
    v = mathplay.check("8x15=120")
    assert isinstance(v, mathplay.Verdict)
    assert v.holds is True
    assert bool(v) is True
    assert v.value == 120
    assert isinstance(v.value, sympy.Integer)
    assert v.reason is None


def test_spec_check_false_with_reason() -> None:
    v = mathplay.check("100 AND 1 = 101", base=2)  # seed (B2): printed there, but false
    assert v.holds is False
    assert bool(v) is False
    assert v.reason == "100 AND 1 is 0, not 101"
    assert v.value is None


def test_spec_left_to_right() -> None:
    assert mathplay.check("1+2x3=9", order="left-to-right").holds is True
    assert mathplay.check("1+2x3=9").holds is False


def test_spec_evaluate() -> None:
    value = mathplay.evaluate("1:2")
    assert value == sympy.Rational(1, 2)
    assert isinstance(value, sympy.Rational)
    assert not isinstance(value, sympy.Integer)


# --- true equations -----------------------------------------------------------------------

TRUE_DECIMAL = [
    # (id, text, common value)
    ("seed-8x15", "8x15=120", 120),
    ("S2-mul-before-add", "12x3+4=40", 40),
    ("S2-mul-before-add-2", "2+3x4=14", 14),
    ("S2-fraction-on-the-way", "1:2x4=2", 2),
    ("S2-negative-on-the-way", "1-5+6=2", 2),
    ("S2-left-to-right-sub", "7-3-2=2", 2),
    ("S2-left-to-right-div", "8:4:2=1", 1),
    ("S2-exact-not-float", "1:10+2:10=3:10", sympy.Rational(3, 10)),
    ("S2-exact-thirds", "1:3+1:3+1:3=1", 1),
    ("S2-zero", "0x5=0", 0),
    ("S2-zero-divided", "0:7=0", 0),
    ("fraction-both-sides", "10:4=5:2", sympy.Rational(5, 2)),
    ("three-sides", "2x3=6=1+5", 6),
    ("bare-numbers", "7=7", 7),
    ("spaces", " 8 x 15 = 120 ", 120),
    ("times-sign", "8×15=120", 120),
    ("star", "8*15=120", 120),
    ("capital-x", "8X15=120", 120),
    ("divide-sign", "9÷3=3", 3),
    ("slash", "9/3=3", 3),
    ("minus-sign", "5−2=3", 3),
    ("en-dash", "5–2=3", 3),
    ("big-numbers", "123456789x987654321=121932631112635269", 121932631112635269),
]


@pytest.mark.parametrize(
    ("text", "value"), [c[1:] for c in TRUE_DECIMAL], ids=[c[0] for c in TRUE_DECIMAL]
)
def test_true_decimal_equations(text: str, value: object) -> None:
    v = check(text)
    assert v.holds is True, v.reason
    assert v.reason is None
    assert v.value == value
    assert all(side == value for side in v.values)
    assert len(v.values) == text.count("=") + 1


TRUE_BINARY = [
    # (id, text, common value in decimal)
    ("seed-B2-1+1", "1+1=10", 2),
    ("seed-B2-11+1", "11+1=100", 4),
    ("seed-B2-three-sides", "10x10=100=11+1", 4),
    ("seed-B2-sub-chain", "1-1+1-1=0=0+0", 0),
    ("seed-B2-and", "101 AND 1 = 1", 1),
    ("seed-B2-not-001", "NOT 001 = 110", 6),
    ("seed-B2-not-right", "110 = NOT 001", 6),
    ("B2-not-101", "NOT 101 = 10", 2),
    ("B2-or-padding", "100 OR 1 = 101", 5),
    ("B2-xor", "1 XOR 11 = 10", 2),
    ("B2-exact-division", "110 / 10 = 11", 3),
    ("B2-not-zero", "NOT 0 = 1", 1),
    ("B2-not-all-ones", "NOT 111 = 0", 0),
    ("B2-plus-before-and", "1 + 1 AND 1 = 0", 0),
    ("B2-and-before-or", "1 OR 1 AND 0 = 1", 1),
    ("B2-xor-before-or", "1 OR 1 XOR 1 = 1", 1),
    ("B2-and-before-xor", "1 XOR 1 AND 0 = 1", 1),
    ("B2-not-first", "NOT 0 + 1 = 10", 2),
    ("B2-lower-case", "101 and 11 = 1", 1),
    ("B2-no-spaces", "101AND1=1", 1),
]


@pytest.mark.parametrize(
    ("text", "value"), [c[1:] for c in TRUE_BINARY], ids=[c[0] for c in TRUE_BINARY]
)
def test_true_binary_equations(text: str, value: int) -> None:
    v = check(text, base=2)
    assert v.holds is True, v.reason
    assert v.value == value
    assert isinstance(v.value, sympy.Integer)


# --- orders of operations -----------------------------------------------------------------

ORDERS = [
    # (id, text, base, holds under math, holds under left-to-right)
    ("mul-after-add", "1+2x3=7", 10, True, False),
    ("mul-after-add-ltr", "1+2x3=9", 10, False, True),
    ("div-after-sub", "10-6:2=7", 10, True, False),
    ("div-after-sub-ltr", "10-6:2=2", 10, False, True),
    ("same-both", "2x3+4=10", 10, True, True),
    ("B2-or-and", "1 OR 1 AND 0 = 1", 2, True, False),
    ("B2-or-and-ltr", "1 OR 1 AND 0 = 0", 2, False, True),
    ("B2-or-xor", "1 OR 1 XOR 1 = 1", 2, True, False),
    ("B2-or-xor-ltr", "1 OR 1 XOR 1 = 0", 2, False, True),
    ("B2-xor-and", "1 XOR 1 AND 0 = 1", 2, True, False),
    ("B2-and-plus", "1 AND 1 + 1 = 0", 2, True, False),
    ("B2-and-plus-ltr", "1 AND 1 + 1 = 10", 2, False, True),
    ("B2-not-binds-to-number", "1 + NOT 0 x 10 = 11", 2, True, False),
    ("B2-not-binds-to-number-ltr", "1 + NOT 0 x 10 = 100", 2, False, True),
]


@pytest.mark.parametrize(
    ("text", "base", "math", "ltr"), [c[1:] for c in ORDERS], ids=[c[0] for c in ORDERS]
)
def test_orders(text: str, base: int, math: bool, ltr: bool) -> None:
    assert check(text, base=base).holds is math
    assert check(text, base=base, order="math").holds is math
    assert check(text, base=base, order="left-to-right").holds is ltr


# --- false equations: a verdict with a reason, never an exception ---------------------------

FALSE = [
    # (id, text, base, order, reason)
    ("S2-wrong-sum", "3+4=8", 10, "math", "3+4 is 7, not 8"),
    ("S2-wrong-product", "2x3+4=11", 10, "math", "2x3+4 is 10, not 11"),
    ("S2-div-by-zero", "5:0=1", 10, "math", "5 : 0 divides by zero"),
    ("S2-div-by-zero-both", "1:0=1:0", 10, "math", "1 : 0 divides by zero"),
    ("S2-zero-by-zero", "0:0=0", 10, "math", "0 : 0 divides by zero"),
    ("S2-div-by-zero-fraction", "1:2:0=1", 10, "math", "1/2 : 0 divides by zero"),
    ("S2-div-by-zero-right", "1=2:0", 10, "math", "2 : 0 divides by zero"),
    ("S2-fraction-not-whole", "1:2=1", 10, "math", "1:2 is 1/2, not 1"),
    ("S2-negative", "1-5=0", 10, "math", "1-5 is -4, not 0"),
    ("numbers-differ", "3=4", 10, "math", "3 is not 4"),
    ("number-on-left", "4=1+2", 10, "math", "1+2 is 3, not 4"),
    ("both-sides-sums", "1+2=4+5", 10, "math", "1+2 is 3, but 4+5 is 9"),
    ("third-side-differs", "1+1=2=3", 10, "math", "1+1 is 2, not 3"),
    ("ltr", "1+2x3=7", 10, "left-to-right", "1+2x3 is 9, not 7"),
    ("seed-B2-and-not-101", "100 AND 1 = 101", 2, "math", "100 AND 1 is 0, not 101"),
    ("B2-inexact-division", "11 / 10 = 1", 2, "math", "11 / 10 is not a whole number"),
    ("B2-div-by-zero", "1 / 0 = 0", 2, "math", "1 / 0 divides by zero"),
    (
        "B2-negative",
        "1 - 10 = 0",
        2,
        "math",
        "1 - 10 is less than zero, and binary values must be 0 or more",
    ),
    (
        "B2-negative-on-the-way",  # ends at 0, but B2 forbids a negative value anywhere
        "1 - 1 - 1 + 1 = 0",
        2,
        "math",
        "0 - 1 is less than zero, and binary values must be 0 or more",
    ),
    ("B2-fraction-on-the-way", "1 / 10 x 10 = 1", 2, "math", "1 / 10 is not a whole number"),
    ("B2-values-in-binary", "11 + 1 = 101", 2, "math", "11 + 1 is 100, not 101"),
    ("B2-numbers-differ", "NOT 1 = 1", 2, "math", "NOT 1 is 0, not 1"),
    ("B2-bare-numbers", "10 = 11", 2, "math", "10 is not 11"),
    ("B2-ltr", "1 OR 1 AND 0 = 1", 2, "left-to-right", "1 OR 1 AND 0 is 0, not 1"),
]


@pytest.mark.parametrize(
    ("text", "base", "order", "reason"), [c[1:] for c in FALSE], ids=[c[0] for c in FALSE]
)
def test_false_equations_give_a_reason(text: str, base: int, order: str, reason: str) -> None:
    v = check(text, base=base, order=order)
    assert isinstance(v, Verdict)
    assert v.holds is False
    assert not v
    assert v.reason == reason
    assert v.value is None


def test_s2_fractions_fine_in_base_10_but_not_in_base_2() -> None:
    assert check("1:2x2=1").holds  # S2
    assert not check("1 / 10 x 10 = 1", base=2).holds  # B2, same sum in binary


def test_bitwise_words_in_base_10_need_whole_values() -> None:
    # Decimal and binary share one grammar; AND on a fraction has no value.
    assert check("5 AND 3=1").holds
    v = check("1:2 AND 1=0")
    assert not v.holds
    assert v.reason == "1/2 AND 1: AND works only on whole numbers of 0 or more"


# --- values: exact sympy numbers, one per side ----------------------------------------------


def test_values_are_sympy_integers_and_rationals() -> None:
    v = check("1:2=2:4")
    assert v.holds
    assert v.values == (sympy.Rational(1, 2), sympy.Rational(1, 2))
    assert all(isinstance(x, sympy.Rational) and not isinstance(x, sympy.Integer) for x in v.values)
    assert v.value == sympy.Rational(1, 2)
    w = check("6:3=2")
    assert all(isinstance(x, sympy.Integer) for x in w.values)


def test_values_of_a_false_equation() -> None:
    v = check("3+4=8")
    assert v.values == (7, 8)
    assert all(isinstance(x, sympy.Integer) for x in v.values)
    assert v.value is None


def test_values_are_none_where_a_side_has_no_value() -> None:
    assert check("5:0=1").values == (None, sympy.Integer(1))
    assert check("1:0=1:0").values == (None, None)
    assert check("11 / 10 = 1 = 1 - 10", base=2).values == (None, 1, None)


def test_binary_values_are_plain_numbers() -> None:
    v = check("10x10=100=11+1", base=2)
    assert v.values == (4, 4, 4)
    assert v.value == sympy.Integer(4)


def test_sides_are_available() -> None:
    v = check("8 x 15 = 120")
    assert [str(side) for side in v.sides] == ["8x15", "120"]
    assert v.canonical == "8x15=120"
    assert check("101and1=1", base=2).canonical == "101 AND 1 = 1"


# --- steps, LaTeX, markdown, repr ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "base", "order", "pieces"),
    [
        ("2x3+4=10", 10, "math", ["2x3+4", "2 x 3 = 6", "6 + 4 = 10", "holds"]),
        ("1+2x3=9", 10, "left-to-right", ["1 + 2 = 3", "3 x 3 = 9", "holds"]),
        ("1:2x4=2", 10, "math", ["1 : 2 = 1/2", "1/2 x 4 = 2"]),  # S2
        ("1-5+6=2", 10, "math", ["1 - 5 = -4", "-4 + 6 = 2"]),  # S2
        ("3+4=8", 10, "math", ["3 + 4 = 7", "3+4 is 7, not 8", "does not hold"]),
        ("5:0=1", 10, "math", ["divides by zero", "no value", "does not hold"]),
        ("100 AND 1 = 101", 2, "math", ["100 AND 1 = 0", "100 AND 1 is 0, not 101"]),
        ("NOT 001 = 110", 2, "math", ["NOT 001 = 110", "holds"]),
        ("10x10=100=11+1", 2, "math", ["Side 3", "11 + 1 = 100", "Every side is 100"]),
    ],
)
def test_steps_show_the_intermediate_results(
    text: str, base: int, order: str, pieces: list[str]
) -> None:
    steps = check(text, base=base, order=order).steps
    for piece in pieces:
        assert piece in steps


def test_steps_say_what_is_left_after_each_operation() -> None:
    steps = check("2x3+4=10").steps.splitlines()
    assert steps[0] == "Left side: 2x3+4"
    assert steps[1].strip() == "2 x 3 = 6, so it becomes 6+4"
    assert steps[-1] == "Both sides are 10, so 2x3+4=10 holds."


@pytest.mark.parametrize(
    ("text", "base", "order", "pieces"),
    [
        ("8x15=120", 10, "math", [r"8 \times 15", "= 120"]),
        ("8:4=2", 10, "math", [r"\frac{8}{4}"]),
        ("1+2x3=9", 10, "left-to-right", [r"\left(1 + 2\right) \times 3"]),
        ("101 AND 1 = 1", 2, "math", [r"101 \operatorname{AND} 1", "= 1"]),
        ("NOT 001 = 110", 2, "math", [r"\operatorname{NOT}", "001", "110"]),
        ("110 / 10 = 11", 2, "math", [r"110 \div 10"]),
        ("1 OR 1 AND 0 = 0", 2, "left-to-right", [r"\left(1 \operatorname{OR} 1\right)"]),
    ],
)
def test_latex_pieces(text: str, base: int, order: str, pieces: list[str]) -> None:
    latex = check(text, base=base, order=order).latex
    assert latex.strip()
    for piece in pieces:
        assert piece in latex


def test_latex_has_one_equals_sign_between_each_pair_of_sides() -> None:
    assert check("10x10=100=11+1", base=2).latex.count("=") == 2


@pytest.mark.parametrize("base", [10, 2])
def test_latex_of_a_long_side(base: int) -> None:
    # Regression: sympy's printer recursed past Python's limit on long sides.
    text = "1+" * 498 + "1=1"
    assert len(text) <= MAX_TEXT_LENGTH
    latex = check(text, base=base).latex
    assert latex.count("+") == 498


def test_markdown_says_true_in_words() -> None:
    markdown = check("8x15=120")._repr_markdown_()
    assert "is true" in markdown
    assert "not true" not in markdown
    assert "**8x15=120**" in markdown
    assert "120" in markdown


def test_markdown_says_not_true_and_why() -> None:
    markdown = check("100 AND 1 = 101", base=2)._repr_markdown_()
    assert "is not true" in markdown
    assert "100 AND 1 is 0, not 101" in markdown


def test_repr() -> None:
    assert repr(check("8x15=120")) == "Verdict('8x15=120', holds=True, value=120)"
    assert "binary 100" in repr(check("11+1=100", base=2))
    assert "reason='3+4 is 7, not 8'" in repr(check("3+4=8"))


# --- malformed text raises ExpressionError with a position ----------------------------------

MALFORMED = [
    # (id, text, base, position)
    ("two-ops", "1++2=3", 10, 2),
    ("eq-first", "=5", 10, 0),
    ("no-eq", "3+4", 10, 3),
    ("no-eq-number", "7", 10, 1),
    ("no-eq-b2", "1 + 1", 2, 5),
    ("eq-last", "3+4=7=", 10, 5),
    ("letters", "a+1=2", 10, 0),
    ("B2-digit-2", "2+1=3", 2, 0),
    ("B2-leading-plus", "+1=1", 2, 0),
    ("S2-leading-plus", "+1=1", 10, 0),
    ("op-op", "1 x : 2 = 3", 10, 4),
    ("empty", "", 10, 0),
    ("S2-leading-zero", "07=7", 10, 0),
    ("B2-not-not", "NOT NOT 1 = 0", 2, 4),
    ("B2-1-not-1", "1 NOT 1 = 0", 2, 2),
    ("not-in-b10", "NOT 1 = 0", 10, 0),
]


@pytest.mark.parametrize(
    ("text", "base", "position"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED]
)
def test_malformed_text_raises(text: str, base: int, position: int) -> None:
    with pytest.raises(ExpressionError) as caught:
        check(text, base=base)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, MathplayError)
    assert error.position == position
    assert str(error)


def test_no_equals_sign_message() -> None:
    with pytest.raises(ExpressionError, match="no '='"):
        check("3+4")


@pytest.mark.parametrize("base", [10, 2])
def test_size_limit(base: int) -> None:
    at_limit = "1=" + "1" * (MAX_TEXT_LENGTH - 2)
    assert len(at_limit) == MAX_TEXT_LENGTH
    assert check(at_limit, base=base).holds is False
    with pytest.raises(ExpressionError) as caught:
        check(at_limit + "1", base=base)
    assert caught.value.position is None
    assert str(MAX_TEXT_LENGTH) in str(caught.value)


# --- options ------------------------------------------------------------------------------


@pytest.mark.parametrize("base", [3, 8, 16, 0, -2, 10.0, "10", None])
def test_other_bases_are_a_value_error(base: object) -> None:
    with pytest.raises(ValueError, match="base"):
        check("1=1", base=base)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="base"):
        evaluate("1", base=base)  # type: ignore[arg-type]


@pytest.mark.parametrize("order", ["Math", "ltr", "right-to-left", ""])
def test_other_orders_are_a_value_error(order: str) -> None:
    with pytest.raises(ValueError, match="order"):
        check("1=1", order=order)
    with pytest.raises(ValueError, match="order"):
        evaluate("1", order=order)


def test_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        check("1+1=10", 2)  # type: ignore[misc]
    with pytest.raises(TypeError):
        evaluate("1+1", 2)  # type: ignore[misc]


# --- evaluate -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "base", "order", "value"),
    [
        ("1:2", 10, "math", sympy.Rational(1, 2)),
        ("2x3+4", 10, "math", sympy.Integer(10)),
        ("1+2x3", 10, "left-to-right", sympy.Integer(9)),
        ("1-5", 10, "math", sympy.Integer(-4)),  # S2: negative values are fine
        ("7", 10, "math", sympy.Integer(7)),
        ("101 AND 1", 2, "math", sympy.Integer(1)),
        ("NOT 001", 2, "math", sympy.Integer(6)),
        ("11 + 1", 2, "math", sympy.Integer(4)),
    ],
)
def test_evaluate(text: str, base: int, order: str, value: object) -> None:
    result = evaluate(text, base=base, order=order)
    assert result == value
    assert isinstance(result, sympy.Rational)  # exact: Integer is a Rational too
    assert isinstance(result, sympy.Integer) == isinstance(value, sympy.Integer)


@pytest.mark.parametrize(
    ("text", "base", "fragment"),
    [
        ("1=1", 10, "use check()"),
        ("1:0", 10, "divides by zero"),
        ("11 / 10", 2, "not a whole number"),
        ("1 - 10", 2, "less than zero"),
        ("", 10, "empty"),
        ("1++1", 10, "two operators"),
    ],
)
def test_evaluate_errors(text: str, base: int, fragment: str) -> None:
    with pytest.raises(ExpressionError, match=re.escape(fragment)):
        evaluate(text, base=base)


def test_evaluate_equals_sign_position() -> None:
    with pytest.raises(ExpressionError) as caught:
        evaluate("1+1=2")
    assert caught.value.position == 3


# --- security: user text never reaches an evaluator -----------------------------------------

PACKAGE = Path(mathplay.__file__).parent
FORBIDDEN = re.compile(r"\b(eval|exec|sympify|parse_expr|S)\s*\(|sympy\.parsing|__import__")


def test_no_eval_exec_sympify_or_parse_expr_in_the_package() -> None:
    sources = sorted(PACKAGE.rglob("*.py"))
    assert any(path.name == "verdict.py" for path in sources)
    offenders = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FORBIDDEN.search(line)
    ]
    assert offenders == []


def test_python_code_is_not_run() -> None:
    for text in ["__import__('os').system('true')=0", "1+1=2;print(1)", "2**3=8"]:
        with pytest.raises(ExpressionError):
            check(text)


# --- the user doc's examples are true -------------------------------------------------------


def test_user_doc_examples() -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "checker.md"
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    result = doctest.testfile(str(path), module_relative=False, optionflags=flags)
    assert result.attempted >= 15
    assert result.failed == 0


def test_bad_options_are_mathplay_errors_and_value_errors() -> None:
    import mathplay

    for call in (
        lambda: mathplay.check("1+1=2", base=3),
        lambda: mathplay.check("1+1=2", order="right-to-left"),
        lambda: mathplay.Summy(size=8),
        lambda: mathplay.Mixmath(players=9),
        lambda: mathplay.Binary(order="sideways"),
    ):
        with pytest.raises(mathplay.OptionsError) as error:
            call()
        assert isinstance(error.value, mathplay.MathplayError)
        assert isinstance(error.value, ValueError)


def test_markdown_names_the_sides_in_plain_words() -> None:
    assert "True: **3+4=7** is true, both sides are 7." in check("3+4=7")._repr_markdown_()
    assert "all 3 sides are 7" in check("3+4=7=7")._repr_markdown_()
    assert "every side" not in check("3+4=7")._repr_markdown_()
    assert "❌ Not true: **3+4=8** is not true, because" in check("3+4=8")._repr_markdown_()
