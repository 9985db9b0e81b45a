"""Benchmark: how long a child waits for a computer turn or a hint, beside a baseline.

For each game and each computer level it plays seeded games against the medium player
(the level measured sits on the first seat in even games, the second in odd ones) and
times every whole turn the measured player plays, in CPU time (what the turn costs this
process) and in wall time (what the child waits). Before each turn of its opponent it asks
for a hint (``hint(game, level=1)``, the call that searches; levels 2 and 3 reuse its
answer) and times that too. It prints, per game and level, the number of turns timed and
the 50th and 95th percentile and the slowest, in milliseconds, for this checkout and,
side by side, for a baseline commit run in a temporary git worktree in the same run, so
both meet the same machine load. It also prints how often the wall clock, a far safety
net, cut a search (``clock cuts``): it should be 0.

The games (``--cases``):

- ``mixmath-2``, ``mixmath-3``, ``mixmath-4``: two to four players, the standard set
  (only the seats 0 and 1 are timed, the others play medium);
- ``mixmath-challenge``: two players in challenge mode (M8);
- ``summy-9``, ``summy-15`` and ``summy-25``: two players on each table;
- ``binary``: two players, the standard chips; ``binary-blanks``: only games whose first
  hand holds a blank (``?``); ``binary-2blanks``: only games whose first hand holds two.
  A Binary row is named by the blanks in the hand at the turn: ``binary ?0``,
  ``binary ?1``, ``binary ?2`` (a hand with one blank makes thousands of moves, with two
  millions).

The levels (``--kinds``) are ``easy``, ``medium`` and ``hard`` (``strong`` and ``random``
can be added). The row ``hint`` is the hints.

``--worst DIR`` saves, per row, the game just before its slowest turn or hint
(``mathplay.load`` text with a first line saying who moved); ``--replay FILE`` times that
position again, five times.

    python bench/turn_latency.py [--games 20] [--seed 1] [--cases mixmath-2,binary]
        [--kinds easy,medium] [--baseline REF | --no-baseline] [--worst DIR]
    python bench/turn_latency.py --replay DIR/binary-?2-hard.txt

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

CASES = (
    "mixmath-2",
    "mixmath-3",
    "mixmath-4",
    "mixmath-challenge",
    "summy-9",
    "summy-15",
    "summy-25",
    "binary",
    "binary-blanks",
    "binary-2blanks",
)
KINDS = ("easy", "medium", "hard")
#: The code before turns and hints were held under 100 ms.
BASELINE = "0e18161"
#: A game that runs past this many plies is stopped (no game here comes near it).
MAX_PLIES = 400
#: The seats whose turns are timed (in a game of three or four, the first two).
TIMED_SEATS = 2


def new_game(case: str, seed: int) -> Any:
    """The seeded game of ``case``; the Binary cases with blanks skip seeds until the
    first hand holds enough of them."""
    import mathplay

    if case.startswith("mixmath-"):
        tail = case.split("-")[1]
        if tail == "challenge":
            return mathplay.Mixmath(players=2, seed=seed, mode="challenge")
        return mathplay.Mixmath(players=int(tail), seed=seed)
    if case.startswith("summy-"):
        return mathplay.Summy(players=2, seed=seed, size=int(case.split("-")[1]))
    if case.startswith("binary"):
        wanted = {"binary": 0, "binary-blanks": 1, "binary-2blanks": 2}[case]
        while True:
            game = mathplay.Binary(players=2, seed=seed)
            if game.hands[0].count("?") >= wanted:
                return game
            seed += 1_000_003
    raise SystemExit(f"turn_latency: there is no game {case!r}: choose from {', '.join(CASES)}")


def row_name(case: str, game: Any) -> str:
    """The row a turn or hint counts in: Binary's by the blanks in the hand to move."""
    if case.startswith("binary"):
        return f"binary ?{min(2, game.hands[game.to_move].count('?'))}"
    return case


class Timer:
    """CPU and wall seconds of one call, measured together."""

    def __enter__(self) -> Timer:
        self.cpu = time.process_time()
        self.wall = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu = time.process_time() - self.cpu
        self.wall = time.perf_counter() - self.wall


def player(kind: str, seed: int) -> Any:
    from mathplay.ai import make_player

    return make_player(kind, seed=seed)


def play_and_time(case: str, kind: str, games: int, seed: int, worst: dict[str, Any]) -> dict:
    """``{row: {kind or "hint": [[cpu, wall], ...]}}`` over ``games`` games against
    medium; ``worst`` keeps, per row and who, the slowest call's CPU time and position."""
    from mathplay.ai.hints import hint

    rows: dict[str, dict[str, list[list[float]]]] = {}

    def note(row: str, who: str, timer: Timer, before: str, seat: int, game_seed: int) -> None:
        rows.setdefault(row, {}).setdefault(who, []).append([timer.cpu, timer.wall])
        key = f"{row} {who}"
        if timer.cpu > worst.get(key, {}).get("cpu", -1.0):
            worst[key] = {"cpu": timer.cpu, "save": before, "who": who, "seat": seat,
                          "seed": game_seed}  # fmt: skip

    for number in range(games):
        game_seed = seed + number
        game = new_game(case, game_seed)
        measured = number % 2
        players = [player("medium", game_seed) for _ in range(game.players)]
        players[measured] = player(kind, game_seed)
        for _ in range(MAX_PLIES):
            if game.is_over:
                break
            seat = game.to_move
            row = row_name(case, game)
            before = game.save()
            if seat != measured and seat < TIMED_SEATS:
                with Timer() as timer:
                    hint(game, level=1)
                note(row, "hint", timer, before, seat, game_seed)
            with Timer() as timer:
                players[seat].play_turn(game)
            if seat == measured:
                note(row, kind, timer, before, seat, game_seed)
    return rows


