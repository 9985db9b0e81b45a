"""A board as SVG text, with no dependencies, for quick display in a notebook.

Every game shows itself this way (``GameState._repr_svg_``), like python-chess boards.
Special squares are coloured *and* labelled (``2×``, ``÷``, ``DW``); tiles are bold dark
text on a light face with a dark edge, so a black-and-white print reads; the last move
is outlined and hatched, not just coloured; the picture has a ``<title>``, an
``aria-label`` and a title on every tile and special square for screen readers.

>>> from mathplay.core import Grid
>>> svg = board_svg(Grid.from_diagram('''
... . . .
... 3 + 4
... . . .'''), size_px=120)
>>> svg.startswith("<svg") and ">+</text>" in svg
True
"""

from __future__ import annotations

from html import escape

from mathplay.i18n import _
from mathplay.render.errors import PictureError
from mathplay.render.model import BoardView, CellView, Drawable, board_view, tile_font_scale
from mathplay.render.palette import Theme, get_theme
from mathplay.render.picture import image_html

__all__ = ["MARGIN", "board_html", "board_parts", "board_svg", "hatch_pattern", "view_svg"]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
#: Room for the coordinates (column letters, row numbers), in squares.
MARGIN = 0.8


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def board_svg(
    game: Drawable,
    *,
    last_move: bool = True,
    size_px: int = 480,
    theme: str | Theme = "light",
) -> str:
    """The board of ``game`` (a game or a ``Grid``) as an SVG document, ``size_px`` wide.

    ``last_move`` outlines and hatches the squares the last turn filled;
    ``theme`` is ``"light"`` (the default, which also reads on a dark page) or
    ``"dark"``.
    """
    if isinstance(size_px, bool) or not isinstance(size_px, int) or not 60 <= size_px <= 4000:
        raise PictureError(
            _("size_px must be a whole number of pixels from 60 to 4000, not {size!r}").format(
                size=size_px
            )
        )
    return view_svg(board_view(game, last_move=last_move), size_px, get_theme(theme))


def board_html(game: Drawable) -> str:
    """The board of ``game`` as a notebook shows it: the SVG as an image whose text
    alternative says the board, the tiles on it (each line) and the scores."""
    view = board_view(game)
    svg = view_svg(view, 480, get_theme("light"))
    return image_html("image/svg+xml", svg.encode("utf-8"), view.caption)


def view_svg(view: BoardView, size_px: int, colours: Theme) -> str:
    """The SVG of an already worked-out :class:`BoardView`."""
    hatch = f"mathplay-last-{colours.name}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size_px}" height="{size_px}" '
        f'viewBox="0 0 {size_px} {size_px}" role="img" aria-label="{_attr(view.caption)}" '
        f'font-family="{_attr(FONT)}">',
        f"<title>{escape(view.caption)}</title>",
        "<defs>" + hatch_pattern(colours) + "</defs>",
        f'<rect width="{size_px}" height="{size_px}" fill="{colours.background}"/>',
    ]
    out += board_parts(view, size_px / (view.size + MARGIN), colours, hatch)
    out.append("</svg>")
    return "\n".join(out)


def hatch_pattern(colours: Theme) -> str:
    """The ``<pattern>`` that hatches the last move, id ``mathplay-last-<theme>``."""
    return (
        f'<pattern id="mathplay-last-{colours.name}" width="6" height="6" '
        'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<rect width="2" height="6" fill="{colours.highlight}" opacity="0.45"/></pattern>'
    )


