"""The checker's expression tree as a figure: each operation above its two operands,
every box showing its value, so the order of operations can be seen.

Each box is a text with ``gid`` ``"node:leaf:…"`` or ``"node:op:…"``; an operation that
fails (division by zero, a fraction in base 2) has a dashed edge, says "fails", and
the reason is written underneath. What the tree shows and where each box goes is
worked out in :mod:`mathplay.render.trees`, shared with the SVG picture.
"""

from __future__ import annotations

import textwrap
from itertools import pairwise

from matplotlib.figure import Figure

from mathplay.expr.tree import BinOp, Leaf
from mathplay.render.mpl_common import new_figure, plain_axes
from mathplay.render.palette import Theme, get_theme
from mathplay.render.trees import MAX_LEAVES, tree_view

__all__ = ["MAX_LEAVES", "expression_tree_figure"]


def expression_tree_figure(
    text: str, base: int = 10, order: str = "math", *, theme: str | Theme = "light"
) -> Figure:
    """The tree of every side of ``text`` (``"2x3+4"``, ``"2x3+4=10"``) under ``order``."""
    colours = get_theme(theme)
    view = tree_view(text, base, order)
    depth, span = view.depth, view.span
    width_in = max(4.5, min(14.0, span * 0.8 + 0.6))
    scale = (width_in - 0.6) / span
    height_in = (depth + 1) * 1.0 + 1.2 + 0.25 * min(len(view.failures), 3)
    fig = new_figure(width_in, height_in, colours)
    plot_h = (depth + 1) * 1.0
    ax = plain_axes(
        fig,
        (
            0.3 / width_in,
            (height_in - 1.0 - plot_h) / height_in,
            span * scale / width_in,
            plot_h / height_in,
        ),
        colours,
    )
    ax.set_aspect("auto")
    ax.set_xlim(0, span)
    ax.set_ylim(depth + 0.5, -0.5)
    for x1, d1, x2, d2 in view.edges:
        ax.plot([x1, x2], [d1, d2], color=colours.faint, linewidth=1.2, zorder=1)
    for index, (node, words, x, d) in enumerate(view.boxes):
        leaf = isinstance(node, Leaf)
        failed = isinstance(node, BinOp) and node.failure is not None
        label = ax.text(
            x,
            d,
            words,
            ha="center",
            va="center",
            fontsize=12 if leaf else 13,
            fontweight="normal" if leaf else "bold",
            color=colours.ink,
            zorder=3,
            bbox={
                "boxstyle": "round,pad=0.35",
                "facecolor": colours.tile if leaf else colours.empty if failed else colours.one,
                "edgecolor": colours.failure if failed else colours.ink,
                "linewidth": 2.2 if failed else 1.0,
                "linestyle": "--" if failed else "-",
            },
        )
        label.set_gid(f"node:{'leaf' if leaf else 'op'}:{index}")
        if leaf:
            label.set_color(colours.tile_ink)
    for left, right in pairwise(view.roots):
        ax.text(
            (left + right) / 2,
            0,
            "=",
            ha="center",
            va="center",
            fontsize=16,
            fontweight="bold",
            color=colours.ink,
        )
    fig.text(
        0.5,
        1 - 0.3 / height_in,
        view.title,
        ha="center",
        va="center",
        fontsize=14,
        fontweight="bold",
        color=colours.ink,
    )
    fig.text(
        0.5,
        1 - 0.6 / height_in,
        view.subtitle,
        ha="center",
        va="center",
        fontsize=9,
        color=colours.faint,
    )
    for i, failure in enumerate(view.failures[:3]):
        fig.text(
            0.5,
            (0.2 + 0.25 * i) / height_in,
            textwrap.shorten(failure, width=int(width_in * 12), placeholder=" …"),
            ha="center",
            va="center",
            fontsize=9,
            color=colours.failure,
        )
    return fig