def measure(cases: list[str], kinds: list[str], games: int, seed: int,
            worst: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """``{row: {kind or "hint": [[cpu, wall], ...]}, "clock cuts": n}``; hints are pooled
    over every level's games, since the hint does not depend on who plays."""
    from mathplay.ai.budget import Budget

    result: dict[str, Any] = {}
    for case in cases:
        for kind in kinds:
            for row, whos in play_and_time(case, kind, games, seed, worst).items():
                for who, values in whos.items():
                    result.setdefault(row, {}).setdefault(who, []).extend(values)
            print(f"  measured {case} {kind}", file=sys.stderr, flush=True)
    result["clock cuts"] = getattr(Budget, "clock_cuts", None)
    return result


def replay(path: Path) -> None:
    """Time the saved position of ``path`` again, five times."""
    import mathplay
    from mathplay.ai.hints import hint

    head, _, text = path.read_text(encoding="utf-8").partition("\n")
    info = json.loads(head)
    for _ in range(5):
        game = mathplay.load(text)
        with Timer() as timer:
            if info["who"] == "hint":
                hint(game, level=1)
            else:
                player(info["who"], info["seed"]).play_turn(game)
        print(f"{path.name}: {timer.cpu * 1000:.1f} ms CPU, {timer.wall * 1000:.1f} ms wall")


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile (nearest rank) of ``values``, which is not empty."""
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def summary(values: list[list[float]], which: int) -> str:
    """Count, p50, p95 and max in ms of the CPU (``which`` 0) or wall (1) seconds."""
    if not values:
        return f"{'-':>5} {'-':>6} {'-':>6} {'-':>6}"
    ms = [pair[which] * 1000 for pair in values]
    return f"{len(ms):>5} {percentile(ms, 0.5):>6.0f} {percentile(ms, 0.95):>6.0f} {max(ms):>6.0f}"


def baseline_run(ref: str, args: argparse.Namespace) -> dict[str, Any]:
    """Run this same script against the code of ``ref``, checked out in a temporary git
    worktree (this script only uses what both have: the games, ``make_player``,
    ``hint``, ``save`` and ``load``)."""
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


def save_worst(folder: Path, worst: dict[str, Any]) -> None:
    """One file per row and who: a JSON line (who, seat, seed, CPU ms), then the save."""
    folder.mkdir(parents=True, exist_ok=True)
    for key, info in worst.items():
        name = key.replace(" ", "-") + ".txt"
        head = {k: info[k] for k in ("who", "seat", "seed")} | {"cpu_ms": info["cpu"] * 1000}
        (folder / name).write_text(json.dumps(head) + "\n" + info["save"], encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--baseline", default=BASELINE, help="a git commit to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="measure this checkout only")
    parser.add_argument("--json", action="store_true", help="print the seconds as JSON")
    parser.add_argument("--worst", type=Path, help="save the slowest positions in this folder")
    parser.add_argument("--replay", type=Path, help="time a position --worst saved")
    args = parser.parse_args()
    if args.replay:
        replay(args.replay)
        return
    cases = [c for c in args.cases.split(",") if c]
    kinds = [k for k in args.kinds.split(",") if k]
    for case in cases:
        if case not in CASES:
            raise SystemExit(f"turn_latency: there is no game {case!r}: choose from {CASES}")

    worst: dict[str, Any] = {}
    if args.json:
        print(json.dumps(measure(cases, kinds, args.games, args.seed, worst)))
        return
    # The baseline runs in a second process at the same time as this one: both meet the
    # same load (each has one of the two cores).
    base: dict[str, Any] = {}
    if not args.no_baseline:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(1) as pool:
            future = pool.submit(baseline_run, args.baseline, args)
            now = measure(cases, kinds, args.games, args.seed, worst)
            base = future.result()
    else:
        now = measure(cases, kinds, args.games, args.seed, worst)
    if args.worst:
        save_worst(args.worst, worst)

    import mathplay

    cols = "  n  p50  p95  max"
    print(f"{args.games} games per game and level, seed {args.seed}; milliseconds")
    print(
        f"this checkout ({mathplay.__file__})" + (f" and baseline {args.baseline}" if base else "")
    )
    head = f"{'game':<18} {'who':<6} {'CPU:' + cols:<27} {'wall:' + cols:<27}"
    if base:
        head += f" {'baseline CPU:' + cols:<27} {'baseline wall:' + cols}"
    print(head)
    rows = [row for row in now if row != "clock cuts"]
    for row in rows:
        for who in [*kinds, "hint"]:
            if who not in now[row]:
                continue
            mine = now[row][who]
            line = f"{row:<18} {who:<6} {summary(mine, 0):<27} {summary(mine, 1):<27}"
            if base:
                old = base.get(row, {}).get(who, [])
                line += f" {summary(old, 0):<27} {summary(old, 1)}"
            print(line)
    print(
        f"clock cuts: {now['clock cuts']}"
        + (f", baseline {base.get('clock cuts')}" if base else "")
    )


if __name__ == "__main__":
    main()
