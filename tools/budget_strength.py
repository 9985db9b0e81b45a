"""What the search budget costs in strength: a kind of player with its budget against the
same kind with no budget at all, over seeded games.

Both players make the same choices wherever the budgeted search finishes, so the games
differ only where the budget cut a search short; a share of wins near 50% means the cut
searches still found good moves. It prints the tournament's report (wins with their 95%
interval, mean scores, the lead) and how many of the budgeted player's turns were cut.

    python tools/budget_strength.py --game summy --kind greedy --games 200 [--seed 1]
        [--option size=15]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from mathplay.ai import players
from mathplay.ai.budget import Budget
from mathplay.tournament import run_match

#: Turns the budgeted players played, and how many of those had a search cut short.
TURNS = {"all": 0, "cut": 0}


def _seed_as(player: players.Player, base: type[players.Player], seed: int) -> None:
    """Tie-breaks drawn as ``base`` draws them (its generator is seeded by its kind's
    name), so the two players choose alike wherever no budget cut a search."""
    if base is not players.ExpertPlayer:  # the expert seeds itself as the strong player
        player.rng = random.Random(f"{base.kind}:{seed}")


def unbudgeted(kind: str) -> type[players.Player]:
    """``kind``'s player with no step budget and no clock."""
    base = players.PLAYER_KINDS[kind]

    class Unbudgeted(base):  # type: ignore[valid-type, misc]
        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            _seed_as(self, base, seed)

        def budget(self, game: Any) -> Budget:
            return Budget()

    Unbudgeted.kind = f"{kind}-unbudgeted"
    return Unbudgeted


def counted(kind: str) -> type[players.Player]:
    """``kind``'s player as it is, counting the turns whose search the budget cut."""
    base = players.PLAYER_KINDS[kind]

    class Counted(base):  # type: ignore[valid-type, misc]
        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            _seed_as(self, base, seed)

        def budget(self, game: Any) -> Budget:
            made = super().budget(game)
            self._made.append(made)
            return made

        def play_turn(self, game: Any) -> list[str]:
            self._made: list[Budget] = []
            played = super().play_turn(game)
            TURNS["all"] += 1
            TURNS["cut"] += any(b.spent for b in self._made)
            return list(played)

    Counted.kind = f"{kind}-budgeted"
    return Counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="summy", choices=("summy", "mixmath", "binary"))
    parser.add_argument("--kind", default="greedy", choices=sorted(players.PLAYER_KINDS))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.isdigit() else value
    with_budget, without = counted(args.kind), unbudgeted(args.kind)
    players.PLAYER_KINDS[with_budget.kind] = with_budget
    players.PLAYER_KINDS[without.kind] = without
    result = run_match(
        args.game, (with_budget.kind, without.kind), args.games, seed=args.seed, **options
    )
    print(result.report())
    print(f"  turns of the budgeted player: {TURNS['all']}, cut short: {TURNS['cut']}")


if __name__ == "__main__":
    main()
