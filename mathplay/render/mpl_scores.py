"""How a game went: every player's score after every move, as a matplotlib figure.

What the chart shows (:func:`~mathplay.render.scores.score_series`, the names, the
title) is worked out in :mod:`mathplay.render.scores`, shared with the SVG chart.
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from mathplay.core.state import AnyGame
from mathplay.i18n import _
from mathplay.render.mpl_common import new_figure
from mathplay.render.palette import Theme, get_theme
from mathplay.render.scores import score_series, scores_view

__all__ = ["score_series", "scores_figure"]

MARKERS = ("o", "s", "^", "D", "v", "P")
LINESTYLES = ("-", "--", "-.", ":")


def scores_figure(game: AnyGame, *, theme: str | Theme = "light") -> Figure:
    """A line per player: score (up) over the moves played (across)."""
    colours = get_theme(theme)
    view = scores_view(game)
    series = view.series

    fig = new_figure(7.0, 4.2, colours)
    ax = fig.add_axes((0.1, 0.14, 0.72, 0.72))
    ax.set_facecolor(colours.background)
    for spine in ax.spines.values():
        spine.set_color(colours.faint)
    ax.tick_params(colors=colours.faint, labelsize=9)
    ax.grid(True, color=colours.grid, linewidth=0.5, alpha=0.6)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))

    moves = list(range(len(series)))
    for player in range(view.players):
        values = view.values(player)
        own = view.own[player]
        name = view.names[player]
        colour = colours.player(player)
        (line,) = ax.plot(
            moves,
            values,
            drawstyle="steps-post",
            color=colour,
            linestyle=LINESTYLES[player % len(LINESTYLES)],
            linewidth=2,
            marker=MARKERS[player % len(MARKERS)],
            markevery=own,
            markersize=6,
            label=name,
        )
        line.set_gid(f"player:{player + 1}")
        ax.annotate(
            str(values[-1]),
            (moves[-1], values[-1]),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=9,
            fontweight="bold",
            color=colour,
        )
    last = max(1, view.moves)
    ax.set_xlim(0, last + max(0.7, last * 0.07))
    ax.set_xlabel(_("moves played"), color=colours.ink)
    ax.set_ylabel(_("score"), color=colours.ink)
    ax.set_title(view.title, color=colours.ink, fontsize=13, fontweight="bold", loc="left")
    if not view.moves:
        ax.text(
            0.5,
            0.5,
            _("no moves yet"),
            transform=ax.transAxes,
            ha="center",
            color=colours.faint,
        )
    legend = ax.legend(
        loc="upper left",
        bbox_to_anchor=(1.02, 1.0),
        frameon=False,
        fontsize=9,
        labelcolor=colours.ink,
    )
    legend.set_gid("legend")
    return fig
