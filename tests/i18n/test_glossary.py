"""The glossary of docs/translating.md, kept: each idea is written one way in a
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


ROOT = Path(__file__).resolve().parents[2]
#: A glossary idea written another way (docs/translating.md), per language: the pattern,
#: and what may stay (a sentence where the word has its own meaning).
OTHER_WAYS = {
    "es": [
        (r"\bmesa\b", r"juego de mesa"),  # a board game
        (r"\bbloques?\b", None),
        (r"\bdecimales\b", None),
    ],
    "el": [(r"\bτουβλάκ", None), (r"\bτραπέζι", None), (r"\bδεκαδικούς\b", None)],
    "ms": [
        (r"\btangan\b", r"dengan tangan"),  # "check it by hand" is its own meaning
        (r"\bmeja\b", None),
        (r"perpuluhan", r"nombor perpuluhan"),  # a pupil typed 3,5: a decimal it is
    ],
}


def texts(language: str) -> list[tuple[str, str]]:
    """(where, text) of every message, lesson, lesson puzzle file and shipped set of the
    language."""
    found = [(f"catalogue: {key[:40]!r}", text) for key, text in messages(language)]
    for path in sorted((ROOT / "lessons" / language).glob("*.md")):
        found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "lessons" / language / "puzzles").glob("*.toml")):
        found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "mathplay" / "puzzles" / "sets" / language).glob("*.toml")):
        found.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("language", sorted(OTHER_WAYS))
def test_each_idea_is_written_the_glossarys_way(language: str) -> None:
    """Before: Summy's "suma / bloque / mesa" in Spanish where lesson 00 teaches
    "operación / ficha / tablero"; "τουβλάκι / τραπέζι" in Greek; Malay "memegang
    tangan" (holds hands), "meja", and "perpuluhan" for base ten."""
    other = []
    for where, text in texts(language):
        for line in text.splitlines():
            for pattern, allowed in OTHER_WAYS[language]:
                if re.search(pattern, line, re.IGNORECASE) and not (
                    allowed and re.search(allowed, line, re.IGNORECASE)
                ):
                    other.append(f"{where}: {pattern}: {line.strip()[:100]}")
    assert other == [], "\n".join(other[:30])


def _prose(text: str) -> list[str]:
    """The lines of a lesson outside its code cells and front matter."""
    lines, code, front = [], False, text.startswith("---")
    for number, line in enumerate(text.splitlines()):
        if front:
            front = not (number > 0 and line.strip() == "---")
            continue
        if line.startswith("```{code-cell}"):
            code = True
        elif code and line.strip() == "```":
            code = False
        elif not code:
            lines.append(line)
    return lines


@pytest.mark.parametrize("language", ["el", "ms"])
def test_the_lessons_write_the_chips_logic_words(language: str) -> None:
    """A Greek or Malay lesson's prose writes ΚΑΙ, Ή, ΟΧΙ (DAN, ATAU, TAK); the English
    names come only beside them, in lesson 07's paragraph that says what they are called
    in English (before: 25 to 42 English logic words a lesson in 07, 08 and 09)."""
    theirs = {"el": ("ΚΑΙ", "ΟΧΙ"), "ms": ("DAN", "TAK")}[language]
    english = []
    for path in sorted((ROOT / "lessons" / language).glob("*.md")):
        paragraphs = "\n".join(_prose(path.read_text(encoding="utf-8"))).split("\n\n")
        for paragraph in paragraphs:
            bare = paragraph.replace("`", " ")
            if ENGLISH_LOGIC.search(bare) and not any(word in bare for word in theirs):
                english.append(f"{path.name}: {' '.join(paragraph.split())[:100]}")
    assert english == [], "\n".join(english)
