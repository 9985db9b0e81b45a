"""The pupil's Jupyter chooses the language: the page's language, sent by the widgets'
front end, and JupyterLab's settings file; a language chosen in code or on the New game
panel wins over both, and the widgets draw their texts again when it changes."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import mathplay
from mathplay import PuzzleSet, i18n
from mathplay.widgets import BinaryBoard, SummyBoard
from tests.widgets.conftest import front_end

SHEET = """
title = "Two"
[[puzzle]]
id = "add"
kind = "missing"
equation = "3 + _ = 7"
[[puzzle]]
id = "times"
kind = "missing"
equation = "_ x 2 = 10"
"""


@pytest.fixture(autouse=True)
def _nobody_chose() -> Iterator[None]:
    """As in a fresh kernel: no language chosen in code (the tests' own English is)."""
    i18n.set_language(None)
    i18n._switch("en")
    yield
    i18n.set_language("en")


def test_the_page_language_is_spoken_when_nobody_chose_one() -> None:
    assert i18n.use_page_language("es-ES") is True
    assert mathplay.current_language() == "es"
    assert mathplay.check("3+4=8").reason == "3+4 da 7, no 8"
    assert i18n.use_page_language("es") is False  # already spoken: nothing changes


@pytest.mark.parametrize("page", ["fr-FR", "", None, 12, "C"])
def test_a_page_language_mathplay_does_not_speak_changes_nothing(page: object) -> None:
    assert i18n.use_page_language(page) is False
    assert mathplay.current_language() == "en"


def test_a_language_chosen_in_code_wins_over_the_page() -> None:
    mathplay.set_language("el")
    assert i18n.use_page_language("es-ES") is False
    assert mathplay.current_language() == "el"
    mathplay.set_language(None)  # back to the default: the page may choose again
    assert i18n.use_page_language("ms") is True
    assert mathplay.current_language() == "ms"


def test_jupyterlabs_settings_file_names_the_language(tmp_path: Path) -> None:
    settings = tmp_path / "@jupyterlab" / "translation-extension"
    settings.mkdir(parents=True)
    file = settings / "plugin.jupyterlab-settings"
    file.write_text('{\n    // Language of the interface\n    "locale": "el_GR"\n}\n')
    assert i18n.jupyter_language(tmp_path) == "el"
    file.write_text(json.dumps({"locale": "default"}))
    assert i18n.jupyter_language(tmp_path) is None
    file.write_text(json.dumps({"locale": "zh_CN"}))
    assert i18n.jupyter_language(tmp_path) is None
    file.write_text("{ not json")
    assert i18n.jupyter_language(tmp_path) is None
    assert i18n.jupyter_language(tmp_path / "nowhere") is None


def test_a_kernel_starts_in_jupyterlabs_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = tmp_path / "@jupyterlab" / "translation-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text('{"locale": "es_ES"}')
    monkeypatch.setenv("JUPYTERLAB_SETTINGS_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_in_a_kernel", lambda: True)
    assert mathplay.set_language(None) == "es"
    monkeypatch.setattr(i18n, "_in_a_kernel", lambda: False)  # a terminal: environment's
    assert mathplay.set_language(None) == "en"


def test_a_board_redraws_its_texts_in_the_pages_language() -> None:
    board = SummyBoard(threaded=False)
    assert board.layout_data["texts"]["hand"] == "Your tiles"
    front_end(board, event="page_language", language="es-ES")
    assert mathplay.current_language() == "es"
    assert board.layout_data["texts"]["hand"] == "Tus fichas"
    labels = {button["id"]: button["label"] for button in board.view["buttons"]}
    assert labels["new"] == "Partida nueva"
    language_field = next(f for f in board.layout_data["options"] if f["name"] == "language")
    assert language_field["value"] == "es"
    assert ["el", "Ελληνικά"] in language_field["choices"]


def test_the_new_game_panel_switches_the_language_and_the_page_does_not_undo_it() -> None:
    board = BinaryBoard(threaded=False)
    front_end(board, event="new_game", options={"players": 2, "language": "el"})
    assert mathplay.current_language() == "el"
    assert board.layout_data["texts"]["new_game"] != "New game"
    assert board.message == "Ξεκίνησε νέο παιχνίδι."  # "A new game has started.", in Greek
    front_end(board, event="page_language", language="en-US")  # another board shows
    assert mathplay.current_language() == "el"
    front_end(board, event="new_game", options={"language": "xx"})
    assert mathplay.current_language() == "el"  # refused, nothing changed
    assert "xx" in board.message


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    path = tmp_path / "two.toml"
    path.write_text(SHEET, encoding="utf-8")
    return path


def test_a_puzzle_not_started_is_shown_again_in_the_new_language(sheet: Path) -> None:
    puzzles = PuzzleSet(sheet, who="Ana", log=None)
    assert puzzles.heading.value.startswith("<b>Puzzle 1 of 2.</b>")
    front_end(puzzles.answer_box, event="page_language", language="es")
    assert puzzles.heading.value.startswith("<b>Ejercicio 1 de 2.</b>"), puzzles.heading.value
    assert puzzles.check_button.description == "Comprobar"
    assert puzzles.answer_box.description == "Tu respuesta"


def test_a_puzzle_the_pupil_started_keeps_its_words_and_their_answer(sheet: Path) -> None:
    puzzles = PuzzleSet(sheet, who="Ana", log=None)
    puzzles.answer_box.value = "5"
    front_end(puzzles.answer_box, event="page_language", language="ms")
    assert puzzles.answer_box.value == "5"
    assert puzzles.heading.value.startswith("<b>Puzzle 1 of 2.</b>")
    assert puzzles.check_button.description != "Check"  # the buttons follow at once


def test_a_listener_that_is_gone_is_forgotten() -> None:
    heard: list[str] = []

    class Widget:
        def changed(self, language: str) -> None:
            heard.append(language)

    widget = Widget()
    i18n.on_language_change(widget.changed)
    before = len(i18n._listeners)
    i18n.use_page_language("es")
    assert heard == ["es"]
    del widget
    gc.collect()
    mathplay.set_language("ms")
    assert heard == ["es"] and len(i18n._listeners) == before - 1


def test_an_english_page_does_not_override_the_environments_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Voilà's and JupyterLite's pages say "en" whatever the pupil chose: a server started
    in Greek stays Greek; a Spanish page still changes it."""
    monkeypatch.setenv("LANGUAGE", "el")
    assert mathplay.set_language(None) == "el"
    assert i18n.use_page_language("en") is False
    assert mathplay.current_language() == "el"
    assert i18n.use_page_language("es-ES") is True
    assert mathplay.current_language() == "es"


def test_a_text_made_in_another_language_redraws_no_widget() -> None:
    """`speaking` (a translated lesson's start line on the website) switches in passing:
    the widgets on show are not told, and the language and the choice come back."""
    heard: list[str] = []

    class Widget:
        def changed(self, language: str) -> None:
            heard.append(language)

    widget = Widget()
    i18n.on_language_change(widget.changed)
    with i18n.speaking("el") as code:
        assert code == "el" and mathplay.check("3+4=8").reason == "3+4 κάνει 7, όχι 8"
    assert heard == [] and mathplay.current_language() == "en"
    assert i18n.use_page_language("es") is True  # nobody chose: the page still may
    assert heard == ["es"]
