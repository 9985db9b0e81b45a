"""A player's hand as a child sees it: tiles in a row, not a Python tuple.

``game.hands[0]`` is a :class:`Hand`: a tuple of the tiles' texts (code compares it with
tuples, indexes and counts it as before), which a notebook shows as a row of tiles with
one symbol per operation (``×``, ``÷``, ``−``) and a name for screen readers.

>>> hand = Hand(("7", "3", "x", ":", "="))
>>> hand == ("7", "3", "x", ":", "=")
True
>>> str(hand)
'7  3  ×  ÷  ='
>>> "aria-label=\\"Tiles: 7, 3, ×, ÷, =\\"" in hand._repr_html_()
True
"""

from __future__ import annotations

from html import escape

from mathplay.expr.pretty import SYMBOLS
from mathplay.i18n import _

__all__ = ["Hand"]

_TILE = (
    "display:inline-block;min-width:1.6em;padding:0.15em 0.35em;margin:0 0.2em 0.2em 0;"
    "border:2px solid #5d4037;border-radius:5px;background:#ffe0b2;color:#000;"
    "font-weight:bold;font-size:1.2em;text-align:center;font-family:sans-serif"
)


def _shown(tile: str) -> str:
    return SYMBOLS.get(tile, tile)


class Hand(tuple[str, ...]):
    """The tiles of one player's hand, in order."""

    __slots__ = ()

    def __str__(self) -> str:
        return "  ".join(_shown(tile) for tile in self)

    def _repr_html_(self) -> str:
        shown = [_shown(tile) for tile in self]
        if not shown:
            return f"<p>{escape(_('No tiles.'))}</p>"
        label = _("Tiles: {tiles}").format(tiles=", ".join(shown))
        tiles = "".join(f'<span style="{_TILE}">{escape(text)}</span>' for text in shown)
        return f'<div role="img" aria-label="{escape(label, quote=True)}">{tiles}</div>'
