"""Benchmark: Binary's ``best_moves(5)`` against filtering ``legal_moves()``, blanks in hand.

Hints and the greedy player need only the best few moves. ``legal_moves()`` lists every
move; with blanks in the hand that can be millions, since a blank may stand for any chip.
``best_moves(n)`` skips every stretch of a line that cannot score as much as the n-th
best move found so far. The script times both on the same positions, side by side: for
each seed, a game played a few turns by two greedy players, the hand to move as drawn
and then with one and with two of its chips made blanks. It checks that both give the
same moves and prints, per number of blanks, the median and the slowest time of each and
their ratio; then the same for the strong player's candidate search
(``mathplay.ai.binary_eval.candidates``, which also prunes, by score plus leave).

Run it with ``python bench/binary_best_moves.py`` (``--positions 12``).
Exit status: 0 when the two agree on every position, else 1.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    import mathplay  # noqa: F401
except ImportError:  # run from a checkout without installing: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mathplay.ai import binary_eval, make_player
from mathplay.core import top_scoring
from mathplay.games.binary import Binary

FIRST_SEED = 1
BEST = 5


def position(seed: int) -> Binary | None:
    """A seeded game after 2–13 turns of greedy play, or None if it ended."""
    g = Binary(players=2, seed=seed)
    players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    for _ in range(2 + seed % 12):
        if g.is_over:
            return None
        players[g.to_move].play_turn(g)
    return None if g.is_over else g


def timed(work: Callable[..., list[Any]], *args: object) -> tuple[list[Any], float]:
    start = time.perf_counter()
    result = work(*args)
    return result, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args()
    times: dict[int, list[tuple[float, float, float]]] = {0: [], 1: [], 2: []}
    agree = True
    seed = FIRST_SEED
    done = 0
    while done < args.positions:
        g = position(seed)
        seed += 1
        if g is None:
            continue
        done += 1
        pos = g._pos
        hand = list(pos.hands[pos.to_move])
        for blanks in times:
            pos.hands[pos.to_move] = ["?"] * blanks + hand[blanks:]
            every, full = timed(g.legal_moves)
            best, fast = timed(g.best_moves, BEST)
            expected = [(str(m), m.score) for m in top_scoring(every, BEST)]
            if [(str(m), m.score) for m in best] != expected:
                agree = False
                print(f"seed {seed - 1}, {blanks} blanks: the two disagree")
            _, strong = timed(binary_eval.candidates, g)
            times[blanks].append((full, fast, strong))
        pos.hands[pos.to_move] = hand
    print(f"{done} positions (seeds from {FIRST_SEED}), best {BEST} moves")
    print("blanks | legal_moves() median, slowest | best_moves(5) median, slowest | ratio")
    for blanks, rows in times.items():
        full_times = [row[0] for row in rows]
        fast_times = [row[1] for row in rows]
        full_median, fast_median = statistics.median(full_times), statistics.median(fast_times)
        print(
            f"{blanks:6} | {full_median:8.3f} s {max(full_times):8.3f} s"
            f" | {fast_median:8.3f} s {max(fast_times):8.3f} s"
            f" | {full_median / fast_median:5.1f}x median, "
            f"{max(full_times) / max(fast_times):5.1f}x slowest"
        )
    print("blanks | strong player's candidates median, slowest | ratio to legal_moves()")
    for blanks, rows in times.items():
        full_times = [row[0] for row in rows]
        strong_times = [row[2] for row in rows]
        strong_median = statistics.median(strong_times)
        print(
            f"{blanks:6} | {strong_median:8.3f} s {max(strong_times):8.3f} s"
            f" | {statistics.median(full_times) / strong_median:5.1f}x median, "
            f"{max(full_times) / max(strong_times):5.1f}x slowest"
        )
    print("the two agree on every position" if agree else "THE TWO DISAGREE")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
