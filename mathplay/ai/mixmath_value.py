"""What the end of a Mixmath turn is worth to the expert player: the weights
(``TurnValue``) and the evaluation (``TurnEvaluator``) that the turn search
(``mathplay.ai.mixmath_expert``) and the endgame search (``mathplay.ai.mixmath_endgame``)
both use.

A turn's end is valued by the points of the turn and the rack-clear bonus (M7); for
every tile kept, its best spot on the board (``best_scores``) or, when it fits nowhere, a
share of its face value against it (M9); a fresh tile for every tile placed while the
bag lasts; and a share of the opponent's expected best reply, with a rack dealt from the
tiles this player cannot see (``unseen_tiles``, ``expected_best``). The weights were
measured in seeded games (bench/results/ai.md, "Expert Mixmath, match by match").

>>> from collections import Counter
>>> expected_best({81: 162}, Counter({"81": 1, "2": 9}), 5)
81.0
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from mathplay.games.mixmath.equations import direction_values
from mathplay.games.mixmath.movegen import (
    board_values,
    in_line_near,
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

__all__ = [
    "DEAD_SHARE",
    "EXPERT",
    "TurnEvaluator",
    "TurnValue",
    "best_scores",
    "dead_share",
    "expected_best",
    "unseen_tiles",
]


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
#: (``tools/mixmath_dead_tiles.py``; bench/results/ai.md, "Expert Mixmath"). With 30 or more
#: tiles in the bag such a tile is nearly always placed in the end; with fewer than 10
#: it mostly stays.
DEAD_SHARE: tuple[tuple[int, float], ...] = ((30, 0.85), (10, 0.35), (1, -0.25), (0, -1.0))


def dead_share(bag: int) -> float:
    """``DEAD_SHARE`` for a bag of ``bag`` tiles."""
    for least, share in DEAD_SHARE:
        if bag >= least:
            return share
    return -1.0


def best_scores(values: list[int | None], limit: int, options: MixmathOptions) -> dict[int, int]:
    """For every number, the most a tile of it would score on the board ``values`` now
    (M4, M5): its best square, by the directions with an equation and the premium."""
    return best_of(square_offers(values, limit, options))


#: What each square offers: ``{index: ((number, score), ...)}`` for the empty squares
#: where a tile makes an equation.
Offers = dict[int, tuple[tuple[int, int], ...]]


def square_offers(values: list[int | None], limit: int, options: MixmathOptions) -> Offers:
    """``best_scores`` square by square: what a tile of each number scores on every
    empty square where it makes an equation."""
    offers: Offers = {}
    for index in next_to_pairs(values):
        runs = runs_at(values, (index // SIZE, index % SIZE), limit)
        if runs:
            offers[index] = square_scores(index, tuple(run for run, _ in runs), options)
    return offers


def offers_after(
    before: list[int | None],
    offers: Offers,
    values: list[int | None],
    limit: int,
    options: MixmathOptions,
) -> Offers:
    """``square_offers(values, ...)`` from those of a board ``before`` that differs from
    ``values`` in a few cells: only the squares in line near a changed cell are read
    again (a computer's search looks at many boards a few tiles from its turn's start)."""
    again: set[int] = set()
    for index, (old, new) in enumerate(zip(before, values)):
        if old != new:
            again.add(index)
            again.update(in_line_near(index, limit))
    if not again:
        return offers
    changed = dict(offers)
    for index in again:
        changed.pop(index, None)
        if values[index] is None:
            runs = runs_at(values, (index // SIZE, index % SIZE), limit)
            if runs:
                changed[index] = square_scores(index, tuple(run for run, _ in runs), options)
    return changed


def best_of(offers: Offers) -> dict[int, int]:
    """For every number, the best score over the squares of ``offers``."""
    best: dict[int, int] = {}
    for scores in offers.values():
        for number, score in scores:
            if score > best.get(number, -1):
                best[number] = score
    return best


@lru_cache(maxsize=65536)
def square_scores(
    index: int, runs: tuple[tuple[int, ...], ...], options: MixmathOptions
) -> tuple[tuple[int, int], ...]:
    """What a tile of each number would score on square ``index`` (M4, M5) with the
    ``runs`` of numbers beside it: the same neighbours give the same scores, so a search
    that looks at many boards differing in a few tiles computes each square once."""
    square = (index // SIZE, index % SIZE)
    sign = sign_of(square)
    kind = SQUARES.get(square)
    premium = kind.premium if kind is not None else 1
    counts: Counter[int] = Counter()
    for run in runs:
        counts.update(direction_values(run, sign, options))
    return tuple((number, number * n * premium) for number, n in counts.items())


def unseen_tiles(game: Mixmath, player: int) -> Counter[str]:
    """The tiles ``player`` cannot see: in the bag or on another rack (M2 minus the board
    and their own rack)."""
    unseen: Counter[str] = Counter(TILE_COUNTS)
    view = game.view(player)
    for square, token in view.board.filled():
        if square in START:
            continue
        unseen[BLANK if token.startswith(BLANK) else token] -= 1
    unseen.subtract(view.hand)
    return +unseen


def expected_best(spots: dict[int, int], unseen: Counter[str], hand: int) -> float:
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


class TurnEvaluator:
    """``TurnValue`` for one player's turn: what ending the turn in a position is worth."""

    def __init__(self, game: Mixmath, weights: TurnValue) -> None:
        self.player = game.to_move
        self.weights = weights
        self.options = game.options
        self.limit = run_limit(game.options)
        #: The board at the turn's start and what its squares offer (``value`` reads
        #: only the squares its turn's tiles changed).
        self.start_values = board_values(game.view().board.cells)
        self.start_offers = square_offers(self.start_values, self.limit, self.options)
        view = game.view()
        self.bag = view.bag_size
        self.start_rack = game.turn_start_rack
        self.unseen = unseen_tiles(game, self.player)
        self.to_play = {int(token) for token in self.unseen if token != BLANK}
        # The chance that an unseen tile comes to this player: it is in the bag (not on
        # another rack), and the players draw from the bag in turn.
        unseen_count = sum(self.unseen.values())
        self.draw_share = self.bag / unseen_count / game.players if unseen_count else 0.0
        #: With ``dead_fit``, what a heavy tile turns out to be worth, per point of face
        #: value, while the bag lasts (``None``: the ``dead`` weight instead).
        self.later: float | None = None
        if weights.dead_fit and self.bag:
            share = dead_share(self.bag)
            self.later = weights.dead_fit * share if share > 0 else share
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != self.player]
        self.opponent_hand = max(others, default=0)

    def value(self, game: Mixmath) -> float:
        """Points besides the placements' own for ending the turn in ``game``."""
        w = self.weights
        view = game.view(self.player)
        rack = view.hand
        values = board_values(view.board.cells)
        offers = offers_after(
            self.start_values, self.start_offers, values, self.limit, self.options
        )
        spots = best_of(offers)
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
            value -= w.threat * expected_best(spots, self.unseen, self.opponent_hand)
        if w.open:
            drawn = sum(number for number in self.to_play if number in spots)
            value += w.open * self.draw_share * drawn
        return value
