"""Benchmark: Mixmath ``legal_moves()`` against the naive reference generator.

Plays seeded random games to mid-game (plies 30–80), takes the positions there, and on
each one times ``legal_moves()`` and the brute-force generator of
``tests/games/mixmath/reference.py`` (every square × every rack tile × every blank value,
kept when the game's own check accepts it), checking that the two agree. The arithmetic
caches are cleared before every timed call, so both start cold. Prints the median time
of each, the ratio, and the time of whole random games (which must stay well under a
second).

Run it with ``python bench/mixmath_moves.py`` (``--games 10`` for fewer positions).

Exit status: 0 when the generators agree everywhere and a game takes under a second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for tests/…/reference.py (and a checkout without install)

from mathplay.games.mixmath import Mixmath  # noqa: E402
from mathplay.games.mixmath.equations import (  # noqa: E402
    _expression_values,
    pair_values,
    sequence_values,
)
from tests.games.mixmath.randomplay import random_game, random_move  # noqa: E402
from tests.games.mixmath.reference import brute_force_moves  # noqa: E402

SEED = 20261129


def _clear_caches() -> None:
    pair_values.cache_clear()
    _expression_values.cache_clear()
    sequence_values.cache_clear()


def mid_game_positions(games: int) -> list[Mixmath]:
    positions = []
    for index in range(games):
        seed = SEED + index
        rng = random.Random(seed)
        game = Mixmath(players=2 + index % 3, seed=seed)
        while not game.is_over and game.ply <= 80:
            if game.ply >= 30 and game.ply % 10 == 0:
                positions.append(game.copy())
            game.play(random_move(game, rng))
    return positions


def _timed(function: Callable[[Mixmath], set[str]], game: Mixmath) -> tuple[float, set[str]]:
    _clear_caches()
    start = time.perf_counter()
    result = function(game)
    elapsed = time.perf_counter() - start
    return elapsed, result


def _fast(game: Mixmath) -> set[str]:
    return {f"{m} {m.score}" for m in game.placements()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()

    positions = mid_game_positions(args.games)
    fast_times, naive_times, disagreements, moves = [], [], 0, 0
    for game in positions:
        fast_time, fast = _timed(_fast, game)
        naive_time, naive = _timed(brute_force_moves, game)
        fast_times.append(fast_time)
        naive_times.append(naive_time)
        moves += len(fast)
        disagreements += fast != naive
    fast_median = statistics.median(fast_times)
    naive_median = statistics.median(naive_times)
    print(f"positions: {len(positions)} mid-game (plies 30–80), {moves} legal placements in all")
    print(f"legal_moves():    median {fast_median * 1e3:8.3f} ms")
    print(f"naive reference:  median {naive_median * 1e3:8.3f} ms")
    print(f"ratio: {naive_median / fast_median:.1f}× faster; disagreements: {disagreements}")

    game_times = []
    for index in range(10):
        start = time.perf_counter()
        game = random_game(SEED + index)
        game_times.append(time.perf_counter() - start)
        assert game.is_over
    print(
        f"full random game: median {statistics.median(game_times) * 1e3:.1f} ms, "
        f"slowest {max(game_times) * 1e3:.1f} ms (10 games, strict mode)"
    )
    return 0 if disagreements == 0 and max(game_times) < 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
