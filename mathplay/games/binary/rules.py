"""Binary's fixed facts (B1), its chips and notation, and what makes a line correct (B2).

>>> read_line("101 and 1 = 1")
['1', '0', '1', 'AND', '1', '=', '1']
>>> line_text(["1", "+", "?1", "=", "1", "0"], [True] * 6)
'1 + ?1 = 10'
>>> expression_problem(["1", "+", "1", "=", "1", "0"], BinaryOptions())
(None, 2)
>>> expression_problem(["1", "0", "0", "AND", "1", "=", "1", "0", "1"], BinaryOptions())[0]
'100 AND 1 is 0, not 101'
>>> value_bonus(0b1001, "highest-bit"), value_bonus(0b1001, "log2")
(8, 3)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mathplay.core import Square
from mathplay.errors import ExpressionError, NotationError, OptionsError
from mathplay.expr import check
from mathplay.expr.arithmetic import evaluate_side
from mathplay.expr.tokens import LOCAL_WORDS, plain_word
from mathplay.i18n import _

__all__ = [
    "BINARY_OPERATORS",
    "BLANK",
    "BONUS_KINDS",
    "CENTRE",
    "CHIP_COUNTS",
    "DIGITS",
    "HAND_SIZE",
    "IDENTITY_FAMILIES",
    "LETTER_PREMIUM",
    "POINTS",
    "PREMIUMS",
    "SCORELESS_TURNS",
    "SIZE",
    "WORD_PREMIUM",
    "BinaryOptions",
    "added_fragment",
    "chip_set",
    "chip_value",
    "expression_problem",
    "hand_points",
    "line_text",
    "read_hand",
    "read_line",
    "read_token",
    "value_bonus",
]

SIZE = 15
CENTRE: Square = (7, 7)
HAND_SIZE = 9
#: B5: the game ends after this many scoreless turns in a row.
SCORELESS_TURNS = 6
BLANK = "?"
DIGITS = ("0", "1")
#: The operators written between two numbers (NOT is a prefix).
BINARY_OPERATORS = frozenset({"+", "-", "x", "/", "AND", "OR", "XOR"})
#: B1: how many of each chip (``?`` is the blank); XOR only with the option.
CHIP_COUNTS: dict[str, int] = {
    "0": 28,
    "1": 28,
    "=": 14,
    "+": 5,
    "-": 5,
    "x": 3,
    "/": 2,
    "AND": 4,
    "OR": 4,
    "NOT": 4,
    BLANK: 3,
}
XOR_COUNT = 4
#: B1: points per chip.
POINTS: dict[str, int] = {**dict.fromkeys(CHIP_COUNTS, 1), "x": 2, "/": 4, BLANK: 0, "XOR": 1}
#: B3: the identity fragments an option can ban: operator and the number after it.
IDENTITY_FAMILIES: dict[str, tuple[str, str]] = {
    "x1": ("x", "1"),
    "/1": ("/", "1"),
    "+0": ("+", "0"),
    "-0": ("-", "0"),
    "AND 1": ("AND", "1"),
    "OR 0": ("OR", "0"),
    "XOR 0": ("XOR", "0"),
}
BONUS_KINDS = ("highest-bit", "log2", "none")


def _layout() -> dict[Square, str]:
    """B1: the standard Scrabble premium squares, ``(row, column)`` from 0."""
    premiums: dict[Square, str] = {}
    for square in [(0, 0), (0, 7), (0, 14), (7, 0), (7, 14), (14, 0), (14, 7), (14, 14)]:
        premiums[square] = "TW"
    for i in range(1, 5):
        for square in [(i, i), (i, 14 - i), (14 - i, i), (14 - i, 14 - i)]:
            premiums[square] = "DW"
    premiums[CENTRE] = "DW"
    for square in [(1, 5), (1, 9), (5, 1), (5, 5), (5, 9), (5, 13)]:
        premiums[square] = "TL"
        premiums[(14 - square[0], square[1])] = "TL"
    double_letter = [(0, 3), (0, 11), (2, 6), (2, 8), (3, 0), (3, 7), (3, 14)]
    double_letter += [(6, 2), (6, 6), (6, 8), (6, 12), (7, 3), (7, 11)]
    for square in double_letter:
        premiums[square] = "DL"
        premiums[(14 - square[0], square[1])] = "DL"
    return premiums


#: B1: the premium of every special square: ``"TW"``, ``"DW"``, ``"TL"`` or ``"DL"``.
PREMIUMS: dict[Square, str] = _layout()
#: Letter and word multipliers by square index (``row * 15 + column``).
LETTER_PREMIUM: tuple[int, ...] = tuple(
    {"DL": 2, "TL": 3}.get(PREMIUMS.get((i // SIZE, i % SIZE), ""), 1) for i in range(SIZE * SIZE)
)
WORD_PREMIUM: tuple[int, ...] = tuple(
    {"DW": 2, "TW": 3}.get(PREMIUMS.get((i // SIZE, i % SIZE), ""), 1) for i in range(SIZE * SIZE)
)


def chip_set(xor: bool = False) -> dict[str, int]:
    """B1: the chips of a game: 100, or 104 with the XOR option."""
    counts = dict(CHIP_COUNTS)
    if xor:
        counts["XOR"] = XOR_COUNT
    return counts


@dataclass(frozen=True)
class BinaryOptions:
    """Rules options: players (1–4), order of operations (B2), XOR chips (B1), banned
    identity fragments (B3), the value bonus (B4) and the all-chips bonus (B4)."""

    players: int = 2
    order: str = "math"
    xor: bool = False
    banned_identities: tuple[str, ...] = ()
    bonus: str = "highest-bit"
    all_chips_bonus: int = 50

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise OptionsError(
                _("players must be 1, 2, 3 or 4, not {value!r} (B1)").format(value=self.players)
            )
        if self.order not in ("math", "left-to-right"):
            raise OptionsError(
                _("order must be 'math' or 'left-to-right', not {value!r} (B2)").format(
                    value=self.order
                )
            )
        if not isinstance(self.xor, bool):
            raise OptionsError(
                _("xor must be True or False, not {value!r} (B1)").format(value=self.xor)
            )
        if self.bonus not in BONUS_KINDS:
            raise OptionsError(
                _("bonus must be 'highest-bit', 'log2' or 'none', not {value!r} (B4)").format(
                    value=self.bonus
                )
            )
        if not isinstance(self.all_chips_bonus, int) or self.all_chips_bonus < 0:
            raise OptionsError(
                _("all_chips_bonus must be a whole number ≥ 0, not {value!r} (B4)").format(
                    value=self.all_chips_bonus
                )
            )
        if not isinstance(self.banned_identities, (list, tuple, set, frozenset)):
            raise OptionsError(
                _(
                    "banned_identities is a list of fragments, like ('x1', '+0'), not {value}"
                ).format(value=type(self.banned_identities).__name__)
            )
        names = {name.replace(" ", "").upper(): name for name in IDENTITY_FAMILIES}
        chosen = set()
        for item in self.banned_identities:
            key = str(item).replace(" ", "").upper().replace("×", "X").replace("*", "X")
            if key not in names:
                raise OptionsError(
                    _("{item!r} is not an identity fragment; choose from {names} (B3)").format(
                        item=item, names=", ".join(IDENTITY_FAMILIES)
                    )
                )
            chosen.add(names[key])
        canonical = tuple(name for name in IDENTITY_FAMILIES if name in chosen)
        object.__setattr__(self, "banned_identities", canonical)

    @property
    def banned_pairs(self) -> dict[str, str]:
        """Banned fragments as ``operator → the number after it``."""
        return dict(IDENTITY_FAMILIES[name] for name in self.banned_identities)


# --- chips and notation ------------------------------------------------------------

_ALIASES = {"×": "x", "*": "x", "X": "x", "÷": "/", ":": "/", "−": "-", "–": "-", **LOCAL_WORDS}
#: A chip as typed: the logic words in English or as the pupil's school writes them
#: (ΚΑΙ, Ή, ΟΧΙ; DAN, ATAU, TAK: expr/tokens.py), in capitals or not, with accents or not.
_CHIP = r"(?:AND|XOR|NOT|OR|TIDAK|ATAU|DAN|TAK|ΚΑ[ΙΊ]|[ΟΌ]Χ[ΙΊ]|[ΉΗ](?![\w])|[01=+\-x/×*÷:−–])"
_LINE_PIECE = re.compile(rf"\s*(\??)({_CHIP})", re.IGNORECASE)
_HAND_PIECE = re.compile(rf"\s*(\?|{_CHIP})", re.IGNORECASE)


def _canonical(text: str, xor: bool) -> str:
    token = plain_word(text) if text.isalpha() and (len(text) > 1 or text in "ΉηήΗ") else text
    token = _ALIASES.get(token, token)
    if token == "XOR" and not xor:
        raise NotationError(
            _("XOR is not a chip in this game (the option xor=True adds four XOR chips)")
        )
    return token


def chip_value(token: str) -> str:
    """The chip a cell reads as: ``"?1"`` (a placed blank) reads as ``"1"``."""
    return token[1:] if token.startswith(BLANK) else token


def read_token(text: str, xor: bool = True) -> str:
    """A diagram cell: a chip (``1``, ``AND``) or a placed blank (``?1``, ``?AND``)."""
    match = _LINE_PIECE.fullmatch(text.strip())
    if not match:
        raise NotationError(
            _(
                "'{text}' is not a Binary chip: chips are 0 1 = + - x / AND OR NOT XOR, "
                "and a placed blank is ? before its chip (?1)"
            ).format(text=text)
        )
    return match.group(1) + _canonical(match.group(2), xor)


def _scan(text: str, pattern: re.Pattern[str], refusal: str) -> list[re.Match[str]]:
    """The chips of ``text``; ``refusal`` (with ``{rest}`` and ``{text}``) says which
    piece is not a chip."""
    matches = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = pattern.match(text, position)
        if not match:
            rest = text[position:].strip()
            raise NotationError(
                refusal.format(rest=rest.split()[0] if rest else rest, text=text.strip())
            )
        matches.append(match)
        position = match.end()
    return matches


def read_line(text: str, xor: bool = True) -> list[str]:
    """The chips of a move's line: ``"1 + ?1 = 10"`` → ``['1', '+', '?1', '=', '1', '0']``."""
    tokens = [
        m.group(1) + _canonical(m.group(2), xor)
        for m in _scan(text, _LINE_PIECE, _("'{rest}' in the line '{text}' is not a Binary chip"))
    ]
    if not tokens:
        raise NotationError(_("the line of the move is empty"))
    return tokens


