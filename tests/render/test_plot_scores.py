from __future__ import annotations

import pytest

from mathplay import plot
from mathplay.games.mixmath import Mixmath
from mathplay.games.summy import Summy
from mathplay.render.errors import PictureError
from mathplay.render.mpl_scores import score_series
from tests.render.helpers import FakeGame, gids, play_first, texts


def test_one_line_per_player_ending_at_the_scores():
    game = play_first(Summy(players=3, seed=4), 5)
    fig = plot.scores(game)
    ax = fig.axes[0]
    lines = [line for line in ax.lines if (line.get_gid() or "").startswith("player:")]
    assert len(lines) == 3
    for player, line in enumerate(lines):
        ys = list(line.get_ydata())
        assert len(ys) == len(game.history) + 1
        assert ys[0] == 0 and ys[-1] == game.scores[player]
    assert ax.get_xlabel() == "moves played" and ax.get_ylabel() == "score"
    assert ax.get_title(loc="left") == "Summy: scores over the game"
    assert {"Player 1", "Player 2", "Player 3"} <= set(texts(fig))
    assert len({line.get_marker() for line in lines}) == 3  # not colour alone
    assert len({line.get_linestyle() for line in lines}) == 3


def test_the_series_follows_each_move():
    game = play_first(Mixmath(players=2, seed=1), 3)
    series = score_series(game)
    assert series[0] == (0, 0)
    running = [0, 0]
    for row, entry in zip(series[1:], game.history):
        running[entry.player] += entry.score
        assert row == tuple(running)


def test_a_game_without_moves_and_a_fake_game():
    fig = plot.scores(Summy(players=2, seed=1))
    assert "no moves yet" in texts(fig)
    fake = plot.scores(FakeGame())
    assert score_series(FakeGame()) == [(0, 3), (5, 3), (5, 3)]
    assert len(gids(fake, "player:")) == 2


def test_the_winner_is_named():
    fake = FakeGame()
    fake.outcome = type("O", (), {"winners": (0,)})()
    assert "Player 1 (winner)" in texts(plot.scores(fake))


def test_no_scores_no_chart():
    with pytest.raises(PictureError, match="no scores"):
        plot.scores(object())


def test_scores_save(tmp_path):
    path = tmp_path / "scores.svg"
    plot.scores(play_first(Mixmath(players=2, seed=1), 3)).savefig(path)
    assert path.stat().st_size > 1000
