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

from typing import TYPE_CHECKING, Any

from mathplay.ai.best import places_tiles
from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.format import write
from mathplay.puzzles.kinds.move import build_game
from mathplay.puzzles.model import Puzzle, Worksheet

if TYPE_CHECKING:
    from mathplay.ai.review import Review

__all__ = ["from_review"]


#: The most tiles a move may place to count as one a pupil of 10 can find by looking
#: (the engine's best Binary line may place 10 chips).
FINDABLE_TILES = 5


def _tiles_placed(move: Any) -> int:
    placed = getattr(move, "placed", ())
    if placed:
        return len(placed)
    return len(getattr(move, "tokens", ())) or 1


def _findable(game: str, diagram: str, hand: str) -> tuple[str, int] | None:
    """The best-scoring move of at most :data:`FINDABLE_TILES` tiles there, if any."""
    try:
        moves = build_game(game, diagram, hand).legal_moves()
    except MathplayError:
        return None
    short = [(int(m.score or 0), str(m)) for m in moves
             if places_tiles(m) and _tiles_placed(m) <= FINDABLE_TILES]  # fmt: skip
    if not short:
        return None
    score, notation = min(short, key=lambda sm: (-sm[0], sm[1]))
    return notation, score


def from_review(
    review: Review, player: int | None = 0, below: float = 0.5, title: str | None = None
) -> str:
    """The puzzle file of ``review``'s turns (of ``player``, everyone's with ``None``)
    that took less than ``below`` of the best points there were: for each, the position
    then and the tiles then, with a goal a pupil can reach.

    When the best move places a few tiles (:data:`FINDABLE_TILES` at most) the goal is
    "best" and the answer the best move. When it is a long line only the engine finds,
    the goal is "a move scoring at least N" (as lesson 9 asks), N being what the best
    short move scores (or one point more than the pupil's move, when no short move beat
    it), with that move as the answer. The hint gives the points, not the move."""
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
    sheet.description = _("Find a better move: in the game, one was there.")
    for turn in chances:
        hand = " ".join(turn.hand)
        puzzle = Puzzle(f"move-{turn.ply + 1}", "move")
        puzzle.fields.update(game=review.game, diagram=turn.diagram, hand=hand)
        best = turn.best[0]
        if _tiles_placed(best) <= FINDABLE_TILES:
            puzzle.prompt = _("Move {number} of your game: find the best move.").format(
                number=turn.ply + 1
            )
            puzzle.fields["goal"] = "best"
            puzzle.answer = str(best)
            hint = _("In the game this move scored {points} points; the best scores {best}.")
            puzzle.hints = (hint.format(points=turn.points, best=turn.best_points),)
        else:
            short = _findable(review.game, turn.diagram, hand)
            if short is not None and short[1] > turn.points:
                answer, points = short
                hint = _("In the game this move scored {points} points; a move of a few "
                         "tiles scores {wanted}.")  # fmt: skip
            else:
                answer, points = str(best), turn.points + 1
                hint = _("In the game this move scored {points} points; a longer line "
                         "scores {wanted} or more.")  # fmt: skip
            puzzle.prompt = _(
                "Move {number} of your game: find a move scoring at least {points}."
            ).format(number=turn.ply + 1, points=points)
            puzzle.fields.update(goal="at-least", points=points)
            puzzle.answer = answer
            puzzle.hints = (hint.format(points=turn.points, wanted=points),)
        sheet.puzzles.append(puzzle)
    return write(sheet)
