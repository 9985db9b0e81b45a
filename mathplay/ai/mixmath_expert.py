"""The expert Mixmath player's plan for a whole turn: which tiles to place, in what
order, and which to keep for a bigger placement later.

The strong player plans a few placements ahead and places every tile it can. Expert
players of the seed play differently: a 90 placed once scores 90, but kept until a 9 and
a 10 sit in a line in two directions, or beside a 2× square, it scores 180 or more; and
only one player holds that 90, so the square waits for it unless it is blocked. So the
expert player searches the turn as Scrabble engines such as Quackle search a rack:

1. **Candidates**: a beam search over sequences of placements this turn, widest where
   the scores are highest, each sequence also tried as "stop here" (``plan_turn``);
2. **Evaluation** of where each sequence leaves the game (``TurnValue``): the points of
   the turn and the rack-clear bonus (M7); for every tile kept, the best placement it
   has on the board then (a *spot*, worth ``keep`` of its score, since the opponent may
   take the square), or, when it fits nowhere, a share of its face value against it (M9
   takes it off the score at the end); a fresh tile for every tile placed while the bag
   lasts;
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
That share won most (docs/ai.md, "Expert Mixmath": 0.15 of it lifted the expert from
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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mathplay.ai.budget import Budget
from mathplay.games.mixmath.equations import direction_values
from mathplay.games.mixmath.movegen import (
    board_values,
    next_to_pairs,
    run_limit,
    runs_at,
    sign_of,
)
from mathplay.games.mixmath.rules import (
    BLANK,
    BONUS,
    RACK_SIZE,
    SIZE,
    SQUARES,
    START,
    TILE_COUNTS,
    MixmathOptions,
    face_value,
)

if TYPE_CHECKING:
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.mixmath.moves import Placement

__all__ = ["Plan", "TurnValue", "best_scores", "plan_turn", "unseen_tiles", "wants_draw"]


@dataclass(frozen=True)
class TurnValue:
    """The weights of the evaluation (see the module's docstring)."""

    #: Share of a kept tile's best spot counted now (the rest is the risk of losing it).
    keep: float = 0.3
    #: The same for a tile above 20: there is one of each (M2), so its spot waits for it
    #: unless another tile blocks the square.
    keep_high: float = 0.3
    #: Points against a kept tile that fits nowhere, per point of face value, while the
    #: bag lasts (once it is empty, the whole face value counts).
    dead: float = 0.5
    #: Instead of ``dead``, for tiles above 10: this share of what such a tile turned out
    #: to be worth in measured games (``DEAD_SHARE``), by the tiles in the bag; 0: off.
    dead_fit: float = 0.0
    #: What a fresh tile from the bag is worth, for every tile placed while the bag lasts.
    fresh: float = 8.0
    #: Share of the opponent's expected best placement counted against a plan
    #: (measured: 0.1–0.25 all won more than 0, 0.15 most; docs/ai.md).
    threat: float = 0.15
    #: Points per point of face value of the tiles still to be played (unseen or on the
    #: rack, each number once) that fit somewhere on the board: an open board lets the
    #: big tiles be placed before the end, where a closed one leaves them on the racks.
    open: float = 0.0
    #: How many sequences the beam keeps at each step, and how many placements it tries
    #: from each (the best-scoring ones; a blank's are tried only when nothing else fits).
    beam: int = 6
    width: int = 8
    #: Longest sequence looked at (a rack holds 7, 8 with the extra tile of M6).
    depth: int = 8
    #: How many of the best plans are tried against sampled replies, how many racks the
    #: opponent is dealt from the unseen tiles for each, and the share of the reply's
    #: points counted against the plan (0: no simulation).
    sims: int = 0
    samples: int = 6
    reply: float = 1.0
    #: The share of this player's own next turn counted for the plan (its kept tiles
    #: and a sampled refill, on the board the opponent's reply leaves).
    follow: float = 0.0
    #: An exchange of the heavy tiles that fit nowhere is chosen over the best plan when
    #: it is worth more than the plan plus ``swap`` (negative: even when it looks a
    #: little worse, as measured; ``None``: never while a tile can be placed).
    swap: float | None = -15.0
    #: Only tiles above this face value are exchanged that way.
    swap_above: int = 10
    #: The fewest tiles the bag must hold for that exchange, besides as many as it gives
    #: back (M6). 1: whenever the rules allow (measured: a little better than 7, the
    #: first rule, in 400 paired games; docs/ai.md).
    swap_bag: int = 1
    #: Whether that exchange may be chosen while the board holds only the start
    #: numbers: the opponent may then have no placement either, and a second scoreless
    #: turn ends the game with nothing placed (M9).
    swap_opening: bool = False
    #: Whether the extra tile of a sign square (M6) is left in the bag when the rest of
    #: the plan empties the rack: a new tile that fits nowhere would cost the rack-clear
    #: bonus (M7). And the fewest tiles the bag must hold for that extra tile to be taken.
    keep_bonus: bool = False
    draw_least: int = 1
    #: The share of the budget's steps the beam search may use (the rest is for the
    #: simulation of replies).
    search_share: float = 0.5
    #: Whether replies are simulated while the bag lasts (else only once it is empty,
    #: when the opponent's rack is known).
    early: bool = True
    #: Positions the endgame search may look at once the bag is empty, in a game of two
    #: (``mathplay.ai.mixmath_endgame``); 0: off, the turn is planned as before.
    endgame: int = 0


#: The expert player's weights.
EXPERT = TurnValue()

#: What a tile above 10 that fits nowhere at the end of its holder's turn turned out to
#: be worth, per point of face value (its placement's score later, its face value against
#: it when left on the rack at the end, nothing when exchanged), by the fewest tiles in
#: the bag then: 11,583 such tiles in 200 games of the strong player against itself
#: (``tools/mixmath_dead_tiles.py``; docs/ai.md, "Expert Mixmath"). With 30 or more
#: tiles in the bag such a tile is nearly always placed in the end; with fewer than 10
#: it mostly stays.
DEAD_SHARE: tuple[tuple[int, float], ...] = ((30, 0.85), (10, 0.35), (1, -0.25), (0, -1.0))


def dead_share(bag: int) -> float:
    """``DEAD_SHARE`` for a bag of ``bag`` tiles."""
    for least, share in DEAD_SHARE:
        if bag >= least:
            return share
    return -1.0


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


def best_scores(values: list[int | None], limit: int, options: MixmathOptions) -> dict[int, int]:
    """For every number, the most a tile of it would score on the board ``values`` now
    (M4, M5): its best square, by the directions with an equation and the premium."""
    best: dict[int, int] = {}
    for index in next_to_pairs(values):
        square = (index // SIZE, index % SIZE)
        runs = runs_at(values, square, limit)
        if not runs:
            continue
        sign = sign_of(square)
        kind = SQUARES.get(square)
        premium = kind.premium if kind is not None else 1
        counts: Counter[int] = Counter()
        for run, _step in runs:
            counts.update(direction_values(run, sign, options))
        for number, n in counts.items():
            score = number * n * premium
            if score > best.get(number, -1):
                best[number] = score
    return best


def unseen_tiles(game: Mixmath, player: int) -> Counter[str]:
    """The tiles ``player`` cannot see: in the bag or on another rack (M2 minus the board
    and their own rack)."""
    unseen: Counter[str] = Counter(TILE_COUNTS)
    for square, token in game._pos.board.filled():
        if square in START:
            continue
        unseen[BLANK if token.startswith(BLANK) else token] -= 1
    unseen.subtract(game._pos.hands[player])
    return +unseen


def _expected_best(spots: dict[int, int], unseen: Counter[str], hand: int) -> float:
    """The expected best single placement of an opponent holding ``hand`` of the
    ``unseen`` tiles at random: the spots worth most first, each counted with the chance
    that the opponent holds a tile for it and none for a better one."""
    total = sum(unseen.values())
    if not total or not hand:
        return 0.0
    offers = sorted(
        (
            (score, count)
            for token, count in unseen.items()
            if token != BLANK
            for score in [spots.get(int(token), 0)]
            if score > 0
        ),
        reverse=True,
    )
    expected, none_better = 0.0, 1.0
    for score, count in offers:
        holds = min(1.0, count * hand / total)
        expected += none_better * holds * score
        none_better *= 1.0 - holds
        if none_better < 0.01:
            break
    return expected


class _Evaluator:
    """``TurnValue`` for one player's turn: what ending the turn in a position is worth."""

    def __init__(self, game: Mixmath, weights: TurnValue) -> None:
        self.player = game.to_move
        self.weights = weights
        self.options = game.options
        self.limit = run_limit(game.options)
        pos = game._pos
        self.bag = len(pos.bag)
        self.start_rack = pos.turn_start_rack
        self.unseen = unseen_tiles(game, self.player)
        self.to_play = {int(token) for token in self.unseen if token != BLANK}
        # The chance that an unseen tile comes to this player: it is in the bag (not on
        # another rack), and the players draw from the bag in turn.
        unseen_count = sum(self.unseen.values())
        self.draw_share = self.bag / unseen_count / len(pos.hands) if unseen_count else 0.0
        #: With ``dead_fit``, what a heavy tile turns out to be worth, per point of face
        #: value, while the bag lasts (``None``: the ``dead`` weight instead).
        self.later: float | None = None
        if weights.dead_fit and self.bag:
            share = dead_share(self.bag)
            self.later = weights.dead_fit * share if share > 0 else share
        others = [len(hand) for seat, hand in enumerate(pos.hands) if seat != self.player]
        self.opponent_hand = max(others, default=0)

    def value(self, game: Mixmath) -> float:
        """Points besides the placements' own for ending the turn in ``game``."""
        w = self.weights
        pos = game._pos
        rack = pos.hands[self.player]
        spots = best_scores(board_values(pos.board.cells), self.limit, self.options)
        value = 0.0
        if not rack and self.start_rack >= RACK_SIZE:
            value += BONUS
        placed = self.start_rack - len(rack)
        if self.bag:
            value += w.fresh * min(max(placed, 0), self.bag)
        seen: Counter[str] = Counter()
        for tile in rack:
            seen[tile] += 1
            face = face_value(tile)
            if tile == BLANK:
                continue  # a blank fits anywhere and costs nothing at the end (M2, M9)
            spot = spots.get(int(tile), 0)
            later = None if self.later is None or face <= 10 else self.later * face
            if spot and seen[tile] == 1:
                keep = w.keep_high if face > 20 else w.keep
                kept = keep * spot - (0.0 if self.bag else (1 - keep) * face)
                value += kept if later is None else max(kept, later)
            elif later is not None:
                value += later
            else:
                value -= (w.dead if self.bag else 1.0) * face
        if w.threat and self.opponent_hand:
            value -= w.threat * _expected_best(spots, self.unseen, self.opponent_hand)
        if w.open:
            drawn = sum(number for number in self.to_play if number in spots)
            value += w.open * self.draw_share * drawn
        return value


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
    trial._push(move, move.score or 0)
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
    evaluator = _Evaluator(game, weights)
    best, looked = _beam(game, budget, weights, evaluator)
    if best is None:
        return Plan((), 0.0, whole.used, whole.cut_by_clock or budget.cut_by_clock)
    if weights.sims and weights.reply and len(looked) > 1 and rng is not None:
        best = _simulate(game, looked, weights, whole, rng) or best
    if weights.swap is not None and not game.placed_this_turn:
        swap = _exchange_dead(game, evaluator, weights.swap, weights.swap_above, weights.swap_bag)
        if swap is not None and not weights.swap_opening and _only_start_numbers(game):
            swap = None
        if swap is not None and swap.value > best.value:
            best = swap
    return replace(
        best, looked_at=whole.used, cut_by_clock=whole.cut_by_clock or budget.cut_by_clock
    )


#: A plan the beam search looked at: its value, the position it ends in, its placements.
Looked = tuple[float, "Mixmath", tuple["Placement", ...]]


def _beam(
    game: Mixmath, budget: Budget, weights: TurnValue, evaluator: _Evaluator
) -> tuple[Plan | None, list[Looked]]:
    """The beam search of ``plan_turn``: the best plan found within ``budget`` and every
    plan looked at (sequences that reach the same board once each)."""
    player = game.to_move
    rack_left = len(game._pos.hands[player])
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
    pos = game._pos
    if not game.can_draw or len(pos.bag) < weights.draw_least:
        return False
    clears = pos.turn_start_rack >= RACK_SIZE and len(rest) == len(pos.hands[game.to_move])
    return not (weights.keep_bonus and clears)


def _only_start_numbers(game: Mixmath) -> bool:
    """Whether no tile has been placed on the board yet (M1, M3)."""
    return all(square in START for square, _token in game._pos.board.filled())


def _exchange_dead(
    game: Mixmath, evaluator: _Evaluator, margin: float, above: int, least_bag: int
) -> Plan | None:
    """Exchanging the tiles that fit nowhere (M6), valued as a plan: no points, a fresh
    tile for each, and the tiles that fit kept. ``None`` when the bag is too small or
    the exchange would end the game (every other player has just had a scoreless turn,
    M9)."""
    pos = game._pos
    if pos.idle_turns >= len(pos.hands) - 1:
        return None
    rack = pos.hands[game.to_move]
    spots = best_scores(board_values(pos.board.cells), evaluator.limit, evaluator.options)
    dead = [t for t in rack if t != BLANK and int(t) not in spots and face_value(t) > above]
    if not dead or len(pos.bag) < max(len(dead), least_bag):
        return None
    trial: Mixmath = game.copy()
    kept = list(rack)
    for tile in dead:
        kept.remove(tile)
    trial._pos.hands[game.to_move] = kept
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
    seats = len(game._pos.hands)
    if seats < 2:
        return None
    opponent = (player + 1) % seats
    hand = len(game._pos.hands[opponent])
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
        kept = list(state._pos.hands[player])
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
    pos = trial._pos
    pos.to_move = seat
    pos.hands[seat] = list(rack)
    points = 0
    for _ in range(len(rack)):
        if not budget.spend():
            break
        moves = trial.placements()
        if not moves:
            break
        move = max(moves, key=lambda m: m.score or 0)
        trial._push(move, move.score or 0)
        points += move.score or 0
    return points
