"""Binary ideas as figures: place values, a bitwise operation, a truth table.

Every bit is a square patch with a ``gid`` (``"bit:3"``, ``"bit:result:0"``,
``"cell:1:2"``) so tests and tools can count and read them. A 1 is bold on a filled
square, a 0 is plain on an empty one: the difference shows without colour.
"""

from __future__ import annotations

import textwrap

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from mathplay.expr.pretty import read_words
from mathplay.render.bits import (
    bitwise_of,
    place_values_of,
    superscript,
    to_bits,
    truth_table_of,
)
from mathplay.render.mpl_common import new_figure, plain_axes
from mathplay.render.palette import Theme, get_theme

__all__ = ["bitwise_figure", "place_values_figure", "truth_table_figure"]


def _bit(ax: Axes, x: float, y: float, bit: str, colours: Theme, gid: str, size: float) -> None:
    one = bit == "1"
    square = Rectangle(
        (x + 0.05, y + 0.05),
        0.9,
        0.9,
        facecolor=colours.one if one else colours.zero,
        edgecolor=colours.ink if one else colours.grid,
        linewidth=1.4 if one else 0.8,
    )
    square.set_gid(gid)
    ax.add_patch(square)
    ax.text(
        x + 0.5,
        y + 0.52,
        bit,
        ha="center",
        va="center",
        fontsize=size,
        fontweight="bold" if one else "normal",
        color=colours.ink if one else colours.faint,
    )


def _frame(
    columns: float, rows: float, colours: Theme, most: float = 0.6
) -> tuple[Figure, Axes, float]:
    """A figure whose axes show ``columns`` × ``rows`` unit squares; the size of a square
    in points is returned for font sizes."""
    cell_in = min(most, 10.0 / columns)
    board_w, board_h = columns * cell_in, rows * cell_in
    width, height = max(board_w + 0.4, 4.2), board_h + 0.9
    fig = new_figure(width, height, colours)
    ax = plain_axes(
        fig,
        ((width - board_w) / 2 / width, 0.15 / height, board_w / width, board_h / height),
        colours,
    )
    ax.set_xlim(0, columns)
    ax.set_ylim(rows, 0)
    return fig, ax, cell_in * 72


def _title(fig: Figure, title: str, subtitle: str, colours: Theme) -> None:
    width, height = fig.get_figwidth(), fig.get_figheight()
    fig.text(
        0.5,
        1 - 0.22 / height,
        title,
        ha="center",
        va="center",
        fontsize=14,
        fontweight="bold",
        color=colours.ink,
    )
    if subtitle:
        fig.text(
            0.5,
            1 - 0.52 / height,
            textwrap.shorten(subtitle, width=int(width * 13), placeholder=" …"),
            ha="center",
            va="center",
            fontsize=9,
            color=colours.faint,
        )


def place_values_figure(n: int | str, bits: int = 8, *, theme: str | Theme = "light") -> Figure:
    """``n`` as ``bits`` bits, each with its place value (1, 2, 4, …) and power of two."""
    colours = get_theme(theme)
    shown = place_values_of(n, bits)
    bits, digits, long_labels = shown.bits, shown.digits, shown.long_labels
    fig, ax, cell_pt = _frame(bits, 3.0 if long_labels else 2.6, colours)
    for i, bit in enumerate(digits):
        power = bits - 1 - i
        place = 1 << power
        ax.text(
            i + 0.5,
            0.4,
            superscript(power),
            ha="center",
            va="center",
            fontsize=cell_pt * 0.3,
            color=colours.faint,
        )
        _bit(ax, i, 0.8, bit, colours, f"bit:{power}", cell_pt * 0.5)
        ax.text(
            i + 0.5,
            1.95,
            str(place),
            ha="center",
            va="top",
            rotation=90 if long_labels else 0,
            fontsize=cell_pt * (0.26 if long_labels else 0.32),
            fontweight="bold" if bit == "1" else "normal",
            color=colours.ink if bit == "1" else colours.faint,
        )
    _title(fig, shown.title, shown.subtitle, colours)
    return fig


