"""A game that waits: a pupil's game against the computer is kept under
their name after every move and offered again on the next board of that game, for each
of the three games; other pupils, finished games, two-person games and forged files are
never offered."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import mathplay
from mathplay.classroom import names, saved_games
from mathplay.i18n import speaking
from tests.widgets.conftest import front_end

GAMES = ["summy", "mixmath", "binary"]


@pytest.fixture(autouse=True)
def progress_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each pupil's records (and games) in a folder of this test's own."""
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(tmp_path))
    names.set_pupil(None)
    yield tmp_path
    names.set_pupil(None)


def shown(game: str, **options: Any) -> Any:
    """A new board of ``game`` as a notebook shows it (with its question row)."""
    board = mathplay.play(game, threaded=False, **options)
    board._waiting.offer_widgets()
    board._waiting.offer()
    return board


def first_move(board: Any) -> None:
    """The pupil passes (a move like any other), then the computer plays."""
    front_end(board, event="action", id="pass")
    assert board.game.history


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_kept_and_offered_again_to_its_pupil_only(game: str, tmp_path: Path) -> None:
    names.set_pupil("Ana")
    board = shown(game, seed=4)
    first_move(board)
    kept = board.game.save()
    files = sorted(p.name for p in tmp_path.glob("mathplay-game-*"))
    assert files == [f"mathplay-game-ana-{game}.json"]
    # Another day, a new board of the same game (a new seed): the question is asked.
    again = shown(game, seed=5)
    assert again.offer_text == f"Go on with your game of {game.capitalize()} from earlier today?"
    assert again.game.save() != kept
    again.go_on()
    assert again.game.save() == kept and again.seats == ["human", "computer:easy"]
    assert again.offer_text == "" and "Go on where you left it" in again.view["message"]
    # Bo, at the same computer, has no game waiting.
    names.set_pupil("Bo")
    assert shown(game, seed=6).offer_text == ""


def test_no_a_new_game_forgets_the_kept_one(tmp_path: Path) -> None:
    names.set_pupil("Ana")
    first_move(shown("summy", seed=4))
    again = shown("summy", seed=5)
    assert again.offer_text
    again.new_instead()
    assert again.offer_text == "" and again.game.ply == 0
    assert not (tmp_path / "mathplay-game-ana-summy.json").exists()
    assert shown("summy", seed=6).offer_text == ""


def test_the_question_comes_when_the_name_is_given_after_the_board_is_shown() -> None:
    names.set_pupil("Ana")
    first_move(shown("binary", seed=4))
    names.set_pupil(None)
    board = shown("binary", seed=5)  # Run All: the board is there before the name
    assert board.offer_text == ""
    names.set_pupil("Ana")  # "Are you Ana?" → Yes
    assert board.offer_text.startswith("Go on with your game of Binary")


def test_the_pupils_own_move_in_the_new_game_chooses_it(tmp_path: Path) -> None:
    names.set_pupil("Ana")
    first_move(shown("summy", seed=4))
    board = shown("summy", seed=5)
    assert board.offer_text
    first_move(board)
    assert board.offer_text == ""
    kept = json.loads((tmp_path / "mathplay-game-ana-summy.json").read_text())
    assert kept["save"] == board.game.save()


def test_a_board_that_shows_a_given_game_neither_keeps_nor_offers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lesson's example position (``SummyBoard(game)``, a game shown) is not the
    pupil's game of Summy: only boards ``mathplay.play`` dealt wait."""
    from mathplay.widgets import SummyBoard

    names.set_pupil("Ana")
    first_move(shown("summy", seed=4))
    example = SummyBoard(mathplay.Summy(players=2, seed=9, size=9), threaded=False)
    assert example.waits is False
    example._waiting.offer()
    assert example.offer_text == ""
    front_end(example, event="action", id="pass")
    kept = json.loads((tmp_path / "mathplay-game-ana-summy.json").read_text())
    assert kept["save"] != example.game.save()
    shown_as: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(
        "IPython.display.display", lambda *args, **keys: shown_as.append((args, keys))
    )
    example._ipython_display_()  # what a notebook does with it
    (((data,), keys),) = shown_as
    assert keys == {"raw": True, "metadata": {}}
    assert "application/vnd.jupyter.widget-view+json" in data
    shown_as.clear()
    played = shown("summy", seed=5)
    played._ipython_display_()
    (((box,), _keys),) = shown_as
    assert box.children == (played._waiting.row, played)  # the question row above the board


