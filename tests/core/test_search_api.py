"""The public search API every registered game has (plug-ins' too): ``push`` a listed move and
``pop`` it, ``is_legal``, and ``view(player)``: what one player may see, the board a
read-only view that costs nothing to take."""

from __future__ import annotations

from functools import partial

import pytest

import mathplay
from mathplay.core.grid import BoardView
from mathplay.errors import MathplayError
from mathplay.games.registry import GAMES as REGISTRY

#: Every registered game, mathplay's own and installed plug-ins' (docs/guide/plugins.md),
#: dealt with its default options.
GAMES = {name: partial(info.cls, seed=5) for name, info in REGISTRY.items()}


@pytest.mark.parametrize("name", list(GAMES))
def test_push_and_pop_every_listed_move_leave_the_game_as_it_was(name: str) -> None:
    game = GAMES[name]()
    for _turn in range(3):  # a few plies in, so the board has tiles
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[0])
    before = game.state_key()
    moves = game.legal_moves()[:40]
    assert moves
    for move in moves:
        assert game.is_legal(move) and game.is_legal(str(move))
        twin = game.copy()
        expected = twin.play(str(move))
        points = game.push(move)
        assert points == expected and game.state_key() == twin.state_key()
        entry = game.pop()
        assert entry.move == str(move) and entry.score == points
        assert game.state_key() == before


@pytest.mark.parametrize("name", list(GAMES))
def test_is_legal_says_no_without_changing_the_game(name: str) -> None:
    game = GAMES[name]()
    before = game.state_key()
    assert not game.is_legal("Z99 nonsense")
    assert not game.is_legal("")
    assert game.state_key() == before


@pytest.mark.parametrize("name", list(GAMES))
def test_a_players_view_shows_their_tiles_and_only_the_count_of_the_others(name: str) -> None:
    game = GAMES[name]()
    for player in range(game.players):
        view = game.view(player)
        assert view.player == player
        assert view.hand == tuple(game.hands[player])
        assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
        assert view.scores == game.scores and view.to_move == game.to_move
        assert view.bag_size == game.bag_size and view.ply == game.ply
        others = [h for seat, h in enumerate(game.hands) if seat != player]
        assert not any(hasattr(view, name) for name in ("hands", "bag", "game"))
        assert others  # every game here has an opponent whose tiles the view leaves out
    assert game.view().player == game.to_move
    for bad in (-1, game.players, "0", True, 1.0):
        with pytest.raises(MathplayError, match="player must be a seat"):
            game.view(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_views_board_is_the_games_and_cannot_be_written(name: str) -> None:
    game = GAMES[name]()
    board = game.view().board
    corner = board[(0, 0)]
    assert isinstance(board, BoardView) and board == game.board
    assert board.cells is game._pos.board.cells  # shared: taking the view copies nothing
    with pytest.raises(MathplayError, match="cannot be changed"):
        board[(0, 0)] = "1"
    copy = board.copy()
    copy[(0, 0)] = "1"  # an ordinary Grid
    assert board[(0, 0)] == corner and game.board[(0, 0)] == corner


def _ai_lines_matching(pattern: str) -> list[str]:
    """Every line of ``mathplay/ai`` that ``pattern`` finds, as ``file:line: text``."""
    import re
    from pathlib import Path

    folder = Path(mathplay.__file__).parent / "ai"
    found = re.compile(pattern)
    return [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(folder.glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if found.search(line)
    ]


def test_the_computer_players_use_only_the_public_api() -> None:
    """Fair play is a property of the API: no module of ``mathplay/ai`` reaches into a
    game's private position or its unchecked push."""
    assert _ai_lines_matching(r"\._(pos|push|history|undo_stack)\b") == []


def test_the_computer_players_take_games_typed_as_games() -> None:
    """The search's functions say which game they take (``AnyGame`` or one game's class,
    narrowed by ``is_summy`` and its kin), so mypy checks what they ask of it."""
    assert _ai_lines_matching(r"\b(game|state|root): Any\b") == []


@pytest.mark.parametrize("name", list(GAMES))
def test_assume_gives_a_player_guessed_tiles_on_a_copy(name: str) -> None:
    game = GAMES[name]()
    twin = game.copy()
    other = (game.to_move + 1) % game.players
    guess = list(game.hands[game.to_move])
    twin.assume(other, guess, to_move=True)
    assert list(twin.hands[other]) == guess and twin.to_move == other
    assert twin.history == game.history  # not a move
    assert game.to_move != other or game.players == 1
    with pytest.raises(MathplayError, match="player must be a seat"):
        twin.assume(game.players, guess)
