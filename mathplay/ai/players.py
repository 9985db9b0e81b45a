"""Computer players: random, greedy and strong, for all three games.

A player plays one whole turn at a time through the game's own ``play``, so it can never
make a move a person could not: ``player.play_turn(game)`` returns what it played, in
notation. Players are seeded: the same seed and game give the same choices.

>>> from mathplay import Summy
>>> game = Summy(players=2, seed=1, size=11)
>>> played = make_player("greedy", seed=0).play_turn(game)
>>> len(played), game.ply
(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mathplay.ai import binary_eval, strategy
from mathplay.ai.mixmath_plan import best_placement
from mathplay.ai.summy_eval import choose_greedy
from mathplay.errors import MathplayError
from mathplay.i18n import _

__all__ = [
    "LEVELS",
    "PLAYER_KINDS",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "StrongPlayer",
    "make_player",
]


class Player:
    """Base class: picks among legal moves; the game's turn structure is handled here."""

    #: The name used by ``make_player`` and the tournament.
    kind = "player"
    #: Whether the player thinks about the end of the game when it has no move to make.
    careful = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(f"{self.kind}:{seed}")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # --- what a kind of player decides -------------------------------------------------

    def pick(self, game: Any, moves: Sequence[Any]) -> Any:
        """The move to play from ``moves`` (never empty)."""
        raise NotImplementedError

    def keep_placing(self, game: Any, moves: Sequence[Any]) -> bool:
        """Mixmath: whether to make another placement this turn (``moves`` not empty)."""
        return True

    def candidates(self, game: Any) -> list[Any]:
        """Summy and Binary: the moves ``pick`` chooses from (all legal moves)."""
        return list(game.legal_moves())

    # --- the turn ---------------------------------------------------------------------

    def play_turn(self, game: Any) -> list[str]:
        """Play one whole turn on ``game``; return the notations played."""
        if game.is_over:
            raise MathplayError(_("the game is over: there is no turn to play"))
        player = game.to_move
        played: list[str] = []
        if strategy.is_mixmath(game):
            while game.to_move == player and not game.is_over:
                moves = strategy.mixmath_placements(game)
                if moves and (not played or self.keep_placing(game, moves)):
                    move = self.pick(game, moves)
                    game.play(move)
                    played.append(str(move))
                    if game.to_move == player and strategy.wants_draw(game):
                        game.play("draw")
                        played.append("draw")
                    continue
                action = "end" if played else strategy.fallback(game, self.rng, self.careful)
                game.play(action)
                played.append(action)
            return played
        moves = self.candidates(game)
        if moves:
            move = self.pick(game, moves)
        else:
            move = strategy.fallback(game, self.rng, self.careful)
        game.play(move)
        return [str(move)]


class RandomPlayer(Player):
    """Plays any legal move, at random: a beginner's opponent. With no move to make it
    exchanges its whole rack (or discards its surplus) without thinking about the end."""

    kind = "random"
    careful = False

    def pick(self, game: Any, moves: Sequence[Any]) -> Any:
        return self.rng.choice(list(moves))

    def keep_placing(self, game: Any, moves: Sequence[Any]) -> bool:
        return self.rng.random() < 0.7


class GreedyPlayer(Player):
    """Plays the move that scores most right now (ties broken at random, seeded).

    In Mixmath "now" is the turn: it plays the placement that, with the best placement
    that could follow it this turn, scores most (``mathplay.ai.mixmath_plan``). In Summy
    it breaks ties by the blocks it keeps (``mathplay.ai.summy_eval``)."""

    kind = "greedy"

    def candidates(self, game: Any) -> list[Any]:
        # Binary: only the best-scoring moves, found without listing them all (a hand
        # with blanks can have millions); the same moves, in the same order, as the
        # best of ``legal_moves()``, so the seeded choice is the same.
        if strategy.is_binary(game):
            return list(game.best_moves(1))
        return super().candidates(game)

    def pick(self, game: Any, moves: Sequence[Any]) -> Any:
        if strategy.is_mixmath(game):
            return best_placement(game, moves, self.rng, depth=2)
        if strategy.is_summy(game):
            return choose_greedy(game, moves, self.rng)
        best = max(move.score for move in moves)
        return self.rng.choice([move for move in moves if move.score == best])


class StrongPlayer(Player):
    """Plans beyond the current move.

    It values what it keeps as well as what it scores (the "leave", as Scrabble engines
    such as Quackle do), and in Mixmath it plans the whole turn's sequence of
    placements. See ``mathplay.ai.strategy`` for the evaluation of each game.
    """

    kind = "strong"

    def candidates(self, game: Any) -> list[Any]:
        # Binary, while the bag lasts: only the moves that can win on score plus leave,
        # found without listing every move (``binary_eval.candidates``).
        if strategy.is_binary(game) and game.bag_size > 0:
            return binary_eval.candidates(game)
        return super().candidates(game)

    def pick(self, game: Any, moves: Sequence[Any]) -> Any:
        return strategy.best_planned(game, moves, self.rng)


PLAYER_KINDS: dict[str, type[Player]] = {
    cls.kind: cls for cls in (RandomPlayer, GreedyPlayer, StrongPlayer)
}
#: Level names a teacher can use instead of the kinds.
LEVELS = {
    "1": "random",
    "2": "greedy",
    "3": "strong",
    "beginner": "random",
    "easy": "random",
    "medium": "greedy",
    "hard": "strong",
    "expert": "strong",
}


def make_player(kind: str = "greedy", seed: int = 0) -> Player:
    """A computer player by name (``random``, ``greedy``, ``strong``) or level
    (``1``–``3``, ``beginner``/``medium``/``expert``)."""
    name = LEVELS.get(str(kind).strip().lower(), str(kind).strip().lower())
    if name not in PLAYER_KINDS:
        raise MathplayError(
            _("unknown computer player {kind!r}: choose random, greedy or strong").format(kind=kind)
        )
    return PLAYER_KINDS[name](seed=seed)