def test_finished_and_two_person_games_are_not_kept(tmp_path: Path) -> None:
    names.set_pupil("Ana")
    board = shown("summy", seed=4)
    first_move(board)
    assert (tmp_path / "mathplay-game-ana-summy.json").exists()
    while not board.game.is_over:  # passes until the game ends
        front_end(board, event="action", id="pass")
    assert not (tmp_path / "mathplay-game-ana-summy.json").exists()
    two = mathplay.play("mixmath", ["human", "human"], threaded=False, seed=4)
    front_end(two, event="action", id="pass")
    assert not (tmp_path / "mathplay-game-ana-mixmath.json").exists()


@pytest.mark.parametrize(
    "forged",
    [
        "not json at all",
        '{"who": "Ana", "game": "summy", "when": "2026-12-01T10:00:00", "seats": ["human"], '
        '"save": "{}"}',
        '{"who": "Bo", "game": "summy"}',
        "[" * 100_000,
        "x" * 600_000,
    ],
)
def test_a_forged_file_is_never_offered_and_breaks_nothing(forged: str, tmp_path: Path) -> None:
    names.set_pupil("Ana")
    (tmp_path / "mathplay-game-ana-summy.json").write_text(forged)
    board = shown("summy", seed=4)
    assert board.offer_text == ""
    first_move(board)  # the game goes on, and is kept over the forged file
    kept = json.loads((tmp_path / "mathplay-game-ana-summy.json").read_text())
    assert kept["who"] == "Ana"


def test_the_day_is_said_as_a_child_says_it() -> None:
    game = mathplay.Summy(players=2, seed=3, size=9)
    game.play(sorted(game.legal_moves(), key=str)[0])
    then = datetime(2026, 12, 1, 16, 0).astimezone()  # a Tuesday
    saved = saved_games.SavedGame("Ana", "summy", game, ["human", "computer"], then)
    said = {days: saved_games.offer_words(saved, now=then + timedelta(days=days))
            for days in (0, 1, 3, 9)}  # fmt: skip
    assert said == {
        0: "Go on with your game of Summy from earlier today?",
        1: "Go on with your game of Summy from yesterday?",
        3: "Go on with your game of Summy from Tuesday?",
        9: "Go on with your game of Summy from December 1, 2026?",
    }
    with speaking("es"):
        spanish = saved_games.offer_words(saved, now=then + timedelta(days=3))
    assert spanish != said[3] and "Summy" in spanish


def test_a_play_page_asks_only_a_remembered_name_then_offers_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Play page (no lesson): nothing is asked of a pupil the browser does not know;
    one it remembers is asked "Are you Ana?", and Yes brings her kept game."""
    from mathplay.widgets.shown import is_shown

    # A Play page is no lesson: whatever lesson an earlier test on this worker opened.
    monkeypatch.setattr("mathplay.classroom.where._lesson", None)

    names.set_pupil("Ana")
    first_move(shown("mixmath", seed=4))
    names.set_pupil(None)
    boxes: list[Any] = []
    monkeypatch.setattr("IPython.display.display", lambda box, **_keys: boxes.append(box))
    board = mathplay.play("mixmath", threaded=False, seed=5)
    board._ipython_display_()
    area = board._waiting.name_area
    assert boxes[0].children == (area, board._waiting.row, board)
    assert not is_shown(area.box) and not is_shown(area.ask_row)  # nobody remembered
    area.memory.offered = "Ana"  # the browser remembers Ana (from a lesson)
    assert is_shown(area.ask_row) and not is_shown(area.box)
    assert area.asking == "Ana"
    area.confirm()  # "Yes, I am Ana"
    assert board.offer_text.startswith("Go on with your game of Mixmath")


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_a_pipe_or_a_device_where_a_game_is_kept_never_hangs_the_board(
    progress_folder: Path, kind: str
) -> None:
    """A pupil (or a prank) puts a pipe, or a link to /dev/zero, where Ana's game of Summy
    is kept: her board opens with no offer and keeps her next move in an ordinary file.
    Before, reading the file hung the kernel (a pipe never ends; /dev/zero neither)."""
    import os
    import threading

    names.set_pupil("Ana")
    path = progress_folder / f"{saved_games.GAME_FILE_PREFIX}ana-summy.json"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    found: list[Any] = []
    reader = threading.Thread(
        target=lambda: found.append(saved_games.waiting("Ana", "summy")), daemon=True
    )
    reader.start()
    reader.join(60)
    assert not reader.is_alive(), "reading the kept game did not come back"
    assert found == [None]
    assert not saved_games._write_in_place(path, "{}")  # never written through it
    board = shown("summy")
    assert board.offer_text == ""
    first_move(board)
    assert path.is_file() and not path.is_symlink()
    assert json.loads(path.read_text(encoding="utf-8"))["who"] == "Ana"
