"""Pictures of games and binary ideas.

``svg`` draws a board as SVG text with no dependencies (every game's ``_repr_svg_``).
``mathplay.plot`` draws each picture twice over: as a matplotlib figure (the ``mpl_*``
modules) and as an :class:`SvgPicture` with no dependencies (the ``svg_*`` modules,
for JupyterLite, where there is no matplotlib). What a picture shows is worked out once,
in ``model`` (boards), ``scores``, ``bits`` and ``trees``, so both say the same. All of
them read the engine's public API only, and matplotlib is imported only by the ``mpl_*``
modules, never by this package, ``svg``, the ``svg_*`` modules or ``mathplay.plot``.
"""

from mathplay.render.errors import PictureError
from mathplay.render.palette import DARK, LIGHT, OKABE_ITO, Theme, get_theme
from mathplay.render.picture import SvgPicture
from mathplay.render.svg import board_svg

__all__ = [
    "DARK",
    "LIGHT",
    "OKABE_ITO",
    "PictureError",
    "SvgPicture",
    "Theme",
    "board_svg",
    "get_theme",
]
