"""Computer players: random, easy, greedy, strong and expert, for all three games.

The levels people choose are ``easy``, ``medium`` (greedy) and ``hard`` (expert)
(``COMPUTER_LEVELS``; each game offers those measured stronger than the one below, its
registry entry's ``levels``: Summy has no ``hard``); ``random``, ``pupil`` (the model the
``easy`` level is measured against) and ``strong`` (``hard`` before the expert player)
stay for measurements and tests.

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
from typing import Any, ClassVar

from mathplay.ai import binary_eval, search, strategy
from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_endgame import ENDGAME, EndgameSearch, endgame_plan
from mathplay.ai.mixmath_expert import EXPERT, TurnValue, plan_turn, wants_draw
from mathplay.ai.mixmath_plan import best_placement
from mathplay.ai.summy_eval import choose_greedy
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError
from mathplay.games.registry import describe
from mathplay.i18n import _

__all__ = [
    "COMPUTER_LEVELS",
    "LEVEL_KINDS",
    "PLAYER_KINDS",
    "EasyPlayer",
    "ExpertPlayer",
    "GreedyPlayer",
    "Player",
    "PupilPlayer",
    "RandomPlayer",
    "StrongPlayer",
    "kind_of",
    "level_of",
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
        self._turn: Budget | None = None

    def budget(self, game: AnyGame) -> Budget:
        """A budget for one search of this turn: the game's steps
        (``mathplay.ai.search``) and what is left of the turn's clock."""
        turn = self._turn if self._turn is not None else Budget(seconds=search.SECONDS)
        return turn.part(search.steps_for(game))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    # --- what a kind of player decides -------------------------------------------------

    def pick(self, game: AnyGame, moves: Sequence[Any]) -> Any:
        """The move to play from ``moves`` (never empty)."""
        raise NotImplementedError

    def keep_placing(self, game: AnyGame, moves: Sequence[Any]) -> bool:
        """Mixmath: whether to make another placement this turn (``moves`` not empty)."""
        return True

    def candidates(self, game: AnyGame) -> list[Any]:
        """Summy and Binary: the moves ``pick`` chooses from (all legal moves)."""
        return list(game.legal_moves())

    # --- the turn ---------------------------------------------------------------------

    def play_turn(self, game: AnyGame) -> list[str]:
        """Play one whole turn on ``game``; return the notations played."""
        if game.is_over:
            raise MathplayError(_("the game is over: there is no turn to play"))
        # One clock for the whole turn (``budget``): no child waits long, however slow
        # the machine.
        self._turn = search.turn_budget(game)
        try:
            return self._play_turn(game)
        finally:
            self._turn = None

    def _play_turn(self, game: AnyGame) -> list[str]:
        player = game.to_move
        played: list[str] = []
        if strategy.is_mixmath(game):
            # The turn ends with end, pass or exchange: in a solo game the same player is
            # to move again afterwards, so the turn is not over when ``to_move`` changes.
            while game.to_move == player and not game.is_over:
                moves = strategy.mixmath_placements(game)
                started = bool(game.placed_this_turn)
                if moves and (not started or self.keep_placing(game, moves)):
                    move = self.pick(game, moves)
                    game.play(move)
                    played.append(str(move))
                    if game.to_move == player and strategy.wants_draw(game):
                        game.play("draw")
                        played.append("draw")
                    continue
                # A turn with placements (its own, or a person's it was asked to finish)
                # ends with end; with none, the fallback passes or exchanges.
                action = "end" if started else strategy.fallback(game, self.rng, self.careful)
                game.play(action)
                played.append(action)
                break
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

    def pick(self, game: AnyGame, moves: Sequence[Any]) -> Any:
        return self.rng.choice(list(moves))

    def keep_placing(self, game: AnyGame, moves: Sequence[Any]) -> bool:
        return self.rng.random() < 0.7


