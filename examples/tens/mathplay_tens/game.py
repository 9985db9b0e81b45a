"""Tens: the game state, move checking, scoring and the end (``RULES.md``).

A game built on mathplay's core as the built-in games are: a
:class:`~mathplay.core.state.GameState` that reads a move, checks it, applies it and
says when the game is over, with the exact list of legal moves; saves, undo, the search
API (``push``/``pop``, ``is_legal``, ``view``), hints and the computer players come
from mathplay. ``TENS`` describes it to mathplay's registry (the ``mathplay.games``
entry point).

>>> game = Tens(seed=1)
>>> game.play("C3 " + game.hands[0][0])
0
>>> game.to_move, game.bag_size
(1, 27)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from mathplay.core import (
    Bag,
    EndReason,
    GameState,
    Grid,
    Outcome,
    Position,
    Special,
    Square,
    expand_tile_set,
    parse_square,
    rest_of_set,
    seat_scores,
    square_name,
)
from mathplay.errors import IllegalMoveError, NotationError, OptionsError
from mathplay.games.registry import GameInfo
from mathplay.i18n import _

__all__ = ["TENS", "Tens", "TensMove", "TensOptions"]

#: The tile set: four of each number from 1 to 9.
TILE_COUNTS = {str(n): 4 for n in range(1, 10)}
#: The sizes a board may have (odd, so it has a centre).
SIZES = (5, 7, 9)
#: What a tile scores for each tile next to it that makes ten with it.
TEN = 10
#: The four squares next to a square: above, below, left, right.
_NEXT = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class TensOptions:
    """The game's fixed facts."""

    players: int = 2
    size: int = 5
    hand_size: int = 4


@dataclass(frozen=True)
class TensMove:
    """One move: a tile on a square, or a pass (``square`` is ``None``). A move from
    ``legal_moves()`` carries its score."""

    square: Square | None
    tile: str = ""
    score: int | None = None

    def __str__(self) -> str:
        return "pass" if self.square is None else f"{square_name(self.square)} {self.tile}"

    @property
    def squares(self) -> tuple[Square, ...]:
        """The squares the move covers (what hints and pictures of a move ask)."""
        return () if self.square is None else (self.square,)

    @property
    def tokens(self) -> tuple[str, ...]:
        """The tiles it places, square by square."""
        return () if self.square is None else (self.tile,)


@dataclass
class TensPosition(Position):
    """The changing part of a game, with the passes in a row."""

    passes: int = 0

    def copy(self) -> TensPosition:
        base = super().copy()
        return TensPosition(
            base.board, base.hands, base.bag, base.scores, base.to_move, self.passes
        )


def _read_tile(text: str) -> str:
    if text not in TILE_COUNTS:
        raise NotationError(_("{text!r} is not a tile: the tiles are 1 to 9").format(text=text))
    return text


