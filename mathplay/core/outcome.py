"""How a game ended: data, not a bool (a reason and the winners)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from mathplay.i18n import _

__all__ = ["EndReason", "Outcome"]


class EndReason(enum.Enum):
    """Why a game is over."""

    #: The stock is empty and a whole round passed with no scoring move.
    BLOCKED = "blocked"
    #: The bag is empty and a player used their last tile.
    OUT_OF_TILES = "out-of-tiles"
    #: Too many scoreless turns in a row (Binary: six).
    SCORELESS_TURNS = "scoreless-turns"
    #: Every square of the board holds a tile (a plug-in's game may end so: Tens).
    BOARD_FULL = "board-full"

    def describe(self) -> str:
        return {
            EndReason.BLOCKED: _("the stock is empty and nobody could score in a whole round"),
            EndReason.OUT_OF_TILES: _("the bag is empty and a player used their last tile"),
            EndReason.SCORELESS_TURNS: _("there were too many scoreless turns in a row"),
            EndReason.BOARD_FULL: _("every square of the board holds a tile"),
        }[self]


@dataclass(frozen=True)
class Outcome:
    """The end of a game: why it ended, the final scores and who won (ties share)."""

    reason: EndReason
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @classmethod
    def from_scores(cls, reason: EndReason, scores: tuple[int, ...]) -> Outcome:
        best = max(scores)
        return cls(reason, scores, tuple(i for i, s in enumerate(scores) if s == best))

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One sentence for people: who won, with what, and why the game ended.

        ``names`` are the players' names as the scoreboard shows them (``"You"``,
        ``"Computer (easy)"``); without them players are numbered.

        >>> over = Outcome.from_scores(EndReason.OUT_OF_TILES, (10, 12))
        >>> over.describe(["You", "Computer (easy)"])
        'Computer (easy) wins with 12 points: the bag is empty and a player used their last tile.'
        >>> over.describe(["Computer (easy)", "You"])
        'You win with 12 points: the bag is empty and a player used their last tile.'
        >>> tie = Outcome.from_scores(EndReason.OUT_OF_TILES, (12, 12))
        >>> tie.describe(["p24", "P26"]).split(":")[0]  # the names as given
        'p24 and P26 share the win with 12 points'
        """
        given = names is not None and len(names) == len(self.scores)
        if names is None or not given:
            names = [_("player {n}").format(n=i + 1) for i in range(len(self.scores))]
        names = [names[i] for i in self.winners]
        best = self.scores[self.winners[0]]
        if len(self.scores) == 1:
            text = _("Game over with {score} points").format(score=best)
        elif len(names) == 1 and names[0] == _("You"):  # the board's pupil: "You win"
            text = _("You win with {score} points").format(score=best)
        elif len(names) == 1:
            text = _("{winner} wins with {score} points").format(winner=names[0], score=best)
        else:
            text = _("{winners} share the win with {score} points").format(
                winners=_(" and ").join(names), score=best
            )
        if not (given and text.startswith(names[0])):  # a name stays as it is ("p24")
            text = text[:1].upper() + text[1:]
        return _("{text}: {reason}.").format(text=text, reason=self.reason.describe())