class PupilPlayer(Player):
    """A model of a pupil who is learning the game, to measure the ``easy`` level
    against (it is not a level people choose): it plays at random among the legal moves
    that score at least the median score of the legal moves (a true line that scores
    fairly, not the best). In Mixmath each placement is chosen so, and it goes on placing
    with a chance of 85%, as ``easy`` does. The ``easy`` level should lose at least half
    its games against it (docs/ai.md, "The levels")."""

    kind = "pupil"
    #: Mixmath: the chance of making another placement this turn when one can be made.
    KEEP_PLACING = 0.85

    def candidates(self, game: AnyGame) -> list[Any]:
        if strategy.is_binary(game):
            return search.binary_moves(game, self.budget(game))
        return _summy_moves(game, self.budget(game))

    def pick(self, game: AnyGame, moves: Sequence[Any]) -> Any:
        scores = sorted(move.score or 0 for move in moves)
        median = scores[(len(scores) - 1) // 2]
        return self.rng.choice([move for move in moves if (move.score or 0) >= median])

    def keep_placing(self, game: AnyGame, moves: Sequence[Any]) -> bool:
        return self.rng.random() < self.KEEP_PLACING


class EasyPlayer(Player):
    """An opponent a child can beat: every move is a sensible, true equation, but a modest
    one. Of the moves that score, it plays one worth about ``share`` of the best score
    now (ties broken at random, seeded), so it never plays junk and rarely the best.

    In Mixmath each placement is chosen the same way, and after each it goes on placing
    with a chance of 85%. With no
    move to make it throws back its surplus tiles as the greedy player does. The shares
    were measured so that a pupil who plays sensible moves (:class:`PupilPlayer`) beats
    it at least half the time, and ``medium`` most of the time (docs/ai.md, "The
    levels")."""

    kind = "easy"
    #: The share of the best score now that an easy move aims at, per game.
    SHARE: ClassVar[dict[str, float]] = {"summy": 0.6, "mixmath": 0.4, "binary": 0.2}
    #: Mixmath: the chance of making another placement this turn when one can be made.
    KEEP_PLACING = 0.85
    #: How many of the best Binary moves it looks at when its hand holds a blank (such a
    #: hand can have millions of moves); without blanks it looks at every move.
    BINARY_LOOK = 100

    def candidates(self, game: AnyGame) -> list[Any]:
        if strategy.is_binary(game):
            if "?" in game.hands[game.to_move]:
                return search.binary_best(game, self.BINARY_LOOK, self.budget(game))
            return search.binary_moves(game, self.budget(game))
        return _summy_moves(game, self.budget(game))

    def pick(self, game: AnyGame, moves: Sequence[Any]) -> Any:
        scores = [move.score or 0 for move in moves]
        best = max(scores)
        if best <= 0:
            return self.rng.choice(list(moves))
        aim = self.SHARE.get(_game_word(game), PLUGIN_SHARE) * best
        gap = min(abs(score - aim) for score in scores if score > 0)
        near = [m for m, s in zip(moves, scores) if s > 0 and abs(s - aim) == gap]
        return self.rng.choice(near)

    def keep_placing(self, game: AnyGame, moves: Sequence[Any]) -> bool:
        return self.rng.random() < self.KEEP_PLACING


def _summy_moves(game: AnyGame, budget: Budget) -> list[Any]:
    """Summy's sums within ``budget``; no moves to list for Mixmath and Binary (Mixmath's
    turns are played placement by placement, Binary's listed by their own search); a
    plug-in game's legal moves (docs/guide/plugins.md)."""
    if strategy.is_summy(game):
        return search.summy_moves(game, budget)
    if strategy.is_mixmath(game) or strategy.is_binary(game):
        return []
    return list(game.legal_moves())


#: The share of the best score an easy move aims at in a plug-in game.
PLUGIN_SHARE = 0.5


def _game_word(game: AnyGame) -> str:
    return describe(game).name


class GreedyPlayer(Player):
    """Plays the move that scores most right now (ties broken at random, seeded).

    In Mixmath "now" is the turn: it plays the placement that, with the best placement
    that could follow it this turn, scores most (``mathplay.ai.mixmath_plan``). In Summy
    it breaks ties by the blocks it keeps (``mathplay.ai.summy_eval``)."""

    kind = "greedy"

    def candidates(self, game: AnyGame) -> list[Any]:
        # Binary: only the best-scoring moves, found without listing them all (a hand
        # with blanks can have millions); the same moves, in the same order, as the
        # best of ``legal_moves()``, so the seeded choice is the same.
        if strategy.is_binary(game):
            return search.binary_best(game, 1, self.budget(game))
        return _summy_moves(game, self.budget(game))

    def pick(self, game: AnyGame, moves: Sequence[Any]) -> Any:
        if strategy.is_mixmath(game):
            return best_placement(game, moves, self.rng, depth=2, budget=self.budget(game))
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

    def candidates(self, game: AnyGame) -> list[Any]:
        # Binary, while the bag lasts: only the moves that can win on score plus leave,
        # found without listing every move (``binary_eval.candidates``).
        if strategy.is_binary(game):
            budget = self.budget(game)
            if game.bag_size > 0:
                # A budget spent before any move was found still gives a legal move.
                return binary_eval.candidates(game, budget) or search.binary_best(game, 1, budget)
            # Once it is empty: the moves the endgame look-ahead compares.
            return binary_eval.endgame_candidates(game, budget) or search.binary_best(
                game, 1, budget
            )
        return _summy_moves(game, self.budget(game))

    def pick(self, game: AnyGame, moves: Sequence[Any]) -> Any:
        return strategy.best_planned(game, moves, self.rng, self.budget(game))


class ExpertPlayer(StrongPlayer):
    """The ``hard`` level: in Mixmath it plans the whole turn as the seed's experts play
    it (``mathplay.ai.mixmath_expert``): which tiles to place and which to keep for a
    bigger placement later, what the board then offers it and its opponent. In Summy and
    Binary it plays as the strong player.

    Its search has a budget of positions (``STEPS``), so a seeded expert replays its
    games on any machine at any load; ``SECONDS`` is only a far safety net."""

    kind = "expert"
    #: Positions a Mixmath turn plan may look at; a far safety net in seconds (no
    #: normal position comes near it: the steps end the plan).
    STEPS = 240
    SECONDS = 10.0

    def __init__(
        self, seed: int = 0, weights: TurnValue = EXPERT, endgame: EndgameSearch = ENDGAME
    ) -> None:
        super().__init__(seed)
        # Summy and Binary are played exactly as the strong player plays them, with its
        # tie-breaks too.
        self.rng = random.Random(f"{StrongPlayer.kind}:{seed}")
        self.weights = weights
        self.endgame = endgame

    def turn_budget(self) -> Budget:
        """A fresh budget for one Mixmath turn: ``STEPS`` for each plan (the turn is planned again
        after an extra tile, M6), ``SECONDS`` for the whole turn."""
        return Budget(steps=None, seconds=self.SECONDS)

    def play_turn(self, game: AnyGame) -> list[str]:
        if not strategy.is_mixmath(game) or game.is_over:
            return super().play_turn(game)
        player = game.to_move
        played: list[str] = []
        plan: list[Any] | None = None
        turn = self.turn_budget()
        while game.to_move == player and not game.is_over:
            started = bool(game.placed_this_turn)
            if plan is None:
                chosen = None
                if self.weights.endgame:
                    chosen = endgame_plan(
                        game, turn.part(self.weights.endgame), self.weights, self.endgame
                    )
                if chosen is None and game.placements():
                    chosen = plan_turn(game, turn.part(self.STEPS), self.weights, self.rng)
                if chosen is not None and chosen.exchange:
                    action = "exchange " + " ".join(chosen.exchange)
                    game.play(action)
                    played.append(action)
                    break
                plan = list(chosen.placements) if chosen is not None else []
            if plan:
                move = plan.pop(0)
                game.play(move)
                played.append(str(move))
                if game.to_move == player and wants_draw(game, plan, self.weights):
                    game.play("draw")
                    played.append("draw")
                    plan = None  # a new tile: plan the rest of the turn again
                continue
            action = "end" if started else strategy.fallback(game, self.rng, self.careful)
            game.play(action)
            played.append(action)
            break
        return played


PLAYER_KINDS: dict[str, type[Player]] = {
    cls.kind: cls
    for cls in (RandomPlayer, PupilPlayer, EasyPlayer, GreedyPlayer, StrongPlayer, ExpertPlayer)
}
#: The levels people choose, weakest first, and the kind of player behind each.
LEVEL_KINDS = {"easy": "easy", "medium": "greedy", "hard": "expert"}
#: Every level name and alias a teacher or code can use, and the kind it means. The
#: older names stay as aliases: ``1``/``beginner`` (easy), ``2`` (medium), ``3`` (hard).
COMPUTER_LEVELS = {
    **LEVEL_KINDS,
    "1": "easy",
    "2": "greedy",
    "3": "expert",
    "beginner": "easy",
}


def kind_of(name: str) -> str | None:
    """The kind of player a level or kind name means, or ``None``.

    >>> kind_of("hard"), kind_of("Medium"), kind_of("random"), kind_of("tough")
    ('expert', 'greedy', 'random', None)
    """
    word = str(name).strip().lower()
    word = COMPUTER_LEVELS.get(word, word)
    return word if word in PLAYER_KINDS else None


def level_of(kind: str) -> str:
    """The level a person knows a kind of player by (``greedy`` is ``medium``).

    >>> level_of("expert"), level_of("strong"), level_of("easy"), level_of("random")
    ('hard', 'hard', 'easy', 'random')
    """
    for level, level_kind in LEVEL_KINDS.items():
        if level_kind == kind:
            return level
    # ``strong`` was ``hard`` until the expert player took its place: a seat
    # written ``computer:strong`` is the hard level today.
    return "hard" if kind == StrongPlayer.kind else kind


def make_player(kind: str = "easy", seed: int = 0) -> Player:
    """A computer player by level (``easy``, ``medium``, ``hard``) or kind (``random``,
    ``easy``, ``greedy``, ``strong``; ``1``–``3``, ``beginner`` and ``expert`` too)."""
    name = kind_of(kind)
    if name is None:
        raise MathplayError(
            _("there is no computer player {kind!r}: choose easy, medium or hard").format(kind=kind)
        )
    return PLAYER_KINDS[name](seed=seed)
