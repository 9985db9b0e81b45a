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

from collections.abc import Sequence
from html import escape

from mathplay.errors import NotationError
from mathplay.expr.pretty import SYMBOLS
from mathplay.i18n import _

__all__ = ["Hand", "hand_texts"]

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


def hand_texts(hands: object, example: str) -> list[str]:
    """The hands given to a game's ``from_diagram``: one text per player, like
    ``example``. Anything else (a list of tiles, a number, ``None``) is a
    :class:`NotationError` that names it.

    >>> hand_texts(["3 5 10", "1 2"], "3 5 10 ? 7")
    ['3 5 10', '1 2']
    >>> hand_texts([["3"]], "3 5 10 ? 7")
    Traceback (most recent call last):
    ...
    mathplay.errors.NotationError: hand 1 is ['3']: write each hand as text, like "3 5 10 ? 7"
    """
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise NotationError(
            _(
                'the hands are {hands!r}: give a list with one text per player, like ["{example}"]'
            ).format(hands=hands, example=example)
        )
    if not hands:
        raise NotationError(_("give one hand per player (at least one)"))
    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, str):
            raise NotationError(
                _('hand {number} is {hand!r}: write each hand as text, like "{example}"').format(
                    number=number, hand=hand, example=example
                )
            )
    return list(hands)
