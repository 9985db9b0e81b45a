"""Binary: the game state, move checking (B3), scoring (B4) and the end (B5).

>>> g = Binary(players=2, seed=5)
>>> len(g.hands[0]), g.bag_size
(9, 82)
>>> g = Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 + 1 = 1 0 AND 0 0"])
>>> g.play("H8 across 1 + 1 = 10")
18
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from mathplay.core import (
    Bag,
    Direction,
    EndReason,
    GameState,
    Grid,
    LineMove,
    Outcome,
    Position,
    Special,
    Square,
    check_count,
    check_where,
    expand_tile_set,
    line_from_placements,
    line_squares,
    rest_of_set,
    seat_scores,
    split_line_move,
    take_from_hand,
)
from mathplay.core.hand import hand_texts
from mathplay.core.typed_words import command_said
from mathplay.errors import IllegalMoveError, NotationError
from mathplay.games.binary.checks import check_line
from mathplay.games.binary.rules import (
    BLANK,
    HAND_SIZE,
    PREMIUMS,
    SCORELESS_TURNS,
    SIZE,
    BinaryOptions,
    chip_set,
    hand_points,
    line_text,
    read_hand,
    read_line,
    read_token,
)
from mathplay.games.move_words import move_said
from mathplay.i18n import _

_SPECIAL = {
    "DL": Special.DOUBLE_LETTER,
    "TL": Special.TRIPLE_LETTER,
    "DW": Special.DOUBLE_WORD,
    "TW": Special.TRIPLE_WORD,
}

__all__ = ["EMPTY_DIAGRAM", "Binary", "BinaryMove", "BinaryPosition", "Exchange", "Pass"]

EMPTY_DIAGRAM = "\n".join([" ".join(["."] * SIZE)] * SIZE)


@dataclass(frozen=True)
class Exchange:
    """Give ``tokens`` back to the bag for as many new chips (B3)."""

    tokens: tuple[str, ...]

    def __str__(self) -> str:
        return "exchange " + " ".join(self.tokens)


@dataclass(frozen=True)
class Pass:
    """Play nothing this turn (B3)."""

    def __str__(self) -> str:
        return "pass"


BinaryMove = LineMove | Exchange | Pass


@dataclass
class BinaryPosition(Position):
    #: Scoreless turns in a row (B5).
    scoreless: int = 0
    #: Why the game ended (an ``EndReason`` value), or ``None`` while it goes on.
    ended: str | None = None

    def copy(self) -> BinaryPosition:
        return BinaryPosition(
            self.board.copy(),
            [list(hand) for hand in self.hands],
            self.bag.copy(),
            list(self.scores),
            self.to_move,
            self.scoreless,
            self.ended,
        )


def _fragments(names: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The option as a tuple (anything but a list is left for the options to refuse)."""
    return tuple(names) if isinstance(names, (list, tuple, set, frozenset)) else names


def _chip(token: str) -> str:
    """The chip a token is made of: a placed blank ``?1`` is a blank."""
    return BLANK if token.startswith(BLANK) else token


