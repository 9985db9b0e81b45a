"""Benchmark: does the best-move hint name the best move, and does the review agree?

Plays seeded games (the easy computer against the medium one) and, at every position,
asks for the level-3 hint cold (nothing searched before: the hint searches within its
budget) and compares its points with the best there is (the exact search the review
makes). It prints per kind how many hints named a move below the best, how many of those
said so (``exact`` is ``False``: "a good move, … maybe an even better one") and how many
claimed a move below the best without saying so (must be 0), then the same after the
position was searched as a board does in the background (every hint then the best).

``--save DIR`` writes each position where the cold hint missed the best move as a game
file (``mathplay.load``), the test set of ``tests/ai/test_hint_review_agree.py``.

Run it with ``python bench/hint_agreement.py`` (``--games 4``).
Exit status: 0 when no hint claimed a move below the best, else 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

try:
    import mathplay  # noqa: F401
except ImportError:  # run from a checkout without installing: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mathplay import Binary, Summy, load
from mathplay.ai import best, make_player
from mathplay.ai.hints import hint

KINDS: dict[str, Any] = {
    "binary": lambda seed: Binary(seed=seed),
    "summy-25": lambda seed: Summy(seed=seed, size=25),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="seeded games per kind")
    parser.add_argument("--save", type=Path, help="write the positions the hint missed here")
    args = parser.parse_args()
    false_claims = 0
    print(f"{'kind':9} {'positions':>9} {'cold missed':>12} {'said so':>8} "
          f"{'claimed':>8} {'searched: missed':>17}")  # fmt: skip
    for name, make in KINDS.items():
        positions = missed = said = claimed = after = 0
        for seed in range(1, args.games + 1):
            game = make(seed)
            players = [make_player("easy", seed), make_player("medium", seed + 1)]
            while not game.is_over:
                best.forget()
                cold = load(game.save())  # a fresh copy: no hint searched in it yet
                found = hint(cold, 3)
                top = best.exact_best(cold)
                if found.move is not None and top:
                    positions += 1
                    if found.score < top[0].score:
                        missed += 1
                        said += not found.exact
                        claimed += found.exact
                        if args.save:
                            args.save.mkdir(parents=True, exist_ok=True)
                            path = args.save / f"{name}-seed{seed}-ply{game.ply}.json"
                            path.write_text(cold.save(), encoding="utf-8")
                    again = hint(load(game.save()), 3)  # the position is searched now
                    after += again.score < top[0].score or not again.exact
                players[game.to_move].play_turn(game)
        false_claims += claimed
        print(f"{name:9} {positions:>9} {missed:>12} {said:>8} {claimed:>8} {after:>17}")
    return 0 if false_claims == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
