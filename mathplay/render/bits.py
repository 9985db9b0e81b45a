"""Numbers as bits, and the bitwise operators, checked for the binary pictures.

No matplotlib here: these are the rules the pictures follow, each testable alone, and
what each picture shows (:func:`place_values_of`, :func:`bitwise_of`,
:func:`truth_table_of`), worked out once for the matplotlib and the SVG pictures, so
both say the same and refuse the same input with the same words. ``NOT`` flips the
bits of the written width, as the checker does (``NOT 101`` is ``010``).

>>> read_bits(13)
(13, 4)
>>> read_bits("0b0101")
(5, 4)
>>> apply_bitwise("XOR", 12, 10, 4), apply_bitwise("NOT", 5, None, 3)
(6, 2)
>>> to_bits(5, 4)
'0101'
>>> place_values_of(13, 8).title
'13 = 8 + 4 + 1'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from mathplay.expr.pretty import read_words
from mathplay.i18n import _
from mathplay.render.errors import PictureError

__all__ = [
    "MAX_BITS",
    "OPS",
    "Bitwise",
    "PlaceValues",
    "TruthTable",
    "apply_bitwise",
    "bitwise_of",
    "check_width",
    "describe_op",
    "fits",
    "normalise_op",
    "place_values_of",
    "read_bits",
    "superscript",
    "to_bits",
    "truth_table_of",
]

#: The widest number the pictures draw.
MAX_BITS = 32
#: The bitwise operators the pictures know.
OPS = ("AND", "OR", "XOR", "NOT")


def describe_op(name: str) -> str:
    """What the operator ``name`` does, in one phrase for a subtitle."""
    return {
        "AND": _("1 only where both bits are 1"),
        "OR": _("1 where at least one bit is 1"),
        "XOR": _("1 where the two bits differ"),
        "NOT": _("every bit flipped"),
    }[name]


def read_bits(value: int | str, name: str = "n") -> tuple[int, int]:
    """A whole number (``13``) or binary text (``"1101"``, ``"0b1101"``) → its value and
    its width in bits (the written width for text, at least 1 for a number)."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise PictureError(
            _("{name} must be a whole number or binary text like '1101', not {value!r}").format(
                name=name, value=value
            )
        )
    if isinstance(value, int):
        if value < 0:
            raise PictureError(
                _("{name} is {value}: bits show whole numbers of 0 or more").format(
                    name=name, value=value
                )
            )
        return value, max(1, value.bit_length())
    digits = value.strip().replace(" ", "").replace("_", "")
    if digits[:2].lower() == "0b":
        digits = digits[2:]
    if not digits or set(digits) - {"0", "1"}:
        raise PictureError(
            _("{name} = {value!r} is not binary: write only 0s and 1s, like '1101'").format(
                name=name, value=value
            )
        )
    return int(digits, 2), len(digits)


def check_width(bits: object, name: str = "bits") -> int:
    """``bits`` if it is a whole number from 1 to :data:`MAX_BITS`."""
    if isinstance(bits, bool) or not isinstance(bits, int) or not 1 <= bits <= MAX_BITS:
        raise PictureError(
            _("{name} must be a whole number from 1 to {most}, not {bits!r}").format(
                name=name, most=MAX_BITS, bits=bits
            )
        )
    return bits


def fits(value: int, bits: int, name: str = "n") -> None:
    """Raise unless ``value`` can be written in ``bits`` bits."""
    if value >= 1 << bits:
        raise PictureError(
            _("{name} = {value} needs {need} bits, more than bits={bits}").format(
                name=name, value=value, need=value.bit_length(), bits=bits
            )
        )


def normalise_op(op: object) -> str:
    """``"and"`` → ``"AND"``; anything but AND, OR, XOR, NOT is an error."""
    name = op.strip().upper() if isinstance(op, str) else None
    if name not in OPS:
        raise PictureError(
            _("unknown operator {op!r}: use one of {ops}").format(op=op, ops=", ".join(OPS))
        )
    return name


def apply_bitwise(op: str, a: int, b: int | None, bits: int) -> int:
    """``a op b`` bit by bit (``NOT a`` flips the ``bits`` lowest bits of ``a``)."""
    if op == "NOT":
        return ((1 << bits) - 1) ^ a
    if b is None:
        raise PictureError(_("{op} needs two numbers").format(op=op))
    if op == "AND":
        return a & b
    if op == "OR":
        return a | b
    return a ^ b


