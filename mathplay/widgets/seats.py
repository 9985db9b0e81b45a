"""Who sits at each seat: a person or a computer player of some level.

People choose among three levels, ``easy``, ``medium`` and ``hard``; the older names of
the computer players stay as aliases for code (``greedy`` is ``medium``, ``strong`` and
``expert`` are ``hard``, ``beginner`` is ``easy``), and ``random`` stays for tests.

>>> parse_seat("computer")
'computer:easy'
>>> parse_seats(["human", "computer:hard"], players=2)
['human', 'computer:hard']
>>> parse_seat("computer:greedy"), parse_seat("Computer:3"), parse_seat("computer:random")
('computer:medium', 'computer:hard', 'computer:random')
>>> seat_label(["human", "computer:easy"], 1)
'Computer (easy)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = [
    "DEFAULT_COMPUTER",
    "SEAT_CHOICES",
    "make_computer",
    "parse_seat",
    "parse_seats",
    "seat_label",
]

#: The levels a person chooses, weakest first.
LEVEL_NAMES = ("easy", "medium", "hard")
#: The seat ``"computer"`` means, and the one new seats start with.
DEFAULT_COMPUTER = "computer:easy"
#: Every seat a person can choose in the New game panel.
SEAT_CHOICES = ("human", *(f"computer:{level}" for level in LEVEL_NAMES))


def parse_seat(text: str) -> str:
    """``"human"``, ``"computer"`` (easy) or ``"computer:easy|medium|hard"``; the older
    names work too (``computer:greedy``, ``computer:strong``, ``computer:2`` …)."""
    word = str(text).strip().lower()
    if word in ("human", "person", "you"):
        return "human"
    if word == "computer":
        return DEFAULT_COMPUTER
    if word.startswith("computer:"):
        from mathplay.ai.players import kind_of, level_of

        kind = kind_of(word.split(":", 1)[1])
        if kind is not None:
            return f"computer:{level_of(kind)}"
    raise MathplayError(
        _(
            "{seat!r} is not a seat: write human, computer, or a computer's level: "
            "computer:easy, computer:medium or computer:hard"
        ).format(seat=text)
    )


def parse_seats(seats: Sequence[str] | None, players: int) -> list[str]:
    """One seat per player; ``None`` means everybody is a person (hot seat)."""
    if seats is None:
        return ["human"] * players
    if isinstance(seats, str):
        raise MathplayError(_("seats is a list, like ['human', 'computer:easy']"))
    parsed = [parse_seat(seat) for seat in seats]
    if len(parsed) != players:
        raise MathplayError(
            _("the game has {players} players but {count} seats were given").format(
                players=players, count=len(parsed)
            )
        )
    return parsed


def level_label(seat: str) -> str:
    """The words for a computer seat's level: ``"easy"``, ``"medium"``, ``"hard"``."""
    level = seat.split(":", 1)[1]
    return {"easy": _("easy"), "medium": _("medium"), "hard": _("hard"), "random": _("random")}.get(
        level, level
    )


def seat_label(seats: Sequence[str], index: int) -> str:
    """``"Player 1"``, ``"You"``, ``"Computer (easy)"`` (or ``"Computer 2 (hard)"`` when
    several computers play) for the scoreboard, the log and the outcome."""
    seat = seats[index]
    humans = [i for i, s in enumerate(seats) if s == "human"]
    if seat == "human":
        if len(humans) == 1 and len(seats) > 1:
            return _("You")
        return _("Player {n}").format(n=index + 1)
    if len(seats) - len(humans) == 1:
        return _("Computer ({level})").format(level=level_label(seat))
    return _("Computer {n} ({level})").format(n=index + 1, level=level_label(seat))


def make_computer(seat: str, seed: int) -> Any:
    """The computer player for a seat (imported lazily: ``mathplay.ai`` is optional here)."""
    from mathplay.ai import make_player

    return make_player(seat.split(":", 1)[1], seed=seed)
