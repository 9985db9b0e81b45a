"""The checker's expression tree as a figure: each operation above its two operands,
every box showing its value, so the order of operations can be seen.

Each box is a text with ``gid`` ``"node:leaf:…"`` or ``"node:op:…"``; an operation that
fails (division by zero, a fraction in base 2) has a dashed edge, says "fails", and
the reason is written underneath.
"""

from __future__ import annotations

import textwrap
from itertools import pairwise

from matplotlib.figure import Figure

from mathplay.expr.arithmetic import ORDERS, Number, format_number
from mathplay.expr.parser import parse
from mathplay.expr.tree import BinOp, Leaf, Node, build_tree
from mathplay.i18n import _
from mathplay.render.errors import PictureError
from mathplay.render.model import SHOWN
from mathplay.render.mpl_common import new_figure, plain_axes
from mathplay.render.palette import Theme, get_theme

__all__ = ["MAX_LEAVES", "expression_tree_figure"]

#: The most numbers an expression may have and still be drawn legibly.
MAX_LEAVES = 24


def _value_text(value: Number, base: int) -> str:
    text = format_number(value, base)
    if base == 2 and isinstance(value, int) and value > 1:
        text += f" ({value})"
    return text


def _leaves(node: Node) -> list[Leaf]:
    if isinstance(node, Leaf):
        return [node]
    return [*_leaves(node.left), *_leaves(node.right)]


def _label(node: Node) -> str:
    if isinstance(node, Leaf):
        text = node.plain()
        if node.operand.negated and node.value is not None:
            text += "\n= " + _value_text(node.value, node.base)
        elif node.base == 2 and node.value is not None and node.value > 1:
            text += f"\n({node.value})"
        return text
    symbol = SHOWN.get(node.symbol, node.symbol)
    if node.failure is not None:
        return f"{symbol}\n" + _("fails")
    if node.value is None:
        return f"{symbol}\n= ?"
    return f"{symbol}\n= {_value_text(node.value, node.base)}"


class _Layout:
    """Positions: leaves left to right by their width, each operation over its children."""

    def __init__(self) -> None:
        self.x = 0.0
        self.places: list[tuple[Node, float, int]] = []
        self.edges: list[tuple[float, int, float, int]] = []
        self.failures: list[str] = []

    def place(self, node: Node, depth: int) -> float:
        if isinstance(node, Leaf):
            width = max(1.0, 0.22 * max(len(line) for line in _label(node).split("\n")) + 0.5)
            at = self.x + width / 2
            self.x += width
        else:
            left = self.place(node.left, depth + 1)
            right = self.place(node.right, depth + 1)
            at = (left + right) / 2
            self.edges.append((at, depth, left, depth + 1))
            self.edges.append((at, depth, right, depth + 1))
            if node.failure:
                self.failures.append(node.failure)
        self.places.append((node, at, depth))
        return at


def _depth(node: Node) -> int:
    if isinstance(node, Leaf):
        return 0
    return 1 + max(_depth(node.left), _depth(node.right))


def expression_tree_figure(
    text: str, base: int = 10, order: str = "math", *, theme: str | Theme = "light"
) -> Figure:
    """The tree of every side of ``text`` (``"2x3+4"``, ``"2x3+4=10"``) under ``order``."""
    colours = get_theme(theme)
    if order not in ORDERS:
        raise PictureError(
            _("unknown order {order!r}: use {orders}").format(
                order=order, orders=" or ".join(repr(o) for o in ORDERS)
            )
        )
    sides = parse(text, base=base)
    trees = [build_tree(side, order) for side in sides]
    leaves = sum(len(_leaves(tree)) for tree in trees)
    if leaves > MAX_LEAVES:
        raise PictureError(
            _("{text!r} has {count} numbers; a tree picture shows at most {most}").format(
                text=text, count=leaves, most=MAX_LEAVES
            )
        )
    layout = _Layout()
    roots: list[float] = []
    for i, tree in enumerate(trees):
        if i:
            layout.x += 1.0
        roots.append(layout.place(tree, 0))
    depth = max(_depth(tree) for tree in trees)
    span = max(layout.x, 2.0)
    width_in = max(4.5, min(14.0, span * 0.8 + 0.6))
    scale = (width_in - 0.6) / span
    height_in = (depth + 1) * 1.0 + 1.2 + 0.25 * min(len(layout.failures), 3)
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
    for x1, d1, x2, d2 in layout.edges:
        ax.plot([x1, x2], [d1, d2], color=colours.faint, linewidth=1.2, zorder=1)
    for index, (node, x, d) in enumerate(layout.places):
        leaf = isinstance(node, Leaf)
        failed = isinstance(node, BinOp) and node.failure is not None
        label = ax.text(
            x,
            d,
            _label(node),
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
    for left, right in pairwise(roots):
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
        " = ".join(str(side) for side in sides),
        ha="center",
        va="center",
        fontsize=14,
        fontweight="bold",
        color=colours.ink,
    )
    fig.text(
        0.5,
        1 - 0.6 / height_in,
        _subtitle(trees, order),
        ha="center",
        va="center",
        fontsize=9,
        color=colours.faint,
    )
    for i, failure in enumerate(layout.failures[:3]):
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


def _subtitle(trees: list[Node], order: str) -> str:
    order_text = _("order of operations: {order}").format(
        order=_("usual (× and ÷ before + and −)") if order == "math" else _("left to right")
    )
    values = [tree.value for tree in trees]
    if len(trees) < 2 or any(value is None for value in values):
        return order_text
    holds = all(value == values[0] for value in values)
    verdict = _("true") if holds else _("false")
    shown = (" = " if holds else " ≠ ").join(
        format_number(value, trees[0].base) for value in values if value is not None
    )
    return _("{values}: {verdict}; {order}").format(values=shown, verdict=verdict, order=order_text)
