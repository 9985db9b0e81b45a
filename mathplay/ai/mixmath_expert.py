"""The expert Mixmath player's plan for a whole turn: which tiles to place, in what
order, and which to keep for a bigger placement later.

The strong player plans a few placements ahead and places every tile it can. Expert
players of the seed play differently: a 90 placed once scores 90, but kept until a 9 and
a 10 sit in a line in two directions, or beside a 2× square, it scores 180 or more; and
only one player holds that 90, so the square waits for it unless it is blocked. So the
expert player searches the turn as Scrabble engines such as Quackle search a rack:

1. **Candidates**: a beam search over sequences of placements this turn, widest where
   the scores are highest, each sequence also tried as "stop here" (``plan_turn``);
2. **Evaluation** of where each sequence leaves the game (``TurnValue``, in
   ``mathplay.ai.mixmath_value``): the points of the turn and the rack-clear bonus
   (M7); for every tile kept, the best placement it has on the board then (a *spot*,
   worth ``keep`` of its score, since the opponent may take the square), or, when it
   fits nowhere, a share of its face value against it (M9 takes it off the score at the
   end); a fresh tile for every tile placed while the bag lasts; a share of the
   opponent's expected best reply;
3. **Exchange**: heavy tiles that fit nowhere clog the rack for many turns (a 49 and a
   45 carried for eight turns while the opponent scored), so exchanging them (M6) is
   valued as a plan too, and chosen when it is worth nearly as much as the best plan;
   never when that scoreless turn would end the game (M9), nor while the board holds
   only the start numbers (the opponent may have no placement either, and its
   scoreless turn would end the game with nothing placed);
4. **Budget**: the search is anytime. It stops when its budget of positions (or, on a
   slow machine, its seconds) runs out, and answers with the best plan found so far,
   which is always a legal sequence (``mathplay.ai.budget``).

The evaluation also counts a share (``threat``) of the opponent's expected best
placement on the board a plan leaves, with a rack dealt from the tiles this player
cannot see: a plan that opens a square worth 160 to the 80 still unseen pays for it.
That share won most (bench/results/ai.md, "Expert Mixmath": 0.15 of it lifted the expert from
54–56% to 59–66% of 300 paired games against the strong player). Other ideas were
measured and are off by default because they lost games or won none: counting the
sampled replies of the opponent and this player's next turn (``sims``, ``follow``),
keeping the board open for the tiles still in the bag (``open``: it raises the combined
score of two experts by about 300 points, but the strong player takes the open squares
and wins), and searching the last turns of both players once the bag is empty
(``endgame``, ``mathplay.ai.mixmath_endgame``).

>>> from mathplay import Mixmath
>>> game = Mixmath(players=2, seed=3)
>>> plan = plan_turn(game, Budget(steps=200))
>>> all(move in game.placements() for move in plan.placements[:1])
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_value import (
    DEAD_SHARE,
    EXPERT,
    TurnEvaluator,
    TurnValue,
    best_scores,
    dead_share,
    unseen_tiles,
)
from mathplay.games.mixmath.movegen import board_values
from mathplay.games.mixmath.rules import BLANK, RACK_SIZE, START, face_value

if TYPE_CHECKING:
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.mixmath.moves import Placement

__all__ = [
    "DEAD_SHARE",
    "EXPERT",
    "Plan",
    "TurnValue",
    "beam_search",
    "best_scores",
    "dead_share",
    "plan_turn",
    "unseen_tiles",
    "wants_draw",
]


@dataclass(frozen=True)
class Plan:
    """A turn's placements in order and what the evaluation thinks they are worth."""

    placements: tuple[Placement, ...]
    value: float
    #: Positions looked at, and whether the clock stopped the search early.
    looked_at: int = 0
    cut_by_clock: bool = False
    #: Instead of placing: the tiles to exchange (M6), when that is worth more.
    exchange: tuple[str, ...] = ()


