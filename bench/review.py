"""Benchmark: the CPU a whole game's review takes, cold and as a board gives it.

A review takes, at every turn, the best moves of the player who moved, searched exactly
(:mod:`mathplay.ai.best`). Cold (a saved game loaded, nothing searched) it searches
every position when asked. A board searches each new position in the background while
the pupil thinks (:mod:`mathplay.widgets.searching`), so the review asked at the end
finds them ready. The script plays seeded games of each kind to the end (the easy
computer against the medium one), then measures, side by side on the same games, the
CPU seconds (``time.process_time``) of ``game.review()`` cold and after the positions were
searched as the game went (what the board does), and of that background search. It
prints per kind the median and the slowest review of each and the ratio cold / board,
and checks that both reviews say the same and leave the game as it was.

Run it with ``python bench/review.py`` (``--games 5``).
Exit status: 0 when every check held, else 1.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

try:
    import mathplay  # noqa: F401
except ImportError:  # run from a checkout without installing: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mathplay import Binary, Mixmath, Summy
from mathplay.ai import best, make_player

KINDS: dict[str, Any] = {
    "summy 15x15": lambda seed: Summy(seed=seed),
    "summy 25x25": lambda seed: Summy(seed=seed, size=25),
    "mixmath": lambda seed: Mixmath(seed=seed),
    "binary": lambda seed: Binary(seed=seed),
}


def _cpu(work: Any) -> tuple[float, Any]:
    started = time.process_time()
    result = work()
    return time.process_time() - started, result


def _said(review: Any) -> list[tuple[str, int]]:
    return [(turn.played, turn.best_points) for turn in review.turns]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per kind")
    args = parser.parse_args()
    ok = True
    print(f"{'kind':12} {'turns':>6} {'cold median':>12} {'cold max':>9} "
          f"{'board median':>13} {'board max':>10} {'cold/board':>11} "
          f"{'background':>11}")  # fmt: skip
    for name, make in KINDS.items():
        cold, board, background, turns = [], [], [], []
        for seed in range(1, args.games + 1):
            game = make(seed)
            players = [make_player("easy", seed), make_player("medium", seed + 1)]
            while not game.is_over:
                players[game.to_move].play_turn(game)
            before = game.save()
            best.forget()
            seconds, cold_review = _cpu(game.review)
            cold.append(seconds)
            # As a board: each position searched in the background after its move.
            best.forget()
            replay = game.copy()
            while replay.ply:
                replay.undo()
            spent = _cpu(partial(best.search_positions, replay))[0]
            for entry in game.history:
                replay.play(entry.move)
                spent += _cpu(partial(best.search_positions, replay))[0]
            background.append(spent)
            seconds, board_review = _cpu(game.review)
            board.append(seconds)
            turns.append(len(board_review.turns))
            ok = ok and game.save() == before and _said(cold_review) == _said(board_review)
        print(
            f"{name:12} {statistics.median(turns):>6.0f} {statistics.median(cold):>12.3f} "
            f"{max(cold):>9.3f} {statistics.median(board):>13.3f} {max(board):>10.3f} "
            f"{statistics.median(cold) / statistics.median(board):>11.0f} "
            f"{statistics.median(background):>11.3f}"
        )
    if not ok:
        print("a review changed its game, or the two reviews differ", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
