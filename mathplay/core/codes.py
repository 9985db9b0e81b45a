"""A game as a code a pupil can send to a friend, so two pupils play by turns with no
server: in a message, on paper, read out.

A code holds only what a game is: which game, its options, the seed that dealt it and
every move, each move packed into a few bits (where on the board, which tiles of the
hand), written in letters and digits that cannot be mistaken for each other (no I, L, O
or U), in groups of five, with four check letters at the end. A new game's code is 20
characters at most (``MP2-…``, a board's seed: below a million), short enough to read
out; each move adds a few.

Loading a code checks the letters first (a letter changed or missing is found and said
in words), then deals the game from its seed and replays every move through the engine,
so a code that was edited cannot put an illegal move on the board: it is refused, naming
the move. A code cannot bring a start position of its own (500 points, a chosen rack):
there is nowhere to write one. A game that did not start from its seed's deal (a
puzzle's diagram) has no code.

**Codes are friendly games, not checked ones.** Anybody can write a code of a game they
never played, with moves of their choosing: the code shows what happens after those
moves, and nobody saw the moves played. Without a server to keep the game, no code can
be made unforgeable; the class's game service (playing a classmate) is the checked way.

Codes of the first version (``MP1-…``, compressed JSON) still open, unless they carry a
start of their own.

>>> from mathplay import Summy
>>> game = Summy(players=2, seed=7, size=9)
>>> _ = game.play(game.best_moves(1)[0])
>>> code = game_code(game)
>>> code.startswith("MP2-")
True
>>> from_code(code).state_key() == game.state_key()
True
>>> from_code(code[:-3] + "000")
Traceback (most recent call last):
...
mathplay.errors.SaveFileError: this game code is not right: a letter was changed, ...

Each game supplies how its moves and options are packed (a :class:`MoveCodec`,
registered by ``mathplay.games.codes``); this module holds the rest.
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from mathplay.core.bag import MAX_SEED_LENGTH, check_seed
from mathplay.core.grid import Grid
from mathplay.core.lines import line_squares
from mathplay.core.saves import load
from mathplay.core.squares import Direction, Square
from mathplay.core.state import GAME_TYPES, AnyGame, _options_dict
from mathplay.errors import MathplayError, SaveFileError
from mathplay.i18n import _

__all__ = [
    "MAX_CODE_LENGTH",
    "BitReader",
    "BitWriter",
    "CodeBroken",
    "MoveCodec",
    "OptionField",
    "from_code",
    "game_code",
    "register",
]

#: What every code starts with: mathplay's game codes, version 2.
PREFIX = "MP2"
#: The first version's codes (compressed JSON), still read.
OLD_PREFIX = "MP1"
#: Letters and digits a child cannot mistake for each other (Crockford's base 32).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {char: value for value, char in enumerate(ALPHABET)}
#: Letters read as the ones they look like.
_LOOKALIKES = {"O": "0", "I": "1", "L": "1", "U": "V"}
#: The longest code read (a long game is a few hundred characters), and the most the
#: contents of a first-version code may unpack to (a code made to unpack to gigabytes is
#: refused).
MAX_CODE_LENGTH = 50_000
MAX_UNPACKED = 2_000_000
#: The most moves a code may hold (a whole game is a few hundred).
MAX_MOVES = 5_000
#: The check letters at the end of a code.
CHECK_LETTERS = 4


# --- bits ------------------------------------------------------------------------------


class CodeBroken(Exception):
    """The bits of a code do not make a game (out of range, too few, too many)."""


def width(count: int) -> int:
    """How many bits tell ``count`` things apart (0 for one thing)."""
    return max(count - 1, 0).bit_length()


class BitWriter:
    """Bits written one field after another, most significant first."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def write(self, value: int, bits: int) -> None:
        """``value`` (``0 <= value < 2**bits``) in ``bits`` bits."""
        if bits < 0 or not 0 <= value < (1 << bits):
            raise ValueError(f"{value} does not fit in {bits} bits")
        self.value = (self.value << bits) | int(value)
        self.length += bits

    def choice(self, index: int, count: int) -> None:
        """One of ``count`` things."""
        if not 0 <= index < count:
            raise ValueError(f"choice {index} of {count}")
        self.write(index, width(count))

    def count(self, number: int) -> None:
        """A whole number of any size, short when small (Elias gamma of ``number + 1``)."""
        if number < 0:
            raise ValueError("a count is at least 0")
        bits = (number + 1).bit_length()
        self.write(0, bits - 1)
        self.write(number + 1, bits)

    def extend(self, other: BitWriter) -> None:
        self.write(other.value, other.length)


