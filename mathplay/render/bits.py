"""Numbers as bits, and the bitwise operators, checked for the binary pictures.

No matplotlib here: these are the rules the pictures follow, each testable alone. ``NOT``
flips the bits of the written width, as the checker does (``NOT 101`` is ``010``).

>>> read_bits(13)
(13, 4)
>>> read_bits("0b0101")
(5, 4)
>>> apply_bitwise("XOR", 12, 10, 4), apply_bitwise("NOT", 5, None, 3)
(6, 2)
>>> to_bits(5, 4)
'0101'
"""

from __future__ import annotations

from mathplay.i18n import _
from mathplay.render.errors import PictureError

__all__ = [
    "MAX_BITS",
    "OPS",
    "apply_bitwise",
    "check_width",
    "describe_op",
    "fits",
    "normalise_op",
    "read_bits",
    "to_bits",
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