def board_parts(view: BoardView, cell: float, colours: Theme, hatch: str) -> list[str]:
    """The SVG elements of a board with squares ``cell`` pixels wide, its coordinates
    at the top and the left (``MARGIN`` squares), from the origin."""
    offset = MARGIN * cell
    out = [_coordinates(view.size, cell, offset, colours)]
    side = view.size * cell
    out.append(
        f'<rect x="{_num(offset)}" y="{_num(offset)}" width="{_num(side)}" '
        f'height="{_num(side)}" fill="{colours.empty}"/>'
    )
    for c in view.cells:
        if c.special is not None and c.token is None:
            x, y = offset + c.square[1] * cell, offset + c.square[0] * cell
            out.append(
                f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(cell)}" '
                f'height="{_num(cell)}" fill="{colours.special(c.special)}"/>'
            )
    lines = []
    for i in range(view.size + 1):
        at = _num(offset + i * cell)
        lines.append(f"M{at} {_num(offset)}V{_num(offset + side)}")
        lines.append(f"M{_num(offset)} {at}H{_num(offset + side)}")
    out.append(
        f'<path d="{"".join(lines)}" stroke="{colours.grid}" stroke-width="0.6" fill="none"/>'
    )
    for c in view.cells:
        if c.token is not None:
            out.append(_tile(c, offset, cell, colours, hatch))
        elif c.special is not None:
            out.append(_special(c, offset, cell, colours))
    return out


def _coordinates(size: int, cell: float, offset: float, colours: Theme) -> str:
    font = _num(cell * 0.42)
    parts = [
        f'<g aria-hidden="true" fill="{colours.faint}" font-size="{font}" text-anchor="middle">'
    ]
    for i in range(size):
        middle = _num(offset + (i + 0.5) * cell)
        parts.append(
            f'<text x="{middle}" y="{_num(offset * 0.55)}" dominant-baseline="central">'
            f"{chr(ord('A') + i)}</text>"
        )
        parts.append(
            f'<text x="{_num(offset * 0.5)}" y="{middle}" dominant-baseline="central">'
            f"{i + 1}</text>"
        )
    parts.append("</g>")
    return "\n".join(parts)


def _special(c: CellView, offset: float, cell: float, colours: Theme) -> str:
    x = offset + (c.square[1] + 0.5) * cell
    y = offset + (c.square[0] + 0.5) * cell
    size = cell * (0.42 if len(c.text) <= 2 else 0.32)
    return (
        f"<g><title>{escape(c.describe())}</title>"
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" text-anchor="middle" '
        f'dominant-baseline="central" fill="{colours.ink}">{escape(c.text)}</text></g>'
    )


def _tile(c: CellView, offset: float, cell: float, colours: Theme, hatch: str) -> str:
    inset = max(1.0, cell * 0.06)
    x = offset + c.square[1] * cell + inset
    y = offset + c.square[0] * cell + inset
    side = cell - 2 * inset
    box = f'x="{_num(x)}" y="{_num(y)}" width="{_num(side)}" height="{_num(side)}"'
    radius = _num(cell * 0.12)
    parts = [
        f'<g data-gid="tile:{c.name}"><title>{escape(c.describe())}</title>',
        f'<rect {box} rx="{radius}" fill="{colours.tile}" stroke="{colours.tile_edge}" '
        f'stroke-width="{_num(max(1.0, cell * 0.045))}"/>',
    ]
    if c.last:
        parts.append(
            f'<rect {box} rx="{radius}" fill="url(#{hatch})" stroke="{colours.highlight}" '
            f'stroke-width="{_num(max(2.0, cell * 0.11))}" data-gid="last:{c.name}"/>'
        )
    if c.blank:
        pad = side * 0.14
        parts.append(
            f'<rect x="{_num(x + pad)}" y="{_num(y + pad)}" width="{_num(side - 2 * pad)}" '
            f'height="{_num(side - 2 * pad)}" fill="none" stroke="{colours.tile_ink}" '
            f'stroke-width="0.8" stroke-dasharray="2 2"/>'
        )
    font = cell * 0.6 * tile_font_scale(c.text)
    style = ' font-style="italic"' if c.blank else ""
    parts.append(
        f'<text x="{_num(x + side / 2)}" y="{_num(y + side / 2)}" font-size="{_num(font)}" '
        f'font-weight="bold"{style} text-anchor="middle" dominant-baseline="central" '
        f'fill="{colours.tile_ink}" stroke="{colours.tile}" stroke-width="{_num(font * 0.18)}" '
        f'paint-order="stroke">{escape(c.text)}</text></g>'
    )
    return "".join(parts)
