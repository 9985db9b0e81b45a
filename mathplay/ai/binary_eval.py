"""How the strong Binary player chooses its move.

Every legal move gets a value, and the player makes the move with the highest value.

**While the bag still has chips**, the value of a move is

    points scored now  +  LEAVE_WEIGHT × value of the chips kept in hand (the *leave*)

because the chips you keep decide how well you can score next turn. The value of a
leave is the sum of a value for each chip kept (``CHIP_VALUE``) with a few corrections:

- ``1`` (+7) and ``0`` (+5.5) are the most useful chips to keep; more than two ``0``
  cost 3.5 each;
- ``x`` and ``/`` (+9) are worth keeping: they make big values, and the bonus grows
  with the value; ``NOT`` is a small plus, ``AND``/``OR`` neutral, ``+``/``-`` a small
  minus, and every operator beyond the second costs 7.5;
- keeping an ``=`` costs 11, each further ``=`` 23: the board is full of ``=`` to build
  on, and a move may add only one new ``=``, so an ``=`` kept often just blocks the hand;
- a blank is worth 10.

These numbers were measured, not guessed: in 87 positions from greedy games we kept
random parts of the hand, filled the hand up with random chips from those not yet seen,
and recorded the best score the hand could make (522 leaves, 4 draws each). A linear fit
of that best score on the chips kept gave the values above (each ±1–2.5 points).

**When the bag is empty**, the opponent's chips are known (they are the ones not seen),
so the player looks one move further:

- if a move uses all its chips, it plays it (the best such): the game ends at once and it
  takes the points of the opponent's chips;
- otherwise, among its ten best-scoring moves, the value is the points now minus the
  best reply the opponent then has.

**Exchanging a clogged hand.** The same values say when to swap chips instead of
playing: an exchange scores nothing now but keeps only the best part of the hand
(``best_keep``). When that is worth more than the best move plus its leave, by
``EXCHANGE_MARGIN`` points, the strong player exchanges the rest (``exchange_instead``).
A hand of four ``=`` and a weak move is swapped rather than played.

Measured against the greedy player (the move that scores most now), in seeded matches:

- with exchanges, 200 games from seed 1: 75.5% wins (151 of 200), mean score 421
  against 315;
- without them, 200 games from seed 1: 53.5–55.5% wins, mean score about 350 against
  334 (the old leave, 3 points for keeping an ``=`` and weight 0.6, won 54.0% there);
- from seed 1001 (a harder set of games for every player, 100 games each): the old
  leave 44%, the measured leave at weight 0.7 without the endgame look-ahead 48%;
- a Monte-Carlo look at the opponent's greedy reply all game long (6 random hands for
  the opponent, 6 candidate moves, points now − reply) won only 41.7% of 60 games and
  cost 11 s a game, so it is not used.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mathplay.ai.budget import Budget
from mathplay.ai.leave import hand_after

if TYPE_CHECKING:
    from mathplay.games import Binary

__all__ = [
    "CHIP_VALUE",
    "EXCHANGE_MARGIN",
    "LEAVE_WEIGHT",
    "best_keep",
    "candidates",
    "choose_binary",
    "exchange_instead",
    "leave_value",
]

#: What one kept chip is worth for the next turn, in points (measured, see above).
CHIP_VALUE: dict[str, float] = {
    "1": 7.0,
    "0": 5.5,
    "x": 9.0,
    "/": 9.0,
    "NOT": 2.5,
    "AND": 0.0,
    "OR": 0.0,
    "XOR": 0.0,
    "+": -3.0,
    "-": -3.0,
    "?": 10.0,
}
FIRST_EQUALS = -11.0  # keeping one =
MORE_EQUALS = -23.0  # each further = kept
MANY_OPERATORS = -7.5  # each operator kept beyond the second
MANY_ZEROS = -3.5  # each 0 kept beyond the second
OPERATORS = ("+", "-", "x", "/", "AND", "OR", "XOR", "NOT")
#: Points of score now per point of leave value.
LEAVE_WEIGHT = 1.0
#: How much more (in points) an exchange must be worth than the best move.
EXCHANGE_MARGIN = 5.0
#: How many of the best-scoring moves the endgame look-ahead compares.
ENDGAME_CANDIDATES = 10


def leave_value(hand: Sequence[str]) -> float:
    """How much the chips ``hand`` kept after a move are worth for the next turn, in points."""
    counts = Counter(hand)
    equals = counts["="]
    operators = sum(counts[op] for op in OPERATORS)
    value = sum(CHIP_VALUE.get(chip, 0.0) for chip in hand)
    value += FIRST_EQUALS * min(equals, 1) + MORE_EQUALS * max(0, equals - 1)
    value += MANY_OPERATORS * max(0, operators - 2) + MANY_ZEROS * max(0, counts["0"] - 2)
    return value


def _best_reply(game: Binary, move: Any, rng: random.Random, budget: Budget | None = None) -> int:
    """The most the opponent can score right after ``move`` (their chips are known when the
    bag is empty). A blank in their hand is read as a random other chip of theirs, to keep
    the look-ahead fast (a hand with a blank has hundreds of thousands of moves)."""
    trial = game.copy()
    trial.push(move)
    if trial.is_over:
        return 0
    hand = trial.view().hand
    others = [chip for chip in hand if chip != "?"] or ["1"]
    trial.assume(trial.to_move, [rng.choice(others) if c == "?" else c for c in hand])
    if budget is None:
        return max((reply.score for reply in trial.best_moves(1)), default=0)
    from mathplay.games.binary.best import best_moves

    return max((reply.score or 0 for reply in best_moves(trial, 1, budget=budget)), default=0)


def _endgame(
    game: Binary, moves: Sequence[Any], rng: random.Random, budget: Budget | None = None
) -> Any:
    """The bag is empty: go out if possible, else points now minus the best reply. With
    a ``budget``, the candidates whose replies were looked at before it ran out (a reply
    search cut short would make its move look better than it is)."""
    size = len(game.hands[game.to_move])
    ranked = sorted(moves, key=lambda m: (m.score, rng.random()), reverse=True)
    going_out = [move for move in ranked if len(move.placed) == size]
    if going_out:
        return going_out[0]
    best, best_value = ranked[0], None
    for move in ranked[:ENDGAME_CANDIDATES]:
        value = move.score - _best_reply(game, move, rng, budget)
        if budget is not None and budget.spent:
            break
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def endgame_candidates(game: Binary, budget: Budget | None = None) -> list[Any]:
    """The moves ``_endgame`` looks at once the bag is empty, found without listing every
    move: every move that uses all the chips (it ends the game), and the moves scoring
    at least the ``ENDGAME_CANDIDATES``-th best score, in the generator's order of lines
    (as ``search.binary_moves`` gives every move). The generator skips every stretch of
    a line that can neither reach that score nor use every chip."""
    from mathplay.games.binary.movegen import ScoreFloor, generate_moves

    hand = game.hands[game.to_move]
    size = len(hand)
    # A stretch that places every chip is never skipped, unless the hand holds two
    # ``=``: a move places at most one new ``=`` (B3), so it cannot use them all.
    going_out = 0.0 if hand.count("=") >= 2 else float("inf")
    floor = ScoreFloor(-1, [0.0] * size + [going_out])
    best: list[int] = []  # the best scores so far, a min-heap
    found: list[Any] = []
    for move in generate_moves(game, floor, budget, True, budget is not None):
        score = move.score or 0
        if len(best) < ENDGAME_CANDIDATES:
            heapq.heappush(best, score)
        elif score > best[0]:
            heapq.heapreplace(best, score)
        if len(best) == ENDGAME_CANDIDATES:
            floor.value = best[0]
        if score >= floor.value or len(move.placed) == size:
            found.append(move)
    cut = best[0] if best else 0
    found = [m for m in found if (m.score or 0) >= cut or len(m.placed) == size]
    if budget is None:
        return found
    from mathplay.ai.search import engine_order

    return engine_order(found)


def best_keep(hand: Sequence[str]) -> tuple[tuple[str, ...], float]:
    """The part of ``hand`` most worth keeping (fewer chips than the whole hand), and its
    leave value: what an exchange of the rest would keep."""
    best: tuple[str, ...] = ()
    best_value = leave_value(())
    seen: set[tuple[str, ...]] = set()
    for size in range(len(hand)):
        for kept in itertools.combinations(sorted(hand), size):
            if kept in seen:
                continue
            seen.add(kept)
            value = leave_value(kept)
            if value > best_value:
                best, best_value = kept, value
    return best, best_value


def candidates(game: Binary, budget: Budget | None = None) -> list[Any]:
    """The moves the strong player can choose while the bag lasts, best score first in
    the order of ``game.legal_moves()``: the moves whose score plus the value of the
    chips they keep is the best found (the strong player chooses among them).

    The generator is told how much a move placing k chips can add beyond its score (the
    best leave of ``len(hand) - k`` chips), so it skips every stretch of a line that
    cannot beat the best found so far; and once it knows which chips a move uses, the
    exact value of the chips it keeps (``ScoreFloor.leave``), so it leaves out the moves
    that cannot be chosen before making them. A hand with blanks can have millions of
    moves; the strong player looks at only those it could choose.

    With a ``budget`` (``mathplay.ai.search``) the search stops when it runs out; a hand
    with blanks is then searched first for the moves that keep the blanks, so the
    budget always leaves good moves. When the search finishes inside the budget the
    answer is the same as without one."""
    from mathplay.games.binary.movegen import ScoreFloor, generate_moves

    hand = list(game.hands[game.to_move])
    best_kept = [float("-inf")] * (len(hand) + 1)  # by the number of chips kept
    for size in range(len(hand) + 1):
        for kept in set(itertools.combinations(sorted(hand), size)):
            best_kept[size] = max(best_kept[size], LEAVE_WEIGHT * leave_value(kept))
    allowance = [best_kept[len(hand) - placed] for placed in range(len(hand) + 1)]
    leaves: dict[tuple[str, ...], float] = {}

    def kept_value(kept: tuple[str, ...]) -> float:
        """``LEAVE_WEIGHT`` × the leave value of the chips ``kept`` (sorted), once each."""
        if kept not in leaves:
            leaves[kept] = LEAVE_WEIGHT * leave_value(kept)
        return leaves[kept]

    def leave(used: tuple[str, ...]) -> float:
        """The value of the chips a move using ``used`` keeps (the exact allowance)."""
        rest = Counter(hand)
        rest.subtract(used)
        return kept_value(tuple(sorted(rest.elements())))

    floor = ScoreFloor(float("-inf"), allowance, leave)
    passes = [False, True] if budget is not None and "?" in hand else [True]
    found: dict[str, tuple[Any, int, float]] = {}
    for blanks in passes:
        this: dict[str, tuple[Any, int, float]] = {}
        for move in generate_moves(game, floor, budget, blanks, budget is not None):
            score = move.score or 0
            value = score + kept_value(tuple(sorted(hand_after(game, move))))
            floor.value = max(floor.value, value)
            this[str(move)] = (move, score, value)
        if budget is not None and budget.spent:
            found = {**found, **{k: v for k, v in this.items() if k not in found}}
            break
        found = this  # a whole pass
    else:
        if budget is not None:  # the lines were searched best premiums first
            from mathplay.ai.search import engine_order

            ordered = engine_order(entry[0] for entry in found.values())
            found = {str(move): found[str(move)] for move in ordered}
    chosen = sorted(found.values(), key=lambda f: -f[1])
    return [move for move, score, most in chosen if most >= floor.value]


def exchange_instead(game: Binary, move: Any) -> str | None:
    """``exchange …`` when swapping the weak chips is worth more than ``move``, else None.

    Both are valued the same way: points now plus the value of the chips kept. An
    exchange scores nothing now but keeps only the best part of the hand; it must win by
    ``EXCHANGE_MARGIN`` points, and needs a bag of at least 9 chips (B3, D-B3-9)."""
    if game.bag_size < 9:
        return None
    hand = list(game.hands[game.to_move])
    play = move.score + LEAVE_WEIGHT * leave_value(hand_after(game, move))
    kept, value = best_keep(hand)
    if LEAVE_WEIGHT * value <= play + EXCHANGE_MARGIN:
        return None
    out = list(hand)
    for chip in kept:
        out.remove(chip)
    return "exchange " + " ".join(out)


def choose_binary(
    game: Binary, moves: Sequence[Any], rng: random.Random, budget: Budget | None = None
) -> Any:
    """The strong player's choice among ``moves`` (never empty), a list from
    ``game.legal_moves()``. Deterministic for a seeded ``rng``; ``game`` is not changed."""
    if len(moves) == 1:
        return moves[0]
    if game.bag_size == 0:
        return _endgame(game, moves, rng, budget)
    leaves: dict[tuple[str, ...], float] = {}
    best, best_key = moves[0], (float("-inf"), 0.0)
    for move in moves:
        kept = tuple(sorted(hand_after(game, move)))
        if kept not in leaves:
            leaves[kept] = leave_value(kept)
        key = (move.score + LEAVE_WEIGHT * leaves[kept], rng.random())
        if key > best_key:
            best, best_key = move, key
    return best
