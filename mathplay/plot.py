"""Pictures drawn with matplotlib: boards, score charts and binary ideas.

Every function returns a :class:`matplotlib.figure.Figure` and never shows it: a
notebook displays the returned figure, a script saves it with ``fig.savefig("board.pdf")``
(PNG, PDF and SVG all work, with any backend, Agg included). Nothing here touches
``pyplot``'s global state. Every function takes ``theme="light"`` or ``theme="dark"``;
the colours are one colour-blind-safe palette (:mod:`mathplay.render.palette`), and
nothing relies on colour alone. Input a picture cannot draw raises
:class:`~mathplay.render.errors.PictureError` (a ``MathplayError`` and a ``ValueError``).

>>> from mathplay import plot
>>> fig = plot.place_values(13, bits=4)
>>> [t.get_text() for t in fig.texts][0]
'13 = 8 + 4 + 1'
>>> plot.bitwise(12, 10, "nand")
Traceback (most recent call last):
...
mathplay.render.errors.PictureError: unknown operator 'nand': use one of AND, OR, XOR, NOT
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from mathplay.render.errors import PictureError
from mathplay.render.mpl_bits import bitwise_figure, place_values_figure, truth_table_figure
from mathplay.render.mpl_board import board_figure
from mathplay.render.mpl_scores import scores_figure
from mathplay.render.mpl_tree import expression_tree_figure
from mathplay.render.palette import Theme

__all__ = [
    "PictureError",
    "bitwise",
    "board",
    "expression_tree",
    "place_values",
    "scores",
    "truth_table",
]


def board(
    game: Any, *, last_move: bool = True, title: bool = True, theme: str | Theme = "light"
) -> Figure:
    """The board of a game (Summy, Mixmath, Binary) or a ``Grid``, for worksheets.

    Special squares are coloured and labelled, tiles are bold on a light face (legible
    in black and white), the last turn's tiles are outlined and hatched
    (``last_move=False`` for a clean puzzle sheet), a legend names the special squares,
    and ``title=False`` leaves out the title and caption.
    """
    return board_figure(game, last_move=last_move, title=title, theme=theme)


def scores(game: Any, *, theme: str | Theme = "light") -> Figure:
    """Every player's score after every move of ``game`` (one line and marker per player)."""
    return scores_figure(game, theme=theme)


def place_values(n: int | str, bits: int = 8, *, theme: str | Theme = "light") -> Figure:
    """``n`` (``13`` or ``"1101"``) as ``bits`` bits with their place values 1, 2, 4, ….

    ``n`` must be 0 or more and fit in ``bits`` (1 to 32) bits.
    """
    return place_values_figure(n, bits, theme=theme)


def bitwise(
    a: int | str,
    b: int | str | None,
    op: str,
    *,
    bits: int | None = None,
    theme: str | Theme = "light",
) -> Figure:
    """``a op b`` bit by bit: the two numbers one above the other, the result below.

    ``op`` is AND, OR, XOR or NOT (any case); for NOT give ``b=None``. Numbers are whole
    numbers of 0 or more or binary text (``"0101"``); the width is ``bits``, or else the
    widest written number, and NOT flips every bit of that width, as the checker does.

    >>> fig = bitwise("0101", None, "NOT")
    >>> fig.texts[0].get_text()
    'NOT 5 = 10'
    """
    return bitwise_figure(a, b, op, bits=bits, theme=theme)


def truth_table(op: str, *, theme: str | Theme = "light") -> Figure:
    """The truth table of AND, OR, XOR or NOT."""
    return truth_table_figure(op, theme=theme)


def expression_tree(
    text: str, base: int = 10, order: str = "math", *, theme: str | Theme = "light"
) -> Figure:
    """The checker's tree of ``text`` (an expression or an equation), every box showing
    its value; ``base`` 10 or 2, ``order`` ``"math"`` or ``"left-to-right"``.

    Text the checker cannot read raises its ``ExpressionError``.
    """
    return expression_tree_figure(text, base, order, theme=theme)
