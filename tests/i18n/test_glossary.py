"""The glossary of docs/translating.md, kept (issue 54): each idea is written one way in a
language's catalogue. A Greek or Malay message writes the logic words as the chips do
(ΚΑΙ, DAN), never AND/OR/NOT — except an English name given in brackets beside its own
("ΚΑΙ (AND)") or code (``bitwise(a, None, 'NOT')``).

Before: 38 messages per language said AND, OR, NOT ("χρησιμοποίησες OR, αλλά το σύμβολο
είναι ΚΑΙ")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[2] / "mathplay" / "locale"
ENGLISH_LOGIC = re.compile(r"(?<![\w(])(AND|OR|NOT)(?![\w)])")
CODE = ("bitwise(", "truth_table(", "mathplay.")


def messages(language: str) -> list[tuple[str, str]]:
    """Each (msgid, msgstr form) of the language's catalogue."""
    with open(LOCALE / language / "LC_MESSAGES" / "mathplay.po", "rb") as file:
        catalogue = read_po(file)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        found.extend((key, form) for form in forms if form)
    return found


@pytest.mark.parametrize("language", ["el", "ms"])
def test_the_logic_words_are_the_languages_own(language: str) -> None:
    english = [
        f"{key[:50]!r}: {text[:90]!r}"
        for key, text in messages(language)
        if ENGLISH_LOGIC.search(text) and not any(code in text for code in CODE)
    ]
    assert english == [], "\n".join(english)
