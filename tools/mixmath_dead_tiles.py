"""Measure what a Mixmath tile that fits nowhere turns out to be worth (docs/ai.md,
"Expert Mixmath", session 10; ``mathplay.ai.mixmath_expert.DEAD_SHARE``).

    python tools/mixmath_dead_tiles.py --kind strong --games 200 --seed 40000

Plays ``kind`` against itself (game ``i`` from seed ``seed + i``, the players seeded
``seed + i`` and ``seed + i + 7777``). At the end of every turn, each tile above 10 on the
mover's rack that fits on no square of the board (M4) is followed to its end: placed later
by the same player (worth that placement's score), exchanged (worth nothing) or left on
the rack when the game ends (its face value against it, M9). Tiles above 10 are one of a
kind (M2), so a tile is known by its number. Prints, by tile size and by the tiles in the
bag at that moment, how many were followed, what they turned out to be worth per point of
face value, and how each ended.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

#: Tile sizes and bag sizes the table is split by: (the least in the band, its name).
SIZES = ((61, "61-99"), (41, "41-60"), (21, "21-40"), (11, "11-20"))
BAGS = ((60, "60+"), (30, "30-59"), (10, "10-29"), (1, "1-9"), (0, "0"))
HOW = ("placed", "exchanged", "left")


def band(value: int, bands: tuple[tuple[int, str], ...]) -> str:
    """The name of the first of ``bands`` whose least ``value`` reaches."""
    for least, name in bands:
        if value >= least:
            return name
    return bands[-1][1]


def outcome(
    history: Any, player: int, tile: int, ply: int, final_rack: list[str]
) -> tuple[str, int]:
    """How ``tile``, on ``player``'s rack at ``ply`` of ``history``, ended: ``placed``
    (with its score), ``exchanged`` (0), ``left`` on the rack (minus its face value) or
    ``gone`` (0: it left the rack some other way)."""
    for entry in history[ply:]:
        if entry.player != player:
            continue
        parts = entry.move.split()
        if len(parts) == 2 and parts[1] == str(tile):
            return "placed", entry.score
        if parts[0] == "exchange" and str(tile) in parts[1:]:
            return "exchanged", 0
    return ("left", -tile) if str(tile) in final_rack else ("gone", 0)


def measure(kind: str, games: int, seed: int) -> list[tuple[int, int, str, int]]:
    """Every followed tile: (number, tiles in the bag, how it ended, what it was worth)."""
    from mathplay.ai import make_player
    from mathplay.ai.mixmath_expert import best_scores
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.mixmath.movegen import board_values, run_limit

    rows: list[tuple[int, int, str, int]] = []
    for i in range(games):
        game = Mixmath(players=2, seed=seed + i)
        players = [make_player(kind, seed + i), make_player(kind, seed + i + 7777)]
        limit = run_limit(game.options)
        followed: list[tuple[int, int, int, int]] = []
        while not game.is_over:
            player = game.to_move
            players[player].play_turn(game)
            if game.is_over:
                break
            spots = best_scores(board_values(game._pos.board.cells), limit, game.options)
            bag = len(game._pos.bag)
            for token in game._pos.hands[player]:
                if token != "?" and int(token) > 10 and int(token) not in spots:
                    followed.append((player, int(token), bag, len(game.history)))
        for player, tile, bag, ply in followed:
            how, worth = outcome(game.history, player, tile, ply, list(game._pos.hands[player]))
            rows.append((tile, bag, how, worth))
    return rows


def table(rows: list[tuple[int, int, str, int]]) -> list[str]:
    """The printed table: one line per tile size and bag size."""
    groups: dict[tuple[str, str], list[tuple[int, str, int]]] = defaultdict(list)
    for tile, bag, how, worth in rows:
        key = (band(tile, SIZES), band(bag, BAGS))
        groups[key].append((tile, how, worth))
    lines = ["tiles  bag    followed  worth per face point  placed exchanged left"]
    for (size, bag), found in sorted(groups.items()):
        share = statistics.mean(worth / tile for tile, _how, worth in found)
        ends = {how: sum(1 for _t, h, _w in found if h == how) for how in HOW}
        lines.append(
            f"{size:6s} {bag:6s} {len(found):8d}  {share:+20.2f}  "
            f"{ends['placed']:6d} {ends['exchanged']:9d} {ends['left']:4d}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", default="strong")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=40000)
    args = parser.parse_args(argv)
    rows = measure(args.kind, args.games, args.seed)
    print(f"{args.kind} against itself, {args.games} games from seed {args.seed}:", end=" ")
    print(f"{len(rows)} tiles")
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
