"""The logic operations in the words of the languages' schools: Greek ΚΑΙ, Ή, ΟΧΙ and
Malay DAN, ATAU, TAK are read as AND, OR, NOT in every language (docs/translating.md)."""

from __future__ import annotations

import pytest

import mathplay
from mathplay.errors import ExpressionError
from mathplay.expr.tokens import tokenize


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("101 ΚΑΙ 110 = 100", "101 AND 110 = 100"),
        ("101 και 110 = 100", "101 AND 110 = 100"),
        ("101 Ή 10 = 111", "101 OR 10 = 111"),
        ("101 η 10 = 111", "101 OR 10 = 111"),
        ("ΟΧΙ 0 = 1", "NOT 0 = 1"),
        ("όχι 1 = 0", "NOT 1 = 0"),
        ("101 DAN 110 = 100", "101 AND 110 = 100"),
        ("101 atau 10 = 111", "101 OR 10 = 111"),
        ("TAK 0 = 1", "NOT 0 = 1"),
        ("tidak 1 = 0", "NOT 1 = 0"),
    ],
)
def test_local_words_read_as_the_english_ones(text: str, english: str) -> None:
    assert [t.text for t in tokenize(text)] == [t.text for t in tokenize(english)]
    local, plain = mathplay.check(text, base=2), mathplay.check(english, base=2)
    assert local.holds is plain.holds is True
    assert local.value == plain.value


@pytest.mark.parametrize("text", ["1 Y 1 = 1", "1 καιρός 1 = 1", "1 ANDD 1 = 1", "1 é 1 = 1"])
def test_other_words_are_refused_with_the_word_named(text: str) -> None:
    with pytest.raises(ExpressionError) as refused:
        tokenize(text)
    assert "unknown word" in str(refused.value)


def test_the_refusal_names_the_local_words_in_greek_and_malay() -> None:
    try:
        for language, word in (("el", "ΚΑΙ (AND)"), ("ms", "DAN (AND)")):
            mathplay.set_language(language)
            with pytest.raises(ExpressionError) as refused:
                mathplay.check("1 Y 1 = 1", base=2)
            assert word in str(refused.value) and "'Y'" in str(refused.value)
    finally:
        mathplay.set_language("en")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("το `1 ΚΑΙ 0 = 0` είναι", ["1 ΚΑΙ 0 = 0"]),
        ("ΟΧΙ 1 = 0, και 1 Ή 0 = 1.", ["ΟΧΙ 1 = 0", "1 Ή 0 = 1"]),
        ("`1 DAN 0 = 0` sama dengan", ["1 DAN 0 = 0"]),
        ("TAK 0 = 1", ["TAK 0 = 1"]),
        ("Η αφαίρεση: 3 = 3", ["3 = 3"]),  # Η without its accent is Greek's article
        ("hari cerah dan 3 = 3", ["3 = 3"]),  # the Malay word in prose is not an operator
    ],
)
def test_a_lessons_text_finds_equations_with_the_school_words(text: str, found: list[str]) -> None:
    """`mathplay lessons check` checks every equation of a Greek or Malay lesson's text,
    the school words in it too."""
    from mathplay.expr.prose import find_equations

    assert [f.text for f in find_equations(text)] == found
