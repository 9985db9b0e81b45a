"""Measure what the blocks kept in a Summy hand are worth next turn (the *leave*).

    python tools/summy_leave.py measure --games 25 --seed 5001 --out leaves.jsonl
    python tools/summy_leave.py fit leaves.jsonl [more.jsonl ...]

``measure`` plays greedy games on the 25×25 table. At a random 60% of the turns where
the stock can refill the hand, it takes the leaves of the three best sums and of one
random sum, plus two random parts of the hand, fills each hand up three times with
blocks not yet seen, and records the best score the hand can then make. ``fit`` is a
least-squares fit of that score on the blocks kept; its coefficients are the values in
``mathplay.ai.summy_eval`` (which documents the run behind them).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

DIGITS = "0123456789"
OPERATORS = "+-x:"
REFILLS = 3


def features(leave: str) -> dict[str, float]:
    """The fitted features of a leave: the same shape as ``summy_eval.leave_value``."""
    counts = Counter(leave)
    out: dict[str, float] = {"constant": 1.0}
    for digit in DIGITS:
        out[f"digit {digit}"] = min(counts[digit], 1)
    out["more of a digit"] = sum(max(0, counts[d] - 1) for d in DIGITS)
    for operator in OPERATORS:
        out[f"operator {operator}"] = min(counts[operator], 1)
    out["operators beyond 2"] = max(0, sum(counts[o] for o in OPERATORS) - 2)
    out["one ="] = min(counts["="], 1)
    out["more ="] = max(0, counts["="] - 1)
    return out


def _best_score(game: Any, seat: int, hand: list[str]) -> int:
    game._pos.to_move = seat
    game._pos.hands[seat] = hand
    return max((move.score for move in game.legal_moves()), default=0)


def measure(games: int, seed: int, out_path: str) -> None:
    from mathplay.ai import make_player
    from mathplay.ai.summy_eval import hand_after
    from mathplay.tournament import new_game

    with open(out_path, "a", encoding="utf-8") as out:
        for game_seed in range(seed, seed + games):
            rng = random.Random(game_seed)
            game = new_game("summy", game_seed)
            players = [make_player("greedy", seed=game_seed * 2 + k) for k in range(2)]
            while not game.is_over:
                seat = game.to_move
                if game.bag_size >= 8 and rng.random() < 0.6:
                    _measure_turn(game, seat, rng, out, hand_after)
                players[seat].play_turn(game)


def _measure_turn(game: Any, seat: int, rng: random.Random, out: Any, hand_after: Any) -> None:
    hand = list(game.hands[seat])
    moves = sorted(game.legal_moves(), key=lambda move: -move.score)
    unseen = list(game._pos.bag.tiles) + [
        block for other, blocks in enumerate(game.hands) if other != seat for block in blocks
    ]
    trials: list[tuple[int, list[str], Any]] = []
    if moves:
        for move in [*moves[:3], rng.choice(moves)]:
            after = game.copy()
            after.play(move)
            trials.append((move.score, hand_after(game, move), after))
    for _ in range(2):
        trials.append((0, rng.sample(hand, rng.randint(0, len(hand))), game.copy()))
    for score, leave, position in trials:
        best = []
        for _ in range(REFILLS):
            pool = list(unseen)
            rng.shuffle(pool)
            best.append(_best_score(position.copy(), seat, leave + pool[: 8 - len(leave)]))
        record = {"bag": game.bag_size, "score": score, "leave": "".join(leave), "best": best}
        out.write(json.dumps(record) + "\n")
    out.flush()


def fit(paths: Sequence[str]) -> None:
    import numpy as np

    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            rows.extend(json.loads(line) for line in lines)
    names = list(features("").keys())
    x = np.array([[features(row["leave"])[name] for name in names] for row in rows])
    y = np.array([sum(row["best"]) / len(row["best"]) for row in rows])
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    sigma2 = float(residual @ residual) / (len(y) - len(names))
    errors = np.sqrt(np.diag(sigma2 * np.linalg.inv(x.T @ x)))
    r2 = 1 - float(residual @ residual) / float(((y - y.mean()) ** 2).sum())
    print(f"{len(rows)} leaves, mean best score {y.mean():.2f}, R² {r2:.3f}")
    for name, value, error in zip(names, coef, errors):
        print(f"  {name:>20}: {value:+6.2f} ± {error:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("measure")
    run.add_argument("--games", type=int, default=25)
    run.add_argument("--seed", type=int, default=5001)
    run.add_argument("--out", default="summy_leaves.jsonl")
    fitting = sub.add_parser("fit")
    fitting.add_argument("paths", nargs="+")
    args = parser.parse_args()
    if args.command == "measure":
        measure(args.games, args.seed, args.out)
    else:
        fit(args.paths)


if __name__ == "__main__":
    main()
