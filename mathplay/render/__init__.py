"""Pictures of games and binary ideas.

``svg`` draws a board as SVG text with no dependencies (every game's ``_repr_svg_``);
``mathplay.plot`` draws publication-quality matplotlib figures. Both read the engine's
public API only, and matplotlib is imported only by the modules that draw with it
(``board``, ``charts``, ``bits``, ``tree``), never by this package or ``svg``.
"""

from mathplay.render.errors import PictureError
from mathplay.render.palette import DARK, LIGHT, OKABE_ITO, Theme, get_theme
from mathplay.render.svg import board_svg

__all__ = ["DARK", "LIGHT", "OKABE_ITO", "PictureError", "Theme", "board_svg", "get_theme"]
