"""One colour-blind-safe palette for every picture, in a light and a dark variant.

The hues are Okabe & Ito's eight colours (safe for the common kinds of colour
blindness). Colour is never the only carrier of meaning: every special square also
carries its text label (``2×``, ``÷``, ``DW``), players differ by marker and line style
too, and the last move is outlined and hatched.

>>> LIGHT.special(Special.DOUBLE_WORD) != LIGHT.empty
True
>>> contrast(LIGHT.tile_ink, LIGHT.tile) > 7
True
>>> get_theme("dark").name
'dark'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mathplay.core.squares import Special
from mathplay.i18n import _
from mathplay.render.errors import PictureError

__all__ = ["DARK", "LIGHT", "OKABE_ITO", "THEMES", "Theme", "contrast", "get_theme", "mix"]

#: Okabe & Ito (2008), "Color Universal Design".
OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}

#: The hue of each kind of special square. Within one game the hues differ; the
#: Scrabble-like premiums keep their familiar hues (DL light blue, TW red …).
SPECIAL_HUES: dict[Special, str] = {
    Special.START: "yellow",
    Special.DOUBLE: "sky blue",
    Special.TRIPLE: "blue",
    Special.PLUS: "bluish green",
    Special.MINUS: "vermillion",
    Special.TIMES: "orange",
    Special.DIVIDE: "reddish purple",
    Special.DOUBLE_LETTER: "sky blue",
    Special.TRIPLE_LETTER: "blue",
    Special.DOUBLE_WORD: "reddish purple",
    Special.TRIPLE_WORD: "vermillion",
}

#: Player hues strong enough for lines on white (contrast 3 or more) and on the dark
#: background; the charts also give each player its own marker and line style.
_PLAYER_HUES = ("blue", "vermillion", "bluish green", "black")
_DARK_PLAYER_HUES = ("sky blue", "orange", "bluish green", "yellow", "reddish purple")


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` (0–1) of ``other`` mixed in, as ``#RRGGBB``."""
    a, b = _rgb(colour), _rgb(other)
    parts = (round(x + (y - x) * share) for x, y in zip(a, b))
    return "#" + "".join(f"{part:02X}" for part in parts)


def _rgb(colour: str) -> tuple[int, int, int]:
    text = colour.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _luminance(colour: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 is enough for text)."""
    high, low = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True)
class Theme:
    """The colours of one variant. Every field is a ``#RRGGBB`` string."""

    name: str
    background: str  #: around the board and behind charts
    empty: str  #: an empty square
    grid: str  #: lines between squares
    ink: str  #: text: titles, coordinates, special-square labels
    faint: str  #: secondary text (place values, captions)
    tile: str  #: the face of a tile
    tile_edge: str
    tile_ink: str
    highlight: str  #: outline and hatching of the last move
    one: str  #: a 1 bit, a true value
    zero: str  #: a 0 bit, a false value
    failure: str  #: an operation that fails
    specials: Mapping[Special, str]
    players: tuple[str, ...]

    def special(self, kind: Special) -> str:
        """The fill of a special square of this kind."""
        return self.specials[kind]

    def player(self, index: int) -> str:
        """The colour of player ``index`` (from 0); it cycles after the last one."""
        return self.players[index % len(self.players)]


_WHITE = "#FFFFFF"
_NIGHT = "#1E1E1E"

LIGHT = Theme(
    name="light",
    background=_WHITE,
    empty="#EDEDED",
    grid="#A8A8A8",
    ink="#000000",
    faint="#4D4D4D",
    tile="#FFF6DC",
    tile_edge="#000000",
    tile_ink="#000000",
    highlight=OKABE_ITO["vermillion"],
    one=mix(OKABE_ITO["sky blue"], _WHITE, 0.35),
    zero="#EDEDED",
    failure=OKABE_ITO["vermillion"],
    specials={k: mix(OKABE_ITO[hue], _WHITE, 0.45) for k, hue in SPECIAL_HUES.items()},
    players=tuple(OKABE_ITO[hue] for hue in _PLAYER_HUES),
)

DARK = Theme(
    name="dark",
    background=_NIGHT,
    empty="#2B2B2B",
    grid="#5C5C5C",
    ink="#F0F0F0",
    faint="#BDBDBD",
    tile="#F2EBD5",
    tile_edge="#F2EBD5",
    tile_ink="#000000",
    highlight=OKABE_ITO["orange"],
    one=mix(OKABE_ITO["blue"], _NIGHT, 0.35),
    zero="#2B2B2B",
    failure=OKABE_ITO["orange"],
    specials={k: mix(OKABE_ITO[hue], _NIGHT, 0.6) for k, hue in SPECIAL_HUES.items()},
    players=tuple(OKABE_ITO[hue] for hue in _DARK_PLAYER_HUES),
)

THEMES: dict[str, Theme] = {"light": LIGHT, "dark": DARK}


def get_theme(name: str | Theme) -> Theme:
    """The theme called ``name`` (``"light"`` or ``"dark"``); a ``Theme`` is returned as is."""
    if isinstance(name, Theme):
        return name
    try:
        return THEMES[name]
    except (KeyError, TypeError):
        raise PictureError(
            _("unknown theme {name!r}: use 'light' or 'dark'").format(name=name)
        ) from None
