"""The shipped sets in the pupil's language: ``PuzzleSet("bitwise")`` in a
Spanish, Greek or Malay notebook shows the set's title, prompts, hints and feedback in
that language, with the English set's puzzles, and records it by its English title.

Before: every shipped set was English only, whatever the language (a Greek pupil read
"Bitwise logic", "Line the numbers up and look at one column at a time")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mathplay.i18n import set_language
from mathplay.puzzles import check_file, load, shipped_sets, shipped_translations
from mathplay.puzzles.translated import translation_differences
from mathplay.puzzles.validate import resolve

LANGUAGES = ["es", "el", "ms"]
SETS = shipped_sets()
PAIRS = [(language, name) for language in LANGUAGES for name in SETS]
ENGLISH_LOGIC = re.compile(r"(?<![\w(])(AND|OR|NOT)(?![\w)])")


def english_path(name: str) -> Path:
    return resolve(name, "en")


@pytest.mark.parametrize(("language", "name"), PAIRS, ids=[f"{a}/{b}" for a, b in PAIRS])
def test_each_shipped_set_is_translated_word_for_word(language: str, name: str) -> None:
    translated = shipped_translations(name)
    assert language in translated, f"no {language}/{name}.toml"
    path = translated[language]
    ours, theirs = load(path), load(english_path(name))
    assert translation_differences(ours, theirs, str(english_path(name)), language) == []
    # A set that passes every check: no problem, and no more warnings than the English.
    problems = check_file(path)
    assert [str(p) for p in problems if not p.warning] == []
    assert len(problems) <= len(check_file(english_path(name)))
    # Its words are the language's: not the English ones copied.
    assert ours.title != theirs.title
    for mine, english in zip(ours.puzzles, theirs.puzzles):
        for hint, english_hint in zip(mine.hints, english.hints):
            if re.search(r"[A-Za-z]{2}", english_hint):  # not one like "5 = 4 + 1."
                assert hint != english_hint, (mine.id, hint)
        if english.prompt:
            assert mine.prompt != english.prompt, (mine.id, mine.prompt)


#: Spanish chips say AND, OR, XOR, NOT (docs/translating.md).
OWN_WORDS = [(language, name) for language, name in PAIRS if language != "es"]


@pytest.mark.parametrize(("language", "name"), OWN_WORDS, ids=[f"{a}/{b}" for a, b in OWN_WORDS])
def test_the_words_of_a_greek_or_malay_set_are_the_chips(language: str, name: str) -> None:
    """A prompt or a hint writes ΚΑΙ / DAN as the chips do, never AND (the equations
    keep their operator words: the pupil's screen shows them in the chips' words)."""
    sheet = load(shipped_translations(name)[language])
    words = [sheet.title, sheet.description]
    for puzzle in sheet.puzzles:
        words += [puzzle.prompt, *puzzle.hints, *puzzle.feedback.values()]
        words += list(puzzle.answer_feedback.values())
    english = [text for text in words if ENGLISH_LOGIC.search(text.replace("`", " "))]
    assert english == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_shipped_set_comes_in_the_chosen_language(language: str) -> None:
    english = load(english_path("bitwise"))
    try:
        set_language(language)
        sheet = load("bitwise")
        assert sheet.language == language
        assert sheet.title != english.title
        # Known by its English title in every language: the records agree.
        assert sheet.key == english.title
        assert [p.id for p in sheet.puzzles] == [p.id for p in english.puzzles]
    finally:
        set_language("en")
    sheet = load("bitwise")
    assert (sheet.title, sheet.language, sheet.key) == (english.title, "", "")


def test_a_language_without_the_set_gets_the_english_one() -> None:
    assert resolve("bitwise", "fr") == english_path("bitwise")
    assert resolve("bitwise", "en").name == "bitwise.toml"
    assert resolve("bitwise", "en").parent.name == "sets"


def test_the_puzzle_set_widget_shows_the_pupils_language(tmp_path: Path) -> None:
    from mathplay.widgets.puzzle_set import PuzzleSet

    log = tmp_path / "progress.jsonl"
    try:
        set_language("el")
        widget = PuzzleSet("bitwise", who="Ζωή", log=log)
        title = load("bitwise").title
        assert title in widget.title.value
        widget.check("0000")
    finally:
        set_language("en")
    records = log.read_text(encoding="utf-8")
    assert '"Bitwise logic"' in records or "Bitwise logic" in records, records
