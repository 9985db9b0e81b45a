"""How each game's moves and options are packed into a game code
(:mod:`mathplay.core.codes`).

A Summy or Binary move is written as what it is, not as its number in the list of every
legal move: listing them takes up to a quarter of a second a move on a 15×15 Summy table
and seconds in Binary with a blank (hundreds of thousands of moves), too slow to replay
a code, and a forged code could make it far slower. A line move: its first square,
across or down, its length and, for each empty square of it, which kind of tile of the
hand goes there (a blank with its value). A Mixmath placement: its number among the
legal placements in the order of their notation (a few dozen, listed in a fraction of a
millisecond), or for one that is not among them (a wrong placement, in challenge mode)
its square and which tile. A discard or exchange: each tile's place in the hand, in
order. A pass, draw, end or challenge: a few bits. Every move read from a code is played
through the engine, which checks it.

>>> from mathplay.core.codes import CODECS
>>> from mathplay.games.registry import GAMES
>>> sorted(codec.format_name for codec in CODECS.values()) == sorted(
...     info.format_name for info in GAMES.values() if not info.plugin)  # not plug-ins'
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar

from mathplay.core import LineMove, square_name
from mathplay.core.codes import (
    BitReader,
    BitWriter,
    CodeBroken,
    MoveCodec,
    OptionField,
    read_line,
    read_picks,
    register,
    tile_choices,
    write_line,
    write_picks,
)
from mathplay.core.state import AnyGame
from mathplay.games.binary import Binary
from mathplay.games.binary.game import Exchange as BinaryExchange
from mathplay.games.binary.game import Pass
from mathplay.games.binary.rules import BLANK as BINARY_BLANK
from mathplay.games.binary.rules import (
    BONUS_KINDS,
    IDENTITY_FAMILIES,
    BinaryOptions,
    chip_set,
    line_text,
)
from mathplay.games.mixmath import Mixmath
from mathplay.games.mixmath.moves import Challenge, Draw, EndTurn, Exchange, Placement
from mathplay.games.mixmath.rules import BLANK, BLANK_VALUES, MODES, SIZE, MixmathOptions
from mathplay.games.summy import Summy
from mathplay.games.summy.position import Discard
from mathplay.games.summy.rules import FIRST_HANDS, SummyOptions

__all__ = ["BinaryCodec", "MixmathCodec", "SummyCodec"]


def _defaults(options: type) -> dict[str, Any]:
    made = options()
    return {field.name: getattr(made, field.name) for field in fields(made)}


def _hand(game: AnyGame) -> list[str]:
    return list(game._pos.hands[game.to_move])


class SummyCodec(MoveCodec):
    """A line (``0``) or a discard (``1``: no block is a pass)."""

    number = 0
    format_name = Summy.format_name
    _default = _defaults(SummyOptions)
    options = (
        OptionField("size", "int", _default["size"], most=25),
        OptionField("players", "int", _default["players"], most=4),
        OptionField("hand_size", "int", _default["hand_size"], most=12),
        OptionField("first_hand", "choice", _default["first_hand"], FIRST_HANDS),
    )

    def write(self, game: AnyGame, move: str, out: BitWriter) -> None:
        parsed = game.parse_move(move)
        if isinstance(parsed, Discard):
            out.write(1, 1)
            write_picks(_hand(game), parsed.tokens, out)
            return
        out.write(0, 1)
        choices = tile_choices(_hand(game))
        write_line(game._pos.board, parsed.start, parsed.direction, parsed.tokens, choices, out)

    def read(self, game: AnyGame, bits: BitReader) -> str:
        if bits.read(1):
            tokens = read_picks(_hand(game), bits)
            return "discard " + "".join(tokens) if tokens else "pass"
        choices = tile_choices(_hand(game))
        start, direction, tokens, _new = read_line(game._pos.board, choices, bits)
        return f"{square_name(start)} {direction} {''.join(tokens)}"


class BinaryCodec(MoveCodec):
    """A line (``0``), a pass (``10``) or an exchange (``11``)."""

    number = 2
    format_name = Binary.format_name
    _default = _defaults(BinaryOptions)
    options = (
        OptionField("players", "int", _default["players"], most=4),
        OptionField("order", "choice", _default["order"], ("math", "left-to-right")),
        OptionField("xor", "bool", _default["xor"]),
        OptionField(
            "banned_identities", "subset", _default["banned_identities"], tuple(IDENTITY_FAMILIES)
        ),
        OptionField("bonus", "choice", _default["bonus"], BONUS_KINDS),
        OptionField("all_chips_bonus", "int", _default["all_chips_bonus"], most=2**64),
    )

    @staticmethod
    def _choices(game: AnyGame) -> list[str]:
        values = [chip for chip in chip_set(game.options.xor) if chip != BINARY_BLANK]
        return tile_choices(_hand(game), BINARY_BLANK, values)

    def write(self, game: AnyGame, move: str, out: BitWriter) -> None:
        parsed = game.parse_move(move)
        if isinstance(parsed, Pass):
            out.write(0b10, 2)
        elif isinstance(parsed, BinaryExchange):
            out.write(0b11, 2)
            write_picks(_hand(game), parsed.tokens, out)
        else:
            assert isinstance(parsed, LineMove)
            out.write(0, 1)
            board = game._pos.board
            write_line(
                board, parsed.start, parsed.direction, parsed.tokens, self._choices(game), out
            )

    def read(self, game: AnyGame, bits: BitReader) -> str:
        if bits.read(1):
            if not bits.read(1):
                return "pass"
            tokens = read_picks(_hand(game), bits)
            if not tokens:
                raise CodeBroken("an exchange of nothing")
            return "exchange " + " ".join(tokens)
        start, direction, tokens, new = read_line(game._pos.board, self._choices(game), bits)
        return f"{square_name(start)} {direction} {line_text(tokens, new)}"


#: A Mixmath turn's actions after ``0`` (a placement): end, draw, exchange (no tile is a
#: pass) and challenge, each a prefix of ones.
_END, _DRAW, _EXCHANGE, _CHALLENGE = 0b10, 0b110, 0b1110, 0b1111


class MixmathCodec(MoveCodec):
    """A placement (``0``), end (``10``), draw (``110``), exchange or pass (``1110``),
    challenge (``1111``)."""

    number = 1
    format_name = Mixmath.format_name
    _default = _defaults(MixmathOptions)
    options = (
        OptionField("players", "int", _default["players"], most=4),
        OptionField("mode", "choice", _default["mode"], MODES),
        OptionField("sequences", "bool", _default["sequences"]),
        OptionField("powers", "bool", _default["powers"]),
        OptionField("modulo", "bool", _default["modulo"]),
        OptionField("logarithms", "bool", _default["logarithms"]),
    )
    _values: ClassVar[list[str]] = [str(value) for value in BLANK_VALUES]

    @staticmethod
    def _listed(game: AnyGame) -> list[str]:
        """The legal placements, in the order of their notation (listing them takes a
        fraction of a millisecond); a placement that is not among them (a wrong one, in
        challenge mode) is written as its square and tile after the number of them."""
        return sorted({str(move) for move in game.legal_moves()})

    def write(self, game: AnyGame, move: str, out: BitWriter) -> None:
        parsed = game.parse_move(move)
        if isinstance(parsed, Placement):
            out.write(0, 1)
            listed = self._listed(game)
            text = str(parsed)
            if text in listed:
                out.choice(listed.index(text), len(listed) + 1)
                return
            out.choice(len(listed), len(listed) + 1)
            out.choice(parsed.square[0] * SIZE + parsed.square[1], SIZE * SIZE)
            choices = tile_choices(_hand(game), BLANK, self._values)
            out.choice(choices.index(parsed.token), len(choices))
        elif isinstance(parsed, EndTurn):
            out.write(_END, 2)
        elif isinstance(parsed, Draw):
            out.write(_DRAW, 3)
        elif isinstance(parsed, Exchange):
            out.write(_EXCHANGE, 4)
            write_picks(_hand(game), parsed.tokens, out)
        else:
            assert isinstance(parsed, Challenge)
            out.write(_CHALLENGE, 4)
            out.choice(0 if parsed.by is None else parsed.by + 1, 5)

    def read(self, game: AnyGame, bits: BitReader) -> str:
        if not bits.read(1):
            listed = self._listed(game)
            index = bits.choice(len(listed) + 1)
            if index < len(listed):
                return listed[index]
            row, col = divmod(bits.choice(SIZE * SIZE), SIZE)
            choices = tile_choices(_hand(game), BLANK, self._values)
            if not choices:
                raise CodeBroken("no tile to put down")
            return f"{square_name((row, col))} {choices[bits.choice(len(choices))]}"
        if not bits.read(1):
            return "end"
        if not bits.read(1):
            return "draw"
        if not bits.read(1):
            tokens = read_picks(_hand(game), bits)
            return "exchange " + " ".join(tokens) if tokens else "pass"
        by = bits.choice(5)
        return "challenge" if by == 0 else f"challenge by {by}"


for _codec in (SummyCodec(), MixmathCodec(), BinaryCodec()):
    register(_codec)