def _candidates(moves: Sequence[Placement], width: int, rack_left: int) -> list[Placement]:
    """The placements the beam tries from a position: the ``width`` best-scoring numbered
    ones; a blank's only when no numbered tile fits or it is the last tile (for the bonus
    of M7), and then the ones with most equations."""
    numbered = [m for m in moves if not m.is_blank]
    numbered.sort(key=lambda m: (m.score or 0, m.value), reverse=True)
    chosen = numbered[:width]
    if not numbered or rack_left == 1:
        blanks = sorted(
            (m for m in moves if m.is_blank),
            key=lambda m: (m.equations or 0, m.value),
            reverse=True,
        )
        chosen += blanks[:width]
    return chosen


def _after(game: Mixmath, move: Placement) -> Mixmath:
    trial: Mixmath = game.copy()
    trial.push(move)
    return trial


def plan_turn(
    game: Mixmath,
    budget: Budget,
    weights: TurnValue = EXPERT,
    rng: random.Random | None = None,
) -> Plan:
    """The best plan for the rest of this turn found within ``budget``.

    Every plan found has at least one placement when one can be made (a turn with none
    would be a pass, M6); sequences that reach the same board are looked at once. The
    search is anytime: it answers with the best plan found when the budget runs out."""
    whole = budget
    if weights.sims and budget.steps is not None:
        budget = whole.part(int(budget.steps * weights.search_share))
    evaluator = TurnEvaluator(game, weights)
    best, looked = beam_search(game, budget, weights, evaluator)
    if best is None:
        return Plan((), 0.0, whole.used, whole.cut_by_clock or budget.cut_by_clock)
    if weights.sims and weights.reply and len(looked) > 1 and rng is not None:
        best = _simulate(game, looked, weights, whole, rng) or best
    if weights.swap is not None and not game.placed_this_turn:
        swap = _exchange_dead(game, evaluator, weights, weights.swap)
        if swap is not None and swap.value > best.value:
            best = swap
    return replace(
        best, looked_at=whole.used, cut_by_clock=whole.cut_by_clock or budget.cut_by_clock
    )


#: A plan the beam search looked at: its value, the position it ends in, its placements.
Looked = tuple[float, "Mixmath", tuple["Placement", ...]]


def beam_search(
    game: Mixmath, budget: Budget, weights: TurnValue, evaluator: TurnEvaluator
) -> tuple[Plan | None, list[Looked]]:
    """The beam search of ``plan_turn``: the best plan found within ``budget`` and every
    plan looked at (sequences that reach the same board once each)."""
    player = game.to_move
    rack_left = game.view(player).hand_sizes[player]
    best: Plan | None = None
    if game.placed_this_turn:
        # In the middle of a turn (after the extra tile of M6), stopping is a plan too.
        best = Plan((), evaluator.value(game))
    frontier: list[tuple[float, Mixmath, tuple[Placement, ...], int]] = [(0.0, game, (), 0)]
    looked: list[Looked] = []
    if best is not None:
        looked.append((best.value, game, ()))
    seen: set[frozenset[tuple[tuple[int, int], str]]] = set()
    for _step in range(weights.depth):
        children: list[tuple[float, Mixmath, tuple[Placement, ...], int]] = []
        for _rank, state, sequence, points in frontier:
            if state.is_over or state.to_move != player:
                continue
            moves = state.placements()
            # Every first placement is tried (a quiet one may set up the turn's best),
            # the best-scoring ones after it.
            width = len(moves) if not sequence else weights.width
            for move in _candidates(moves, width, rack_left - len(sequence)):
                key = frozenset((m.square, m.token) for m in (*sequence, move))
                if key in seen:
                    continue
                if not budget.spend() and best is not None:
                    break
                seen.add(key)
                child = _after(state, move)
                total = points + (move.score or 0)
                value = total + evaluator.value(child)
                plan = (*sequence, move)
                if best is None or value > best.value:
                    best = Plan(plan, value)
                children.append((value, child, plan, total))
                looked.append((value, child, plan))
            if budget.spent:
                break
        if budget.spent or not children:
            break
        children.sort(key=lambda item: item[0], reverse=True)
        frontier = children[: weights.beam]
    return best, looked


def wants_draw(game: Mixmath, rest: Sequence[Placement], weights: TurnValue = EXPERT) -> bool:
    """Whether to take the extra tile a sign square offers (M6), with ``rest`` the
    placements still planned this turn: yes, unless the bag holds fewer than
    ``draw_least`` tiles, or (``keep_bonus``) the plan then empties a rack the turn began
    full, and a tile that fits nowhere would cost the bonus (M7)."""
    view = game.view()
    if not game.can_draw or view.bag_size < weights.draw_least:
        return False
    clears = game.turn_start_rack >= RACK_SIZE and len(rest) == len(view.hand)
    return not (weights.keep_bonus and clears)


