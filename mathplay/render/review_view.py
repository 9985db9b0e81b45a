"""What a review chart shows, worked out once for matplotlib and SVG: one player's points
at each of their turns beside the best points there were then (``game.review()``).

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
>>> _ = game.play("B5 across 1+2=3")
>>> view = review_view(game)
>>> view.moves, view.points, view.best
([1], [6], [11])
>>> view.description
'Summy: your points and the best there was, at each turn. Move 1: 6 of 11.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from mathplay.core.state import AnyGame, GameState
from mathplay.i18n import _, clauses
from mathplay.render.errors import PictureError
from mathplay.render.model import game_name

if TYPE_CHECKING:  # the review is the ai layer's, beside this one: for type hints only
    from mathplay.ai.review import Review

__all__ = ["ReviewView", "Reviewable", "review_view"]

#: What a review chart is made from: a game (reviewed first) or a game's review.
Reviewable: TypeAlias = "AnyGame | Review"


@dataclass(frozen=True)
class ReviewView:
    """``moves[i]`` is the move number (from 1) of the player's ``i``-th turn, ``points[i]``
    what it scored and ``best[i]`` the best score there was then."""

    moves: list[int]
    points: list[int]
    best: list[int]
    title: str
    player: int

    @property
    def description(self) -> str:
        """The chart in words, for a screen reader (the SVG's title and label)."""
        if not self.moves:
            return self.title + ". " + _("No turns yet.")
        turns = clauses().join(
            _("move {number}: {points} of {best}").format(number=m, points=p, best=b)
            for m, p, b in zip(self.moves, self.points, self.best)
        )
        return f"{self.title}. {turns[:1].upper()}{turns[1:]}."


def review_view(game_or_review: Reviewable, player: int = 0) -> ReviewView:
    """The chart of ``player``'s turns (from 0) in a game or a game's review."""
    review: Any
    if hasattr(game_or_review, "turns"):  # a review already
        review = game_or_review
        name = str(review.game).capitalize()
    elif isinstance(game_or_review, GameState):
        name = game_name(game_or_review)
        review = game_or_review.review()
    else:
        raise PictureError(
            _("cannot chart a review of {kind}: it is not a game").format(
                kind=type(game_or_review).__name__
            )
        )
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < review.players:
        raise PictureError(
            _("player is a number from 0 to {last}, not {value!r}").format(
                last=review.players - 1, value=player
            )
        )
    mine = review.of(player)
    title = _("{game}: your points and the best there was, at each turn").format(game=name)
    return ReviewView(
        moves=[turn.ply + 1 for turn in mine],
        points=[turn.points for turn in mine],
        best=[max(turn.best_points, turn.points) for turn in mine],
        title=title,
        player=player,
    )