class BitReader:
    """The bits of a code read back; reading past the end or out of range raises
    :class:`CodeBroken`."""

    def __init__(self, value: int, length: int) -> None:
        self.value = value
        self.left = length

    def read(self, bits: int) -> int:
        if bits > self.left:
            raise CodeBroken("too few bits")
        self.left -= bits
        return (self.value >> self.left) & ((1 << bits) - 1)

    def choice(self, count: int) -> int:
        index = self.read(width(count))
        if index >= count:
            raise CodeBroken("a choice out of range")
        return index

    def count(self, most: int) -> int:
        zeros = 0
        while not self.read(1):
            zeros += 1
            if zeros > most.bit_length():
                raise CodeBroken("a count too large")
        number = ((1 << zeros) | self.read(zeros)) - 1
        if number > most:
            raise CodeBroken("a count too large")
        return number


# --- what each game supplies ------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class OptionField:
    """One option of a game in a code: ``kind`` is ``"int"`` (a whole number from 0 to
    ``most``), ``"bool"``, ``"choice"`` (one of ``choices``) or ``"subset"`` (a tuple of
    ``choices``, in their order). A value equal to ``default`` takes one bit."""

    name: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    most: int = 1_000


class MoveCodec(ABC):
    """How one game's moves and options are packed into a code's bits."""

    #: The number of the game in a code (0 to 3).
    number: int
    #: The game's save format name.
    format_name: str
    #: The game's options, in order.
    options: tuple[OptionField, ...]

    @abstractmethod
    def write(self, game: AnyGame, move: str, out: BitWriter) -> None:
        """Pack ``move`` (notation, as the history has it), to be played in ``game``."""

    @abstractmethod
    def read(self, game: AnyGame, bits: BitReader) -> str:
        """The notation of the move packed next, to be played in ``game`` (which the code
        then plays, every rule checked); :class:`CodeBroken` when the bits are not one."""


CODECS: dict[int, MoveCodec] = {}


def register(codec: MoveCodec) -> None:
    """Make ``codec``'s game writable as a code (``mathplay.games.codes`` registers the
    three games)."""
    CODECS[codec.number] = codec


# --- pieces of moves the games share ------------------------------------------------------


def tile_choices(hand: Sequence[str], blank: str = "", values: Sequence[str] = ()) -> list[str]:
    """What a tile put down from ``hand`` can be: each kind of tile in it once, and for a
    blank (``blank``, when the hand holds one) ``blank`` + each value it may stand for."""
    kinds = sorted({tile for tile in hand if not blank or tile != blank})
    if blank and blank in hand:
        kinds += [blank + value for value in sorted(values)]
    return kinds


def write_picks(hand: Sequence[str], tokens: Sequence[str], out: BitWriter) -> None:
    """Tiles taken from ``hand`` in this order (an exchange, a discard): how many, then
    each one's place in the hand."""
    free = list(range(len(hand)))
    out.count(len(tokens))
    for token in tokens:
        place = next(i for i in free if hand[i] == token)
        free.remove(place)
        out.choice(place, len(hand))


def read_picks(hand: Sequence[str], bits: BitReader) -> list[str]:
    """The tiles :func:`write_picks` packed: each from another place of ``hand``."""
    count = bits.count(len(hand))
    places = [bits.choice(len(hand)) for _ in range(count)]
    if len(set(places)) != len(places):
        raise CodeBroken("a tile taken twice")
    return [hand[place] for place in places]


def write_line(
    board: Grid,
    start: Square,
    direction: Direction,
    tokens: Sequence[str],
    choices: Sequence[str],
    out: BitWriter,
) -> None:
    """A line move: its first square, its direction, its length and, for each empty
    square on it, which of ``choices`` goes there (the others are on the board)."""
    size = board.size
    out.choice(start[0] * size + start[1], size * size)
    out.write(0 if direction is Direction.ACROSS else 1, 1)
    out.choice(len(tokens) - 1, size)
    for square, token in zip(line_squares(start, direction, len(tokens)), tokens):
        if board[square] is None:
            out.choice(list(choices).index(token), len(choices))


def read_line(
    board: Grid, choices: Sequence[str], bits: BitReader
) -> tuple[Square, Direction, list[str], list[bool]]:
    """The line :func:`write_line` packed: its start, direction, tokens and which of its
    squares are new."""
    size = board.size
    index = bits.choice(size * size)
    start = divmod(index, size)
    direction = Direction.DOWN if bits.read(1) else Direction.ACROSS
    length = bits.choice(size) + 1
    tokens: list[str] = []
    new: list[bool] = []
    for square in line_squares(start, direction, length):
        if not board.on_board(square):
            raise CodeBroken("a line off the board")
        there = board[square]
        if there is None:
            if not choices:
                raise CodeBroken("no tile to put down")
            tokens.append(choices[bits.choice(len(choices))])
        else:
            tokens.append(there)
        new.append(there is None)
    return start, direction, tokens, new