class Tens(GameState[TensMove, TensPosition]):
    """A game of Tens (``RULES.md``): ``Tens(players=2, seed=1)`` deals one; ``play``
    takes notation (``"C3 7"``, ``"pass"``) or a move from ``legal_moves()``."""

    move_types: ClassVar[Any] = TensMove
    format_name = "mathplay-tens.tens"

    def __init__(
        self, players: int = 2, seed: int = 0, *, size: int = 5, hand_size: int = 4
    ) -> None:
        options = _options(players, size, hand_size)
        bag = Bag.shuffled(expand_tile_set(TILE_COUNTS), seed)
        hands = [bag.draw(hand_size) for _ in range(players)]
        self._setup(TensPosition(Grid(size), hands, bag, [0] * players), seed, options)

    @classmethod
    def from_diagram(
        cls,
        diagram: str,
        hands: Sequence[str | Sequence[str]],
        to_move: int = 0,
        *,
        seed: int = 0,
        scores: list[int] | None = None,
        hand_size: int = 4,
    ) -> Tens:
        """A position from a diagram (a row of cells a line, ``.`` for an empty square)
        and one hand per player (``"3 7 1"``); the bag holds the rest of the set. A
        puzzle of the ``move`` kind, and a game's missed chances, are made of these."""
        start = {
            "diagram": diagram,
            "hands": [
                list(hand.replace(" ", "")) if isinstance(hand, str) else hand for hand in hands
            ],
            "to_move": to_move,
            "scores": [0] * len(hands) if scores is None else scores,
        }
        return cls._from_start({"hand_size": hand_size}, seed, start)

    # --- what every game supplies ---------------------------------------------------

    def parse_move(self, text: str) -> TensMove:
        words = str(text).split()
        if words == ["pass"]:
            return TensMove(None)
        if len(words) != 2:
            raise NotationError(
                _("{text!r} is not a move: write a square and a tile, like C3 7, or pass").format(
                    text=text
                )
            )
        return TensMove(parse_square(words[0], self._pos.board.size), _read_tile(words[1]))

    def _validate(self, move: TensMove) -> tuple[TensMove, int]:
        if move.square is None:
            return TensMove(None, score=0), 0
        pos = self._pos
        square = move.square
        if not pos.board.is_free(square):
            raise IllegalMoveError(
                _("{square} already holds a tile").format(square=square_name(square))
            )
        if move.tile not in pos.hands[pos.to_move]:
            raise IllegalMoveError(_("you have no {tile} in your hand").format(tile=move.tile))
        centre = self._centre()
        if pos.board.is_blank() and square != centre:
            raise IllegalMoveError(
                _("the first tile goes on the centre square, {square}").format(
                    square=square_name(centre)
                )
            )
        if not pos.board.is_blank() and not self._touches(square):
            raise IllegalMoveError(
                _("{square} is not next to a tile on the board").format(square=square_name(square))
            )
        score = self._score(square, move.tile)
        return TensMove(square, move.tile, score), score

    def _apply(self, move: TensMove, score: int) -> None:
        pos = self._pos
        player = pos.to_move
        if move.square is None:
            pos.passes += 1
        else:
            pos.board[move.square] = move.tile
            pos.hands[player].remove(move.tile)
            pos.hands[player].extend(pos.bag.draw(1))
            pos.scores[player] += score
            pos.passes = 0
        pos.to_move = (player + 1) % len(pos.hands)

    def legal_moves(self) -> list[TensMove]:
        """Every tile of the hand (each number once) on every square it may go on,
        with its score; passing is always allowed and is not listed."""
        if self.is_over:
            return []
        pos = self._pos
        board = pos.board
        if board.is_blank():
            squares = [self._centre()]
        else:
            squares = [
                (row, col)
                for row in range(board.size)
                for col in range(board.size)
                if board.is_free((row, col)) and self._touches((row, col))
            ]
        tiles = sorted(set(pos.hands[pos.to_move]), key=int)
        return [
            TensMove(square, tile, self._score(square, tile))
            for square in squares
            for tile in tiles
        ]

    @property
    def outcome(self) -> Outcome | None:
        pos = self._pos
        if all(cell is not None for cell in pos.board.cells):
            reason = EndReason.BOARD_FULL
        elif not len(pos.bag) and any(not hand for hand in pos.hands):
            reason = EndReason.OUT_OF_TILES
        elif pos.passes >= len(pos.hands):
            reason = EndReason.SCORELESS_TURNS
        else:
            return None
        return Outcome.from_scores(reason, tuple(pos.scores))

    @property
    def special_squares(self) -> dict[Square, Special]:
        return {self._centre(): Special.START}

    def _start_record(self) -> dict[str, Any]:
        pos = self._pos
        return {
            "diagram": pos.board.diagram(),
            "hands": [list(hand) for hand in pos.hands],
            "bag": list(pos.bag.tiles),
            "to_move": pos.to_move,
            "scores": list(pos.scores),
            "passes": pos.passes,
        }

    @classmethod
    def _from_start(cls, options: dict[str, Any], seed: int, start: dict[str, Any]) -> Tens:
        board = Grid.from_diagram(start["diagram"], _read_tile)
        hands = [[_read_tile(str(tile)) for tile in hand] for hand in start["hands"]]
        checked = _options(len(hands), board.size, int(options.get("hand_size", 4)))
        used = Counter(token for _square, token in board.filled())
        for hand in hands:
            used.update(hand)
        given = start.get("bag")  # without it, the rest of the set, shuffled
        tiles = None if given is None else [_read_tile(str(tile)) for tile in given]
        bag = rest_of_set(TILE_COUNTS, used, seed, tiles)
        scores = seat_scores(len(hands), int(start["to_move"]), start["scores"])
        position = TensPosition(board, hands, bag, scores, int(start["to_move"]))
        position.passes = int(start.get("passes", 0))
        game: Tens = cls._from_position(position, seed, checked)
        return game

    # --- the rules --------------------------------------------------------------------

    def _centre(self) -> Square:
        middle = self._pos.board.size // 2
        return (middle, middle)

    def _next_to(self, square: Square) -> list[str]:
        """The tiles on the squares next to ``square``."""
        board = self._pos.board
        row, col = square
        near = [(row + dr, col + dc) for dr, dc in _NEXT]
        return [tile for place in near if board.on_board(place) and (tile := board[place])]

    def _touches(self, square: Square) -> bool:
        return bool(self._next_to(square))

    def _score(self, square: Square, tile: str) -> int:
        """Rule 2: ten points for each tile next to ``square`` that makes ten with ``tile``."""
        return TEN * sum(int(tile) + int(other) == TEN for other in self._next_to(square))

    def __repr__(self) -> str:
        size = self._pos.board.size
        return f"<Tens {size}×{size}, {self.players} players, ply {self.ply}>"


def _options(players: int, size: int, hand_size: int) -> TensOptions:
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise OptionsError(_("players is a whole number from 1 to 4, not {n!r}").format(n=players))
    if size not in SIZES:
        raise OptionsError(_("size is one of 5, 7 or 9, not {n!r}").format(n=size))
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or not 1 <= hand_size <= 6:
        raise OptionsError(
            _("hand_size is a whole number from 1 to 6, not {n!r}").format(n=hand_size)
        )
    return TensOptions(players=players, size=size, hand_size=hand_size)


#: What mathplay's registry knows of Tens (the ``mathplay.games`` entry point ``tens``).
TENS = GameInfo(
    name="tens",
    title="Tens",
    format_name=Tens.format_name,
    cls=Tens,
    options=TensOptions,
    pieces="tiles",
    move_examples=("C3 7", "B3 3", "D3 5"),
    line_moves=False,
    rules=str(Path(__file__).with_name("RULES.md")),
    levels=("easy", "medium"),
    small=(("size", 5),),
)