def to_bits(value: int, bits: int) -> str:
    """``value`` as exactly ``bits`` binary digits, with leading zeros."""
    return format(value, f"0{bits}b")


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def superscript(power: int) -> str:
    """``2`` to the ``power`` as written: ``superscript(7)`` is ``'2⁷'``."""
    return "2" + str(power).translate(_SUPERSCRIPT)


@dataclass(frozen=True)
class PlaceValues:
    """What a place-value picture shows: ``value`` as ``digits`` (``bits`` of them)."""

    value: int
    bits: int
    digits: str
    title: str
    subtitle: str

    @property
    def long_labels(self) -> bool:
        """True when the biggest place value has more than three digits (drawn upright)."""
        return len(str(1 << (self.bits - 1))) > 3


def place_values_of(n: int | str, bits: int = 8) -> PlaceValues:
    """``n`` (``13`` or ``"1101"``) in ``bits`` bits, with the sum of its place values as
    the title (``13 = 8 + 4 + 1``)."""
    bits = check_width(bits)
    value, _width = read_bits(n, "n")
    fits(value, bits, "n")
    digits = to_bits(value, bits)
    ones = [str(1 << (bits - 1 - i)) for i, bit in enumerate(digits) if bit == "1"]
    title = _("{n} = {sum}").format(n=value, sum=" + ".join(ones) if ones else "0")
    subtitle = _("{n} in {bits} bits is {digits}; under each bit, its place value").format(
        n=value, bits=bits, digits=digits
    )
    return PlaceValues(value, bits, digits, title, subtitle)


@dataclass(frozen=True)
class Bitwise:
    """What a bitwise picture shows: the rows ``("a", 12)``, ``("b", 10)`` and
    ``("result", 8)``, each ``width`` bits wide."""

    op: str
    width: int
    rows: tuple[tuple[str, int], ...]
    title: str
    subtitle: str

    @property
    def result(self) -> int:
        return self.rows[-1][1]


def bitwise_of(a: int | str, b: int | str | None, op: str, bits: int | None = None) -> Bitwise:
    """``a op b`` bit by bit; the width is ``bits`` or else the widest written number."""
    name = normalise_op(op)
    a_value, a_width = read_bits(a, "a")
    b_value: int | None
    if name == "NOT":
        if b is not None:
            raise PictureError(_("NOT takes one number: bitwise(a, None, 'NOT')"))
        b_value, b_width = None, 1
    else:
        if b is None:
            raise PictureError(_("{op} takes two numbers a and b").format(op=name))
        b_value, b_width = read_bits(b, "b")
    width = check_width(bits) if bits is not None else max(a_width, b_width)
    check_width(width, "the width")
    fits(a_value, width, "a")
    if b_value is not None:
        fits(b_value, width, "b")
    result = apply_bitwise(name, a_value, b_value, width)
    if b_value is None:
        rows: tuple[tuple[str, int], ...] = (("a", a_value), ("result", result))
        title = _("NOT {a} = {result}").format(a=a_value, result=result)
        subtitle = _("NOT {a} = {r}: {what}").format(
            a=to_bits(a_value, width), r=to_bits(result, width), what=describe_op(name)
        )
    else:
        rows = (("a", a_value), ("b", b_value), ("result", result))
        title = _("{a} {op} {b} = {result}").format(a=a_value, op=name, b=b_value, result=result)
        subtitle = _("{op}: {what}").format(op=name, what=describe_op(name))
    # The logic words as the pupil's language writes them (ΚΑΙ, DAN), like the chips.
    return Bitwise(name, width, rows, read_words(title), read_words(subtitle))


@dataclass(frozen=True)
class TruthTable:
    """What a truth table shows: a ``header`` and a row of 0s and 1s per input."""

    op: str
    header: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    title: str
    subtitle: str


def truth_table_of(op: str) -> TruthTable:
    """The truth table of ``op`` (AND, OR, XOR, NOT)."""
    name = normalise_op(op)
    inputs = ("A",) if name == "NOT" else ("A", "B")
    header = (*inputs, "NOT A" if name == "NOT" else f"A {name} B")
    rows = []
    for values in product((0, 1), repeat=len(inputs)):
        b = values[1] if len(values) > 1 else None
        rows.append((*values, apply_bitwise(name, values[0], b, 1)))
    title = _("{op} truth table").format(op=name)
    shown = tuple(read_words(part) for part in header)  # ΚΑΙ, DAN: as the chips say
    return TruthTable(name, shown, tuple(rows), read_words(title), read_words(describe_op(name)))
