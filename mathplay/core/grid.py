"""A square board of cells, each empty (``None``) or holding a token, and its diagram.

The grid knows geometry only: which squares exist, what is on them, the unbroken runs of
tokens through a square. What counts as a legal line is each game's business.

>>> grid = Grid.from_diagram('''
... . . .
... 3 + 4
... . . .''')
>>> grid.size, grid[(1, 2)]
(3, '4')
>>> grid.run((1, 1), Direction.ACROSS)
((1, 0), ['3', '+', '4'])
>>> print(grid)
. . .
3 + 4
. . .
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from mathplay.core.squares import Direction, Square, square_name
from mathplay.errors import MathplayError, NotationError
from mathplay.i18n import _

__all__ = ["BoardView", "Grid", "diagram_rows"]


def diagram_rows(text: str) -> list[list[str]]:
    """The cells of a diagram, row by row (blank lines and ``#`` lines are skipped)."""
    if not isinstance(text, str):
        raise NotationError(
            _("a diagram is text, one line per row, not {kind}").format(kind=type(text).__name__)
        )
    rows = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        rows.append(stripped.split())
    return rows


class Grid:
    """``size`` × ``size`` cells holding tokens (strings) or ``None`` for empty."""

    __slots__ = ("cells", "size")

    def __init__(self, size: int, cells: list[str | None] | None = None) -> None:
        self.size = size
        self.cells: list[str | None] = cells if cells is not None else [None] * (size * size)

    @classmethod
    def from_diagram(cls, text: str, read: Callable[[str], str] = str) -> Grid:
        """Read a diagram (docs/notation.md): one line per row, cells separated by spaces.

        ``read`` turns a cell's text into its canonical token, raising ``NotationError``
        for text that is not a token of the game.
        """
        rows = diagram_rows(text)
        size = len(rows)
        if size == 0:
            raise NotationError(_("the diagram is empty"))
        grid = cls(size)
        for r, row in enumerate(rows):
            if len(row) != size:
                raise NotationError(
                    _(
                        "row {row} of the diagram has {count} cells; a {size}×{size} board "
                        "needs {size} in every row"
                    ).format(row=r + 1, count=len(row), size=size)
                )
            for c, cell in enumerate(row):
                if cell != ".":
                    try:
                        grid.cells[r * size + c] = read(cell)
                    except NotationError as error:
                        raise NotationError(
                            _("{square} in the diagram: {error}").format(
                                square=square_name((r, c)), error=error
                            )
                        ) from None
        return grid

    def copy(self) -> Grid:
        return Grid(self.size, list(self.cells))

    def __getitem__(self, square: Square) -> str | None:
        row, column = square
        return self.cells[row * self.size + column]

    def __setitem__(self, square: Square, token: str | None) -> None:
        row, column = square
        self.cells[row * self.size + column] = token

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self.size == other.size and self.cells == other.cells

    def __hash__(self) -> int:
        return hash((self.size, tuple(self.cells)))

    def on_board(self, square: Square) -> bool:
        row, column = square
        return 0 <= row < self.size and 0 <= column < self.size

    def is_free(self, square: Square) -> bool:
        """True when nothing is there: an empty square or a place off the board."""
        return not self.on_board(square) or self[square] is None

    def filled(self) -> Iterator[tuple[Square, str]]:
        """Every occupied square and its token, row by row."""
        size = self.size
        for index, token in enumerate(self.cells):
            if token is not None:
                yield (index // size, index % size), token

    def is_blank(self) -> bool:
        return all(token is None for token in self.cells)

    def run(self, square: Square, direction: Direction) -> tuple[Square, list[str]]:
        """The maximal unbroken run of tokens through ``square``: its first square and tokens."""
        dr, dc = direction.step
        row, column = square
        while self.on_board((row - dr, column - dc)) and self[(row - dr, column - dc)] is not None:
            row, column = row - dr, column - dc
        start = (row, column)
        tokens = []
        while self.on_board((row, column)):
            token = self[(row, column)]
            if token is None:
                break
            tokens.append(token)
            row, column = row + dr, column + dc
        return start, tokens

    def runs(self, direction: Direction, minimum: int = 2) -> Iterator[tuple[Square, list[str]]]:
        """Every maximal run of at least ``minimum`` tokens in ``direction``."""
        size = self.size
        for line in range(size):
            position = 0
            while position < size:
                square = (line, position) if direction is Direction.ACROSS else (position, line)
                if self[square] is None:
                    position += 1
                    continue
                start, tokens = self.run(square, direction)
                if len(tokens) >= minimum:
                    yield start, tokens
                position += len(tokens)

    def diagram(self, show: Callable[[str], str] = str) -> str:
        """The board as a diagram: one line per row, ``.`` for an empty square."""
        width = max([1, *(len(show(t)) for t in self.cells if t is not None)])
        lines = []
        for row in range(self.size):
            cells = self.cells[row * self.size : (row + 1) * self.size]
            texts = ["." if t is None else show(t) for t in cells]
            if width > 1:
                lines.append(" ".join(text.rjust(width) for text in texts).rstrip())
            else:
                lines.append(" ".join(texts))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        return f"Grid.from_diagram('''\n{self.diagram()}''')"


class BoardView(Grid):
    """A read-only view of a game's board (``GameState.view``): it shares the game's
    cells, so taking it costs nothing. Take a new view after the game changes (a move
    taken back gives the game a new board). Writing a square raises
    :class:`MathplayError`: play a move instead, or change ``copy()``, an ordinary
    :class:`Grid`."""

    __slots__ = ()

    def __setitem__(self, square: Square, token: str | None) -> None:
        raise MathplayError(
            _("this board is a view of the game and cannot be changed: play a move, or "
              "change a copy()")
        )  # fmt: skip

    def copy(self) -> Grid:
        return Grid(self.size, list(self.cells))