# --- codes -------------------------------------------------------------------------------------


def _encode(data: bytes) -> str:
    number = int.from_bytes(b"\x01" + data, "big")  # the 1 keeps leading zero bytes
    digits = []
    while number:
        number, digit = divmod(number, 32)
        digits.append(ALPHABET[digit])
    return "".join(reversed(digits))


def _decode(text: str) -> bytes:
    number = 0
    for char in text:
        number = number * 32 + ALPHABET.index(char)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    if not raw or raw[0] != 1:
        raise ValueError("no start byte")
    return raw[1:]


def _check(text: str) -> str:
    """Four letters that change when any letter of ``text`` changes."""
    value = zlib.crc32(text.encode("ascii")) & 0xFFFFF
    return "".join(ALPHABET[(value >> shift) & 31] for shift in (15, 10, 5, 0))


def _grouped(prefix: str, body: str) -> str:
    groups = [body[i : i + 5] for i in range(0, len(body), 5)]
    return "-".join([prefix, *groups])


def _fresh(game: AnyGame, options: dict[str, Any]) -> AnyGame | None:
    """The game its seed deals with these options, when it is this game's start."""
    try:
        maker: Any = type(game)
        fresh = maker(seed=game.seed, **options)
    except (TypeError, ValueError, MathplayError):
        return None
    return fresh if fresh._start == game._start else None


def no_code_reason() -> str:
    """What is said of a game that has no code (it did not start from a new deal)."""
    return _(
        "This game has no code: it did not start with a new deal (it was set up, like a "
        "puzzle). A code can only hold a game that starts with a new deal."
    )


def game_code(game: AnyGame) -> str:
    """The game as a code: which game, its options, its seed and every move (a
    ``MathplayError`` in words for a game that did not start from its seed's deal)."""
    codec = next((c for c in CODECS.values() if c.format_name == game.format_name), None)
    if codec is None:  # a plug-in's game (docs/guide/plugins.md): codes hold mathplay's own
        raise MathplayError(
            _("This game has no code: a code holds only the games that come with mathplay.")
        )
    options = _options_dict(game.options)
    fresh = _fresh(game, options) if codec is not None else None
    if codec is None or fresh is None:
        raise MathplayError(no_code_reason())
    out = BitWriter()
    out.write(codec.number, 2)
    if set(options) != {field.name for field in codec.options}:
        # A bug, not a pupil's doing: a game got an option its code does not write.
        raise RuntimeError(f"the options of {game.format_name} changed: update its code")
    for field in codec.options:
        _write_option(field, options[field.name], out)
    _write_seed(game.seed, out)
    out.count(len(game.history))
    for entry in game.history:
        move = BitWriter()
        codec.write(fresh, entry.move, move)
        # The move packed must read back as itself, in the same position.
        again = codec.read(fresh, BitReader(move.value, move.length))
        fresh.play(again)
        if fresh.history[-1].move != entry.move:
            raise RuntimeError(f"{entry.move!r} is not packed right: it reads back {again!r}")
        out.extend(move)
    return _written(out)


def _written(out: BitWriter) -> str:
    """The code of these bits: padded with zeros to whole letters, then the check."""
    bits = BitWriter()
    bits.extend(out)
    bits.write(0, -bits.length % 5)
    body = "".join(ALPHABET[(bits.value >> shift) & 31] for shift in range(bits.length - 5, -1, -5))
    return _grouped(PREFIX, body + _check(PREFIX + body))


def _write_option(field: OptionField, value: Any, out: BitWriter) -> None:
    if isinstance(value, list):
        value = tuple(value)
    out.write(value == field.default, 1)
    if value == field.default:
        return
    if field.kind == "bool":
        out.write(bool(value), 1)
    elif field.kind == "int":
        if not 0 <= value <= field.most:
            raise ValueError(f"{field.name}={value} is more than a code holds")
        out.count(int(value))
    elif field.kind == "choice":
        out.choice(field.choices.index(value), len(field.choices))
    else:
        for choice in field.choices:
            out.write(choice in value, 1)


def _read_option(field: OptionField, bits: BitReader) -> Any:
    if bits.read(1):
        return list(field.default) if isinstance(field.default, tuple) else field.default
    if field.kind == "bool":
        return bool(bits.read(1))
    if field.kind == "int":
        return bits.count(field.most)
    if field.kind == "choice":
        return field.choices[bits.choice(len(field.choices))]
    return [choice for choice in field.choices if bits.read(1)]


