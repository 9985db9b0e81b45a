"""Benchmark: reviewing a whole game (``game.review()``) against playing it.

A review asks, at every turn, for the best moves of the player who moved: one
``best_moves()`` per turn, the same search a hint makes. The script plays seeded games
of each kind to the end (the easy computer against the medium one), then times
``game.review()`` on each, side by side with the time the two computers took to play
it, and prints per game the turns, the median and the slowest review, the median review
time per turn and the ratio review / play. It checks that reviewing changes nothing.

Run it with ``python bench/review.py`` (``--games 5``).
Exit status: 0 when every review left its game as it was, else 1.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

try:
    import mathplay  # noqa: F401
except ImportError:  # run from a checkout without installing: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mathplay import Binary, Mixmath, Summy
from mathplay.ai import make_player

GAMES = {"summy": Summy, "mixmath": Mixmath, "binary": Binary}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per kind")
    args = parser.parse_args()
    same = True
    print(f"{'game':8} {'turns':>6} {'review median s':>16} {'slowest s':>10} "
          f"{'per turn ms':>12} {'review/play':>12}")  # fmt: skip
    for name, cls in GAMES.items():
        reviews, plays, per_turn, turns = [], [], [], []
        for seed in range(1, args.games + 1):
            game = cls(seed=seed)
            players = [make_player("easy", seed), make_player("medium", seed + 1)]
            started = time.perf_counter()
            while not game.is_over:
                players[game.to_move].play_turn(game)
            plays.append(time.perf_counter() - started)
            before = game.save()
            started = time.perf_counter()
            review = game.review()
            reviews.append(time.perf_counter() - started)
            same = same and game.save() == before
            turns.append(len(review.turns))
            per_turn.append(reviews[-1] / max(1, len(review.turns)))
        print(
            f"{name:8} {statistics.median(turns):>6.0f} {statistics.median(reviews):>16.2f} "
            f"{max(reviews):>10.2f} {1000 * statistics.median(per_turn):>12.1f} "
            f"{statistics.median(reviews) / statistics.median(plays):>12.2f}"
        )
    if not same:
        print("a review changed its game", file=sys.stderr)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
