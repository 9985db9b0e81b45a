"""The special squares' names a screen reader says are whole phrases of each language
: before, the kind went untranslated into a translated frame —
"casilla double word", "petak plus", "τετράγωνο triple word"."""

from __future__ import annotations

import pytest

from mathplay.core.squares import Special
from mathplay.i18n import speaking

ENGLISH_WORDS = {"double", "triple", "word", "letter", "plus", "minus", "times", "divide",
                 "start", "square"}  # fmt: skip


@pytest.mark.parametrize("language", ["es", "ms", "el"])
def test_every_special_square_has_a_name_in_the_language(language: str) -> None:
    with speaking(language):
        names = {kind: kind.description for kind in Special}
    also_theirs = {"es": {"triple"}}.get(language, set())  # a Spanish word as well
    for kind, name in names.items():
        assert not set(name.lower().split()) & (ENGLISH_WORDS - also_theirs), (kind, name)
    assert len(set(names.values())) == len(Special)  # each kind its own name


def test_the_english_names_are_as_before() -> None:
    with speaking("en"):
        assert Special.DOUBLE_WORD.description == "double word square"
        assert Special.PLUS.description == "plus square"


@pytest.mark.parametrize(
    ("language", "labels"),
    [("en", ["DL", "TL", "DW", "TW"]), ("es", ["LD", "LT", "PD", "PT"]),
     ("el", ["ΔΓ", "ΤΓ", "ΔΛ", "ΤΛ"]), ("ms", ["2H", "3H", "2P", "3P"])],
)  # fmt: skip
def test_the_short_labels_are_the_initials_in_the_language(
    language: str, labels: list[str]
) -> None:
    """DL, TL, DW, TW stayed English on every board. The signs (★, 2×, +) are
    the same in every language."""
    kinds = [Special.DOUBLE_LETTER, Special.TRIPLE_LETTER, Special.DOUBLE_WORD,
             Special.TRIPLE_WORD]  # fmt: skip
    with speaking(language):
        assert [kind.label for kind in kinds] == labels
        assert Special.DOUBLE.label == "2×" and Special.START.label == "★"
