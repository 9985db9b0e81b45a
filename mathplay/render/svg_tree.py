"""The checker's expression tree as SVG: each operation above its two operands, every box
showing its value, the same picture as :mod:`mathplay.render.mpl_tree` without
matplotlib (the layout and the words come from :mod:`mathplay.render.trees`).

Numbers are plain on a tile-coloured box, operations bold on a filled one; an operation
that fails has a dashed edge, says "fails", and the reason is written underneath. Each
box is a group with ``data-gid`` ``"node:leaf:…"`` or ``"node:op:…"``.

>>> picture = expression_tree_picture("2x3+4")
>>> picture.description
'2x3+4. order of operations: usual (× and ÷ before + and −)'
>>> picture.svg.count('data-gid="node:')
5
"""

from __future__ import annotations

import textwrap
from itertools import pairwise

from mathplay.expr.tree import BinOp, Leaf
from mathplay.i18n import _
from mathplay.render.palette import Theme
from mathplay.render.picture import SvgPicture
from mathplay.render.svg_common import PX_PER_INCH, Canvas, pt, text_width
from mathplay.render.trees import tree_view

__all__ = ["expression_tree_picture"]


def expression_tree_picture(
    text: str, base: int = 10, order: str = "math", *, theme: str | Theme = "light"
) -> SvgPicture:
    """The tree of every side of ``text`` (``"2x3+4"``, ``"2x3+4=10"``) under ``order``."""
    view = tree_view(text, base, order)
    depth, span = view.depth, view.span
    width_in = max(4.5, min(14.0, span * 0.8 + 0.6))
    scale = (width_in - 0.6) / span * PX_PER_INCH
    failures = view.failures[:3]
    height = ((depth + 1) * 1.0 + 1.2 + 0.25 * len(failures)) * PX_PER_INCH
    width = width_in * PX_PER_INCH
    description = _("{title}. {subtitle}").format(title=view.title, subtitle=view.subtitle)
    for failure in failures:
        description = _("{words}. {failure}").format(words=description, failure=failure)
    canvas = Canvas(width, height, theme, description)
    colours = canvas.colours

    def x_at(x: float) -> float:
        return 30 + x * scale

    def y_at(d: float) -> float:
        return PX_PER_INCH * (1.5 + d)

    canvas.add('<g aria-hidden="true">')
    for x1, d1, x2, d2 in view.edges:
        canvas.line([(x_at(x1), y_at(d1)), (x_at(x2), y_at(d2))], colours.faint, pt(1.2))
    canvas.add("</g>")
    for index, (node, label, x, d) in enumerate(view.boxes):
        leaf = isinstance(node, Leaf)
        failed = isinstance(node, BinOp) and node.failure is not None
        size = pt(12 if leaf else 13)
        lines = label.split("\n")
        pad = 0.35 * size
        box_w = max(text_width(line, size, bold=not leaf) for line in lines) + 2 * pad
        box_h = len(lines) * size * 1.2 + 2 * pad - size * 0.2
        cx, cy = x_at(x), y_at(d)
        fill = colours.tile if leaf else colours.empty if failed else colours.one
        canvas.add(f'<g data-gid="node:{"leaf" if leaf else "op"}:{index}">')
        canvas.rect(
            cx - box_w / 2, cy - box_h / 2, box_w, box_h, fill,
            colours.failure if failed else colours.ink, pt(2.2 if failed else 1.0),
            rx=pad, dash=f"{pt(5):.1f} {pt(2.5):.1f}" if failed else None,
        )  # fmt: skip
        canvas.text(cx, cy, label, size, bold=not leaf,
                    fill=colours.tile_ink if leaf else colours.ink)  # fmt: skip
        canvas.add("</g>")
    for left, right in pairwise(view.roots):
        canvas.text(x_at((left + right) / 2), y_at(0), "=", pt(16), bold=True)
    canvas.text(width / 2, 30, view.title, pt(14), bold=True)
    canvas.text(width / 2, 60, view.subtitle, pt(9), fill=colours.faint)
    for i, failure in enumerate(failures):
        short = textwrap.shorten(failure, width=int(width_in * 12), placeholder=" …")
        canvas.text(width / 2, height - PX_PER_INCH * (0.2 + 0.25 * i), short, pt(9),
                    fill=colours.failure)  # fmt: skip
    return canvas.picture()
