"""Benchmark: how long a child waits for a computer turn or a hint, beside a baseline.

For each game and each kind of computer player it plays seeded games against the greedy
player (the kind measured sits on the first seat in even games, the second in odd ones)
and times every whole turn the measured player plays. Before each turn of its opponent it
asks for a hint (``hint(game, level=1)``, the call that searches; levels 2 and 3 reuse its
answer) and times that too. It prints, per game and kind, the number of turns timed and
the 50th and 95th percentile and the slowest, in milliseconds, for this checkout and,
side by side, for a baseline commit (by default the code before issue 23's budgets),
run in a temporary git worktree in the same run, so both meet the same machine load.

The games (``--cases``):

- ``mixmath``: two players, the standard set;
- ``summy-15`` and ``summy-25``: two players on the 15×15 and 25×25 tables;
- ``binary``: two players, the standard chips;
- ``binary-blanks``: the same, but only games whose first hand holds a blank (``?``), where
  a hand can make millions of moves.

The kinds (``--kinds``) are the levels' players (``easy``, ``greedy`` for medium,
``expert`` for hard) and ``strong``; ``random`` can be added (it lists every legal move
on purpose, so with blanks its turn takes seconds). The row ``hint`` is the hints.

    python bench/turn_latency.py [--games 20] [--seed 1] [--cases mixmath,binary]
        [--kinds easy,greedy] [--baseline REF | --no-baseline]

Timings move with the machine's load (2 cores here): compare the two columns of one run,
not runs made at different times.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

CASES = ("mixmath", "summy-15", "summy-25", "binary", "binary-blanks")
KINDS = ("easy", "greedy", "strong", "expert")
#: The code before issue 23 cut searches by a budget: main at the end of session 8.
BASELINE = "4398f4a"
#: A game that runs past this many plies is stopped (no game here comes near it).
MAX_PLIES = 400


def new_game(case: str, seed: int) -> Any:
    """The seeded game of ``case``; ``binary-blanks`` skips seeds until a hand holds a ?."""
    import mathplay

    if case == "mixmath":
        return mathplay.Mixmath(players=2, seed=seed)
    if case.startswith("summy-"):
        return mathplay.Summy(players=2, seed=seed, size=int(case.split("-")[1]))
    if case == "binary":
        return mathplay.Binary(players=2, seed=seed)
    if case == "binary-blanks":
        while True:
            game = mathplay.Binary(players=2, seed=seed)
            if "?" in game.hands[0]:
                return game
            seed += 1_000_003
    raise SystemExit(f"turn_latency: there is no game {case!r}: choose from {', '.join(CASES)}")


def play_and_time(case: str, kind: str, games: int, seed: int) -> dict[str, list[float]]:
    """Seconds per turn of ``kind`` and per hint, over ``games`` games against greedy."""
    from mathplay.ai import make_player
    from mathplay.ai.hints import hint

    turns: list[float] = []
    hints: list[float] = []
    for number in range(games):
        game = new_game(case, seed + number)
        measured = number % 2
        players = [make_player("greedy", seed=seed + number) for _ in range(2)]
        players[measured] = make_player(kind, seed=seed + number)
        for _ in range(MAX_PLIES):
            if game.is_over:
                break
            seat = game.to_move
            if seat != measured:
                start = time.perf_counter()
                hint(game, level=1)
                hints.append(time.perf_counter() - start)
            start = time.perf_counter()
            players[seat].play_turn(game)
            if seat == measured:
                turns.append(time.perf_counter() - start)
    return {"turns": turns, "hints": hints}


def measure(cases: list[str], kinds: list[str], games: int, seed: int) -> dict[str, Any]:
    """``{case: {kind or "hint": [seconds, ...]}}``; hints are pooled over every kind's
    games, since the hint does not depend on who plays."""
    result: dict[str, Any] = {}
    for case in cases:
        rows: dict[str, list[float]] = {"hint": []}
        for kind in kinds:
            timed = play_and_time(case, kind, games, seed)
            rows[kind] = timed["turns"]
            rows["hint"].extend(timed["hints"])
            print(f"  measured {case} {kind}", file=sys.stderr, flush=True)
        result[case] = rows
    return result


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile (nearest rank) of ``values``, which is not empty."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def summary(values: list[float]) -> str:
    if not values:
        return f"{'-':>6} {'-':>7} {'-':>7} {'-':>7}"
    ms = [v * 1000 for v in values]
    return f"{len(ms):>6} {percentile(ms, 0.5):>7.1f} {percentile(ms, 0.95):>7.1f} {max(ms):>7.1f}"


def baseline_run(ref: str, args: argparse.Namespace) -> dict[str, Any]:
    """Run this same script against the code of ``ref``, checked out in a temporary git
    worktree (this script only uses what both have: the games, ``make_player``,
    ``hint``)."""
    repo = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="mathplay-baseline-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(repo), "worktree", "add", "--detach", "-q", str(tree), ref],
            check=True,
        )
        try:
            command = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--json",
                "--no-baseline",
                f"--games={args.games}",
                f"--seed={args.seed}",
                f"--cases={args.cases}",
                f"--kinds={args.kinds}",
            ]
            env = {**os.environ, "PYTHONPATH": str(tree)}
            out = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
            return dict(json.loads(out.stdout))
        finally:
            subprocess.run(
                ["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)], check=False
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--baseline", default=BASELINE, help="a git commit to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="measure this checkout only")
    parser.add_argument("--json", action="store_true", help="print the seconds as JSON")
    args = parser.parse_args()
    cases = [c for c in args.cases.split(",") if c]
    kinds = [k for k in args.kinds.split(",") if k]
    for case in cases:
        if case not in CASES:
            raise SystemExit(f"turn_latency: there is no game {case!r}: choose from {CASES}")

    if args.json:
        print(json.dumps(measure(cases, kinds, args.games, args.seed)))
        return
    # The baseline runs in a second process at the same time as this one: both meet the
    # same load (each has one of the two cores).
    base: dict[str, Any] = {}
    if not args.no_baseline:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(1) as pool:
            future = pool.submit(baseline_run, args.baseline, args)
            now = measure(cases, kinds, args.games, args.seed)
            base = future.result()
    else:
        now = measure(cases, kinds, args.games, args.seed)

    import mathplay

    head = f"{'game':<14} {'who':<7} {'turns':>6} {'p50':>7} {'p95':>7} {'max':>7}"
    label = f"   baseline {args.baseline}: turns p50 p95 max" if base else ""
    print(f"{args.games} games per game and kind, seed {args.seed}; milliseconds")
    print(f"this checkout ({mathplay.__file__})")
    print(head + label)
    for case in cases:
        for who in [*kinds, "hint"]:
            line = f"{case:<14} {who:<7} {summary(now[case][who])}"
            if base:
                line += "   " + summary(base.get(case, {}).get(who, []))
            print(line)


if __name__ == "__main__":
    main()
