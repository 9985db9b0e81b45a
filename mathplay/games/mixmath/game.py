"""Mixmath: the game state, placements (M4, M5), turns (M6, M7), challenges (M8), end (M9).

>>> g = Mixmath(players=2, seed=3)
>>> len(g.hands[0]), len(g.hands[1]), g.bag_size
(7, 7, 94)
>>> g = Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1"])
>>> g.play("I7 3")
3
>>> g.play("I7 5")
Traceback (most recent call last):
...
mathplay.errors.IllegalMoveError: I7 already holds 3 (M4)
"""

from __future__ import annotations

from typing import Any, ClassVar

from mathplay.core import (
    Bag,
    EndReason,
    GameState,
    Grid,
    Outcome,
    Special,
    Square,
    expand_tile_set,
)
from mathplay.core.hand import hand_texts
from mathplay.errors import NotationError
from mathplay.games.mixmath.judge import check_placement, describe, explain
from mathplay.games.mixmath.movegen import board_values, generate_placements, sign_of
from mathplay.games.mixmath.moves import (
    Challenge,
    Draw,
    EndTurn,
    Exchange,
    MixmathMove,
    Placement,
    parse_move,
)
from mathplay.games.mixmath.position import (
    EMPTY_BOARD,
    MixmathPosition,
    build_position,
    empty_board,
    take_from_rack,
)
from mathplay.games.mixmath.rules import (
    BLANK,
    RACK_SIZE,
    SIZE,
    SQUARES,
    TILE_COUNTS,
    Kind,
    MixmathOptions,
    face_value,
    read_cell,
    read_rack,
)
from mathplay.games.mixmath.setup import opening_draw
from mathplay.games.mixmath.turn import check_challenger, check_turn_action
from mathplay.i18n import _

_SPECIAL = {
    Kind.START: Special.START,
    Kind.DOUBLE: Special.DOUBLE,
    Kind.TRIPLE: Special.TRIPLE,
    Kind.ADD: Special.PLUS,
    Kind.SUB: Special.MINUS,
    Kind.MUL: Special.TIMES,
    Kind.DIV: Special.DIVIDE,
}

__all__ = ["EMPTY_BOARD", "Mixmath", "MixmathPosition"]


