"""A board for worksheets as SVG: the matplotlib board picture without matplotlib.

The board itself is the notebook board of :mod:`mathplay.render.svg` (labelled special
squares, bold tiles, the last move outlined and hatched); around it, like the
matplotlib figure, a title, a caption (tiles, last move, scores) and a legend naming
every kind of special square in view and the last move.

>>> from mathplay.core import Grid
>>> picture = board_picture(Grid.from_diagram(". . .\\n3 + 4\\n. . ."))
>>> picture.description
'Board board, 3×3; 3 tiles on the board; on the board: A2 to C2: 3 + 4'
>>> ">Board board, 3×3</text>" in picture.svg
True
"""

from __future__ import annotations

import textwrap

from mathplay.i18n import _
from mathplay.render.model import BoardView, Drawable, board_view
from mathplay.render.palette import Theme, get_theme
from mathplay.render.picture import SvgPicture
from mathplay.render.svg import MARGIN, board_parts, hatch_pattern
from mathplay.render.svg_common import PX_PER_INCH, Canvas, esc, num, pt, text_width

__all__ = ["board_picture"]

LEGEND_COLUMNS = 3
LEGEND_FONT = pt(9)


def board_picture(
    game: Drawable, *, last_move: bool = True, title: bool = True, theme: str | Theme = "light"
) -> SvgPicture:
    """The board of ``game`` (a game or a ``Grid``) as an :class:`SvgPicture`."""
    colours = get_theme(theme)
    view = board_view(game, last_move=last_move)
    return _draw(view, colours, title)


def _legend_items(view: BoardView, colours: Theme) -> list[tuple[str, str, bool, str]]:
    """``(fill, edge, hatched, label)`` for each legend entry."""
    items = [
        (colours.special(kind), colours.grid, False, f"{kind.label}  {kind.description}")
        for kind in view.specials_shown
    ]
    if any(cell.last for cell in view.cells):
        items.append((colours.tile, colours.highlight, True, _("last move")))
    return items


def _columns(count: int) -> list[int]:
    """How many legend entries each column holds, filled column by column as matplotlib
    fills its legends (the first columns take one more)."""
    columns = min(LEGEND_COLUMNS, count)
    if not columns:
        return []
    rows, big = divmod(count, columns)
    return [rows + 1 if i < big else rows for i in range(columns)]


def _draw(view: BoardView, colours: Theme, title: bool) -> SvgPicture:
    size = view.size
    cell = PX_PER_INCH * min(0.45, max(0.26, 6.5 / size))
    board = cell * (size + MARGIN)
    items = _legend_items(view, colours)
    columns = _columns(len(items))
    legend_rows = max(columns, default=0)
    groups, widths, legend_width = _legend_layout(items, columns)
    width = max(board + 20, 500.0, legend_width + 30)
    caption = textwrap.fill(
        view.caption.split("; ", 1)[1] if "; " in view.caption else "",
        width=int(width / PX_PER_INCH * 15),
        max_lines=2,
        placeholder=" …",
    )
    caption_lines = caption.count("\n") + 1 if caption else 0
    top = (60 + 15 * caption_lines) if title else 10
    bottom = 14 + 26 * legend_rows
    canvas = Canvas(width, top + board + bottom, colours, view.caption)
    hatch = f"mathplay-last-{colours.name}"
    canvas.defs[hatch] = hatch_pattern(colours)
    if title:
        canvas.text(width / 2, 26, view.title, pt(14), bold=True)
        if caption:
            canvas.text(width / 2, 50 + 7.5 * (caption_lines - 1), caption, pt(8.5),
                        fill=colours.faint)  # fmt: skip
    left = (width - board) / 2
    canvas.add(f'<g transform="translate({num(left)} {num(top)})">')
    for part in board_parts(view, cell, colours, hatch):
        canvas.add(part)
    canvas.add("</g>")
    if items:
        _legend(canvas, groups, widths, legend_width, top + board + 10)
    return canvas.picture()


_Item = tuple[str, str, bool, str]
_SWATCH, _GAP, _SPACING, _ROW = LEGEND_FONT * 1.2, LEGEND_FONT * 0.6, LEGEND_FONT * 1.6, 26.0


def _legend_layout(
    items: list[_Item], columns: list[int]
) -> tuple[list[list[_Item]], list[float], float]:
    """The legend's columns, the width of each and the width of them all."""
    groups, start = [], 0
    for count in columns:
        groups.append(items[start : start + count])
        start += count
    widths = [
        _SWATCH + _GAP + max(text_width(label, LEGEND_FONT) for *_rest, label in group)
        for group in groups
    ]
    return groups, widths, sum(widths) + _SPACING * (len(widths) - 1)


def _legend(
    canvas: Canvas, groups: list[list[_Item]], widths: list[float], total: float, top: float
) -> None:
    """The legend: a swatch and its words per entry, in columns, centred."""
    font, swatch, gap, row = LEGEND_FONT, _SWATCH, _GAP, _ROW
    x = (canvas.width - total) / 2
    canvas.add(f'<g data-gid="legend" aria-label="{esc(_("legend"))}">')
    for group, column_width in zip(groups, widths):
        for r, (fill, edge, hatched, label) in enumerate(group):
            y = top + r * row + row / 2
            canvas.rect(x, y - font * 0.4, swatch, font * 0.8, fill, edge, 1.0, rx=1.5)
            if hatched:
                canvas.rect(x, y - font * 0.4, swatch, font * 0.8,
                            canvas.hatch(canvas.colours.highlight, 0.9),
                            canvas.colours.highlight, 1.4, rx=1.5)  # fmt: skip
            canvas.text(x + swatch + gap, y, label, font, anchor="start")
        x += column_width + _SPACING
    canvas.add("</g>")
