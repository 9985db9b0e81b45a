"""Choosing the language: set_language, the environment's, and English for the rest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import mathplay
from mathplay import i18n


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("es", "3+4 da 7, no 8"),
        ("ms", "3+4 ialah 7, bukan 8"),
        ("el", "3+4 κάνει 7, όχι 8"),
        ("en", "3+4 is 7, not 8"),
    ],
)
def test_the_checkers_reason_in_each_language(language: str, reason: str) -> None:
    assert mathplay.set_language(language) == language
    assert mathplay.current_language() == language
    assert mathplay.check("3+4=8").reason == reason


@pytest.mark.parametrize("asked", ["fr", "zz_ZZ", "", "   ", "C.UTF-8", "12"])
def test_a_language_mathplay_does_not_speak_is_english_without_an_error(asked: str) -> None:
    assert mathplay.set_language(asked) == "en"
    assert mathplay.check("3+4=8").reason == "3+4 is 7, not 8"


@pytest.mark.parametrize("asked", ["es_ES.UTF-8", "es-ES", "ES", "es_MX", "el_GR.utf8", "ms_MY"])
def test_locale_names_choose_their_language(asked: str) -> None:
    assert mathplay.set_language(asked) == asked[:2].lower()


def test_the_default_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert i18n.default_language() == "en"
    monkeypatch.setenv("LANG", "el_GR.UTF-8")
    assert i18n.default_language() == "el"
    monkeypatch.setenv("LANGUAGE", "fr:ms:es")  # the first one mathplay speaks
    assert i18n.default_language() == "ms"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # set: gettext stops there, so English
    assert i18n.default_language() == "en"
    assert mathplay.set_language(None) == "en"


def test_plural_forms_follow_each_language() -> None:
    # Malay has one form; Spanish and Greek two, like English.
    for language, forms in (("ms", 1), ("es", 2), ("el", 2)):
        mathplay.set_language(language)
        assert i18n._translation.plural(1) == 0  # type: ignore[attr-defined]
        assert i18n._translation.plural(3) == forms - 1  # type: ignore[attr-defined]


def test_the_widgets_take_a_language() -> None:
    from mathplay.lessons.runtime import lesson
    from mathplay.widgets.practice import Practice
    from mathplay.widgets.puzzle_set import PuzzleSet

    board = mathplay.play("binary", seats=["human", "human"], seed=1, language="el")
    assert board.layout_data["texts"]["hand"] == "Τα πλακίδιά σου"
    assert mathplay.current_language() == "el"  # and the widgets after it
    puzzles = PuzzleSet("arithmetic", who="Ana", log=None, language="es")
    assert puzzles.check_button.description == "Comprobar"
    practice = Practice("convert", 1, who="Ana", log=None, language="ms")
    assert practice.hint_button.description == "Petunjuk"
    with pytest.raises(mathplay.MathplayError, match="no hay ningún juego"):
        mathplay.play("chess", language="es")
    root = Path(__file__).resolve().parents[2]
    opened = lesson("05", folder=root / "lessons" / "puzzles", show=False, language="es", log=None)
    assert opened.practice().hint_button.description == "Pista"
    assert mathplay.set_language("fr") == "en"
    board = mathplay.play("summy", seats=["human", "human"], seed=1, language="fr")
    assert board.layout_data["texts"]["hand"] == "Your tiles"


@pytest.mark.parametrize(
    ("language", "true", "false"),
    [("es", "verdadero", "falso"), ("ms", "benar", "palsu"), ("el", "σωστό", "λάθος")],
)
def test_a_true_or_false_puzzle_reads_its_own_buttons_in_every_language(
    language: str, true: str, false: str
) -> None:
    from mathplay.puzzles.kinds import KINDS
    from mathplay.puzzles.model import Puzzle

    mathplay.set_language(language)
    kind = KINDS["true-or-false"]
    holds = Puzzle("t", "true-or-false", fields={"equation": "3 + 4 = 7"})
    wrong = Puzzle("f", "true-or-false", fields={"equation": "3 + 4 = 8"})
    buttons = kind.choices(holds)
    assert buttons is not None and buttons[0] == true and len(buttons) == 3
    assert all(b.startswith(false + ":") and "left side" not in b for b in buttons[1:])
    assert buttons == kind.choices(wrong)  # the same buttons, whatever the answer
    assert kind.check(holds, true).right and kind.check(wrong, buttons[1]).right
    assert not kind.check(holds, false).right and not kind.check(wrong, buttons[2]).right
    assert kind.check(holds, "true").right  # English always reads
