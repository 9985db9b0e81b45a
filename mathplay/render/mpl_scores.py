"""How a game went: every player's score after every move.

Scores are read by undoing the game move by move on a copy, so penalties and bonuses
count exactly as the game counted them; objects without ``copy``/``undo`` are summed
from their ``history``.
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from mathplay.i18n import _
from mathplay.render.errors import PictureError
from mathplay.render.model import game_name
from mathplay.render.mpl_common import new_figure
from mathplay.render.palette import Theme, get_theme

__all__ = ["score_series", "scores_figure"]

MARKERS = ("o", "s", "^", "D", "v", "P")
LINESTYLES = ("-", "--", "-.", ":")


def score_series(game: Any) -> list[tuple[int, ...]]:
    """The scores before the first move and after every move (``len(history) + 1`` rows)."""
    history = tuple(getattr(game, "history", ()) or ())
    scores = getattr(game, "scores", None)
    if scores is None:
        raise PictureError(
            _("cannot chart the scores of {kind}: it has no scores").format(
                kind=type(game).__name__
            )
        )
    rows = [tuple(scores)]
    if hasattr(game, "copy") and hasattr(game, "undo"):
        twin = game.copy()
        for _step in history:
            twin.undo()
            rows.append(tuple(twin.scores))
        return rows[::-1]
    current = list(scores)
    for entry in reversed(history):
        current[entry.player] -= entry.score
        rows.append(tuple(current))
    return rows[::-1]


def scores_figure(game: Any, *, theme: str | Theme = "light") -> Figure:
    """A line per player: score (up) over the moves played (across)."""
    colours = get_theme(theme)
    series = score_series(game)
    history = tuple(getattr(game, "history", ()) or ())
    players = len(series[0])
    outcome = getattr(game, "outcome", None)
    winners = set(getattr(outcome, "winners", ()) or ())

    fig = new_figure(7.0, 4.2, colours)
    ax = fig.add_axes((0.1, 0.14, 0.72, 0.72))
    ax.set_facecolor(colours.background)
    for spine in ax.spines.values():
        spine.set_color(colours.faint)
    ax.tick_params(colors=colours.faint, labelsize=9)
    ax.grid(True, color=colours.grid, linewidth=0.5, alpha=0.6)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))

    moves = list(range(len(series)))
    for player in range(players):
        values = [row[player] for row in series]
        own = [0] + [i + 1 for i, entry in enumerate(history) if entry.player == player]
        name = _("Player {n}").format(n=player + 1)
        if player in winners:
            name = _("{name} (winner)").format(name=name)
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
    last = max(1, len(history))
    ax.set_xlim(0, last + max(0.7, last * 0.07))
    ax.set_xlabel(_("moves played"), color=colours.ink)
    ax.set_ylabel(_("score"), color=colours.ink)
    title = _("{game}: scores over the game").format(game=game_name(game))
    ax.set_title(title, color=colours.ink, fontsize=13, fontweight="bold", loc="left")
    if not history:
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
