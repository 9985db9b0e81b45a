"""What every matplotlib picture shares: a fresh ``Figure`` and the text styles.

Figures are made with ``matplotlib.figure.Figure`` directly, not ``pyplot``: nothing is
registered globally, nothing is shown, any backend (Agg included) can save them, and a
notebook shows the returned figure once.
"""

from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patheffects import withStroke

from mathplay.render.palette import Theme

__all__ = ["halo", "new_figure", "plain_axes"]


def new_figure(width: float, height: float, colours: Theme) -> Figure:
    """An empty figure of ``width`` × ``height`` inches in the theme's background."""
    return Figure(figsize=(width, height), facecolor=colours.background, dpi=100)


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