class Mixmath(GameState[MixmathMove, MixmathPosition]):
    """A game of Mixmath (rules M1–M10, ``docs/rules/mixmath.md``).

    ``Mixmath(players=2, seed=3)`` deals a new game (M3); ``Mixmath.from_diagram`` sets up
    any position at the start of a turn. ``play`` takes notation (``"I7 3"``, ``"I7 ?3"``,
    ``"draw"``, ``"end"``, ``"exchange 3 7"``, ``"pass"``) or a move from ``legal_moves()``.
    A turn is any number of placements followed by ``end``, or a lone ``pass``/exchange.
    Variants (M10) are options, off by default: ``sequences``, ``powers``, ``modulo``,
    ``logarithms``; see ``docs/rules/mixmath-decisions.md`` for exactly what each allows.
    """

    move_types: ClassVar[Any] = MixmathMove
    format_name = "mathplay.mixmath"

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        mode: str = "strict",
        sequences: bool = False,
        powers: bool = False,
        modulo: bool = False,
        logarithms: bool = False,
    ) -> None:
        options = MixmathOptions(players, mode, sequences, powers, modulo, logarithms)
        bag = Bag.shuffled(expand_tile_set(TILE_COUNTS), seed)
        hands, starter, draws = opening_draw(bag, players)
        self.first_draws: tuple[tuple[str, ...], ...] = draws
        position = MixmathPosition(empty_board(), hands, bag, [0] * players, starter)
        position.penalties = [0] * players
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
        mode: str = "strict",
        sequences: bool = False,
        powers: bool = False,
        modulo: bool = False,
        logarithms: bool = False,
    ) -> Mixmath:
        """A position from a diagram (docs/notation.md, start numbers shown) and one rack per
        player (``"3 5 10 ? 7"``), at the start of ``to_move``'s turn. The bag holds the
        tiles of the set that are neither on the board nor on a rack."""
        board = Grid.from_diagram(diagram, read_cell)
        if not hands:
            raise NotationError(_("give one rack per player (at least one)"))
        hands = hand_texts(hands, "3 5 10 ? 7")
        options = MixmathOptions(len(hands), mode, sequences, powers, modulo, logarithms)
        racks = [read_rack(hand) for hand in hands]
        return cls._build(board, racks, to_move, seed, scores, options)

    @classmethod
    def _build(
        cls,
        board: Grid,
        hands: list[list[str]],
        to_move: int,
        seed: int,
        scores: list[int] | None,
        options: MixmathOptions,
        bag_tiles: list[str] | None = None,
        first_draws: tuple[tuple[str, ...], ...] = (),
        idle_turns: int = 0,
    ) -> Mixmath:
        position = build_position(board, hands, to_move, seed, scores, bag_tiles)
        # A game saved under way: turns in a row with no tile placed still count (M9).
        position.idle_turns = idle_turns
        game: Mixmath = cls._from_position(position, seed, options, first_draws=first_draws)
        return game

    # --- notation ------------------------------------------------------------------

    def parse_move(self, text: str) -> MixmathMove:
        return parse_move(text)

    # --- rules -----------------------------------------------------------------------

    def _validate(self, move: MixmathMove) -> tuple[MixmathMove, int]:
        if isinstance(move, Placement):
            return check_placement(self._pos, move, self.options)
        return check_turn_action(self._pos, move, self.options)

    def challenge(self, by: int | None = None) -> bool:
        """M8: player ``by`` (from 0; by default the next player) challenges the last
        placement. ``True``: it was wrong, the tile goes back to the rack and the turn
        ends; ``False``: it was right and nothing changes. The placing player cannot
        challenge their own placement."""
        last = self._pos.last_placement
        challenge = Challenge(by=by)
        if self.options.mode == "challenge" and not self.is_over and last and last.equations:
            check_challenger(self._pos, self.options, challenge)
            return False
        self.play(challenge)
        return True

    def challenge_reason(self) -> str | None:
        """Why the last placement is wrong (the arithmetic), or ``None`` when it is right or
        there is nothing to challenge."""
        last = self._pos.last_placement
        if last is None or last.equations:
            return None
        values = board_values(self._pos.board.cells)
        values[last.square[0] * SIZE + last.square[1]] = None
        return explain(last, values, self.options)

    def _apply(self, move: MixmathMove, score: int) -> None:
        pos = self._pos
        player = pos.to_move
        rack = pos.hands[player]
        last_placement, pos.last_placement = pos.last_placement, None
        drawn, pos.drawn_after_placement = pos.drawn_after_placement, None
        can_draw, pos.can_draw = pos.can_draw, False
        if isinstance(move, Placement):
            pos.board[move.square] = move.token
            rack.remove(move.rack_tile)
            pos.scores[player] += score
            pos.turn_score += score
            pos.turn_placements += 1
            pos.can_draw = sign_of(move.square) is not None
            pos.last_placement = move
        elif isinstance(move, Draw):
            assert can_draw
            tiles = pos.bag.draw(1)
            rack.extend(tiles)
            # The draw does not close the challenge window (M8: until the next placement).
            pos.last_placement = last_placement
            pos.drawn_after_placement = tiles[0] if tiles else None
        elif isinstance(move, EndTurn):
            pos.scores[player] += score
            pos.turn_score += score
            self._finish_turn()
        elif isinstance(move, Exchange):
            if move.tokens:
                pos.hands[player] = rack = take_from_rack(rack, move.tokens, rule="M6")
                rack.extend(pos.bag.draw(len(move.tokens)))
                pos.bag.put_back(move.tokens, seed=f"{self.seed}:{self.ply}")
            self._finish_turn()
        else:
            assert last_placement is not None
            pos.board[last_placement.square] = None
            rack.append(last_placement.rack_tile)
            if drawn is not None:
                # The extra tile came with the sign square of the wrong placement: it
                # goes back into the bag (D-M8f).
                rack.remove(drawn)
                pos.bag.put_back([drawn], seed=f"{self.seed}:{self.ply}")
            pos.scores[player] += score
            pos.turn_score += score
            pos.turn_placements -= 1
            self._finish_turn()

    def _finish_turn(self) -> None:
        """M6, M9: refill the rack, see whether the game is over, pass the turn on."""
        pos = self._pos
        player = pos.to_move
        rack = pos.hands[player]
        pos.idle_turns = 0 if pos.turn_placements else pos.idle_turns + 1
        rack.extend(pos.bag.draw(RACK_SIZE - len(rack)))
        if not rack:
            pos.ended = EndReason.OUT_OF_TILES
        elif pos.idle_turns >= len(pos.hands):
            pos.ended = EndReason.SCORELESS_TURNS
        if pos.ended is not None:
            for index, hand in enumerate(pos.hands):
                pos.penalties[index] = sum(face_value(token) for token in hand)
                pos.scores[index] -= pos.penalties[index]
        pos.to_move = (player + 1) % len(pos.hands)
        pos.turn_start_rack = len(pos.hands[pos.to_move])
        pos.turn_placements = 0
        pos.turn_score = 0

    # --- views ---------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        ended = self._pos.ended
        return None if ended is None else Outcome.from_scores(ended, tuple(self._pos.scores))

    def legal_moves(self) -> list[MixmathMove]:
        """Every legal placement (M4), each once with its score (M5); a blank once for
        each number it may stand for. Turn actions are in ``turn_actions()``."""
        return list(self.placements())

    def placements(self) -> list[Placement]:
        """``legal_moves()`` typed as placements."""
        if self.is_over:
            return []
        return generate_placements(self)

    def turn_actions(self) -> list[str]:
        """The moves other than placements allowed now: draw, end, pass, exchange, challenge."""
        if self.is_over:
            return []
        pos = self._pos
        actions = []
        if pos.can_draw and pos.bag:
            actions.append("draw")
        if pos.turn_placements:
            actions.append("end")
        else:
            actions.append("pass")
            if pos.bag and pos.hands[pos.to_move]:
                actions.append("exchange")
        challengers = len(pos.hands) > 1
        if self.options.mode == "challenge" and pos.last_placement is not None and challengers:
            actions.append("challenge")
        return actions

    @property
    def mode(self) -> str:
        return str(self.options.mode)

    @property
    def turn_score(self) -> int:
        """Points of the turn in progress so far (M6)."""
        return self._pos.turn_score

    @property
    def placed_this_turn(self) -> int:
        return self._pos.turn_placements

    @property
    def turn_start_rack(self) -> int:
        """How many tiles the player to move held when the turn began (the rack-clear
        bonus needs a full rack then, M7)."""
        return self._pos.turn_start_rack

    @property
    def idle_turns(self) -> int:
        """Scoreless turns in a row since the last placement (M9: when every player has
        had one, the game ends)."""
        return self._pos.idle_turns

    @property
    def can_draw(self) -> bool:
        """True when ``draw`` is allowed now (M6)."""
        return self._pos.can_draw and bool(self._pos.bag)

    @property
    def penalties(self) -> tuple[int, ...]:
        """M9: the rack values taken off each score when the game ended (0 before)."""
        return tuple(self._pos.penalties)

    def describe_placement(self, move: Placement | str) -> str:
        """The equations a legal placement makes, in words (for hints)."""
        if isinstance(move, str):
            parsed = self.parse_move(move)
            if not isinstance(parsed, Placement):
                raise NotationError(_("'{text}' is not a placement").format(text=move))
            move = parsed
        return describe(self._pos, move, self.options)

    @property
    def special_squares(self) -> dict[Square, Special]:
        """M1's special squares with their text labels (``2×``, ``÷``, ``★`` …)."""
        return {square: _SPECIAL[kind] for square, kind in SQUARES.items()}

    def square_kind(self, square: tuple[int, int]) -> Kind | None:
        """What special square ``square`` is (M1), ``None`` for a plain one."""
        return SQUARES.get(square)

    # --- save files ----------------------------------------------------------------

    def _start_record(self) -> dict[str, Any]:
        pos = self._pos
        return {
            "diagram": pos.board.diagram(),
            "hands": [" ".join(hand) for hand in pos.hands],
            "bag": list(pos.bag.tiles),
            "to_move": pos.to_move,
            "scores": list(pos.scores),
            "first_draws": [" ".join(draw) for draw in self.first_draws],
        } | ({"idle_turns": pos.idle_turns} if pos.idle_turns else {})

    @classmethod
    def _from_start(cls, options: dict[str, Any], seed: int, start: dict[str, Any]) -> Mixmath:
        board = Grid.from_diagram(start["diagram"], read_cell)
        hands = [read_rack(hand) for hand in start["hands"]]
        settings = MixmathOptions(**options)
        if settings.players != len(hands):
            raise NotationError(_("the saved game has {n} racks").format(n=len(hands)))
        return cls._build(
            board,
            hands,
            int(start["to_move"]),
            seed,
            [int(s) for s in start["scores"]],
            settings,
            [BLANK if t == BLANK else read_cell(t) for t in start["bag"]],
            tuple(tuple(read_rack(d)) for d in start.get("first_draws", [])),
            int(start.get("idle_turns", 0)),
        )

    def __repr__(self) -> str:
        return (
            f"<Mixmath {self.players} players, {self.options.mode}, ply {self.ply}, "
            f"scores {list(self.scores)}>"
        )

    def __str__(self) -> str:
        return self._pos.board.diagram()