def _exchange_dead(
    game: Mixmath, evaluator: TurnEvaluator, weights: TurnValue, margin: float
) -> Plan | None:
    """Exchanging the tiles above ``weights.swap_above`` that fit nowhere (M6), valued
    as a plan: no points, a fresh tile for each, and the tiles that fit kept, less
    ``margin``. ``None`` when the bag is too small, when the exchange would end the game
    (every other player has just had a scoreless turn, M9), or (unless
    ``swap_opening``) while the board holds only the start numbers, where the opponent
    may have no placement either and its scoreless turn would end the game (M1, M9)."""
    view = game.view()
    if game.idle_turns >= game.players - 1:
        return None
    if not weights.swap_opening and all(square in START for square, _ in view.board.filled()):
        return None
    rack = view.hand
    spots = best_scores(board_values(view.board.cells), evaluator.limit, evaluator.options)
    above = weights.swap_above
    dead = [t for t in rack if t != BLANK and int(t) not in spots and face_value(t) > above]
    if not dead or view.bag_size < max(len(dead), weights.swap_bag):
        return None
    trial: Mixmath = game.copy()
    kept = list(rack)
    for tile in dead:
        kept.remove(tile)
    trial.assume(game.to_move, kept)
    return Plan((), evaluator.value(trial) - margin, exchange=tuple(dead))


def _simulate(
    game: Mixmath,
    looked: list[tuple[float, Mixmath, tuple[Placement, ...]]],
    weights: TurnValue,
    budget: Budget,
    rng: random.Random,
) -> Plan | None:
    """The best of the ``sims`` best plans once the opponent's reply is counted against
    each: the next player is dealt ``samples`` racks from the unseen tiles (the same
    racks for every plan, so plans are compared on the same luck) and places greedily,
    the best-scoring tile each time. ``None`` if the budget ran out before every plan
    was tried."""
    player = game.to_move
    seats = game.players
    if seats < 2:
        return None
    opponent = (player + 1) % seats
    hand = game.view(player).hand_sizes[opponent]
    pool = sorted(unseen_tiles(game, player).elements(), key=lambda t: (len(t), t))
    if not pool or not hand:
        return None
    exact = len(pool) <= hand  # the bag is empty: the opponent's rack is known
    if not exact and not weights.early:
        return None
    draws = [rng.sample(pool, min(len(pool), hand + RACK_SIZE)) for _ in range(weights.samples)]
    if exact:
        draws = [pool]
    # Distinct boards only: several plans may end in the same position.
    top = sorted(looked, key=lambda item: item[0], reverse=True)[: weights.sims]
    best: Plan | None = None
    for value, state, plan in top:
        kept = list(state.view(player).hand)
        total = 0.0
        for drawn in draws:
            trial: Mixmath = state.copy()
            theirs = [t for t in drawn[:hand] if t != BLANK]
            total -= weights.reply * _greedy_turn(trial, opponent, theirs, budget)
            if weights.follow:
                refill = drawn[hand : hand + max(0, RACK_SIZE - len(kept))]
                ours = [t for t in kept + refill if t != BLANK]
                total += weights.follow * _greedy_turn(trial, player, ours, budget)
        if budget.spent:
            return None
        total = value + total / len(draws)
        if best is None or total > best.value:
            best = Plan(plan, total)
    return best


def _greedy_turn(trial: Mixmath, seat: int, rack: list[str], budget: Budget) -> int:
    """The points ``seat`` would score on ``trial``'s board with ``rack``, placing the
    best-scoring tile while one fits (a quick stand-in for a whole turn); the
    placements are made on ``trial``."""
    trial.assume(seat, rack, to_move=True)
    points = 0
    for _ in range(len(rack)):
        if not budget.spend():
            break
        moves = trial.placements()
        if not moves:
            break
        move = max(moves, key=lambda m: m.score or 0)
        trial.push(move)
        points += move.score or 0
    return points
