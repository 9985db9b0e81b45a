"""Games to draw: Summy with special squares, and Mixmath and Binary with their layouts.

The subclasses set ``format_name = ""`` so they do not replace the real games in the
save-format registry.
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from mathplay.core import HistoryEntry, Special, Square
from mathplay.core.grid import Grid
from mathplay.games.binary import PREMIUMS, Binary
from mathplay.games.mixmath import SQUARES, Kind, Mixmath
from mathplay.games.summy import Summy

SUMMY_SPECIALS: dict[Square, Special] = {
    (0, 0): Special.TRIPLE_WORD,
    (1, 1): Special.DOUBLE_WORD,
    (2, 2): Special.DIVIDE,
    (8, 8): Special.DOUBLE,
    (3, 5): Special.START,
}

KIND_TO_SPECIAL = {
    Kind.START: Special.START,
    Kind.DOUBLE: Special.DOUBLE,
    Kind.TRIPLE: Special.TRIPLE,
    Kind.ADD: Special.PLUS,
    Kind.SUB: Special.MINUS,
    Kind.MUL: Special.TIMES,
    Kind.DIV: Special.DIVIDE,
}
PREMIUM_TO_SPECIAL = {
    "DL": Special.DOUBLE_LETTER,
    "TL": Special.TRIPLE_LETTER,
    "DW": Special.DOUBLE_WORD,
    "TW": Special.TRIPLE_WORD,
}


class SpecialSummy(Summy):
    format_name = ""

    @property
    def special_squares(self) -> dict[Square, Special]:
        return dict(SUMMY_SPECIALS)


class LaidOutMixmath(Mixmath):
    format_name = ""

    @property
    def special_squares(self) -> dict[Square, Special]:
        return {sq: KIND_TO_SPECIAL.get(kind, kind) for sq, kind in SQUARES.items()}


class LaidOutBinary(Binary):
    format_name = ""

    @property
    def special_squares(self) -> dict[Square, Special]:
        return {sq: PREMIUM_TO_SPECIAL.get(name, name) for sq, name in PREMIUMS.items()}


def play_first(game: Any, moves: int) -> Any:
    """Play the first legal move (or pass) ``moves`` times."""
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(legal[0] if legal else "pass")
    return game


SUMMY_POSITION = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . 3 + 4 = 7 . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def small_summy() -> SpecialSummy:
    """A 9×9 Summy with one sum on the table, specials, and one move played (C3 down)."""
    game = SpecialSummy.from_diagram(SUMMY_POSITION, ["1x=38", "1+=6"])
    game.play("C3 down 1x3=3")
    return game


class FakeGame:
    """Just enough of a game for a picture: a board, specials, scores and history."""

    def __init__(self) -> None:
        self.board = Grid.from_diagram(". 1 .\n. ?1 .\n. = .")
        self.special_squares = {(0, 0): Special.TRIPLE_WORD, (2, 2): Special.DIVIDE}
        self.scores = (5, 3)
        self.players = 2
        self.history = (HistoryEntry(0, "B1 down 1 ?1", 5), HistoryEntry(1, "pass", 0))
        self.outcome = None


def texts(fig: Figure) -> list[str]:
    """Every text of a figure: figure texts, axes texts, titles, labels, legends."""
    found = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        found += [t.get_text() for t in ax.texts]
        found += [ax.get_title(loc) for loc in ("left", "center", "right")]
        found += [ax.get_xlabel(), ax.get_ylabel()]
        legend = ax.get_legend()
        if legend is not None:
            found += [t.get_text() for t in legend.get_texts()]
    for legend in fig.legends:
        found += [t.get_text() for t in legend.get_texts()]
    return [text for text in found if text]


def gids(fig: Figure, prefix: str) -> list[str]:
    """The gids of the patches and texts of ``fig`` that start with ``prefix``."""
    found = []
    for ax in fig.axes:
        for artist in [*ax.patches, *ax.texts, *ax.lines]:
            gid = artist.get_gid()
            if gid and gid.startswith(prefix):
                found.append(gid)
    return found
