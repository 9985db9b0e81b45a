"""The ``convert`` kind: write a number in binary, or a binary number in decimal.

Its fields, reading, checking, hints and diagnoses, its generator's levels and how a
puzzle of each level is drawn.

>>> convert_hints(13, "binary")[0]
'Which powers of 2 fit in 13? The powers of 2 are 1, 2, 4, 8, 16, …'
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from mathplay.i18n import N_, _
from mathplay.puzzles.kinds.base import (
    Field,
    Kind,
    KindError,
    Result,
)
from mathplay.puzzles.kinds.diagnose import column_name
from mathplay.puzzles.kinds.drawing import Plan, bin_text
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.numbers import MAX_DIGITS
from mathplay.puzzles.kinds.numbers import number as _number
from mathplay.puzzles.kinds.numbers import shown as _shown
from mathplay.puzzles.kinds.reveal import Secret, safe_parts
from mathplay.puzzles.model import Puzzle

__all__ = ["Convert", "convert_hints", "place_values"]


def place_values(value: int) -> str:
    """``13`` → ``"8 + 4 + 1"``: the powers of two that make a number."""
    parts = [str(1 << bit) for bit in range(value.bit_length() - 1, -1, -1) if value >> bit & 1]
    return " + ".join(parts) or "0"


def convert_hints(value: int, to: str) -> list[str]:
    """Hints for writing ``value`` in binary (``to="binary"``), or reading it (``"decimal"``)."""
    if to == "binary":
        powers: list[str] = []
        power = 1
        while power <= max(value, 1) * 2 and len(powers) < 12:
            powers.append(str(power))
            power *= 2
        return [
            _("Which powers of 2 fit in {n}? The powers of 2 are {powers}, …").format(
                n=value, powers=", ".join(powers)
            ),
            _(
                "Start with the biggest power of 2 that fits in {n}, take it away, and do the "
                "same with what is left."
            ).format(n=value),
            _(
                "{n} = {parts}. Write 1 for each of these place values and 0 for the others, "
                "the biggest on the left."
            ).format(n=value, parts=place_values(value)),
        ]
    bits = format(value, "b")
    places = ", ".join(str(1 << i) for i in range(len(bits) - 1, -1, -1))
    return [
        _("Write the place values over the bits of {b}, from the left: {places}.").format(
            b=bits, places=places
        ),
        _("Add up the place values that have a 1 under them: {parts}.").format(
            parts=place_values(value)
        ),
    ]


class Convert(Kind):
    name = "convert"
    title: ClassVar[str] = N_("Decimal and binary")
    levels: ClassVar[dict[int, str]] = {
        1: N_("decimal to binary, 1 to 15"),
        2: N_("binary to decimal, 4 to 5 bits (8 to 31)"),
        3: N_("both ways, 16 to 255"),
        4: N_("both ways, 256 to 1023"),
    }
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {
        1: (
            N_("In binary the places are worth 1, 2, 4, 8 from the right."),
            N_("Take away the biggest place that fits, write 1 there, and go on with the rest."),
        ),
        2: (
            N_("In binary the places are worth 1, 2, 4, 8, 16 from the right."),
            N_("Add up the places that have a 1."),
        ),
        3: (
            N_("The places are worth 1, 2, 4, 8, 16, 32, 64, 128 from the right."),
            N_(
                "To binary: take away the biggest place that fits. To "
                "decimal: add the places with 1."
            ),
        ),
        4: (
            N_("The places are worth 1, 2, 4, 8, 16, 32, 64, 128, 256, 512 from the right."),
            N_(
                "To binary: take away the biggest place that fits. To "
                "decimal: add the places with 1."
            ),
        ),
    }
    restrictable: ClassVar[dict[int, dict[str, list[Any]]]] = {
        1: {"to": ["binary", "decimal"]},
        2: {"to": ["binary", "decimal"]},
        3: {"to": ["binary", "decimal"]},
        4: {"to": ["binary", "decimal"]},
    }
    fields: ClassVar[dict[str, Field]] = {
        "number": Field("text", required=True, example="13"),
        "to": Field("text", required=True, choices=("binary", "decimal"), example='"binary"'),
    }
    default_prompt = N_("Write this number in the other base.")

    def read(self, puzzle: Puzzle) -> tuple[int, str]:
        data = self.read_fields(puzzle)
        to = data["to"]
        value = _number(data["number"], 10 if to == "binary" else 2, "number")
        if value.bit_length() > MAX_DIGITS:
            raise KindError(
                "number",
                _(
                    "{n} has {b} binary digits, and an answer can have at most {most}: "
                    "use a smaller number"
                ).format(n=_shown(str(data["number"])), b=value.bit_length(), most=MAX_DIGITS),
            )
        return value, to

    def question(self, puzzle: Puzzle) -> str:
        value, to = self.read(puzzle)
        if to == "binary":
            return _("{n} in binary = ?").format(n=value)
        return _("binary {n} in decimal = ?").format(n=format(value, "b"))

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        value, to = self.read(puzzle)
        return [format(value, "b") if to == "binary" else str(value)]

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        value, to = self.read(puzzle)
        text = re.sub(r"[\s_]+", "", answer)
        if len(text) > 64:
            return Result(False, _("That number is too long: check it again."), answer, False)
        if to == "binary":
            if not text or any(ch not in "01" for ch in text):
                return Result(
                    False, _("Write a binary number: use only the digits 0 and 1."), answer, False
                )
            given = int(text, 2)
            shown = format(given, "b")
            if given == value:
                return Result(
                    True,
                    _("Right! {n} is {b} in binary: {parts}.").format(
                        n=value, b=shown, parts=place_values(value)
                    ),
                    shown,
                )
            sum_text = place_values(given)
            parts = [
                (
                    _("{b} in binary is {parts} = {g}, not {n}.")
                    if "+" in sum_text
                    else _("{b} in binary is {g}, not {n}.")
                ).format(b=text, parts=sum_text, g=given, n=value)
            ]
            if int(shown[::-1], 2) == value:
                parts.append(
                    _(
                        "Did you write the bits the wrong way round? The biggest place value "
                        "is on the left."
                    )
                )
            else:
                parts.append(self._column(given, value))
            kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
            return Result(False, " ".join(kept), shown)
        if not (text.isascii() and text.isdigit()):  # "²" is a digit to isdigit, not to int
            return Result(False, _("Write a whole number, like 13."), answer, False)
        given = int(text)
        binary = format(value, "b")
        if given == value:
            return Result(
                True,
                _("Right! {b} is {parts} = {n}.").format(
                    b=binary, parts=place_values(value), n=value
                ),
                str(given),
            )
        places = ", ".join(str(1 << i) for i in range(len(binary) - 1, -1, -1))
        if text.lstrip("0") == binary and given != value:
            # The binary number typed back: say that, not "10011 in binary is 100111…".
            parts = [
                _(
                    "That is the number in binary again. Write it in decimal (base ten): "
                    "the bits of {b} are worth {places}."
                ).format(b=binary, places=places)
            ]
            kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
            return Result(False, " ".join(kept), str(given))
        parts = [
            _("{g} in binary is {gb}, not {b}.").format(g=given, gb=format(given, "b"), b=binary)
        ]
        if given == int(binary[::-1], 2):
            parts.append(_("You read the bits from the wrong end: the rightmost bit is worth 1."))
        else:
            parts.append(self._column(given, value))
        kept = safe_parts(parts, self.secrets(puzzle), (self.question(puzzle), text))
        if not kept:
            kept = [
                _("{g} is not right: binary {b} is more than {g}.")
                if value > given
                else _("{g} is not right: binary {b} is less than {g}.")
            ]
            kept = [kept[0].format(b=binary, g=given)]
        return Result(False, " ".join(kept), str(given))

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """Bits the wrong way round, binary read as decimal, or a different value."""
        value, to = self.read(puzzle)
        text = re.sub(r"[\s_]+", "", answer)
        binary = format(value, "b")
        if to == "binary":
            reversed_ = text and set(text) <= {"0", "1"} and int(text[::-1], 2) == value
            return mistake("bit-order" if reversed_ else "binary-value")
        if not text.isdigit():
            return mistake("wrong")
        if int(text) == int(binary[::-1], 2):
            return mistake("read-order")
        if text == binary:
            return mistake("binary-as-decimal")
        return mistake("decimal-value")

    @staticmethod
    def _column(given: int, value: int) -> str:
        """Which bit to look at first, by its place value."""
        first = ((given ^ value) & -(given ^ value)).bit_length()
        return _("Check the bit worth {p}: {column}.").format(
            p=1 << (first - 1), column=column_name(first, 2)
        )

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        value, to = self.read(puzzle)
        return [Secret(format(value, "b"), 2) if to == "binary" else Secret(str(value), 10)]

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        value, to = self.read(puzzle)
        return safe_parts(convert_hints(value, to), self.secrets(puzzle), (self.question(puzzle),))

    def explain(self, puzzle: Puzzle) -> str:
        value, _to = self.read(puzzle)
        binary = format(value, "b")
        columns = " + ".join(
            f"{digit}×{1 << (len(binary) - 1 - i)}" for i, digit in enumerate(binary)
        )
        return _("{n} = {parts}\n{b} = {columns} = {n}").format(
            n=value, parts=place_values(value), b=binary, columns=columns
        )

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        return draw(rng, level, plan)


_CONVERT = {1: (1, 15), 2: (8, 31), 3: (16, 255), 4: (256, 1023)}


def draw(rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
    low, high = _CONVERT[level]
    value = rng.randint(low, high)
    to = {1: "binary", 2: "decimal"}.get(level)
    if to is None or "to" in plan.only:
        to = plan.pick("to", ["binary", "decimal"])
    return {"number": str(value) if to == "binary" else bin_text(value), "to": to}
