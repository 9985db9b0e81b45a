"""Summy: the game state, move checking (S3), scoring (S4) and the end (S5).

>>> g = Summy(players=2, seed=1, size=9)
>>> g.board[(4, 4)], len(g.hands[0]), g.bag_size
('=', 8, 77)
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from mathplay.core import (
    Bag,
    Direction,
    EndReason,
    GameState,
    Grid,
    LineMove,
    Outcome,
    Square,
    expand_tile_set,
    line_from_placements,
    line_squares,
    parse_square,
    rest_of_set,
    seat_scores,
    split_line_move,
    square_name,
    take_from_hand,
)
from mathplay.core.hand import hand_texts
from mathplay.core.typed_words import command_said
from mathplay.errors import IllegalMoveError, NotationError
from mathplay.games.move_words import direction_word, move_said
from mathplay.games.summy.movegen import generate_sums
from mathplay.games.summy.position import (
    Discard,
    SummyMove,
    SummyPosition,
    SumRecord,
    read_hand,
)
from mathplay.games.summy.rules import (
    TILE_COUNTS,
    SummyOptions,
    line_score,
    read_token,
    sum_problem,
)
from mathplay.i18n import _

__all__ = ["Discard", "SumRecord", "Summy", "SummyMove"]

#: Decision D-S5 (docs/rules/summy-decisions.md): with blocks still in the stock, the game
#: also ends after this many whole rounds in which every player passed (discarded
#: nothing), so passing forever cannot stall it. Discards drain the stock, so they count
#: towards the ordinary end instead.
PASS_ROUNDS = 3
#: Decision D-S6: with ``first_hand="playable"``, a first hand that can make no sum is
#: dealt again at most this many times (a hand is stuck about 4 times in 10).
FIRST_HAND_REDEALS = 20


class Summy(GameState[SummyMove, SummyPosition]):
    """A game of Summy (rules S1–S5, ``docs/rules/summy.md``).

    ``Summy(players=2, seed=1)`` deals a new game; ``Summy.from_diagram`` sets up any
    position. ``play`` takes notation (``"I13 across 8x15=120"``, ``"discard 8x+"``,
    ``"pass"``) or a move from ``legal_moves()``.
    """

    move_types: ClassVar[Any] = SummyMove
    format_name = "mathplay.summy"

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        size: int = 25,
        hand_size: int = 8,
        first_hand: str = "strict",
    ) -> None:
        options = SummyOptions(
            size=size, players=players, hand_size=hand_size, first_hand=first_hand
        )
        board = Grid(size)
        centre = size // 2
        board[(centre, centre)] = "="
        tiles = expand_tile_set(TILE_COUNTS)
        tiles.remove("=")
        bag = Bag.shuffled(tiles, seed)
        hands = [bag.draw(hand_size) for _ in range(players)]
        self._setup(SummyPosition(board, hands, bag, [0] * players), seed, options)
        if first_hand == "playable":
            # How many times each first hand was dealt again (for measuring D-S6; a
            # loaded game does not know it: its start record holds the hands as dealt).
            self._first_hand_redeals = self._redeal_stuck_hands()
            self._start = self._start_record()

    def _redeal_stuck_hands(self) -> tuple[int, ...]:
        """D-S6: deal each player's first hand again, while it can make no sum on the
        opening table, at most ``FIRST_HAND_REDEALS`` times (then the last deal stays).
        The hand goes back into the stock, which is mixed from the seed, the player and
        the attempt, so the same seed always deals the same game."""
        pos = self._pos
        redeals = []
        for player in range(len(pos.hands)):
            pos.to_move = player
            count = 0
            while count < FIRST_HAND_REDEALS and next(generate_sums(self), None) is None:
                count += 1
                pos.bag.put_back(pos.hands[player], f"{self.seed}:first-hand:{player}:{count}")
                pos.hands[player] = pos.bag.draw(self.options.hand_size)
            redeals.append(count)
        pos.to_move = 0
        return tuple(redeals)

    @classmethod
    def from_diagram(
        cls,
        diagram: str,
        hands: list[str] | tuple[str, ...],
        to_move: int = 0,
        *,
        seed: int = 0,
        scores: list[int] | None = None,
        hand_size: int = 8,
    ) -> Summy:
        """A position from a diagram (docs/notation.md) and one hand per player.

        The stock holds the blocks of the set that are neither on the table nor in a hand.
        Every maximal run of two or more blocks that is a true sum counts as a sum.
        """
        board = Grid.from_diagram(diagram, read_token)
        if board.size < 9 or board.size % 2 == 0:
            raise NotationError(
                _("a Summy table is odd-sized and at least 9×9, not {size}×{size}").format(
                    size=board.size
                )
            )
        if not hands:
            raise NotationError(_("give one hand per player (at least one)"))
        hand_lists = [read_hand(hand) for hand in hand_texts(hands, "8 x 1 5 1 2 0 +")]
        return cls._build(board, hand_lists, to_move, seed, scores, hand_size, _true_runs(board))

    @classmethod
    def _build(
        cls,
        board: Grid,
        hands: list[list[str]],
        to_move: int,
        seed: int,
        scores: list[int] | None,
        hand_size: int,
        sums: list[SumRecord],
        bag_tiles: list[str] | None = None,
        first_hand: str = "strict",
        under_way: dict[str, Any] | None = None,
    ) -> Summy:
        players = len(hands)
        options = SummyOptions(
            size=board.size, players=players, hand_size=hand_size, first_hand=first_hand
        )
        for number, hand in enumerate(hands, start=1):
            if len(hand) > hand_size:
                raise NotationError(
                    _("hand {n} has {count} blocks; a hand holds at most {size} (D-S3d)").format(
                        n=number, count=len(hand), size=hand_size
                    )
                )
        possible = set(_true_runs(board))
        for record in sums:
            if record not in possible:
                raise NotationError(
                    _(
                        "there is no sum {direction} from {square} that is {n} blocks long on "
                        "this table (D-S3c)"
                    ).format(
                        direction=direction_word(record.direction),
                        square=square_name(record.start),
                        n=record.length,
                    )
                )
        if len(set(sums)) != len(sums):
            raise NotationError(_("a sum is listed twice (D-S3c)"))
        start_scores = seat_scores(players, to_move, scores)
        used = Counter(token for _, token in board.filled())
        for hand in hands:
            used.update(hand)
        # A game saved under way: the blocks discarded so far are out of the set, and
        # the passes in a row still count towards the end (S5).
        under_way = under_way or {}
        discarded = [read_token(t) for t in under_way.get("discarded", [])]
        used.update(discarded)
        bag = rest_of_set(TILE_COUNTS, used, seed, bag_tiles, rule="S1")
        position = SummyPosition(board, hands, bag, start_scores, to_move, sums, discarded)
        position.passes = int(under_way.get("passes", 0))
        position.idle_with_empty_stock = int(under_way.get("idle_with_empty_stock", 0))
        game: Summy = cls._from_position(position, seed, options)
        return game

    # --- notation ------------------------------------------------------------------

    def parse_move(self, text: str) -> SummyMove:
        words = text.strip().split(None, 1)
        if not words:
            raise NotationError(_("the move is empty: write a sum, discard … or pass"))
        # A command in any language's words (pass, lepas, pasar, πάσο; discard, buang).
        command = command_said(text)
        if command is not None and command[0] in ("pass", "discard"):
            word, rest = command
            if word == "pass" and not rest:
                return Discard(())
            if word == "discard":
                return Discard(tuple(read_hand(rest)) if rest else ())
        start, direction, line = split_line_move(text, self._pos.board.size)
        tokens = tuple(read_hand(line))
        return LineMove(start, direction, tokens, "".join(tokens))

    def move_from_placements(
        self, placements: dict[Square, str], direction: Direction | None = None
    ) -> LineMove:
        """The move that putting these hand blocks on these squares makes (for boards
        that are played by clicking); raises ``IllegalMoveError`` saying what is wrong."""
        start, direction, tokens = line_from_placements(self._pos.board, placements, direction)
        return LineMove(start, direction, tokens, "".join(tokens))

    # --- rules -----------------------------------------------------------------------

    def _forbidden(self) -> dict[Square, SumRecord]:
        """S3: the squares before and after every sum, which stay empty for good."""
        ends: dict[Square, SumRecord] = {}
        for record in self._pos.sums:
            ends[record.before] = record
            ends[record.after] = record
        return ends

    def _members(self, direction: Direction) -> set[Square]:
        return {sq for s in self._pos.sums if s.direction is direction for sq in s.squares}

    def _validate(self, move: SummyMove) -> tuple[SummyMove, int]:
        pos = self._pos
        hand = pos.hands[pos.to_move]
        if isinstance(move, Discard):
            take_from_hand(hand, move.tokens, rule="S3")
            return move, 0
        board = pos.board
        text = "".join(move.tokens)
        shown = move_said(f"{square_name(move.start)} {move.direction} {text}")

        def refuse(reason: str, rule: str) -> IllegalMoveError:
            return IllegalMoveError(
                _("{move} is not allowed: {reason} ({rule})").format(
                    move=shown, reason=reason, rule=rule
                ),
                rule=rule,
                reason=reason,
            )

        squares = line_squares(move.start, move.direction, len(move.tokens))
        if len(squares) < 2:
            raise refuse(_("a sum is a line of at least two blocks"), "S2")
        if not board.on_board(squares[-1]):
            raise refuse(_("the line runs off the table"), "S3")
        placed: list[Square] = []
        placed_tokens: list[str] = []
        for square, token in zip(squares, move.tokens):
            there = board[square]
            if there is None:
                placed.append(square)
                placed_tokens.append(token)
            elif there != token:
                raise refuse(
                    _("{square} already holds {there}, not {token}").format(
                        square=square_name(square), there=there, token=token
                    ),
                    "S3",
                )
        if not placed:
            raise refuse(_("every block of this line is already on the table"), "S3")
        if len(placed) == len(squares):
            raise refuse(_("a sum must use at least one block already on the table"), "S3")
        before = self._step(squares[0], move.direction, -1)
        after = self._step(squares[-1], move.direction, 1)
        for end in (before, after):
            if not board.is_free(end):
                run_start, run = self._whole_line(move)
                raise refuse(
                    _(
                        "the line goes on at {square}: a sum is the whole unbroken line, "
                        "here {start} {direction} {whole}"
                    ).format(
                        square=square_name(end),
                        start=square_name(run_start),
                        direction=direction_word(move.direction),
                        whole="".join(run),
                    ),
                    "S3",
                )
        if len(placed) > self.options.hand_size:
            raise refuse(
                _("a turn places at most {n} blocks").format(n=self.options.hand_size), "S3"
            )
        take_from_hand(hand, placed_tokens, rule="S3")
        forbidden = self._forbidden()
        for square in placed:
            if square in forbidden:
                record = forbidden[square]
                raise refuse(
                    _(
                        "{square} is right before or after the sum at {start}, and the "
                        "squares at the ends of a sum stay empty"
                    ).format(square=square_name(square), start=square_name(record.start)),
                    "S3",
                )
        members = self._members(move.direction)
        for square in squares:
            if square in members:
                raise refuse(
                    _(
                        "the block at {square} is already part of a sum {direction}: a block "
                        "belongs to at most one sum each way"
                    ).format(square=square_name(square), direction=direction_word(move.direction)),
                    "S3",
                )
        problem = sum_problem(move.tokens)
        if problem is not None:
            raise IllegalMoveError(
                _("{move} is not allowed: {text}: {reason} (S2)").format(
                    move=shown, text=text, reason=problem
                ),
                rule="S2",
                reason=problem,
            )
        score = line_score(move.tokens)
        return (
            LineMove(move.start, move.direction, move.tokens, text, tuple(placed), score),
            score,
        )

    def _whole_line(self, move: LineMove) -> tuple[Square, list[str]]:
        board = self._pos.board.copy()
        for square, token in zip(move.squares, move.tokens):
            board[square] = token
        return board.run(move.start, move.direction)

    @staticmethod
    def _step(square: Square, direction: Direction, sign: int) -> Square:
        dr, dc = direction.step
        return (square[0] + sign * dr, square[1] + sign * dc)

    def _apply(self, move: SummyMove, score: int) -> None:
        pos = self._pos
        player = pos.to_move
        stock_was_empty = len(pos.bag) == 0
        if isinstance(move, Discard):
            pos.hands[player] = take_from_hand(pos.hands[player], move.tokens)
            pos.discarded.extend(move.tokens)
            pos.passes = pos.passes + 1 if not move.tokens else 0
            pos.idle_with_empty_stock = pos.idle_with_empty_stock + 1 if stock_was_empty else 0
        else:
            placed_tokens = []
            for square, token in zip(move.squares, move.tokens):
                if pos.board[square] is None:
                    pos.board[square] = token
                    placed_tokens.append(token)
            pos.hands[player] = take_from_hand(pos.hands[player], placed_tokens)
            pos.sums.append(SumRecord(move.start, move.direction, len(move.tokens)))
            pos.scores[player] += score
            pos.passes = 0
            pos.idle_with_empty_stock = 0
        hand = pos.hands[player]
        hand.extend(pos.bag.draw(self.options.hand_size - len(hand)))
        pos.to_move = (player + 1) % len(pos.hands)

    @property
    def outcome(self) -> Outcome | None:
        pos = self._pos
        players = len(pos.hands)
        if pos.idle_with_empty_stock >= players:
            return Outcome.from_scores(EndReason.BLOCKED, tuple(pos.scores))
        if pos.passes >= PASS_ROUNDS * players:
            return Outcome.from_scores(EndReason.SCORELESS_TURNS, tuple(pos.scores))
        return None

    @property
    def discarded(self) -> tuple[str, ...]:
        """Blocks put out of the game by discards."""
        return tuple(self._pos.discarded)

    @property
    def sums(self) -> tuple[SumRecord, ...]:
        return tuple(self._pos.sums)

    def legal_moves(self) -> list[SummyMove]:
        """Every legal sum, each once, with its score (S3, S4); discards are not listed."""
        if self.is_over:
            return []
        return list(generate_sums(self))

    # --- save and load ---------------------------------------------------------------

    def _start_record(self) -> dict[str, Any]:
        pos = self._pos
        return {
            "diagram": pos.board.diagram(),
            "hands": ["".join(hand) for hand in pos.hands],
            "bag": list(pos.bag.tiles),
            "to_move": pos.to_move,
            "scores": list(pos.scores),
            "sums": [[square_name(s.start), str(s.direction), s.length] for s in pos.sums],
        } | _under_way(pos)

    @classmethod
    def _from_start(cls, options: dict[str, Any], seed: int, start: dict[str, Any]) -> Summy:
        board = Grid.from_diagram(start["diagram"], read_token)
        sums = [
            SumRecord(parse_square(sq, board.size), Direction.parse(d), int(n))
            for sq, d, n in start["sums"]
        ]
        return cls._build(
            board,
            [read_hand(h) for h in start["hands"]],
            int(start["to_move"]),
            seed,
            [int(s) for s in start["scores"]],
            int(options.get("hand_size", 8)),
            sums,
            [read_token(t) for t in start["bag"]],
            str(options.get("first_hand", "strict")),
            {key: start[key] for key in _UNDER_WAY if key in start},
        )

    def __repr__(self) -> str:
        return (
            f"<Summy {self.options.size}×{self.options.size}, {self.players} players, "
            f"ply {self.ply}, scores {list(self.scores)}>"
        )

    def __str__(self) -> str:
        return self._pos.board.diagram()


def _true_runs(board: Grid) -> list[SumRecord]:
    """Every maximal run of two or more blocks that is a true sum (S2): the sums a
    diagram holds (D-S3c), and all the sums a saved table may list."""
    return [
        SumRecord(start, direction, len(tokens))
        for direction in Direction
        for start, tokens in board.runs(direction)
        if sum_problem(tokens) is None
    ]


#: What a position saved under way holds besides the table, hands and stock (a new
#: game's start has none of it, so its save does not change).
_UNDER_WAY = ("discarded", "passes", "idle_with_empty_stock")


def _under_way(pos: SummyPosition) -> dict[str, Any]:
    """The parts of ``_UNDER_WAY`` that are not at their start values."""
    found: dict[str, Any] = {}
    if pos.discarded:
        found["discarded"] = list(pos.discarded)
    if pos.passes:
        found["passes"] = pos.passes
    if pos.idle_with_empty_stock:
        found["idle_with_empty_stock"] = pos.idle_with_empty_stock
    return found
