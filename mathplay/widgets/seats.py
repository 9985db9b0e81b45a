"""Who sits at each seat: a person or a computer player of some level.

People choose among three levels, ``easy``, ``medium`` and ``hard`` (Summy has no
``hard``: each game offers the levels its registry entry lists, each measured stronger than
the one below; ``computer:hard`` in Summy plays and is named as ``medium``); the older
names of the computer players stay as aliases for code (``greedy`` is ``medium``, ``strong`` and
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
    "make_computer",
    "parse_seat",
    "parse_seats",
    "seat_choices",
    "seat_label",
]

#: The levels a person chooses, weakest first.
LEVEL_NAMES = ("easy", "medium", "hard")
#: The seat ``"computer"`` means, and the one new seats start with.
DEFAULT_COMPUTER = "computer:easy"


def parse_seat(text: str) -> str:
    """``"human"``, ``"computer"`` (easy) or ``"computer:easy|medium|hard"``; the older
    names work too (``computer:greedy``, ``computer:strong``, ``computer:2`` …).
    ``"classmate"`` is a pupil on another machine (``mathplay.play_with`` seats them)."""
    word = str(text).strip().lower()
    if word in ("human", "person", "you"):
        return "human"
    if word == CLASSMATE:
        return CLASSMATE
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


#: The seat of a pupil who plays on another machine, through the class's game service.
CLASSMATE = "classmate"


def is_computer(seat: str) -> bool:
    """Whether a (parsed) seat is a computer player's."""
    return seat.startswith("computer")


def parse_seats(seats: Sequence[str] | None, players: int, game: str | None = None) -> list[str]:
    """One seat per player; ``None`` means everybody is a person (hot seat). With the
    ``game``'s name, a level that game does not offer (Summy has no ``hard``) is its
    strongest level, and is named so on the board."""
    if seats is None:
        return ["human"] * players
    if isinstance(seats, str):
        raise MathplayError(_("seats is a list, like ['human', 'computer:easy']"))
    parsed = [parse_seat(seat) for seat in seats]
    if game is not None:
        offered = levels_of(game)
        parsed = [
            f"computer:{offered[-1]}"
            if seat.startswith("computer:") and seat[9:] in LEVEL_NAMES and seat[9:] not in offered
            else seat
            for seat in parsed
        ]
    if len(parsed) != players:
        raise MathplayError(
            _("the game has {players} players but {count} seats were given").format(
                players=players, count=len(parsed)
            )
        )
    return parsed


def level_said(seats: Sequence[str] | None, players: int, game: str) -> str:
    """What the board says once when a level was asked that ``game`` does not offer
    (``computer:hard`` in Summy plays at medium), else ``""``.

    >>> level_said(["human", "computer:hard"], 2, "summy")
    'Summy has no hard level: the computer plays at medium, the strongest it has.'
    >>> level_said(["human", "computer:easy"], 2, "summy")
    ''
    """
    if seats is None or isinstance(seats, str):
        return ""
    try:
        asked = [parse_seat(seat) for seat in seats]
        given = parse_seats(seats, players, game)
    except MathplayError:
        return ""
    for before, after in zip(asked, given):
        if before != after:
            from mathplay.games.registry import describe

            return _("{game} has no {asked} level: the computer plays at {given}, the "
                     "strongest it has.").format(game=describe(game).title,
                                                 asked=level_label(before),
                                                 given=level_label(after))  # fmt: skip
    return ""


def levels_of(game: str) -> tuple[str, ...]:
    """The computer levels people may choose for ``game``, weakest first."""
    from mathplay.games.registry import describe

    return describe(game).levels


def seat_choices(game: str) -> tuple[str, ...]:
    """The seats a person can choose for ``game`` in the New game panel."""
    return ("human", *(f"computer:{level}" for level in levels_of(game)))


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
    if seat == CLASSMATE:
        return _("Player {n}").format(n=index + 1)
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
