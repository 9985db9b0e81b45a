"""Who sits at each seat: a person or a computer player of some strength.

>>> parse_seat("computer")
'computer:greedy'
>>> parse_seats(["human", "computer:strong"], players=2)
['human', 'computer:strong']
>>> parse_seat("computer:beginner"), parse_seat("Computer:3")
('computer:random', 'computer:strong')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = ["SEAT_CHOICES", "make_computer", "parse_seat", "parse_seats", "seat_label"]

STRENGTHS = ("random", "greedy", "strong")
#: Every seat a person can choose in the New game panel.
SEAT_CHOICES = ("human", *(f"computer:{s}" for s in STRENGTHS))


def parse_seat(text: str) -> str:
    """``"human"``, ``"computer"`` (greedy) or ``"computer:random|greedy|strong"``; a
    level name works too (``computer:beginner``, ``computer:2``, ``computer:expert``, as
    ``mathplay.ai.make_player`` takes them)."""
    word = str(text).strip().lower()
    if word in ("human", "person", "you"):
        return "human"
    if word == "computer":
        return "computer:greedy"
    if word.startswith("computer:"):
        strength = word.split(":", 1)[1].strip()
        from mathplay.ai.players import LEVELS

        strength = LEVELS.get(strength, strength)
        if strength in STRENGTHS:
            return f"computer:{strength}"
    raise MathplayError(
        _(
            "{seat!r} is not a seat: write human, computer or computer:random|greedy|strong "
            "(or a level: computer:beginner|medium|expert)"
        ).format(seat=text)
    )


def parse_seats(seats: Sequence[str] | None, players: int) -> list[str]:
    """One seat per player; ``None`` means everybody is a person (hot seat)."""
    if seats is None:
        return ["human"] * players
    if isinstance(seats, str):
        raise MathplayError(_("seats is a list, like ['human', 'computer:strong']"))
    parsed = [parse_seat(seat) for seat in seats]
    if len(parsed) != players:
        raise MathplayError(
            _("the game has {players} players but {count} seats were given").format(
                players=players, count=len(parsed)
            )
        )
    return parsed


def seat_label(seats: Sequence[str], index: int) -> str:
    """``"Player 1"``, ``"You"`` or ``"Computer 2 (strong)"`` for the scoreboard."""
    seat = seats[index]
    humans = [i for i, s in enumerate(seats) if s == "human"]
    if seat == "human":
        if len(humans) == 1 and len(seats) > 1:
            return _("You")
        return _("Player {n}").format(n=index + 1)
    strength = _(seat.split(":", 1)[1])
    return _("Computer {n} ({strength})").format(n=index + 1, strength=strength)


def make_computer(seat: str, seed: int) -> Any:
    """The computer player for a seat (imported lazily: ``mathplay.ai`` is optional here)."""
    from mathplay.ai import make_player

    return make_player(seat.split(":", 1)[1], seed=seed)
