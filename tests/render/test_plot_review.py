"""``plot.review``: a player's points at each turn beside the best there was,
the same bars and words in matplotlib and SVG."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

import mathplay
from mathplay import plot
from mathplay.ai.players import make_player
from mathplay.render.errors import PictureError
from mathplay.tournament import play_game


@cache
def game() -> Any:
    return play_game(mathplay.Binary(seed=4), [make_player("easy", 1), make_player("medium", 2)])


@pytest.mark.parametrize("player", [0, 1])
def test_the_bars_are_the_reviews_figures_in_both_formats(player: int) -> None:
    review = game().review()
    mine = review.of(player)
    fig = plot.review(review, player, format="figure")
    bars = fig.axes[0].patches
    best = [float(b.get_height()) for b in bars if b.get_gid() == "best"]
    points = [float(b.get_height()) for b in bars if b.get_gid() == "points"]
    assert points == [t.points for t in mine]
    assert best == [max(t.best_points, t.points) for t in mine]
    picture = plot.review(game(), player, format="svg")
    assert picture.svg.count('data-gid="best"') == len(mine)
    assert picture.svg.count('data-gid="points"') == len(mine)
    for turn in mine:
        words = f"move {turn.ply + 1}: {turn.points} of {max(turn.best_points, turn.points)}"
        assert f"<title>{words}</title>" in picture.svg
        assert words in picture.description.lower()
    assert re.search(r"Binary: your points and the best there was", picture.description)


def test_a_wrong_player_or_thing_is_refused_in_words() -> None:
    with pytest.raises(PictureError, match="player is a number from 0 to 1, not 2"):
        plot.review(game(), 2, format="svg")
    with pytest.raises(PictureError, match="it is not a game"):
        plot.review("a game", format="svg")