def read_hand(text: str, xor: bool = True) -> list[str]:
    """A hand: ``"1 0 = + ? AND"``; ``?`` is a blank."""
    return [
        BLANK if m.group(1) == BLANK else _canonical(m.group(1), xor)
        for m in _scan(text, _HAND_PIECE, _("'{rest}' in the hand '{text}' is not a Binary chip"))
    ]


def line_text(tokens: Sequence[str], new: Sequence[bool]) -> str:
    """Canonical move text: digit runs, one space around operators and ``=``; a blank
    placed in the move (``new``) is written ``?`` before its chip."""
    parts: list[str] = []
    run = ""
    for token, is_new in zip(tokens, new):
        if token[:1] == BLANK:
            value = token[1:]
            shown = token if is_new else value
        else:
            value = shown = token
        if value == "0" or value == "1":
            run += shown
        else:
            if run:
                parts.append(run)
                run = ""
            parts.append(shown)
    if run:
        parts.append(run)
    return " ".join(parts)


def hand_points(hand: Sequence[str]) -> int:
    """The points of the chips in a hand (B5)."""
    return sum(POINTS[token] for token in hand)


# --- B2: a correct expression, B3: identity fragments, B4: the bonus -----------------


def expression_problem(values: Sequence[str], options: BinaryOptions) -> tuple[str | None, int]:
    """Why the chips ``values`` are not a correct expression (B2), or ``None`` and the
    expression's value when they are one."""
    text = line_text(values, [False] * len(values))
    if "=" not in values:
        return _("{text} has no =, and an expression has two or more sides").format(text=text), 0
    if not any(value in BINARY_OPERATORS or value == "NOT" for value in values):
        return (
            _("{text} has no operator, and an expression needs at least one").format(text=text),
            0,
        )
    try:
        verdict = check(text, base=2, order=options.order)
    except ExpressionError as error:
        return str(error), 0
    if not verdict.holds:
        return verdict.reason, 0
    return None, int(evaluate_side(verdict.sides[0], options.order))


def added_fragment(
    values: Sequence[str], new: Sequence[bool], banned: dict[str, str]
) -> str | None:
    """B3: the first banned identity fragment with a chip placed in this move, or ``None``.

    A fragment is an operator chip followed by a whole number written as the single digit
    named by its family (``x`` then ``1`` not followed by another digit; a number under
    ``NOT`` never counts); it is added when its operator or its digit is new.
    """
    if not banned:
        return None
    last = len(values) - 1
    for index in range(last):
        digit = banned.get(values[index])
        if digit is None or values[index + 1] != digit:
            continue
        if index + 1 < last and values[index + 2] in DIGITS:
            continue
        if new[index] or new[index + 1]:
            return f"{values[index]} {digit}" if len(values[index]) > 1 else values[index] + digit
    return None


def value_bonus(value: int, kind: str) -> int:
    """B4: the bonus for an expression's value: its highest 1-bit (default), the floor
    of its base-2 logarithm (``"log2"``) or nothing; 0 for the value 0."""
    if value <= 0 or kind == "none":
        return 0
    if kind == "log2":
        return value.bit_length() - 1
    return 1 << (value.bit_length() - 1)
