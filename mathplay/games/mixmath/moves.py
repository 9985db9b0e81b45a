"""Mixmath moves and their notation (docs/notation.md): ``I7 3``, ``I7 ?3``, ``draw``, ``end``,
``exchange 3 7``, ``pass`` and ``challenge``.

>>> parse_move("i7 3"), parse_move("I7 ?3"), parse_move("exchange 3 ?")
(<Placement I7 3>, <Placement I7 ?3>, Exchange(tokens=('3', '?')))
>>> str(parse_move("exchange")), str(parse_move("pass")), str(parse_move("END"))
('pass', 'pass', 'end')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mathplay.core import Square, parse_square, square_name
from mathplay.core.typed_words import command_said
from mathplay.errors import NotationError
from mathplay.games.mixmath.rules import BLANK, SIZE, read_number, read_rack, tile_value
from mathplay.i18n import _

__all__ = ["Challenge", "Draw", "EndTurn", "Exchange", "MixmathMove", "Placement", "parse_move"]


@dataclass(frozen=True)
class Placement:
    """One rack tile put on ``square`` (M4). ``token`` is ``"12"`` or, for a blank, ``"?12"``.

    ``score`` (M5) and ``equations`` (n of M4, the directions with an equation) are filled
    in when the game checks the placement.
    """

    square: Square
    token: str
    score: int | None = field(compare=False, default=None)
    equations: int | None = field(compare=False, default=None)

    @property
    def value(self) -> int:
        """The number the tile stands for on the board."""
        return tile_value(self.token)

    @property
    def is_blank(self) -> bool:
        return self.token.startswith(BLANK)

    @property
    def rack_tile(self) -> str:
        """The tile it takes from the rack: the number, or ``?`` for a blank."""
        return BLANK if self.is_blank else self.token

    def __str__(self) -> str:
        return f"{square_name(self.square)} {self.token}"

    def __repr__(self) -> str:
        score = "" if self.score is None else f" score={self.score}"
        return f"<Placement {self}{score}>"


@dataclass(frozen=True)
class Draw:
    """M6: take the optional extra tile after a placement on a sign square."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class EndTurn:
    """M6: stop placing; M7 bonus, refill to seven, next player."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Exchange:
    """M6: swap ``tokens`` with the bag instead of placing; no tokens is a pass."""

    tokens: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "exchange " + " ".join(self.tokens) if self.tokens else "pass"


@dataclass(frozen=True)
class Challenge:
    """M8: another player challenges the last placement (challenge mode).

    ``by`` is who challenges (from 0), recorded in the notation as ``challenge by 2``
    (players counted from 1); ``None`` means the next player in turn.

    >>> str(Challenge()), str(Challenge(by=1))
    ('challenge', 'challenge by 2')
    """

    by: int | None = None

    def __str__(self) -> str:
        return "challenge" if self.by is None else f"challenge by {self.by + 1}"


MixmathMove = Placement | Draw | EndTurn | Exchange | Challenge

_WORDS: dict[str, MixmathMove] = {
    "draw": Draw(),
    "end": EndTurn(),
    "pass": Exchange(()),
    "challenge": Challenge(),
}


def parse_move(text: str) -> MixmathMove:
    """Read Mixmath move notation (forgiving about case and spaces)."""
    words = text.split()
    if not words:
        raise NotationError(
            _("the move is empty: write a square and a number (I7 3), draw, end, exchange or pass")
        )
    head = words[0].lower()
    if head in _WORDS and len(words) == 1:
        return _WORDS[head]
    # A command in any language's words (lepas, pasar, πάσο; tukar 3 7; ambil, tamat).
    command = command_said(text)
    if (
        command is not None
        and command[0] in ("draw", "end", "pass", "challenge")
        and not command[1]
    ):
        return _WORDS[command[0]]
    if command is not None and command[0] == "exchange":
        return Exchange(tuple(read_rack(command[1])))
    if head == "challenge" and len(words) == 3 and words[1].lower() == "by":
        if not words[2].isascii() or not words[2].isdigit() or not 1 <= int(words[2]) <= 4:
            raise NotationError(
                _("'{text}' names no player: write challenge by 2 (players 1 to 4)").format(
                    text=text.strip()
                )
            )
        return Challenge(by=int(words[2]) - 1)
    if head == "exchange":
        return Exchange(tuple(read_rack(" ".join(words[1:]))))
    if len(words) != 2:
        raise NotationError(
            _(
                "'{text}' is not a Mixmath move: write a square and a number like I7 3 "
                "(a blank: I7 ?3), or draw, end, exchange 3 7, pass, challenge"
            ).format(text=text.strip())
        )
    square = parse_square(words[0], SIZE)
    number = words[1]
    if number.startswith(BLANK):
        if number == BLANK:
            raise NotationError(
                _("say which number the blank stands for, like {square} ?3").format(
                    square=square_name(square)
                )
            )
        return Placement(square, BLANK + str(read_number(number[1:])))
    return Placement(square, str(read_number(number)))
