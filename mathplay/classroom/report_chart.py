"""The class report as a chart: the pupil × puzzle grid as a heat map (every set side by
side, its symbol in each square) and, under it, the share of pupils who were right at
the first try at each puzzle. It stays readable with 30 pupils and several sets: the
picture grows with the class, and the labels are the pupils' names and puzzle ids (a
practice's skill, whose questions were each pupil's own, is one column, named by the
skill).

A matplotlib Figure where matplotlib is installed, else (or with ``format="svg"``) the
same chart as an :class:`~mathplay.render.picture.SvgPicture`, as ``mathplay.plot`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mathplay.i18n import _
from mathplay.render.palette import Theme, get_theme, mix
from mathplay.render.picture import wants_svg

if TYPE_CHECKING:
    from mathplay.classroom.report import Summary

__all__ = ["ChartData", "chart", "chart_data"]


@dataclass(frozen=True)
class ChartData:
    """What the chart shows: ``columns`` (set, puzzle or a practice's skill),
    ``values[pupil][column]`` (the index of the status in ``STATUSES``), ``shares``
    (percent right at the first try of those who tried, ``None`` where nobody tried), and
    ``labels``, each column's name to show."""

    columns: list[tuple[str, str]]
    values: list[list[int]]
    shares: list[float | None]
    labels: list[str] = field(default_factory=list)


def chart_data(s: Summary) -> ChartData:
    """The numbers behind the chart of ``s``."""
    from mathplay.classroom.statuses import STATUSES

    columns = [(name, p) for name, puzzles in s.sets.items() for p in puzzles]
    order = [status.name for status in STATUSES]
    marks = {name: s.marks(name) for name in s.sets}
    values = [[order.index(marks[name][who][p].status) for name, p in columns] for who in s.pupils]
    shares: list[float | None] = []
    for name, p in columns:
        mine = [of_pupil[p] for of_pupil in marks[name].values() if p in of_pupil]
        tried = sum(m.attempts > 0 for m in mine)
        first = sum(m.status == "first try" for m in mine)
        shares.append(100 * first / tried if tried else None)
    return ChartData(columns, values, shares, [s.label(name, p) for name, p in columns])


def chart(s: Summary, *, theme: str | Theme = "light", format: str = "auto") -> Any:
    """The chart of ``s``: a Figure, or an SvgPicture without matplotlib or when
    ``format="svg"``."""
    colours = get_theme(theme)
    data = chart_data(s)
    if wants_svg(format):
        return _svg(s, data, colours)
    return _figure(s, data, colours)


def _svg(s: Summary, data: ChartData, colours: Theme) -> Any:
    from mathplay.classroom.statuses import STATUS_BY_NAME, STATUSES
    from mathplay.render.svg_chart import grid_chart_picture

    key = [_Key(status.symbol, status.colour, _(status.meaning)) for status in STATUSES]
    labels = iter(data.labels)
    groups = {name: [next(labels) for _p in puzzles] for name, puzzles in s.sets.items()}
    return grid_chart_picture(
        rows=s.pupils, groups=groups, cells=data.values, key=key, rates=data.shares,
        title=_("Each pupil at each puzzle"), rates_label=_("% right at\nthe first try"),
        rate_colour=STATUS_BY_NAME["first try"].colour, theme=colours,
    )  # fmt: skip


@dataclass(frozen=True)
class _Key:
    symbol: str
    colour: str
    meaning: str


def _figure(s: Summary, data: ChartData, colours: Theme) -> Any:
    from matplotlib.colors import ListedColormap
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    from mathplay.classroom.statuses import STATUS_BY_NAME, STATUSES

    columns, values = data.columns, data.values
    pupils = s.pupils
    width = min(30.0, max(8.0, 2.5 + 0.42 * len(columns)))
    height = min(30.0, max(4.5, 2.6 + 0.24 * len(pupils)))
    figure = Figure(figsize=(width, height), layout="constrained", facecolor=colours.background)
    grid, rates = figure.subplots(
        2, 1, sharex=True, height_ratios=[max(3, len(pupils)), 3] if pupils else [3, 2]
    )
    for axes in (grid, rates):
        axes.set_facecolor(colours.background)
        axes.tick_params(colors=colours.ink)
        for spine in axes.spines.values():
            spine.set_color(colours.ink)
    line = mix(colours.ink, colours.background, 0.2)  # #333 on white
    cmap = ListedColormap([status.colour for status in STATUSES])
    if columns and pupils:
        grid.imshow(values, cmap=cmap, vmin=-0.5, vmax=len(STATUSES) - 0.5, aspect="auto")
        small = len(pupils) * len(columns) <= 900
        for y, row in enumerate(values):
            for x, value in enumerate(row):
                if small:
                    grid.text(x, y, STATUSES[value].symbol, ha="center", va="center", fontsize=8)
    grid.set_yticks(range(len(pupils)), pupils, fontsize=8 if len(pupils) > 20 else 10)
    grid.set_title(_("Each pupil at each puzzle"), color=colours.ink)
    # A line between sets, and the set's name above its columns.
    start = 0
    for name, puzzles in s.sets.items():
        if start:
            for axes in (grid, rates):
                axes.axvline(start - 0.5, color=line, linewidth=1.5)
        if len(s.sets) > 1:
            grid.text(
                start + (len(puzzles) - 1) / 2, -0.8, name, ha="center", va="bottom",
                fontsize=8, clip_on=False, color=colours.ink,
            )  # fmt: skip
        start += len(puzzles)
    grid.legend(
        handles=[
            Patch(facecolor=status.colour, edgecolor="#888",
                  label=f"{status.symbol} {_(status.meaning)}")
            for status in STATUSES
        ],
        loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False,
        labelcolor=colours.ink,
    )  # fmt: skip
    shares = [share or 0 for share in data.shares]
    rates.bar(
        range(len(columns)), shares, color=STATUS_BY_NAME["first try"].colour, edgecolor="#2e7d32"
    )
    rates.set_ylim(0, 100)
    rates.set_ylabel(_("% right at\nthe first try"), color=colours.ink)
    rates.set_xticks(range(len(columns)), data.labels, rotation=60, ha="right",
                     fontsize=8)  # fmt: skip
    if columns:
        rates.set_xlim(-0.5, len(columns) - 0.5)
    return figure
