"""What a score chart shows, worked out once for matplotlib and SVG: every player's score
before the first move and after every move, who moved when, and the words.

Scores are read by undoing the game move by move on a copy, so penalties and bonuses
count exactly as the game counted them; objects without ``copy``/``undo`` are summed
from their ``history``. No matplotlib here.

>>> from mathplay.games.summy import Summy
>>> view = scores_view(Summy(players=2, seed=1))
>>> view.series, view.names, view.title
([(0, 0)], ['Player 1', 'Player 2'], 'Summy: scores over the game')
"""

from __future__ import annotations

from dataclasses import dataclass

from mathplay.core.state import AnyGame
from mathplay.i18n import _
from mathplay.render.errors import PictureError
from mathplay.render.model import game_name

__all__ = ["ScoresView", "score_series", "scores_view"]


def score_series(game: AnyGame) -> list[tuple[int, ...]]:
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


@dataclass(frozen=True)
class ScoresView:
    """A score chart: ``series[m][p]`` is player ``p``'s score after ``m`` moves;
    ``own[p]`` the moves after which player ``p`` gets a marker (0 and their own moves)."""

    series: list[tuple[int, ...]]
    own: list[list[int]]
    names: list[str]
    moves: int
    title: str

    @property
    def players(self) -> int:
        return len(self.series[0])

    def values(self, player: int) -> list[int]:
        """The scores of ``player`` (from 0), one per row of the series."""
        return [row[player] for row in self.series]

    @property
    def description(self) -> str:
        """The chart in words: ``"…; Player 1: 25, Player 2 (winner): 31, after 12 moves"``."""
        finals = ", ".join(
            _("{name}: {score}").format(name=name, score=self.series[-1][player])
            for player, name in enumerate(self.names)
        )
        if not self.moves:
            return _("{title}; no moves yet").format(title=self.title)
        return _("{title}; {finals} after {moves} moves").format(
            title=self.title, finals=finals, moves=self.moves
        )


def scores_view(game: AnyGame) -> ScoresView:
    """Everything a score chart of ``game`` shows."""
    series = score_series(game)
    history = tuple(getattr(game, "history", ()) or ())
    players = len(series[0])
    outcome = getattr(game, "outcome", None)
    winners = set(getattr(outcome, "winners", ()) or ())
    own = [
        [0] + [i + 1 for i, entry in enumerate(history) if entry.player == player]
        for player in range(players)
    ]
    names = []
    for player in range(players):
        name = _("Player {n}").format(n=player + 1)
        if player in winners:
            name = _("{name} (winner)").format(name=name)
        names.append(name)
    title = _("{game}: scores over the game").format(game=game_name(game))
    return ScoresView(series, own, names, len(history), title)
