"""The class report as a matplotlib Figure: the pupil × puzzle grid as a heat map (every
set side by side, its symbol in each square) and, under it, the share of pupils who were
right at the first try at each puzzle. It stays readable with 30 pupils and several sets:
the figure grows with the class, and the labels are the pupils' names and puzzle ids."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mathplay.i18n import _

if TYPE_CHECKING:
    from mathplay.puzzles.report import Summary

__all__ = ["chart"]


def chart(s: Summary) -> Any:
    from matplotlib.colors import ListedColormap
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    from mathplay.puzzles.report import _STATUS, STATUSES

    columns = [(name, p) for name, puzzles in s.sets.items() for p in puzzles]
    pupils = s.pupils
    width = min(30.0, max(8.0, 2.5 + 0.42 * len(columns)))
    height = min(30.0, max(4.5, 2.6 + 0.24 * len(pupils)))
    figure = Figure(figsize=(width, height), layout="constrained")
    grid, rates = figure.subplots(
        2, 1, sharex=True, height_ratios=[max(3, len(pupils)), 3] if pupils else [3, 2]
    )
    order = [status.name for status in STATUSES]
    where = {(r["who"], r["set"], r["puzzle"]): r for r in s.rows}
    values = [
        [order.index(where[(who, name, p)]["status"]) for name, p in columns] for who in pupils
    ]
    cmap = ListedColormap([status.colour for status in STATUSES])
    if columns and pupils:
        grid.imshow(values, cmap=cmap, vmin=-0.5, vmax=len(STATUSES) - 0.5, aspect="auto")
        small = len(pupils) * len(columns) <= 900
        for y, row in enumerate(values):
            for x, value in enumerate(row):
                if small:
                    grid.text(x, y, STATUSES[value].symbol, ha="center", va="center", fontsize=8)
    grid.set_yticks(range(len(pupils)), pupils, fontsize=8 if len(pupils) > 20 else 10)
    grid.set_title(_("Each pupil at each puzzle"))
    # A line between sets, and the set's name above its columns.
    start = 0
    for name, puzzles in s.sets.items():
        if start:
            for axes in (grid, rates):
                axes.axvline(start - 0.5, color="#333", linewidth=1.5)
        if len(s.sets) > 1:
            grid.text(
                start + (len(puzzles) - 1) / 2, -0.8, name, ha="center", va="bottom",
                fontsize=8, clip_on=False,
            )  # fmt: skip
        start += len(puzzles)
    grid.legend(
        handles=[
            Patch(facecolor=status.colour, edgecolor="#888",
                  label=f"{status.symbol} {_(status.meaning)}")
            for status in STATUSES
        ],
        loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False,
    )  # fmt: skip
    shares = []
    for name, p in columns:
        mine = [r for r in s.rows if (r["set"], r["puzzle"]) == (name, p)]
        tried = sum(r["attempts"] > 0 for r in mine)
        shares.append(100 * sum(r["first_try"] for r in mine) / tried if tried else 0)
    rates.bar(range(len(columns)), shares, color=_STATUS["first try"].colour, edgecolor="#2e7d32")
    rates.set_ylim(0, 100)
    rates.set_ylabel(_("% right at\nthe first try"))
    rates.set_xticks(range(len(columns)), [p for _name, p in columns], rotation=60, ha="right",
                     fontsize=8)  # fmt: skip
    if columns:
        rates.set_xlim(-0.5, len(columns) - 0.5)
    return figure