def _write_seed(seed: int | str, out: BitWriter) -> None:
    """A number seed: its sign and its bits; a text seed: its UTF-8 bytes."""
    if isinstance(seed, int):
        out.write(0, 1)
        out.write(seed < 0, 1)
        out.count(abs(seed).bit_length())
        out.write(abs(seed), abs(seed).bit_length())
    else:
        raw = seed.encode("utf-8")
        out.write(1, 1)
        out.count(len(raw))
        for byte in raw:
            out.write(byte, 8)


def _read_seed(bits: BitReader) -> int | str:
    if not bits.read(1):
        negative = bits.read(1)
        length = bits.count(330)
        number = bits.read(length)
        if number.bit_length() != length or (negative and not number):
            raise CodeBroken("a seed not written the short way")
        return -number if negative else number
    size = bits.count(4 * MAX_SEED_LENGTH)
    try:
        return bytes(bits.read(8) for _ in range(size)).decode("utf-8")
    except UnicodeDecodeError:
        raise CodeBroken("a seed that is not text") from None


def _wrong() -> SaveFileError:
    return SaveFileError(
        _(
            "this game code is not right: a letter was changed, added or left out. Ask for "
            "the code again and copy all of it."
        )
    )


def from_code(code: str) -> Any:
    """The game a code holds, dealt from its seed and every move replayed and checked
    (``SaveFileError`` in words when the code is wrong or a move in it cannot be
    played)."""
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
        raise SaveFileError(_("this is not a mathplay game code"))
    text = "".join(code.split()).upper().replace("-", "")
    prefix = text[:3]
    if prefix not in (PREFIX, OLD_PREFIX):
        raise SaveFileError(
            _("this is not a mathplay game code: a game code starts with {prefix}").format(
                prefix=PREFIX
            )
        )
    text = "".join(_LOOKALIKES.get(char, char) for char in text[3:])
    if len(text) < 5 or any(char not in _VALUES for char in text):
        raise _wrong()
    body, check = text[:-CHECK_LETTERS], text[-CHECK_LETTERS:]
    if prefix == OLD_PREFIX:
        if _check(body) != check:
            raise _wrong()
        return _from_old_code(body)
    if _check(PREFIX + body) != check:
        raise _wrong()
    value = 0
    for char in body:
        value = value * 32 + _VALUES[char]
    bits = BitReader(value, 5 * len(body))
    try:
        return _replayed(bits)
    except CodeBroken:
        raise _wrong() from None


def _replayed(bits: BitReader) -> Any:
    codec = CODECS.get(bits.read(2))
    game_type = GAME_TYPES.get(codec.format_name) if codec is not None else None
    if codec is None or game_type is None:
        raise CodeBroken("no such game")
    options = {field.name: _read_option(field, bits) for field in codec.options}
    seed = _read_seed(bits)
    try:
        maker: Any = game_type
        game = maker(seed=check_seed(seed), **options)
    except (TypeError, ValueError, MathplayError):
        raise CodeBroken("options no game has") from None
    moves = bits.count(MAX_MOVES)
    for ply in range(1, moves + 1):
        move = codec.read(game, bits)
        try:
            game.play(move)
        except MathplayError as error:
            raise SaveFileError(
                _("move {ply} of the game code, {move!r}, cannot be played: {error}").format(
                    ply=ply, move=move, error=error
                )
            ) from None
    if bits.left >= 5 or bits.read(bits.left):
        raise CodeBroken("bits left over")
    return game


# --- the first version ----------------------------------------------------------------


def _from_old_code(body: str) -> Any:
    """A first-version code (compressed JSON): opened when it holds no start of its own."""
    try:
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(_decode(body), MAX_UNPACKED)
        if unpacker.unconsumed_tail:
            raise ValueError("too big")
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, zlib.error, UnicodeDecodeError, RecursionError):
        raise _wrong() from None
    if not isinstance(data, dict):
        raise _wrong()
    if "t" in data:
        raise SaveFileError(
            _(
                "this game code brings its own tiles and points instead of a new deal, so "
                "it is not opened: a game code may only hold a game that starts with a new "
                "deal. Ask your friend for a new code."
            )
        )
    save = {
        "format": data.get("f"),
        "version": data.get("v"),
        "options": data.get("o"),
        "seed": data.get("s"),
        "history": data.get("h"),
    }
    save["start"] = _start_of(save)
    return load(json.dumps(save))


def _start_of(save: dict[str, Any]) -> Any:
    """The start position a code's seed deals (a code without one)."""
    name = save["format"]
    game_type = GAME_TYPES.get(name) if isinstance(name, str) else None
    options = save["options"]
    if game_type is None or not isinstance(options, dict):
        return None  # load() says what is wrong
    try:
        maker: Any = game_type
        return maker(seed=save["seed"], **options)._start
    except (TypeError, ValueError, MathplayError):
        return None  # load() says what is wrong
