"""What a board picture shows, worked out once for the SVG and the matplotlib pictures.

A picture reads a game only through its public API (``board``, ``special_squares``,
``history``, ``copy``/``undo``), so it draws any of the games, a bare ``Grid``, or any
object that looks like one of them.

>>> from mathplay.core import Grid
>>> view = board_view(Grid.from_diagram('''
... . . .
... 3 + 4
... . . .'''))
>>> view.size, [cell.text for cell in view.cells if cell.token]
(3, ['3', '+', '4'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from mathplay.core.grid import Grid
from mathplay.core.squares import Special, Square, square_name
from mathplay.core.state import AnyGame
from mathplay.games.move_words import move_said
from mathplay.i18n import _
from mathplay.render.errors import PictureError

__all__ = [
    "BoardView",
    "CellView",
    "Drawable",
    "board_view",
    "game_name",
    "last_move_squares",
    "tile_font_scale",
]

#: What a board picture draws: one of the games (with its history and special squares),
#: or a bare ``Grid`` (a worksheet's). Anything else is refused with a
#: :class:`~mathplay.render.errors.PictureError` that says what to give.
Drawable: TypeAlias = "AnyGame | Grid"

BLANK_MARK = "?"
#: Tokens typed with ASCII are drawn with their typographic sign (notation is unchanged).
SHOWN = {"-": "−", "x": "×", "*": "×"}


@dataclass(frozen=True)
class CellView:
    """One square as drawn: its name, what is on it, what kind of square it is."""

    square: Square
    name: str
    token: str | None
    special: Special | None
    last: bool

    @property
    def blank(self) -> bool:
        """True for a blank tile played as a value (written ``?12``, ``?1``)."""
        return self.token is not None and len(self.token) > 1 and self.token[0] == BLANK_MARK

    @property
    def text(self) -> str:
        """What the square shows: a tile's value, a special square's label, or nothing."""
        if self.token is not None:
            value = self.token[1:] if self.blank else self.token
            return SHOWN.get(value, value)
        return self.special.label if self.special else ""

    def describe(self) -> str:
        """A sentence for screen readers: ``"G13: tile 9, last move"``."""
        if self.token is not None:
            what = (_("blank played as {value}") if self.blank else _("tile {value}")).format(
                value=self.text
            )
        elif self.special is not None:
            what = self.special.description
        else:
            what = _("empty")
        text = _("{square}: {what}").format(square=self.name, what=what)
        if self.token is not None and self.special is not None:
            text += _(" on a {kind}").format(kind=self.special.description)
        if self.last:
            text += _(", last move")
        return text


@dataclass(frozen=True)
class BoardView:
    """A whole board as drawn, with its title and accessible description."""

    size: int
    cells: tuple[CellView, ...]
    title: str
    caption: str

    def cell(self, square: Square) -> CellView:
        return self.cells[square[0] * self.size + square[1]]

    @property
    def specials_used(self) -> list[Special]:
        """The kinds of special square on the board, in the order ``Special`` lists them."""
        kinds = {cell.special for cell in self.cells if cell.special is not None}
        return [kind for kind in Special if kind in kinds]

    @property
    def specials_shown(self) -> list[Special]:
        """The kinds of special square still to be seen (not all under tiles)."""
        kinds = {cell.special for cell in self.cells if cell.special and cell.token is None}
        return [kind for kind in Special if kind in kinds]


def _grid_of(game: Drawable) -> Grid:
    if isinstance(game, Grid):
        return game
    board = getattr(game, "board", None)
    if not isinstance(board, Grid):
        raise PictureError(
            _("cannot draw {kind}: give a game (Summy, Mixmath, Binary) or a Grid").format(
                kind=type(game).__name__
            )
        )
    return board


def _turn_length(history: tuple[Any, ...], players: int) -> int:
    """How many of the last history entries make up the last turn: the entries of the
    last player since another player moved (Mixmath plays a turn as several moves)."""
    if not history:
        return 0
    if players <= 1:
        return 1
    player = history[-1].player
    count = 0
    for entry in reversed(history):
        if entry.player != player:
            break
        count += 1
    return count


def last_move_squares(game: Drawable) -> frozenset[Square]:
    """The squares whose tiles the last turn put down (empty before any move).

    Found by undoing the last turn on a copy of the game and comparing the boards, so it
    works the same for every game. Objects without ``copy``/``undo`` have no last move.
    """
    if isinstance(game, Grid):
        return frozenset()
    history = tuple(getattr(game, "history", ()) or ())
    if not history or not hasattr(game, "copy"):
        return frozenset()
    now = _grid_of(game)
    twin = game.copy()
    if not hasattr(twin, "undo"):
        return frozenset()
    players = int(getattr(game, "players", 2))
    for _step in range(_turn_length(history, players)):
        twin.undo()
    before = _grid_of(twin)
    if players <= 1 and before == now:  # a single player's "end" or "pass": look further
        while twin.history and _grid_of(twin) == now:
            twin.undo()
        before = _grid_of(twin)
    return frozenset(
        square
        for square, token in now.filled()
        if before.on_board(square) and before[square] != token
    )


def game_name(game: Drawable) -> str:
    """``"Summy"``, ``"Mixmath"``, ``"Binary"``: the game class that owns the save format
    (a subclass that only tweaks a game is named after the game)."""
    if isinstance(game, Grid):
        return _("Board")
    for cls in type(game).__mro__:
        if cls.__dict__.get("format_name"):
            return cls.__name__
    return type(game).__name__


def board_view(game: Drawable, *, last_move: bool = True) -> BoardView:
    """Everything a board picture shows for ``game`` (a game or a ``Grid``)."""
    grid = _grid_of(game)
    specials: dict[Square, Special] = {}
    if not isinstance(game, Grid):
        specials = dict(getattr(game, "special_squares", {}) or {})
    last = last_move_squares(game) if last_move else frozenset()
    size = grid.size
    cells = tuple(
        CellView(
            (r, c),
            square_name((r, c)),
            grid[(r, c)],
            specials.get((r, c)),
            (r, c) in last,
        )
        for r in range(size)
        for c in range(size)
    )
    title = _("{game} board, {size}×{size}").format(game=game_name(game), size=size)
    parts = [title]
    tiles = sum(1 for cell in cells if cell.token is not None)
    parts.append(_("{count} tiles on the board").format(count=tiles))
    history = tuple(getattr(game, "history", ()) or ())
    if history and last_move:
        entry = history[-1]
        parts.append(
            _("last move: {move} by player {player} ({score} points)").format(
                move=move_said(entry.move), player=entry.player + 1, score=entry.score
            )
        )
    scores = getattr(game, "scores", None)
    if scores:
        parts.append(_("scores: {scores}").format(scores=", ".join(str(score) for score in scores)))
    lines = tile_lines(cells, size)
    if lines:
        parts.append(_("on the board: {lines}").format(lines=", ".join(lines)))
    return BoardView(size, cells, title, "; ".join(parts))


def tile_lines(cells: tuple[CellView, ...], size: int) -> list[str]:
    """The tiles on the board in words, as a person reads them: each line of two tiles or
    more across, then down (``"A5 to F5: 6 3 : 7 = 9"``), then the tiles on their own
    (``"H8: 7"``); at most 40 lines."""
    at = {cell.square: cell for cell in cells if cell.token is not None}
    lines: list[str] = []
    in_a_line: set[Square] = set()
    for step in ((0, 1), (1, 0)):
        for square in sorted(at):
            before = (square[0] - step[0], square[1] - step[1])
            if before in at:
                continue
            run = [square]
            while (run[-1][0] + step[0], run[-1][1] + step[1]) in at:
                run.append((run[-1][0] + step[0], run[-1][1] + step[1]))
            if len(run) >= 2:
                in_a_line.update(run)
                lines.append(
                    _("{first} to {last}: {tiles}").format(
                        first=at[run[0]].name,
                        last=at[run[-1]].name,
                        tiles=" ".join(at[s].text for s in run),
                    )
                )
    lines += [f"{at[s].name}: {at[s].text}" for s in sorted(at) if s not in in_a_line]
    return lines[:40]


def tile_font_scale(text: str) -> float:
    """How much to shrink a tile's text so it fits its square: 1.0 for one character,
    about 0.7 for two (``72``), about 0.5 for three (``AND``)."""
    return 1.0 if len(text) <= 1 else 1.7 / (len(text) + 0.45)
