"""A grid chart as SVG: rows (pupils) × columns (puzzles, in groups), each square in the
colour *and* with the symbol of its kind, and under the grid a bar per column (the share
right at the first try), the same chart as the class report's matplotlib chart.

It knows nothing of pupils or puzzles: :mod:`mathplay.classroom.report_chart` gives it the
names, the kind of each square and the words. It stays readable with 30 pupils and
several sets (the picture grows with the class; names and ids are written in full), and
every square has a ``<title>`` (``"Ana, p1: right at the first try"``) for screen readers.

>>> from types import SimpleNamespace as Kind
>>> key = [Kind(symbol="✓", colour="#b7e1b9", meaning="right"),
...        Kind(symbol="✗", colour="#f3a6a6", meaning="wrong")]
>>> picture = grid_chart_picture(rows=["Ana", "Bo"], groups={"S": ["p1", "p2"]},
...     cells=[[0, 1], [1, 1]], key=key, rates=[50.0, None], title="Each pupil")
>>> picture.description
'Each pupil: 2 pupils, 2 puzzles; % right at the first try: p1 50%, p2 not tried'
>>> picture.svg.count("<title>Ana, p1: right</title>")
1
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Protocol

from mathplay.i18n import _
from mathplay.render.palette import Theme
from mathplay.render.picture import SvgPicture
from mathplay.render.svg_common import Canvas, esc, nice_ticks, num, pt, text_width

__all__ = ["Kind", "grid_chart_picture"]

FONT = pt(9)
#: The ink on the light squares of the key, in either theme.
SQUARE_INK = "#000000"
BAR_EDGE = "#2e7d32"


class Kind(Protocol):
    """One kind of square: its symbol, its colour and what it means."""

    @property
    def symbol(self) -> str: ...

    @property
    def colour(self) -> str: ...

    @property
    def meaning(self) -> str: ...


def grid_chart_picture(
    *,
    rows: Sequence[str],
    groups: Mapping[str, Sequence[str]],
    cells: Sequence[Sequence[int]],
    key: Sequence[Kind],
    rates: Sequence[float | None],
    title: str,
    rates_label: str = "",
    rate_colour: str | None = None,
    theme: str | Theme = "light",
) -> SvgPicture:
    """The grid of ``cells[row][column]`` (an index into ``key``) and the bars of
    ``rates`` (a percentage per column, ``None`` where nobody tried)."""
    columns = [(name, column) for name, members in groups.items() for column in members]
    rates_label = rates_label or _("% right at\nthe first try")
    big = len(rows) > 40 or len(columns) > 40
    row_h = 15.0 if big else 24.0 if len(rows) <= 15 else 21.0
    col_w = max(16.0, min(36.0, 900 / max(1, len(columns))))
    name_font = FONT if big else pt(10)
    left = 20 + max([text_width(r, name_font) for r in rows] + [pt(10) * 2.6 + 48])
    several = len(groups) > 1
    top = 40 + (22 if several else 8)
    grid_w, grid_h = col_w * len(columns), row_h * len(rows)
    bars_top, bars_h = top + grid_h + 18, 130.0
    labels_h = max([text_width(c, FONT) for _g, c in columns] + [20.0]) * math.sin(math.pi / 3)
    key_x = left + grid_w + 24
    key_w = 40 + max(text_width(f"{k.symbol} {k.meaning}", FONT) for k in key)
    width = max(key_x + key_w + 10, 12 + text_width(title, pt(12), bold=True) + 12, 360.0)
    height = bars_top + bars_h + labels_h + 24
    description = _describe(title, rows, columns, rates, rates_label)
    canvas = Canvas(width, height, theme, description)
    colours = canvas.colours
    canvas.text(12, 22, title, pt(12), bold=True, anchor="start")

    # The grid: a square per pupil per puzzle, its symbol on it, a title for each.
    separators = []
    start = 0
    for name, members in groups.items():
        if start:
            separators.append(left + start * col_w)
        if several:
            middle = left + (start + len(members) / 2) * col_w
            canvas.text(middle, top - 12, name, FONT, fill=colours.ink)
        start += len(members)
    for r, who in enumerate(rows):
        y = top + r * row_h
        canvas.text(left - 8, y + row_h / 2, who, name_font, anchor="end")
        for c, (_name, column) in enumerate(columns):
            kind = key[cells[r][c]]
            x = left + c * col_w
            tip = _("{who}, {puzzle}: {meaning}").format(
                who=who, puzzle=column, meaning=kind.meaning
            )
            canvas.add(f"<g><title>{esc(tip)}</title>")
            canvas.rect(x, y, col_w, row_h, kind.colour, colours.background, 1.0)
            canvas.text(x + col_w / 2, y + row_h / 2, kind.symbol, min(row_h, col_w) * 0.6,
                        fill=SQUARE_INK, hidden=True)  # fmt: skip
            canvas.add("</g>")

    # The bars: the share right at the first try, with its number written on it.
    base = bars_top + bars_h
    canvas.rect(left, bars_top, grid_w, bars_h, "none", colours.faint, pt(0.8))
    for tick in nice_ticks(0, 100, most=5, whole=True):
        y = base - tick / 100 * bars_h
        canvas.add(
            f'<path d="M{num(left)} {num(y)}H{num(left + grid_w)}" stroke="{colours.grid}" '
            f'stroke-width="0.6" opacity="0.6"/>'
        )
        canvas.text(left - 5, y, str(tick), FONT, fill=colours.faint, anchor="end", hidden=True)
    canvas.text(left - 50, bars_top + bars_h / 2, rates_label, pt(10), rotate=-90)
    fill = rate_colour or key[0].colour
    for c, ((_name, column), rate) in enumerate(zip(columns, rates)):
        x = left + c * col_w
        if rate is not None and rate > 0:
            h = rate / 100 * bars_h
            canvas.rect(x + col_w * 0.1, base - h, col_w * 0.8, h, fill, BAR_EDGE, 1.0)
        if col_w >= 18:
            shown = "–" if rate is None else f"{rate:.0f}"
            at = base - (rate or 0) / 100 * bars_h
            inside = rate is not None and rate >= 20
            canvas.text(x + col_w / 2, at + (8 if inside else -8), shown, FONT * 0.9,
                        fill=SQUARE_INK if inside else colours.ink, hidden=True)  # fmt: skip
        canvas.text(x + col_w / 2 + 3, base + 8, column, FONT, anchor="end", rotate=-60)
    for x in separators:
        canvas.line([(x, top), (x, top + grid_h)], colours.ink, 1.5)
        canvas.line([(x, bars_top), (x, base)], colours.ink, 1.5)

    # The key, beside the grid.
    canvas.add(f'<g data-gid="legend" aria-label="{esc(_("legend"))}">')
    for i, kind in enumerate(key):
        y = top + i * 22
        canvas.rect(key_x, y, 22, 16, kind.colour, colours.grid, 0.8)
        canvas.text(key_x + 30, y + 8, f"{kind.symbol} {kind.meaning}", FONT, anchor="start")
    canvas.add("</g>")
    return canvas.picture()


def _describe(
    title: str,
    rows: Sequence[str],
    columns: Sequence[tuple[str, str]],
    rates: Sequence[float | None],
    rates_label: str,
) -> str:
    shares = ", ".join(
        f"{column} " + (_("not tried") if rate is None else f"{rate:.0f}%")
        for (_name, column), rate in zip(columns, rates)
    )
    return _("{title}: {pupils} pupils, {puzzles} puzzles; {label}: {shares}").format(
        title=title,
        pupils=len(rows),
        puzzles=len(columns),
        label=" ".join(rates_label.split()),
        shares=shares,
    )
