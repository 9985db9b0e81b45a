"""What every matplotlib picture shares: a fresh ``Figure`` and the text styles.

Figures are made with ``matplotlib.figure.Figure`` directly, not ``pyplot``: nothing is
registered globally, nothing is shown, any backend (Agg included) can save them, and a
notebook shows the returned figure once — as a picture even without
``%matplotlib inline``, because :class:`PlotFigure` renders itself to PNG and SVG.
"""

from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patheffects import withStroke

from mathplay.render.palette import Theme

__all__ = ["PlotFigure", "halo", "new_figure", "plain_axes"]


class PlotFigure(Figure):
    """A matplotlib ``Figure`` that a notebook shows as a picture by itself."""

    def _render(self, fmt: str) -> bytes:
        from io import BytesIO

        from matplotlib.backends.backend_agg import FigureCanvasAgg

        buffer = BytesIO()
        FigureCanvasAgg(self).print_figure(buffer, format=fmt, bbox_inches="tight")
        return buffer.getvalue()

    #: What the picture shows, in words (set by ``mathplay.plot``): its text alternative.
    description: str = ""

    def _repr_png_(self) -> bytes:
        return self._render("png")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """The PNG, and with words (``description``) the same picture as HTML with its
        text alternative, which JupyterLab, Voilà and the website show (a PNG output is
        shown as an image with no words). Drawn once for both."""
        png = self._render("png")
        bundle: dict[str, Any] = {"image/png": png}
        if self.description:
            from mathplay.render.picture import image_html

            bundle["text/html"] = image_html("image/png", png, self.description)
            bundle["text/plain"] = self.description
        return bundle


def new_figure(width: float, height: float, colours: Theme) -> Figure:
    """An empty figure of ``width`` × ``height`` inches in the theme's background."""
    return PlotFigure(figsize=(width, height), facecolor=colours.background, dpi=100)


def plain_axes(fig: Figure, rect: tuple[float, float, float, float], colours: Theme) -> Axes:
    """Axes with no frame or ticks, equal aspect, for drawing with data coordinates."""
    ax = fig.add_axes(rect)
    ax.set_axis_off()
    ax.set_facecolor(colours.background)
    ax.set_aspect("equal")
    return ax


def halo(colour: str, width: float) -> dict[str, Any]:
    """Text keyword arguments for a halo in ``colour``: text stays legible over hatching."""
    return {"path_effects": [withStroke(linewidth=width, foreground=colour)]}
