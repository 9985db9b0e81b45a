"""How varied and balanced generated sheets are: one line per kind and level.

For each kind and level, over SEEDS seeds of a sheet of N puzzles: the share of distinct
questions in a sheet (mean over the sheets, and the lowest), and the share of the most
common answer (mean, and the highest).

    python tools/generator_report.py                 # 200 seeds of 20 puzzles
    python tools/generator_report.py --seeds 50 --kinds convert,target
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from mathplay.puzzles.generate import KIND_LEVELS, generate


def question(fields: dict) -> tuple:
    """A puzzle's question: its fields, as something that can be counted."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in fields.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("-n", type=int, default=20)
    parser.add_argument("--kinds", default=",".join(KIND_LEVELS))
    args = parser.parse_args()
    print(f"{args.seeds} seeds of {args.n} puzzles")
    print(
        f"{'kind':<16}{'level':>5}  {'distinct':>8} {'lowest':>7}  {'top answer':>10} "
        f"{'highest':>8}  {'seconds':>7}"
    )
    for kind in args.kinds.split(","):
        for level in KIND_LEVELS[kind]:
            start = time.perf_counter()
            distinct, top = [], []
            for seed in range(args.seeds):
                puzzles = generate(kind, level, args.n, seed=seed).puzzles
                distinct.append(len({question(p.fields) for p in puzzles}) / len(puzzles))
                answers = Counter(p.answer for p in puzzles)
                top.append(answers.most_common(1)[0][1] / len(puzzles))
            took = time.perf_counter() - start
            print(
                f"{kind:<16}{level:>5}  {sum(distinct) / len(distinct):>8.0%} "
                f"{min(distinct):>7.0%}  {sum(top) / len(top):>10.0%} {max(top):>8.0%}  "
                f"{took:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
