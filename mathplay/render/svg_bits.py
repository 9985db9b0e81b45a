"""Binary ideas as SVG: place values, a bitwise operation, a truth table.

The same pictures as :mod:`mathplay.render.mpl_bits`, without matplotlib: a 1 is bold in
a framed, filled square, a 0 plain in a grey one, so the difference shows without
colour. Every bit is a square with a ``data-gid`` (``"bit:3"``, ``"bit:result:0"``,
``"cell:1:2"``) as in the matplotlib figures, and the title and caption are those of
:mod:`mathplay.render.bits`.

>>> picture = place_values_picture(13, bits=4)
>>> picture.description
'13 = 8 + 4 + 1. 13 in 4 bits is 1101; under each bit, its place value'
>>> ">13 = 8 + 4 + 1</text>" in picture.svg
True
"""

from __future__ import annotations

import textwrap

from mathplay.expr.pretty import read_words
from mathplay.i18n import _
from mathplay.render.bits import bitwise_of, place_values_of, superscript, to_bits, truth_table_of
from mathplay.render.palette import Theme
from mathplay.render.picture import SvgPicture
from mathplay.render.svg_common import PX_PER_INCH, Canvas, pt

__all__ = ["bitwise_picture", "place_values_picture", "truth_table_picture"]


class _Frame:
    """A canvas showing ``columns`` × ``rows`` unit squares under a title, laid out as
    the matplotlib figures are; ``x``/``y`` turn squares into pixels."""

    def __init__(
        self, columns: float, rows: float, theme: Theme | str, words: tuple[str, str], most: float
    ) -> None:
        cell_in = min(most, 10.0 / columns)
        self.cell = cell_in * PX_PER_INCH
        board_w, board_h = columns * self.cell, rows * self.cell
        width, height = max(board_w + 40, 420.0), board_h + 90
        self.left, self.top = (width - board_w) / 2, 75.0
        title, subtitle = words
        self.canvas = Canvas(
            width, height, theme, _("{title}. {subtitle}").format(title=title, subtitle=subtitle)
        )
        self.canvas.text(width / 2, 22, title, pt(14), bold=True)
        short = textwrap.shorten(subtitle, width=int(width / PX_PER_INCH * 13), placeholder=" …")
        self.canvas.text(width / 2, 52, short, pt(9), fill=self.canvas.colours.faint)

    def x(self, squares: float) -> float:
        return self.left + squares * self.cell

    def y(self, squares: float) -> float:
        return self.top + squares * self.cell

    def bit(self, x: float, y: float, bit: str, gid: str, size: float, tip: str = "") -> None:
        """One bit in the square whose top left corner is at ``x``, ``y`` (in squares)."""
        colours, one, cell = self.canvas.colours, bit == "1", self.cell
        self.canvas.rect(
            self.x(x + 0.05), self.y(y + 0.05), 0.9 * cell, 0.9 * cell,
            colours.one if one else colours.zero, colours.ink if one else colours.grid,
            pt(1.4 if one else 0.8), gid=gid, tip=tip or None,
        )  # fmt: skip
        self.canvas.text(self.x(x + 0.5), self.y(y + 0.52), bit, size * cell, bold=one,
                         fill=colours.ink if one else colours.faint, hidden=bool(tip))  # fmt: skip


def place_values_picture(
    n: int | str, bits: int = 8, *, theme: str | Theme = "light"
) -> SvgPicture:
    """``n`` as ``bits`` bits, each with its place value (1, 2, 4, …) and power of two."""
    shown = place_values_of(n, bits)
    bits, long_labels = shown.bits, shown.long_labels
    frame = _Frame(bits, 3.0 if long_labels else 2.6, theme, (shown.title, shown.subtitle), 0.6)
    colours, cell = frame.canvas.colours, frame.cell
    for i, bit in enumerate(shown.digits):
        power = bits - 1 - i
        place = 1 << power
        frame.canvas.text(frame.x(i + 0.5), frame.y(0.4), superscript(power), 0.3 * cell,
                          fill=colours.faint)  # fmt: skip
        tip = _("place value {place}: {bit}").format(place=place, bit=bit)
        frame.bit(i, 0.8, bit, f"bit:{power}", 0.5, tip)
        size = cell * (0.26 if long_labels else 0.32)
        one, at = bit == "1", frame.x(i + 0.5)
        ink = colours.ink if one else colours.faint
        if long_labels:  # upright, reading upwards, its end under the bit
            frame.canvas.text(at, frame.y(1.95), str(place), size, bold=one, fill=ink,
                              anchor="end", rotate=-90)  # fmt: skip
        else:
            frame.canvas.text(at, frame.y(1.95) + size * 0.55, str(place), size, bold=one,
                              fill=ink)  # fmt: skip
    return frame.canvas.picture()


