"""Missed chances become practice: a reviewed game's weaker turns as a puzzle file of
move puzzles, ``from_review(game.review())``. (The review is the computer players' layer,
below the puzzles: the puzzles take the review, the review knows nothing of puzzles.)

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
>>> _ = game.play("B5 across 1+2=3")
>>> text = from_review(game.review(), below=0.6)
>>> print(text.splitlines()[0])
title = "Missed chances from a game of Summy"
>>> from mathplay.puzzles import check_text
>>> check_text(text, "missed.toml")
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.format import write
from mathplay.puzzles.model import Puzzle, Worksheet

if TYPE_CHECKING:
    from mathplay.ai.review import Review

__all__ = ["from_review"]


def from_review(
    review: Review, player: int | None = 0, below: float = 0.5, title: str | None = None
) -> str:
    """The puzzle file of ``review``'s turns (of ``player``, everyone's with ``None``)
    that took less than ``below`` of the best points there were: for each, the position
    then, the tiles then, the goal "best", the best move as the answer, and a hint that
    gives the points, not the move."""
    chances = review.missed_chances(player, below)
    if not chances:
        raise MathplayError(
            _(
                "no turn took less than {percent} % of the best points there were: "
                "there is nothing to practise from this game"
            ).format(percent=round(100 * below))
        )
    sheet = Worksheet(
        title or _("Missed chances from a game of {game}").format(game=review.game.capitalize())
    )
    sheet.description = _("Find the best move: in the game, a better one was there.")
    for turn in chances:
        puzzle = Puzzle(f"move-{turn.ply + 1}", "move")
        puzzle.prompt = _("Move {number} of your game: find the best move.").format(
            number=turn.ply + 1
        )
        puzzle.fields.update(
            game=review.game,
            diagram=turn.diagram,
            hand=" ".join(turn.hand),
            goal="best",
        )
        puzzle.answer = str(turn.best[0])
        puzzle.hints = (
            _("In the game this move scored {points} points; the best scores {best}.").format(
                points=turn.points, best=turn.best_points
            ),
        )
        sheet.puzzles.append(puzzle)
    return write(sheet)
