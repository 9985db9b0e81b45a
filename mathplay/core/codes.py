"""A game as a code a pupil can send to a friend, so two pupils play by turns with no
server: in a message, on paper, on the website.

The code holds the game's options, its seed and every move (the start position too when
it is not the one its seed deals, e.g. a puzzle's diagram), compressed and written in
letters and digits that cannot be mistaken for each other (no I, L, O or U), in groups of
five, with a check at the end. Loading it checks the letters first (a letter changed or
missing is found and said in words), then rebuilds the game and replays every move
through the engine, exactly as :func:`mathplay.load` does, so a code that was edited
cannot put an illegal move on the board: it is refused, naming the move.

>>> from mathplay import Summy
>>> game = Summy(players=2, seed=7, size=9)
>>> _ = game.play(game.best_moves(1)[0])
>>> code = game_code(game)
>>> code.startswith("MP1-")
True
>>> from_code(code).state_key() == game.state_key()
True
>>> from_code(code[:-3] + "000")
Traceback (most recent call last):
...
mathplay.errors.SaveFileError: this game code is not right: a letter was changed, ...
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from mathplay.core.saves import load
from mathplay.core.state import GAME_TYPES, AnyGame, _options_dict
from mathplay.errors import MathplayError, SaveFileError
from mathplay.i18n import _

__all__ = ["MAX_CODE_LENGTH", "from_code", "game_code"]

#: What every code starts with: mathplay's game codes, version 1.
PREFIX = "MP1"
#: Letters and digits a child cannot mistake for each other (Crockford's base 32).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Letters read as the ones they look like.
_LOOKALIKES = {"O": "0", "I": "1", "L": "1", "U": "V"}
#: The longest code read (a long game is a few thousand characters), and the most its
#: contents may unpack to (a code made to unpack to gigabytes is refused).
MAX_CODE_LENGTH = 50_000
MAX_UNPACKED = 2_000_000


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


def _fresh_start(game: AnyGame, options: dict[str, Any]) -> bool:
    """Whether the game's start is the one its seed deals (then the code leaves it out)."""
    try:
        maker: Any = type(game)
        fresh = maker(seed=game.seed, **options)
    except (TypeError, ValueError, MathplayError):
        return False
    return bool(fresh._start == game._start)


def game_code(game: AnyGame) -> str:
    """The game as a code: options, seed, start (when not its seed's) and every move."""
    options = _options_dict(game.options)
    data: dict[str, Any] = {
        "f": game.format_name,
        "v": game.format_version,
        "o": options,
        "s": game.seed,
        "h": [entry.move for entry in game.history],
    }
    if not _fresh_start(game, options):
        data["t"] = game._start
    packed = zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 9)
    body = _encode(packed)
    body += _check(body)
    groups = [body[i : i + 5] for i in range(0, len(body), 5)]
    return "-".join([PREFIX, *groups])


def _wrong() -> SaveFileError:
    return SaveFileError(
        _(
            "this game code is not right: a letter was changed, added or left out. Ask for "
            "the code again and copy all of it."
        )
    )


def from_code(code: str) -> Any:
    """The game a code holds, every move replayed and checked (``SaveFileError`` in
    words when the code is wrong or a move in it cannot be played)."""
    if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
        raise SaveFileError(_("this is not a mathplay game code"))
    text = "".join(code.split()).upper().replace("-", "")
    if not text.startswith(PREFIX):
        raise SaveFileError(
            _("this is not a mathplay game code: a game code starts with {prefix}").format(
                prefix=PREFIX
            )
        )
    text = "".join(_LOOKALIKES.get(char, char) for char in text[len(PREFIX) :])
    if len(text) < 5 or any(char not in ALPHABET for char in text):
        raise _wrong()
    body, check = text[:-4], text[-4:]
    if _check(body) != check:
        raise _wrong()
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
    save = {
        "format": data.get("f"),
        "version": data.get("v"),
        "options": data.get("o"),
        "seed": data.get("s"),
        "history": data.get("h"),
    }
    if "t" in data:
        save["start"] = data["t"]
    else:
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