def bitwise_picture(
    a: int | str,
    b: int | str | None,
    op: str,
    *,
    bits: int | None = None,
    theme: str | Theme = "light",
) -> SvgPicture:
    """``a op b`` written bit by bit, one number under the other, the result below."""
    shown = bitwise_of(a, b, op, bits)
    name, width = read_words(shown.op), shown.width  # ΚΑΙ, DAN: as the chips say
    operands = len(shown.rows) - 1
    left, right = 2.2, 2.2
    frame = _Frame(width + left + right, operands + 2.3, theme, (shown.title, shown.subtitle), 0.5)
    colours, cell = frame.canvas.colours, frame.cell
    for i in range(width):
        frame.canvas.text(frame.x(left + i + 0.5), frame.y(0.55), str(1 << (width - 1 - i)),
                          cell * (0.3 if width <= 8 else 0.2), fill=colours.faint)  # fmt: skip
    for r, (label, value) in enumerate(shown.rows):
        y = 1 + r + (0.3 if label == "result" else 0)
        for i, bit in enumerate(to_bits(value, width)):
            frame.bit(left + i, y, bit, f"bit:{label}:{width - 1 - i}", 0.45)
        written = "= " + str(value) if label == "result" else str(value)
        frame.canvas.text(frame.x(left + width + 0.3), frame.y(y + 0.5), written, cell * 0.42,
                          anchor="start")  # fmt: skip
    frame.canvas.text(frame.x(left - 0.3), frame.y(operands + 0.5), name, cell * 0.42,
                      anchor="end", bold=True)  # fmt: skip
    rule = frame.y(1 + operands + 0.15)
    frame.canvas.line([(frame.x(left - 1.8), rule), (frame.x(left + width + right - 0.2), rule)],
                      colours.ink, pt(1.5))  # fmt: skip
    return frame.canvas.picture()


def truth_table_picture(op: str, *, theme: str | Theme = "light") -> SvgPicture:
    """The truth table of ``op`` (AND, OR, XOR, NOT): every input and its result."""
    table = truth_table_of(op)
    widths = [1.0] * (len(table.header) - 1) + [2.4]
    frame = _Frame(sum(widths), len(table.rows) + 1, theme, (table.title, table.subtitle), 0.55)
    colours, cell, canvas = frame.canvas.colours, frame.cell, frame.canvas
    x = 0.0
    for c, (text, w) in enumerate(zip(table.header, widths)):
        canvas.rect(frame.x(x), frame.y(0), w * cell, cell, colours.empty, colours.ink, pt(1.2),
                    gid=f"header:{c}")  # fmt: skip
        canvas.text(frame.x(x + w / 2), frame.y(0.52), text, cell * 0.36, bold=True)
        for r, row in enumerate(table.rows, start=1):
            bit = str(row[c])
            one = bit == "1"
            canvas.rect(frame.x(x), frame.y(r), w * cell, cell,
                        colours.one if one else colours.zero, colours.grid, pt(0.8),
                        gid=f"cell:{r}:{c}")  # fmt: skip
            canvas.text(frame.x(x + w / 2), frame.y(r + 0.52), bit, cell * 0.42, bold=one,
                        fill=colours.ink if one else colours.faint)  # fmt: skip
        x += w
    result = frame.x(x - widths[-1])
    canvas.line([(result, frame.y(0)), (result, frame.y(len(table.rows) + 1))], colours.ink, pt(2))
    return canvas.picture()