def bitwise_figure(
    a: int | str,
    b: int | str | None,
    op: str,
    *,
    bits: int | None = None,
    theme: str | Theme = "light",
) -> Figure:
    """``a op b`` written bit by bit, one number under the other, the result below."""
    colours = get_theme(theme)
    shown = bitwise_of(a, b, op, bits)
    name, width = read_words(shown.op), shown.width  # ΚΑΙ, DAN: as the chips say
    rows = list(shown.rows[:-1])
    left, right = 2.2, 2.2
    fig, ax, cell_pt = _frame(width + left + right, len(rows) + 2.3, colours, most=0.5)
    for i in range(width):
        ax.text(
            left + i + 0.5,
            0.55,
            str(1 << (width - 1 - i)),
            ha="center",
            va="center",
            fontsize=cell_pt * (0.3 if width <= 8 else 0.2),
            color=colours.faint,
        )
    for r, (label, value) in enumerate(shown.rows):
        y = 1 + r + (0.3 if label == "result" else 0)
        for i, bit in enumerate(to_bits(value, width)):
            _bit(ax, left + i, y, bit, colours, f"bit:{label}:{width - 1 - i}", cell_pt * 0.45)
        written = "= " + str(value) if label == "result" else str(value)
        ax.text(
            left + width + 0.3,
            y + 0.5,
            written,
            ha="left",
            va="center",
            fontsize=cell_pt * 0.42,
            color=colours.ink,
        )
    operator_row = 1 + len(rows) - 1
    ax.text(
        left - 0.3,
        operator_row + 0.5,
        name,
        ha="right",
        va="center",
        fontsize=cell_pt * 0.42,
        fontweight="bold",
        color=colours.ink,
    )
    ax.plot(
        [left - 1.8, left + width + right - 0.2],
        [1 + len(rows) + 0.15] * 2,
        color=colours.ink,
        linewidth=1.5,
    )
    _title(fig, shown.title, shown.subtitle, colours)
    return fig


def truth_table_figure(op: str, *, theme: str | Theme = "light") -> Figure:
    """The truth table of ``op`` (AND, OR, XOR, NOT): every input and its result."""
    colours = get_theme(theme)
    table = truth_table_of(op)
    header, rows = table.header, table.rows
    inputs = header[:-1]
    widths = [1.0] * len(inputs) + [2.4]
    fig, ax, cell_pt = _frame(sum(widths), len(rows) + 1, colours, most=0.55)
    x = 0.0
    for c, (text, w) in enumerate(zip(header, widths)):
        cell = Rectangle(
            (x, 0), w, 1, facecolor=colours.empty, edgecolor=colours.ink, linewidth=1.2
        )
        cell.set_gid(f"header:{c}")
        ax.add_patch(cell)
        ax.text(
            x + w / 2,
            0.52,
            text,
            ha="center",
            va="center",
            fontsize=cell_pt * 0.36,
            fontweight="bold",
            color=colours.ink,
        )
        for r, row in enumerate(rows, start=1):
            bit = str(row[c])
            one = bit == "1"
            patch = Rectangle(
                (x, r),
                w,
                1,
                facecolor=colours.one if one else colours.zero,
                edgecolor=colours.grid,
                linewidth=0.8,
            )
            patch.set_gid(f"cell:{r}:{c}")
            ax.add_patch(patch)
            ax.text(
                x + w / 2,
                r + 0.52,
                bit,
                ha="center",
                va="center",
                fontsize=cell_pt * 0.42,
                fontweight="bold" if one else "normal",
                color=colours.ink if one else colours.faint,
            )
        x += w
    ax.plot([x - widths[-1]] * 2, [0, len(rows) + 1], color=colours.ink, linewidth=2)
    _title(fig, table.title, table.subtitle, colours)
    return fig
