"""A review chart with matplotlib: the same bars as :mod:`mathplay.render.svg_review`.

>>> from mathplay import Summy
>>> rows = [". " * 8 + "."] * 9
>>> rows[4] = ". . . . = . . . ."
>>> game = Summy.from_diagram(chr(10).join(rows), hands=["1236+x", "45+9"])
>>> _ = game.play("B5 across 1+2=3")
>>> fig = review_figure(game)
>>> [float(p.get_height()) for p in fig.axes[0].patches]
[11.0, 6.0]
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import Patch

from mathplay.i18n import _
from mathplay.render.mpl_common import new_figure
from mathplay.render.palette import Theme, get_theme
from mathplay.render.review_view import Reviewable, review_view

__all__ = ["review_figure"]


def review_figure(game: Reviewable, player: int = 0, *, theme: str | Theme = "light") -> Figure:
    """Bars per turn: the points taken (filled) in front of the best there was (hatched)."""
    colours = get_theme(theme)
    view = review_view(game, player)
    fig = new_figure(8.2, 4.2, colours)
    ax = fig.add_axes((0.1, 0.14, 0.66, 0.72))
    ax.set_facecolor(colours.background)
    for spine in ax.spines.values():
        spine.set_color(colours.faint)
    ax.tick_params(colors=colours.faint, labelsize=9)
    ax.grid(True, axis="y", color=colours.grid, linewidth=0.5, alpha=0.6)
    places = list(range(len(view.moves)))
    colour = colours.player(view.player)
    for x, best in zip(places, view.best):
        ax.bar(x, best, width=0.7, color="none", edgecolor=colours.ink, hatch="///",
               linewidth=1, gid="best")  # fmt: skip
    for x, points in zip(places, view.points):
        ax.bar(x, points, width=0.42, color=colour, gid="points")
    for x, points, best in zip(places, view.points, view.best):
        ax.annotate(str(best), (x, best), xytext=(0, 3), textcoords="offset points",
                    ha="center", fontsize=8, color=colours.faint)  # fmt: skip
        if points < best:
            ax.annotate(str(points), (x, points), xytext=(0, 3), textcoords="offset points",
                        ha="center", fontsize=8, fontweight="bold", color=colours.ink)  # fmt: skip
    ax.set_xticks(places, [str(m) for m in view.moves])
    ax.set_xlabel(_("move"), color=colours.ink)
    ax.set_ylabel(_("points"), color=colours.ink)
    ax.set_title(view.title, color=colours.ink, fontsize=12, fontweight="bold", loc="left")
    if not view.moves:
        ax.text(0.5, 0.5, _("no moves yet"), transform=ax.transAxes, ha="center",
                color=colours.faint)  # fmt: skip
    handles = [
        Patch(facecolor=colour, label=_("your points")),
        Patch(facecolor="none", edgecolor=colours.ink, hatch="///", label=_("the best there was")),
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False,
              fontsize=9, labelcolor=colours.ink)  # fmt: skip
    return fig
