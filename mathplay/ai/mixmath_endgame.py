"""The expert's Mixmath endgame: once the bag is empty, search the last turns of both
players.

While the bag lasts a player cannot know the other's rack, so the expert values a turn
by what it leaves (``mathplay.ai.mixmath_expert``). Once the bag is empty, in a game of
two, the tiles this player cannot see are exactly the opponent's rack: the rest of the
game is a game of perfect information, as a Scrabble endgame is, and the turns left are
few (about three in a game between the computer players). What decides it then is M9:
the tiles left on a rack count against their holder. A 64 that fits nowhere costs 64,
and a placement that takes the square the opponent's 81 was waiting for is worth 81 and
that 81's points besides. The plan-by-plan evaluation cannot see either, so the expert
searches the turns themselves:

- at each turn the side to move tries its best plans from the beam search of
  ``mixmath_expert`` (``end_plans`` for this player, ``end_replies`` for the opponent)
  and passing (M6: two passes in a row end the game, M9);
- the game is played on to its end or to ``end_turns`` turns, each turn ended as the
  engine ends it (the rack-clear bonus of M7, the end and the racks' penalties of M9);
- a position where the search stops is valued by the scores so far and, for each rack,
  every tile by whether it fits somewhere (likely placed, the side to move first) or
  nowhere (its face value against it);
- the opponent chooses what is worst for this player (minimax).

The search uses only what the player knows: the opponent's rack in the search is made
from the unseen tiles, never read from the game. It is anytime, as every search here
(``mathplay.ai.budget``): when its steps run out it answers with the best first plan
whose answers were all searched, and the beam's best plan if none was.

>>> from mathplay import Mixmath
>>> from mathplay.ai.budget import Budget
>>> game = Mixmath(players=2, seed=3)
>>> endgame_plan(game, Budget(steps=500)) is None  # the bag is full: not an endgame
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mathplay.ai.budget import Budget
from mathplay.ai.mixmath_expert import EXPERT, Plan, TurnValue, beam_search
from mathplay.ai.mixmath_value import TurnEvaluator, best_scores, unseen_tiles
from mathplay.games.mixmath.movegen import board_values, run_limit
from mathplay.games.mixmath.rules import BLANK, face_value

if TYPE_CHECKING:
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.mixmath.moves import Placement

__all__ = ["EndgameSearch", "endgame_plan"]


@dataclass(frozen=True)
class EndgameSearch:
    """How wide and how deep the endgame search looks (measured: docs/ai.md)."""

    #: This player's best plans tried at each of its turns, and the opponent's.
    plans: int = 4
    replies: int = 4
    #: Turns searched (this one included) before a position is valued as it stands.
    turns: int = 2
    #: Positions each turn's beam search may look at.
    beam_steps: int = 60
    #: The chance counted that a tile which fits somewhere now is placed in the end, for
    #: the side to move next and for the other side (which may find its square taken).
    placed_if_next: float = 0.8
    placed_if_later: float = 0.5


#: The endgame search the expert player uses.
ENDGAME = EndgameSearch()


def endgame_plan(
    game: Mixmath,
    budget: Budget,
    weights: TurnValue = EXPERT,
    search: EndgameSearch = ENDGAME,
) -> Plan | None:
    """The best plan for this turn by searching the turns left, or ``None`` when this
    is no endgame: the bag holds tiles, there are more than two players, the turn has
    begun, or this player has no placement (then it passes, as before)."""
    if game.bag_size or game.players != 2 or game.placed_this_turn or game.is_over:
        return None
    if not game.placements():
        return None
    me = game.to_move
    root: Mixmath = game.copy()
    # The opponent's rack as this player knows it: every tile it cannot see.
    root.assume(1 - me, sorted(unseen_tiles(game, me).elements()))
    searcher = _Searcher(me, weights, search, budget)
    first = searcher.candidates(root)
    best: Plan | None = None
    for plan, after in first:
        value = searcher.value(_end_turn(after, plan), search.turns - 1)
        if budget.exhausted:
            break  # this plan's answers may not all have been searched
        if best is None or value > best.value:
            best = Plan(plan, value)
    if best is None:
        numbered = [(plan, after) for plan, after in first if plan]
        if not numbered:
            return None
        best = Plan(numbered[0][0], -math.inf)
    return Plan(best.placements, best.value, budget.used, budget.cut_by_clock)


def _end_turn(after: Mixmath, plan: tuple[Placement, ...]) -> Mixmath:
    """A copy of ``after`` (the position once ``plan`` is placed) with the turn ended
    as the engine ends it: ``end`` after placements, ``pass`` after none."""
    trial: Mixmath = after.copy()
    trial.play("end" if plan else "pass")
    return trial


class _Searcher:
    """The minimax search of one endgame turn, from ``me``'s side."""

    def __init__(self, me: int, weights: TurnValue, search: EndgameSearch, budget: Budget) -> None:
        self.me = me
        self.weights = weights
        self.search = search
        self.budget = budget

    def candidates(self, state: Mixmath) -> list[tuple[tuple[Placement, ...], Mixmath]]:
        """The plans tried for the side to move in ``state``: its best plans by the
        beam search, each with the position it ends in, and passing."""
        side = state.to_move
        count = self.search.plans if side == self.me else self.search.replies
        part = self.budget.part(self.search.beam_steps)
        _best, looked = beam_search(state, part, self.weights, TurnEvaluator(state, self.weights))
        looked.sort(key=lambda item: item[0], reverse=True)
        found = [(plan, after) for _value, after, plan in looked[:count] if plan]
        found.append(((), state))
        return found

    def value(self, state: Mixmath, turns: int) -> float:
        """What ``state`` (at the start of a turn) is worth to ``me``: its final lead if
        the game is over, else the best plan of the side to move against the best
        answers, ``turns`` turns deep."""
        if state.is_over:
            return self.lead(state)
        if turns <= 0 or self.budget.exhausted:
            return self.estimate(state)
        mine = state.to_move == self.me
        values = [
            self.value(_end_turn(after, plan), turns - 1) for plan, after in self.candidates(state)
        ]
        return max(values) if mine else min(values)

    def lead(self, state: Mixmath) -> float:
        scores = state.scores
        return float(scores[self.me] - scores[1 - self.me])

    def estimate(self, state: Mixmath) -> float:
        """The lead now, and for each rack what its tiles are likely worth: a tile that
        fits somewhere its best score if placed, its face value against it if not; a
        tile that fits nowhere its face value against it (M9)."""
        # The search's own positions: the opponent's rack there is the guess the search
        # made (``assume``), so each seat's view holds what the search believes.
        board = state.view().board
        spots = best_scores(board_values(board.cells), run_limit(state.options), state.options)
        value = self.lead(state)
        for seat in range(state.players):
            hand = state.view(seat).hand
            chance = (
                self.search.placed_if_next if seat == state.to_move else self.search.placed_if_later
            )
            worth = 0.0
            for tile in hand:
                if tile == BLANK:
                    continue
                face = face_value(tile)
                spot = spots.get(int(tile), 0)
                worth += chance * spot - (1 - chance) * face if spot else -face
            value += worth if seat == self.me else -worth
        return value
