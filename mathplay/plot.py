"""Pictures of games and binary ideas: boards, score charts, place values, bitwise
operations, truth tables and expression trees — as matplotlib Figures, or as SVG.

Every function draws one picture and never shows it; a notebook shows what it returns.

- Where matplotlib is installed, every function returns a
  :class:`matplotlib.figure.Figure`, as before: save it with ``fig.savefig("board.pdf")``
  (PNG, PDF and SVG, with any backend, Agg included). Nothing here touches ``pyplot``'s
  global state.
- Where it is not (JupyterLite and Pyodide have no matplotlib or numpy), every function
  returns an :class:`~mathplay.render.picture.SvgPicture` instead: the same picture,
  with the same title, caption, legend and words, drawn as SVG text by mathplay itself.
  Jupyter shows it; ``.svg`` is the text, ``.description`` the words a screen reader
  says (also the SVG's ``<title>`` and ``aria-label``), ``save("board.svg")`` writes it.

Every function takes ``format="auto"`` (the default: a Figure when matplotlib can be
imported, else SVG), ``format="svg"`` (always the SvgPicture) or ``format="figure"``
(always a Figure; an error without matplotlib). matplotlib is imported only when a
Figure is drawn, so this module imports without it.

Every function takes ``theme="light"`` or ``theme="dark"``; the colours are one
colour-blind-safe palette (:mod:`mathplay.render.palette`), and nothing relies on
colour alone. Input a picture cannot draw raises
:class:`~mathplay.render.errors.PictureError` (a ``MathplayError`` and a ``ValueError``),
with the same message in both formats.

>>> from mathplay import plot
>>> fig = plot.place_values(13, bits=4)
>>> [t.get_text() for t in fig.texts][0]
'13 = 8 + 4 + 1'
>>> picture = plot.place_values(13, bits=4, format="svg")
>>> picture
<SvgPicture '13 = 8 + 4 + 1'>
>>> ">13 = 8 + 4 + 1</text>" in picture.svg
True
>>> plot.bitwise(12, 10, "nand", format="svg")
Traceback (most recent call last):
...
mathplay.render.errors.PictureError: unknown operator 'nand': use one of AND, OR, XOR, NOT
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mathplay.render.errors import PictureError
from mathplay.render.palette import Theme
from mathplay.render.picture import SvgPicture, described, wants_svg

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from mathplay.core.state import AnyGame
    from mathplay.render.model import Drawable
    from mathplay.render.review_view import Reviewable

__all__ = [
    "PictureError",
    "SvgPicture",
    "bitwise",
    "board",
    "expression_tree",
    "place_values",
    "review",
    "scores",
    "truth_table",
]


def board(
    game: Drawable,
    *,
    last_move: bool = True,
    title: bool = True,
    theme: str | Theme = "light",
    format: str = "auto",
) -> Figure | SvgPicture:
    """The board of a game (Summy, Mixmath, Binary) or a ``Grid``, for worksheets.

    Special squares are coloured and labelled, tiles are bold on a light face (legible
    in black and white), the last turn's tiles are outlined and hatched
    (``last_move=False`` for a clean puzzle sheet), a legend names the special squares,
    and ``title=False`` leaves out the title and caption.
    """
    from mathplay.render.svg_board import board_picture

    if wants_svg(format):
        return board_picture(game, last_move=last_move, title=title, theme=theme)
    from mathplay.render.mpl_board import board_figure

    return described(
        board_figure(game, last_move=last_move, title=title, theme=theme),
        lambda: board_picture(game, last_move=last_move, title=title, theme=theme),
    )


def scores(
    game: AnyGame, *, theme: str | Theme = "light", format: str = "auto"
) -> Figure | SvgPicture:
    """Every player's score after every move of ``game`` (one line and marker per player)."""
    from mathplay.render.svg_scores import scores_picture

    if wants_svg(format):
        return scores_picture(game, theme=theme)
    from mathplay.render.mpl_scores import scores_figure

    return described(scores_figure(game, theme=theme), lambda: scores_picture(game, theme=theme))


def review(
    game: Reviewable, player: int = 0, *, theme: str | Theme = "light", format: str = "auto"
) -> Figure | SvgPicture:
    """``player``'s points at each of their turns beside the best points there were then
    (``game.review()``; a game or its review): a filled bar in front of a hatched one."""
    from mathplay.render.svg_review import review_picture

    if wants_svg(format):
        return review_picture(game, player, theme=theme)
    from mathplay.render.mpl_review import review_figure

    return described(
        review_figure(game, player, theme=theme), lambda: review_picture(game, player, theme=theme)
    )


def place_values(
    n: int | str, bits: int = 8, *, theme: str | Theme = "light", format: str = "auto"
) -> Figure | SvgPicture:
    """``n`` (``13`` or ``"1101"``) as ``bits`` bits with their place values 1, 2, 4, ….

    ``n`` must be 0 or more and fit in ``bits`` (1 to 32) bits.
    """
    from mathplay.render.svg_bits import place_values_picture

    if wants_svg(format):
        return place_values_picture(n, bits, theme=theme)
    from mathplay.render.mpl_bits import place_values_figure

    return described(
        place_values_figure(n, bits, theme=theme),
        lambda: place_values_picture(n, bits, theme=theme),
    )


def bitwise(
    a: int | str,
    b: int | str | None,
    op: str,
    *,
    bits: int | None = None,
    theme: str | Theme = "light",
    format: str = "auto",
) -> Figure | SvgPicture:
    """``a op b`` bit by bit: the two numbers one above the other, the result below.

    ``op`` is AND, OR, XOR or NOT (any case); for NOT give ``b=None``. Numbers are whole
    numbers of 0 or more or binary text (``"0101"``); the width is ``bits``, or else the
    widest written number, and NOT flips every bit of that width, as the checker does.

    >>> bitwise("0101", None, "NOT", format="svg").description
    'NOT 5 = 10. NOT 0101 = 1010: every bit flipped'
    """
    from mathplay.render.svg_bits import bitwise_picture

    if wants_svg(format):
        return bitwise_picture(a, b, op, bits=bits, theme=theme)
    from mathplay.render.mpl_bits import bitwise_figure

    return described(
        bitwise_figure(a, b, op, bits=bits, theme=theme),
        lambda: bitwise_picture(a, b, op, bits=bits, theme=theme),
    )


def truth_table(
    op: str, *, theme: str | Theme = "light", format: str = "auto"
) -> Figure | SvgPicture:
    """The truth table of AND, OR, XOR or NOT."""
    from mathplay.render.svg_bits import truth_table_picture

    if wants_svg(format):
        return truth_table_picture(op, theme=theme)
    from mathplay.render.mpl_bits import truth_table_figure

    return described(
        truth_table_figure(op, theme=theme), lambda: truth_table_picture(op, theme=theme)
    )


def expression_tree(
    text: str,
    base: int = 10,
    order: str = "math",
    *,
    theme: str | Theme = "light",
    format: str = "auto",
) -> Figure | SvgPicture:
    """The checker's tree of ``text`` (an expression or an equation), every box showing
    its value; ``base`` 10 or 2, ``order`` ``"math"`` or ``"left-to-right"``.

    Text the checker cannot read raises its ``ExpressionError``.
    """
    from mathplay.render.svg_tree import expression_tree_picture

    if wants_svg(format):
        return expression_tree_picture(text, base, order, theme=theme)
    from mathplay.render.mpl_tree import expression_tree_figure

    return described(
        expression_tree_figure(text, base, order, theme=theme),
        lambda: expression_tree_picture(text, base, order, theme=theme),
    )
