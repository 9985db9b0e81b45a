"""How much a generated sheet repeats itself, and how one answer can carry it: per kind and level.

For each kind and level, over SEEDS seeds of a sheet of N puzzles (``generate``): the share
of distinct questions in a sheet (mean, and the lowest), the share of the most common
answer (mean, and the highest), the sheets that hold a **swapped twin** (the same question
with its two numbers swapped: ``3 + 4`` and ``4 + 3``, ``1011 AND 0110`` and ``0110 AND
1011``), and the sheets whose top answer is over the limit: 20 % of the sheet, or the fair
share ``ceil(N / m)`` where the level has only ``m`` different answers (``m`` counted over
all its sheets). With ``--mixmath`` it also counts the answers of 400 one-puzzle Mixmath
best-placement sheets (``move`` level 4), as a practice draws them.

The twin test is written here, apart from mathplay's own, so the same script measures an
older checkout (``git worktree add /tmp/base 243d180`` then ``PYTHONPATH=/tmp/base python
tools/practice_stats.py``) and the current one:

    python tools/practice_stats.py                       # 200 seeds of 20, all but move
    python tools/practice_stats.py --kinds convert,bitwise --seeds 50
    python tools/practice_stats.py --kinds move --seeds 10 --mixmath
"""

from __future__ import annotations

import argparse
import math
import re
import time
from collections import Counter
from typing import Any

from mathplay.puzzles.generate import KIND_LEVELS, generate

_COMMUTATIVE = {"+", "x", "AND", "OR", "XOR"}
_TOKEN = re.compile(r"AND|OR|XOR|NOT|[0-9?_]+|[-+x:/=]")


def _swap(left: list[str], op: str | None = None) -> tuple[str, ...]:
    """``a op b`` with a commutative ``op``, its two numbers in order; else as it is."""
    if len(left) == 3 and (op or left[1]) in _COMMUTATIVE:
        return (*sorted([left[0], left[2]]), left[1])
    return tuple(left)


def twin_key(kind: str, fields: dict[str, Any], answer: str | None) -> tuple[Any, ...]:
    """The same for a question and its swapped twin."""
    rest = tuple(
        sorted(
            (k, str(v))
            for k, v in fields.items()
            if k not in ("equation", "expression", "tiles", "hand", "why")
        )
    )
    if kind in ("missing", "true-or-false", "which-operation"):
        left, _eq, right = fields["equation"].partition("=")
        op = answer if kind == "which-operation" else None
        return (kind, _swap(_TOKEN.findall(left), op), right.strip(), rest)
    if kind == "bitwise":
        return (kind, _swap(_TOKEN.findall(fields["expression"])), rest)
    if kind == "target":
        return (kind, tuple(sorted(fields["tiles"].split())), rest)
    if kind == "move":
        return (kind, tuple(sorted(fields["hand"].replace(" ", ""))), rest)
    return (kind, rest)


def question(fields: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, str(v)) for k, v in fields.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("-n", type=int, default=20)
    parser.add_argument("--kinds", default=",".join(k for k in KIND_LEVELS if k != "move"))
    parser.add_argument("--mixmath", action="store_true", help="400 Mixmath best placements")
    args = parser.parse_args()
    print(f"{args.seeds} seeds of {args.n} puzzles")
    print(
        f"{'kind':<16}{'level':>5}  {'distinct':>8} {'lowest':>7}  {'top answer':>10} "
        f"{'highest':>8}  {'twins':>5}  {'over':>5}  {'answers':>7}  {'seconds':>7}"
    )
    for kind in args.kinds.split(","):
        for level in KIND_LEVELS[kind]:
            start = time.perf_counter()
            distinct, top, tops = [], [], []
            twins = 0
            every: set[str | None] = set()
            for seed in range(args.seeds):
                puzzles = generate(kind, level, args.n, seed=seed).puzzles
                distinct.append(len({question(p.fields) for p in puzzles}) / len(puzzles))
                answers = Counter(p.answer for p in puzzles)
                every.update(answers)
                tops.append(answers.most_common(1)[0][1])
                top.append(tops[-1] / len(puzzles))
                keys = [twin_key(kind, p.fields, p.answer) for p in puzzles]
                questions = [question(p.fields) for p in puzzles]
                twins += any(
                    keys[i] == keys[j] and questions[i] != questions[j]
                    for i in range(len(keys))
                    for j in range(i)
                )
            limit = max(math.ceil(args.n * 0.2), math.ceil(args.n / len(every)))
            over = sum(t > limit for t in tops)
            took = time.perf_counter() - start
            print(
                f"{kind:<16}{level:>5}  {sum(distinct) / len(distinct):>8.0%} "
                f"{min(distinct):>7.0%}  {sum(top) / len(top):>10.0%} {max(top):>8.0%}  "
                f"{twins:>5}  {over:>5}  {len(every):>7}  {took:>7.1f}",
                flush=True,
            )
    if args.mixmath:
        answers = Counter(
            generate("move", 4, 1, seed=seed).puzzles[0].answer for seed in range(400)
        )
        (answer, count), *_rest = answers.most_common(1)
        print(
            f"Mixmath best placement, 400 puzzles: {len(answers)} different answers, "
            f"the most common {answer!r} {count} times ({count / 400:.0%})"
        )


if __name__ == "__main__":
    main()
