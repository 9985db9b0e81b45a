from __future__ import annotations

import warnings

import pytest
from matplotlib.figure import Figure

from mathplay import MathplayError, plot
from mathplay.games.binary import Binary
from mathplay.games.mixmath import Mixmath
from mathplay.games.summy import Summy
from tests.render.helpers import (
    FakeGame,
    LaidOutBinary,
    LaidOutMixmath,
    gids,
    play_first,
    small_summy,
    texts,
)


def test_board_figure_has_every_square_tile_and_label():
    game = small_summy()
    fig = plot.board(game)
    assert isinstance(fig, Figure)
    assert len(gids(fig, "square:")) == 81
    assert sorted(gids(fig, "tile:")) == sorted(
        f"tile:{n}" for n in ("C3", "C4", "C5", "C6", "C7", "D5", "E5", "F5", "G5")
    )
    assert sorted(gids(fig, "last:")) == ["last:C3", "last:C4", "last:C6", "last:C7"]
    shown = texts(fig)
    assert "Summy board, 9×9" in shown
    assert any("last move: C3 down 1x3=3" in text for text in shown)
    for label in ("TW", "DW", "2×", "A", "I", "1", "9", "×", "+"):
        assert label in shown
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "TW  triple word square" in legend
    assert "DW  double word square" in legend
    assert "÷  divide square" not in legend  # its only square is under a tile now
    assert "last move" in legend


def test_a_clean_worksheet_board():
    fig = plot.board(small_summy(), last_move=False, title=False)
    assert gids(fig, "last:") == []
    assert "Summy board, 9×9" not in texts(fig)
    assert "last move" not in [t.get_text() for t in fig.legends[0].get_texts()]


@pytest.mark.parametrize(
    ("game_type", "size"),
    [(Summy, 25), (Mixmath, 14), (Binary, 15), (LaidOutMixmath, 14), (LaidOutBinary, 15)],
)
def test_every_game_draws(game_type, size):
    game = play_first(game_type(players=2, seed=5), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph warns: ★ ÷ × − must all exist
        fig = plot.board(game)
        fig.canvas.draw()
    assert len(gids(fig, "square:")) == size * size
    assert len(gids(fig, "tile:")) == sum(1 for _ in game.board.filled())
    assert gids(fig, "last:")
    for square, kind in game.special_squares.items():
        if game.board[square] is None:
            assert kind.label in texts(fig)


def test_laid_out_games_show_their_labels():
    assert {"2×", "3×", "+", "−", "×", "÷"} <= set(texts(plot.board(LaidOutMixmath(seed=1))))
    assert {"DL", "TL", "DW", "TW"} <= set(texts(plot.board(LaidOutBinary(seed=1))))


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_the_board_saves(tmp_path, suffix):
    path = tmp_path / f"board.{suffix}"
    plot.board(small_summy()).savefig(path)
    data = path.read_bytes()
    assert len(data) > 1000
    signature = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[suffix]
    assert data.startswith(signature)


def test_dark_board_and_fake_games():
    fig = plot.board(FakeGame(), theme="dark")
    assert fig.get_facecolor()[:3] == pytest.approx((0x1E / 255,) * 3)
    assert "1" in texts(fig) and "TW" in texts(fig)
    with pytest.raises(MathplayError):
        plot.board(FakeGame(), theme="blue")
    with pytest.raises(MathplayError, match="cannot draw int"):
        plot.board(42)
