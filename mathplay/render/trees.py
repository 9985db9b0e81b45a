"""What an expression-tree picture shows, worked out once for matplotlib and SVG.

The checker's tree of each side of an equation, every box's words (its sign and value),
where each box goes (leaves left to right by their width, each operation over its two
operands), and the words above and below the tree. No matplotlib here.

>>> view = tree_view("2x3+4")
>>> [label for _node, label, _x, _depth in view.boxes]
['2', '3', '×\\n= 6', '4', '+\\n= 10']
>>> view.title, view.depth
('2x3+4', 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from mathplay.expr.arithmetic import ORDERS, Number, format_number
from mathplay.expr.parser import parse
from mathplay.expr.tree import Leaf, Node, build_tree
from mathplay.i18n import _
from mathplay.render.errors import PictureError
from mathplay.render.model import SHOWN

__all__ = ["MAX_LEAVES", "TreeView", "node_label", "tree_view"]

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


def node_label(node: Node) -> str:
    """The words of one box: ``"4"``, ``"+\\n= 10"``, ``":\\nfails"``."""
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
            width = max(1.0, 0.22 * max(len(line) for line in node_label(node).split("\n")) + 0.5)
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


@dataclass(frozen=True)
class TreeView:
    """A tree picture, in units of the layout: x from 0 to ``span``, a row per depth.

    ``boxes`` are ``(node, label, x, depth)`` in drawing order, ``edges``
    ``(x1, depth1, x2, depth2)``, ``roots`` the x of each side's top box (an ``=``
    goes between two roots), ``failures`` why operations fail.
    """

    sides: tuple[str, ...]
    boxes: tuple[tuple[Node, str, float, int], ...]
    edges: tuple[tuple[float, int, float, int], ...]
    roots: tuple[float, ...]
    failures: tuple[str, ...]
    depth: int
    span: float
    title: str
    subtitle: str


def tree_view(text: str, base: int = 10, order: str = "math") -> TreeView:
    """The tree of every side of ``text`` (``"2x3+4"``, ``"2x3+4=10"``) under ``order``."""
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
    return TreeView(
        sides=tuple(str(side) for side in sides),
        boxes=tuple((node, node_label(node), x, d) for node, x, d in layout.places),
        edges=tuple(layout.edges),
        roots=tuple(roots),
        failures=tuple(layout.failures),
        depth=max(_depth(tree) for tree in trees),
        span=max(layout.x, 2.0),
        title=" = ".join(str(side) for side in sides),
        subtitle=_subtitle(trees, order),
    )


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
