"""Summy's fixed facts (S1) and what makes a line of blocks a sum (S2, S4).

>>> sum_problem(tuple("8x15=120")) is None
True
>>> sum_problem(tuple("3+4=8"))
'3+4 is 7, not 8'
>>> sum_problem(tuple("12=12"))
'a sum needs at least one operator before the =, like 5+7=12'
>>> line_score(tuple("8x15=120"))
17
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mathplay.errors import ExpressionError, NotationError, OptionsError
from mathplay.expr import check, parse
from mathplay.i18n import _

__all__ = [
    "DIGITS",
    "FIRST_HANDS",
    "HAND_SIZE",
    "OPERATORS",
    "TILE_COUNTS",
    "TOKENS",
    "SummyOptions",
    "line_score",
    "read_token",
    "sum_problem",
]

DIGITS = "0123456789"
OPERATORS = "+-x:"
TOKENS = DIGITS + OPERATORS + "="
#: S1: six of each digit, five of each operator, fourteen '=' (one starts on the centre).
TILE_COUNTS: dict[str, int] = {**dict.fromkeys(DIGITS, 6), **dict.fromkeys(OPERATORS, 5), "=": 14}
HAND_SIZE = 8
#: How a new game deals the first hands (decision D-S6, docs/rules/summy-decisions.md):
#: ``"strict"`` as drawn; ``"playable"`` deals a hand again while it can make no sum.
FIRST_HANDS = ("strict", "playable")

_ALIASES = {"×": "x", "X": "x", "*": "x", "÷": ":", "/": ":", "−": "-", "–": "-"}


def read_token(text: str) -> str:
    """A Summy block's canonical token (forgiving: ``×`` → ``x``, ``÷`` → ``:``)."""
    token = _ALIASES.get(text, text)
    if token not in TOKENS:
        raise NotationError(
            _("'{text}' is not a Summy block: blocks are 0-9, + - x : and =").format(text=text)
        )
    return token


@dataclass(frozen=True)
class SummyOptions:
    """Rules options (S1): table size (odd, ≥ 9), players (1–4), hand size, and how the
    first hands are dealt (``first_hand``, D-S6)."""

    size: int = 25
    players: int = 2
    hand_size: int = HAND_SIZE
    first_hand: str = "strict"

    def __post_init__(self) -> None:
        if not isinstance(self.size, int) or self.size < 9 or self.size % 2 == 0 or self.size > 25:
            raise OptionsError(
                f"size must be an odd whole number from 9 to 25, not {self.size!r} (rule S1)"
            )
        if not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise OptionsError(f"players must be 1, 2, 3 or 4, not {self.players!r} (rule S1)")
        if not isinstance(self.hand_size, int) or not 1 <= self.hand_size <= 12:
            raise OptionsError(f"hand_size must be from 1 to 12, not {self.hand_size!r}")
        if self.first_hand not in FIRST_HANDS:
            raise OptionsError(
                _("first_hand must be 'strict' or 'playable', not {value!r}").format(
                    value=self.first_hand
                )
            )


def sum_problem(tokens: Sequence[str]) -> str | None:
    """Why ``tokens`` are not a true sum (S2), or ``None`` when they are one."""
    text = "".join(tokens)
    equals = text.count("=")
    if equals != 1:
        return _("a sum has exactly one =, and {text} has {count}").format(text=text, count=equals)
    try:
        left, right = parse(text)
    except ExpressionError as error:
        return _("{text} is not a sum: {error}").format(text=text, error=error)
    if not left.operators:
        return _("a sum needs at least one operator before the =, like 5+7=12")
    if not right.is_number:
        return _("after the = comes a single number, not {side}").format(side=right)
    verdict = check(text)
    return None if verdict.holds else verdict.reason


def line_score(tokens: Sequence[str]) -> int:
    """S4: the sum of every digit in the line (operators and = score nothing)."""
    return sum(int(token) for token in tokens if token in DIGITS)