class Binary(GameState[BinaryMove, BinaryPosition]):
    """A game of Binary (rules B1–B5, ``docs/rules/binary.md``).

    ``Binary(players=2, seed=5)`` deals a new game; ``Binary.from_diagram`` sets up any
    position. ``play`` takes notation (``"H8 across 1 + 1 = 10"``, ``"exchange 1 0"``,
    ``"pass"``) or a move from ``legal_moves()``.
    """

    move_types: ClassVar[Any] = BinaryMove
    format_name = "mathplay.binary"

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        order: str = "math",
        xor: bool = False,
        banned_identities: tuple[str, ...] | list[str] = (),
        bonus: str = "highest-bit",
        all_chips_bonus: int = 50,
    ) -> None:
        options = BinaryOptions(
            players, order, xor, _fragments(banned_identities), bonus, all_chips_bonus
        )
        bag = Bag.shuffled(expand_tile_set(chip_set(xor)), seed)
        hands = [bag.draw(HAND_SIZE) for _ in range(players)]
        position = BinaryPosition(Grid(SIZE), hands, bag, [0] * players)
        self._setup(position, seed, options)

    @classmethod
    def from_diagram(
        cls,
        diagram: str,
        hands: list[str] | tuple[str, ...],
        to_move: int = 0,
        *,
        seed: int = 0,
        scores: list[int] | None = None,
        order: str = "math",
        xor: bool = False,
        banned_identities: tuple[str, ...] | list[str] = (),
        bonus: str = "highest-bit",
        all_chips_bonus: int = 50,
    ) -> Binary:
        """A position from a 15×15 diagram (docs/notation.md) and one hand per player.

        The bag holds the chips of the set that are neither on the board nor in a hand.
        """
        board = Grid.from_diagram(diagram, lambda text: read_token(text, xor))
        if not hands:
            raise NotationError(_("give one hand per player (at least one)"))
        hands = hand_texts(hands, "1 0 = + ? AND")
        options = BinaryOptions(
            len(hands), order, xor, _fragments(banned_identities), bonus, all_chips_bonus
        )
        hand_lists = [read_hand(hand, xor) for hand in hands]
        return cls._build(board, hand_lists, to_move, seed, scores, options)

    @classmethod
    def _build(
        cls,
        board: Grid,
        hands: list[list[str]],
        to_move: int,
        seed: int,
        scores: list[int] | None,
        options: BinaryOptions,
        bag_tiles: list[str] | None = None,
        scoreless: int = 0,
    ) -> Binary:
        if board.size != SIZE:
            raise NotationError(
                _("a Binary board is 15×15, not {size}×{size}").format(size=board.size)
            )
        players = len(hands)
        start_scores = seat_scores(players, to_move, scores)
        for hand in hands:
            if len(hand) > HAND_SIZE:
                raise NotationError(
                    _("a hand holds at most {n} chips, not {count}").format(
                        n=HAND_SIZE, count=len(hand)
                    )
                )
        full = chip_set(options.xor)
        used = Counter(_chip(token) for _, token in board.filled())
        for hand in hands:
            used.update(hand)
        bag = rest_of_set(full, used, seed, bag_tiles, rule="B1")
        if isinstance(scoreless, bool) or not isinstance(scoreless, int):
            raise NotationError(_("scoreless is a whole number of turns"))
        if not 0 <= scoreless < SCORELESS_TURNS:
            raise NotationError(
                _("scoreless counts the scoreless turns in a row: 0 to {most}, not {n}").format(
                    most=SCORELESS_TURNS - 1, n=scoreless
                )
            )
        position = BinaryPosition(board, hands, bag, start_scores, to_move, scoreless)
        game: Binary = cls._from_position(position, seed, options)
        return game

    # --- notation ------------------------------------------------------------------

    def parse_move(self, text: str) -> BinaryMove:
        words = text.strip().split(None, 1)
        if not words:
            raise NotationError(_("the move is empty: write a line, exchange … or pass"))
        # A command in any language's words (pass, lepas, pasar, πάσο; exchange, tukar).
        command = command_said(text)
        if command is not None and command[0] == "pass" and not command[1]:
            return Pass()
        if command is not None and command[0] == "exchange":
            chips = read_hand(command[1], self.options.xor) if command[1] else []
            if not chips:
                raise NotationError(_("name the chips to exchange, like exchange 1 0"))
            return Exchange(tuple(chips))
        start, direction, line = split_line_move(text, SIZE)
        tokens = tuple(read_line(line, self.options.xor))
        return LineMove(start, direction, tokens, line_text(tokens, [True] * len(tokens)))

    @property
    def special_squares(self) -> dict[Square, Special]:
        """B1's premium squares with their text labels (DL, TL, DW, TW)."""
        return {square: _SPECIAL[kind] for square, kind in PREMIUMS.items()}

    def move_from_placements(
        self, placements: dict[Square, str], direction: Direction | None = None
    ) -> LineMove:
        """The move that putting these chips on these squares makes (for boards played by
        clicking; a blank is given as ``?1``); raises ``IllegalMoveError`` saying what is
        wrong."""
        board = self._pos.board
        start, direction, tokens = line_from_placements(board, placements, direction)
        squares = line_squares(start, direction, len(tokens))
        new = [board[square] is None for square in squares]
        return LineMove(start, direction, tokens, line_text(tokens, new))

    # --- rules -----------------------------------------------------------------------

    def _validate(self, move: BinaryMove) -> tuple[BinaryMove, int]:
        pos = self._pos
        hand = pos.hands[pos.to_move]
        if isinstance(move, Pass):
            return move, 0
        if isinstance(move, Exchange):
            if len(pos.bag) < HAND_SIZE:
                raise IllegalMoveError(
                    _(
                        "{move} is not allowed: you may exchange only while the bag holds at "
                        "least {n} chips, and it holds {count} (B3)"
                    ).format(move=move_said(move), n=HAND_SIZE, count=len(pos.bag)),
                    rule="B3",
                )
            try:
                take_from_hand(hand, move.tokens, rule="B3")
            except IllegalMoveError as error:
                raise IllegalMoveError(
                    _("{move} is not allowed: {reason} (B3)").format(
                        move=move_said(move), reason=error
                    ),
                    rule="B3",
                ) from None
            return move, 0
        checked = check_line(self._pos.board, hand, move, self.options)
        assert checked.score is not None
        return checked, checked.score

    def _apply(self, move: BinaryMove, score: int) -> None:
        pos = self._pos
        player = pos.to_move
        hand = pos.hands[player]
        if isinstance(move, LineMove):
            used = []
            for square, token in zip(move.squares, move.tokens):
                if pos.board[square] is None:
                    pos.board[square] = token
                    used.append(_chip(token))
            hand = take_from_hand(hand, used)
            hand.extend(pos.bag.draw(HAND_SIZE - len(hand)))
            pos.scores[player] += score
        elif isinstance(move, Exchange):
            # As in Scrabble: draw the new chips first, then mix the old ones in.
            hand = take_from_hand(hand, move.tokens)
            hand.extend(pos.bag.draw(len(move.tokens)))
            pos.bag.put_back(move.tokens, f"{self.seed}:exchange:{self.ply}")
        pos.hands[player] = hand
        pos.scoreless = pos.scoreless + 1 if score == 0 else 0
        if isinstance(move, LineMove) and not hand and not pos.bag.tiles:
            # B5: the player who went out takes the points left in every other hand.
            for other, rest in enumerate(pos.hands):
                if other != player:
                    points = hand_points(rest)
                    pos.scores[other] -= points
                    pos.scores[player] += points
            pos.ended = EndReason.OUT_OF_TILES.value
        elif pos.scoreless >= SCORELESS_TURNS:
            for index, rest in enumerate(pos.hands):
                pos.scores[index] -= hand_points(rest)
            pos.ended = EndReason.SCORELESS_TURNS.value
        pos.to_move = (player + 1) % len(pos.hands)

    @property
    def outcome(self) -> Outcome | None:
        if self._pos.ended is None:
            return None
        return Outcome.from_scores(EndReason(self._pos.ended), tuple(self._pos.scores))

    @property
    def scoreless_turns(self) -> int:
        """Scoreless turns in a row so far (B5: six end the game)."""
        return self._pos.scoreless

    def legal_moves(self) -> list[BinaryMove]:
        """Every legal line move, each once, with its score, best first (B2–B4).

        A move with a blank appears once for each chip the blank may stand for. Exchanges
        and the pass, always available as in Scrabble, are not listed.
        """
        if self.is_over:
            return []
        from mathplay.games.binary.movegen import generate_moves

        # Best first; moves of equal score keep the generator's fixed order.
        moves = sorted(generate_moves(self), key=lambda move: -(move.score or 0))
        return [*moves]

    def best_moves(
        self, n: int = 1, where: Callable[[BinaryMove], bool] | None = None
    ) -> list[BinaryMove]:
        """The moves that can be among the ``n`` best, exactly as ``GameState.best_moves``
        says, found without listing every move: the generator skips each stretch of a
        line whose best possible score is below the ``n``-th best score found so far. A
        hand with blanks can have millions of moves; the best few take a fraction of the
        time (``bench/binary_best_moves.py``)."""
        check_count(n)
        check_where(where)
        if self.is_over:
            return []
        from mathplay.games.binary.best import best_moves

        return [*best_moves(self, n, where)]

    # --- save and load ---------------------------------------------------------------

    def _start_record(self) -> dict[str, Any]:
        pos = self._pos
        return {
            "diagram": pos.board.diagram(),
            "hands": [" ".join(hand) for hand in pos.hands],
            "bag": list(pos.bag.tiles),
            "to_move": pos.to_move,
            "scores": list(pos.scores),
            "scoreless": pos.scoreless,
        }

    @classmethod
    def _from_start(cls, options: dict[str, Any], seed: int, start: dict[str, Any]) -> Binary:
        fields = dict(options)
        fields["banned_identities"] = tuple(fields.get("banned_identities", ()))
        chosen = BinaryOptions(**fields)
        xor = chosen.xor
        board = Grid.from_diagram(start["diagram"], lambda text: read_token(text, xor))
        hands = [read_hand(h, xor) for h in start["hands"]]
        bag = [BLANK if t == BLANK else read_token(t, xor) for t in start["bag"]]
        if len(hands) != chosen.players:
            raise NotationError(_("the saved game has one hand per player"))
        return cls._build(
            board,
            hands,
            int(start["to_move"]),
            seed,
            [int(s) for s in start["scores"]],
            chosen,
            bag,
            start.get("scoreless", 0),
        )

    def __repr__(self) -> str:
        return f"<Binary {self.players} players, ply {self.ply}, scores {list(self.scores)}>"

    def __str__(self) -> str:
        return self._pos.board.diagram()
