"""The tokenizer: every spelling of every token, positions, and what it refuses.

Rule ids: S2 (Summy's sums) and B2 (Binary's expressions) in /work/shared/rules.
"""

from __future__ import annotations

import pytest

import mathplay
from mathplay.errors import ExpressionError, MathplayError
from mathplay.expr import MAX_TEXT_LENGTH, OPERATORS, Token, tokenize


def kinds(text: str) -> list[str]:
    return [token.kind for token in tokenize(text)]


def texts(text: str) -> list[str]:
    return [token.text for token in tokenize(text)]


# --- operators: every spelling maps to one canonical name -------------------------------

SPELLINGS = [
    ("+", "ADD"),
    ("-", "SUB"),
    ("\u2212", "SUB"),  # − minus sign
    ("\u2013", "SUB"),  # – en dash (S2 writes "–")
    ("x", "MUL"),
    ("X", "MUL"),
    ("\u00d7", "MUL"),  # ×
    ("*", "MUL"),
    (":", "DIV"),
    ("\u00f7", "DIV"),  # ÷
    ("/", "DIV"),  # B2 writes "/"
]


@pytest.mark.parametrize(("symbol", "name"), SPELLINGS, ids=[f"{n}-{s!r}" for s, n in SPELLINGS])
def test_operator_symbols_have_one_canonical_name(symbol: str, name: str) -> None:
    assert tokenize(f"7{symbol}3") == [
        Token("num", "7", 0),
        Token("op", name, 1),
        Token("num", "3", 1 + len(symbol)),
    ]


WORDS = ["AND", "and", "And", "OR", "or", "oR", "XOR", "xor", "Xor", "NOT", "not", "Not"]


@pytest.mark.parametrize("word", WORDS)
def test_bitwise_words_in_any_case(word: str) -> None:
    # B2: AND OR XOR NOT, written in any case.
    tokens = tokenize(f"1 {word} 1") if word.upper() != "NOT" else tokenize(f"{word} 1")
    operator = [t for t in tokens if t.kind == "op"]
    assert [t.text for t in operator] == [word.upper()]


@pytest.mark.parametrize("text", ["1 XOR 11", "1 xor 11", "1XOR11", "1 Xor 11"])
def test_xor_is_a_word_not_a_times_sign(text: str) -> None:
    # Regression: words starting with x were read as one "x" (MUL) token.
    assert texts(text) == ["1", "XOR", "11"]


def test_a_run_of_xs_is_that_many_times_signs() -> None:
    tokens = tokenize("1xx2")
    assert [(t.text, t.position) for t in tokens] == [
        ("1", 0),
        ("MUL", 1),
        ("MUL", 2),
        ("2", 3),
    ]


def test_equals_sign() -> None:
    assert tokenize("1=1") == [Token("num", "1", 0), Token("eq", "=", 1), Token("num", "1", 2)]


# --- numbers and spaces -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("8 × 15 = 120", ["8", "MUL", "15", "=", "120"]),
        ("  8x15=120  ", ["8", "MUL", "15", "=", "120"]),
        ("1 0 1 AND 1", ["101", "AND", "1"]),  # spaces ignored, even inside a number
        ("1\t0\n1", ["101"]),
        ("12345678901234567890", ["12345678901234567890"]),
        ("101and1", ["101", "AND", "1"]),
    ],
)
def test_spaces_are_ignored(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_a_number_split_by_spaces_keeps_its_first_position() -> None:
    assert tokenize("  1 0 1=1") == [
        Token("num", "101", 2),
        Token("eq", "=", 7),
        Token("num", "1", 8),
    ]


def test_positions_are_indices_in_the_original_text() -> None:
    text = "12 +  3 = 15"
    for token in tokenize(text):
        if token.kind == "num":
            assert text[token.position :].startswith(token.text)
    assert [t.position for t in tokenize(text)] == [0, 3, 6, 8, 10]


def test_kinds() -> None:
    assert kinds("101 and 1=1") == ["num", "op", "num", "eq", "num"]


def test_empty_and_blank_text_have_no_tokens() -> None:
    assert tokenize("") == []
    assert tokenize("  \t ") == []


# --- what the tokenizer refuses -----------------------------------------------------------

REFUSED = [
    ("a+1=2", 0, "unknown word 'a'"),
    ("1+abc=2", 2, "unknown word 'abc'"),
    ("1 y 2", 2, "unknown word 'y'"),
    ("1 xy 2", 2, "unknown word 'xy'"),
    ("(1+2)x3=9", 0, "'('"),  # B2: no parentheses
    ("1.5=1", 0, "1.5 at position 1 is a decimal number"),
    ("7:2=3,5", 4, "3,5 at position 5 is a decimal number"),  # a Spanish decimal comma
    ("1. 5=1", 1, "'.'"),
    ("1+1=2; import os", 5, "';'"),
    ("2^3=8", 1, "'^'"),
    ("1 é 2", 2, "'é'"),
    ("٣=3", 0, "'٣'"),  # a non-ASCII digit is not a digit here
    ("1_000=1", 1, "'_'"),
]


@pytest.mark.parametrize(("text", "position", "fragment"), REFUSED)
def test_unknown_characters_and_words(text: str, position: int, fragment: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        tokenize(text)
    error = caught.value
    assert error.position == position
    assert fragment in str(error)
    assert f"position {position + 1}" in str(error)  # counted from 1 for a person
    assert error.text == text


def test_expression_error_is_a_value_error_and_a_mathplay_error() -> None:
    assert issubclass(ExpressionError, ValueError)
    assert issubclass(ExpressionError, MathplayError)
    assert mathplay.ExpressionError is ExpressionError
    assert mathplay.MathplayError is MathplayError


# --- the size limit -----------------------------------------------------------------------


def test_text_at_the_limit_is_read() -> None:
    text = "1" * MAX_TEXT_LENGTH
    assert texts(text) == [text]


@pytest.mark.parametrize("extra", [1, 50])
def test_text_over_the_limit_is_refused(extra: int) -> None:
    text = "1" * (MAX_TEXT_LENGTH + extra)
    with pytest.raises(ExpressionError) as caught:
        tokenize(text)
    assert caught.value.position is None
    assert str(MAX_TEXT_LENGTH) in str(caught.value)
    assert str(MAX_TEXT_LENGTH + extra) in str(caught.value)


def test_limit_is_exported() -> None:
    assert mathplay.expr.MAX_TEXT_LENGTH == MAX_TEXT_LENGTH == 1000


# --- the operator table -------------------------------------------------------------------


def test_math_order_levels() -> None:
    # B2 math order: NOT, then x /, then + -, then AND, then XOR, then OR.
    level = {name: op.level for name, op in OPERATORS.items()}
    assert level["NOT"] > level["MUL"] == level["DIV"] > level["ADD"] == level["SUB"]
    assert level["SUB"] > level["AND"] > level["XOR"] > level["OR"]


@pytest.mark.parametrize(
    ("name", "decimal", "binary"),
    [("DIV", ":", "/"), ("MUL", "x", "x"), ("ADD", "+", "+"), ("AND", "AND", "AND")],
)
def test_symbols_per_base(name: str, decimal: str, binary: str) -> None:
    # S2 writes division ":", B2 writes "/".
    assert OPERATORS[name].symbol(10) == decimal
    assert OPERATORS[name].symbol(2) == binary


def test_bitwise_flags() -> None:
    assert {name for name, op in OPERATORS.items() if op.bitwise} == {"AND", "OR", "XOR", "NOT"}
