"""A board as a matplotlib figure, for worksheets and slides (vector when saved as PDF/SVG).

Same picture as the SVG: coloured *and* labelled special squares, bold tiles with a dark
edge (legible in black and white), the last move outlined and hatched. Below the board
a legend names every kind of special square used.

Every square is a patch with ``gid`` ``"square:A1"``, every tile one with ``gid``
``"tile:A1"``, and the last-move outlines ``"last:A1"``, so tests and tools can find them.
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Patch, Rectangle

from mathplay.i18n import _
from mathplay.render.model import BoardView, Drawable, board_view, tile_font_scale
from mathplay.render.mpl_common import halo, new_figure, plain_axes
from mathplay.render.palette import Theme, get_theme

__all__ = ["board_figure"]

HATCH = "///"
LEGEND_COLUMNS = 3


def board_figure(
    game: Drawable, *, last_move: bool = True, title: bool = True, theme: str | Theme = "light"
) -> Figure:
    """The board of ``game`` (a game or a ``Grid``) as a figure."""
    colours = get_theme(theme)
    view = board_view(game, last_move=last_move)
    return _draw(view, colours, title)


def _draw(view: BoardView, colours: Theme, title: bool) -> Figure:
    size = view.size
    cell_in = min(0.45, max(0.26, 6.5 / size))
    board_in = cell_in * (size + 0.9)
    kinds = view.specials_shown
    legend_rows = math.ceil((len(kinds) + 1) / LEGEND_COLUMNS) if kinds or _has_last(view) else 0
    width = max(cell_in * (size + 0.9), 5.0)
    caption = textwrap.fill(
        view.caption.split("; ", 1)[1] if "; " in view.caption else "",
        width=int(width * 15),
        max_lines=2,
        placeholder=" …",
    )
    top_in = (0.75 + 0.15 * caption.count("\n")) if title else 0.1
    bottom_in = 0.12 + 0.28 * legend_rows
    height = board_in + top_in + bottom_in
    fig = new_figure(width, height, colours)
    ax = plain_axes(
        fig,
        ((width - board_in) / 2 / width, bottom_in / height, board_in / width, board_in / height),
        colours,
    )
    ax.set_xlim(-0.9, size)
    ax.set_ylim(size, -0.9)
    cell_pt = cell_in * 72

    for i in range(size):
        common: dict[str, Any] = {"ha": "center", "va": "center", "color": colours.faint}
        ax.text(i + 0.5, -0.45, chr(ord("A") + i), fontsize=cell_pt * 0.36, **common)
        ax.text(-0.45, i + 0.5, str(i + 1), fontsize=cell_pt * 0.36, **common)

    for c in view.cells:
        row, col = c.square
        fill = colours.special(c.special) if c.special and c.token is None else colours.empty
        square = Rectangle((col, row), 1, 1, facecolor=fill, edgecolor=colours.grid, linewidth=0.5)
        square.set_gid(f"square:{c.name}")
        ax.add_patch(square)
        if c.token is None:
            if c.special is not None:
                ax.text(
                    col + 0.5,
                    row + 0.5,
                    c.text,
                    ha="center",
                    va="center",
                    color=colours.ink,
                    fontsize=cell_pt * (0.36 if len(c.text) <= 2 else 0.28),
                )
            continue
        tile = FancyBboxPatch(
            (col + 0.08, row + 0.08),
            0.84,
            0.84,
            boxstyle="round,pad=0,rounding_size=0.12",
            facecolor=colours.tile,
            edgecolor=colours.tile_edge,
            linewidth=max(0.8, cell_pt * 0.035),
        )
        tile.set_gid(f"tile:{c.name}")
        ax.add_patch(tile)
        if c.last:
            mark = FancyBboxPatch(
                (col + 0.08, row + 0.08),
                0.84,
                0.84,
                boxstyle="round,pad=0,rounding_size=0.12",
                facecolor="none",
                edgecolor=colours.highlight,
                hatch=HATCH,
                linewidth=max(1.5, cell_pt * 0.09),
            )
            mark.set_gid(f"last:{c.name}")
            ax.add_patch(mark)
        font = cell_pt * 0.5 * tile_font_scale(c.text)
        ax.text(
            col + 0.5,
            row + 0.52,
            c.text,
            ha="center",
            va="center",
            fontsize=font,
            fontweight="bold",
            fontstyle="italic" if c.blank else "normal",
            color=colours.tile_ink,
            **halo(colours.tile, font * 0.25),
        )

    if title:
        fig.text(
            0.5,
            1 - 0.3 / height,
            view.title,
            ha="center",
            va="center",
            fontsize=14,
            fontweight="bold",
            color=colours.ink,
        )
        fig.text(
            0.5,
            1 - (0.58 + 0.07 * caption.count("\n")) / height,
            caption,
            ha="center",
            va="center",
            fontsize=8.5,
            color=colours.faint,
        )
    if legend_rows:
        _legend(fig, view, colours, bottom_in / height)
    return fig


def _has_last(view: BoardView) -> bool:
    return any(cell.last for cell in view.cells)


def _legend(fig: Figure, view: BoardView, colours: Theme, space: float) -> None:
    handles = [
        Patch(
            facecolor=colours.special(kind),
            edgecolor=colours.grid,
            label=f"{kind.label}  {kind.description}",
        )
        for kind in view.specials_shown
    ]
    if _has_last(view):
        handles.append(
            Patch(
                facecolor=colours.tile,
                edgecolor=colours.highlight,
                hatch=HATCH,
                label=_("last move"),
            )
        )
    legend = fig.legend(
        handles=handles,
        loc="center",
        bbox_to_anchor=(0.5, space / 2),
        ncol=min(LEGEND_COLUMNS, len(handles)),
        frameon=False,
        fontsize=9,
        handlelength=1.2,
        columnspacing=1.2,
        labelcolor=colours.ink,
    )
    legend.set_gid("legend")
