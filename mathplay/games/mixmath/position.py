"""The changing part of a Mixmath game: board, racks, bag, scores and the turn in progress.

>>> print(EMPTY_BOARD.splitlines()[6])
. . . . . . 1 2 . . . . . .
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from mathplay.core import EndReason, Grid, Position, square_name
from mathplay.core.bag import rest_of_set
from mathplay.core.state import seat_scores
from mathplay.errors import IllegalMoveError, NotationError
from mathplay.games.mixmath.moves import Placement
from mathplay.games.mixmath.rules import BLANK, RACK_SIZE, SIZE, START, TILE_COUNTS
from mathplay.i18n import _

__all__ = ["EMPTY_BOARD", "MixmathPosition", "build_position", "empty_board", "take_from_rack"]


def take_from_rack(rack: list[str], tiles: list[str] | tuple[str, ...], rule: str) -> list[str]:
    """The rack without ``tiles``; raises ``IllegalMoveError`` naming ``rule`` if it lacks any."""
    missing = Counter(tiles) - Counter(rack)
    if missing:
        raise IllegalMoveError(
            _("your rack has no {tiles} (your rack: {rack}) ({rule})").format(
                tiles=" ".join(sorted(missing.elements())), rack=" ".join(rack) or "-", rule=rule
            ),
            rule=rule,
        )
    rest = list(rack)
    for tile in tiles:
        rest.remove(tile)
    return rest


def empty_board() -> Grid:
    board = Grid(SIZE)
    for square, number in START.items():
        board[square] = number
    return board


#: The diagram of the board at the start: only the four start numbers (M1).
EMPTY_BOARD = empty_board().diagram()


@dataclass
class MixmathPosition(Position):
    """The position plus the state of the turn in progress and of the game's end."""

    #: Tiles on the rack when the turn began (M7).
    turn_start_rack: int = RACK_SIZE
    #: Placements of this turn still on the board, and their points (M6).
    turn_placements: int = 0
    turn_score: int = 0
    #: The last move was a placement on a sign square: ``draw`` is allowed (M6).
    can_draw: bool = False
    #: The last placement, which may be challenged until the next placement or the end
    #: of the turn (M8; a draw keeps it open).
    last_placement: Placement | None = None
    #: Turns in a row that ended with no placement on the board (M9).
    idle_turns: int = 0
    ended: EndReason | None = None
    #: M9: the rack values taken off each score at the end.
    penalties: list[int] = field(default_factory=list)
    #: The tile drawn after ``last_placement`` (M6), returned if a challenge removes it.
    drawn_after_placement: str | None = None

    def copy(self) -> MixmathPosition:
        return MixmathPosition(
            self.board.copy(),
            [list(hand) for hand in self.hands],
            self.bag.copy(),
            list(self.scores),
            self.to_move,
            self.turn_start_rack,
            self.turn_placements,
            self.turn_score,
            self.can_draw,
            self.last_placement,
            self.idle_turns,
            self.ended,
            list(self.penalties),
            self.drawn_after_placement,
        )


def build_position(
    board: Grid,
    hands: list[list[str]],
    to_move: int,
    seed: int,
    scores: list[int] | None,
    bag_tiles: list[str] | None = None,
) -> MixmathPosition:
    """A checked position at the start of ``to_move``'s turn; the bag holds the rest of
    the set (shuffled from ``seed``, or exactly ``bag_tiles``)."""
    if board.size != SIZE:
        raise NotationError(
            _("a Mixmath board is 14×14, not {size}×{size}").format(size=board.size)
        )
    for square, number in START.items():
        if board[square] != number:
            raise NotationError(
                _("{square} is a start square and shows {number} (M1)").format(
                    square=square_name(square), number=number
                )
            )
    players = len(hands)
    start_scores = seat_scores(players, to_move, scores)
    for seat, hand in enumerate(hands, start=1):
        if len(hand) > RACK_SIZE:
            raise NotationError(
                _("rack {n} has {count} tiles; a rack holds at most {size} (M3)").format(
                    n=seat, count=len(hand), size=RACK_SIZE
                )
            )
    used = Counter(
        BLANK if token.startswith(BLANK) else token
        for square, token in board.filled()
        if square not in START
    )
    for hand in hands:
        used.update(hand)
    bag = rest_of_set(TILE_COUNTS, used, seed, bag_tiles, rule="M2")
    position = MixmathPosition(board, hands, bag, start_scores, to_move)
    position.turn_start_rack = len(hands[to_move])
    position.penalties = [0] * players
    return position
