"""Measure how often the tiles a Mixmath player carries into its next turn still fit.

    python tools/mixmath_carry.py --seed 1001 --games 50

Plays greedy against random (the same seating and player seeds as the earlier runs in
``docs/ai.md``: game ``s`` seats greedy first when ``s`` is odd, players seeded ``2s`` and
``2s + 1``). At the start of every turn after a player's first, while the bag holds more
than 40 tiles, each tile on the rack is sorted into *carried* (left on the rack at the
end of the player's previous turn) or *fresh* (drawn since), and counted as fitting when
some legal placement uses it (M4). Greedy places every tile that fits, so what it
carries is what fitted nowhere; the run shows how much that matters.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

KINDS = ("greedy", "random")


def _tile(text: str) -> str:
    """The rack tile of a placement's tile text (a blank played as ``?16`` is ``?``)."""
    return "?" if text.startswith("?") else text


def _used(played: list[str]) -> Counter[str]:
    """The rack tiles a turn's notations put on the board."""
    used: Counter[str] = Counter()
    for notation in played:
        parts = notation.split()
        if len(parts) == 2 and parts[0][:1].isupper():
            used[_tile(parts[1])] += 1
    return used


def carried_after(rack: list[str], played: list[str]) -> list[str]:
    """The tiles of ``rack`` still on it after a turn that played ``played`` (draws
    and refills not counted): the rack minus the tiles placed or exchanged.

    >>> carried_after(["3", "7", "81", "?"], ["F7 3", "draw", "G9 ?16", "end"])
    ['7', '81']
    >>> carried_after(["3", "7", "81"], ["exchange 81 3"])
    ['7']
    """
    gone = _used(played)
    for notation in played:
        if notation.startswith("exchange"):
            gone.update(notation.split()[1:])
    return list((Counter(rack) - gone).elements())


def measure(seed: int, games: int) -> dict[str, list[int]]:
    """For each kind: [carried that fit, carried, fresh that fit, fresh]."""
    from mathplay.ai import make_player
    from mathplay.tournament import new_game

    counts = {kind: [0, 0, 0, 0] for kind in KINDS}
    for game_seed in range(seed, seed + games):
        order = (0, 1) if (game_seed - 1) % 2 == 0 else (1, 0)
        seats = [make_player(KINDS[k], seed=game_seed * 2 + k) for k in order]
        game: Any = new_game("mixmath", game_seed)
        carried: dict[int, list[str] | None] = {0: None, 1: None}
        while not game.is_over:
            seat = game.to_move
            rack = list(game.hands[seat])
            previous = carried[seat]
            if game.bag_size > 40 and previous is not None:
                fits = {_tile(str(move).split()[1]) for move in game.legal_moves()}
                left = Counter(previous)
                row = counts[KINDS[order[seat]]]
                for tile in rack:
                    if left[tile] > 0:
                        left[tile] -= 1
                        row[0] += tile in fits
                        row[1] += 1
                    else:
                        row[2] += tile in fits
                        row[3] += 1
            played = seats[seat].play_turn(game)
            carried[seat] = carried_after(rack, played)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1001)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for kind, (fit, carried, fresh_fit, fresh) in measure(args.seed, args.games).items():
        print(
            f"{kind:>7}: carried tiles fit {fit / max(carried, 1):.3f} ({carried} tiles), "
            f"fresh tiles fit {fresh_fit / max(fresh, 1):.3f} ({fresh} tiles)"
        )


if __name__ == "__main__":
    main()
