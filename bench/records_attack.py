"""Benchmark: a teacher's page and the classmates' sends with and without a hostile pupil.

On a real JupyterHub (configurable-http-proxy from npm) with PostgreSQL (Debian's
package, a throwaway server), the class of :mod:`tests.hub.attack`: 30 classmates send
their answers as their kernels do, one polls her own page, two teachers poll their
classes' pages (mrs-k's class 7b and mr-t's class 7c) every half second; first without
eve, then with eve padding her records, flooding with new sets, fetching her records in a
loop and holding 300 waits for a move (4,500 records of hers stored before).

Printed: each run's p95 and slowest (ms) of every teacher request, every classmate's send
and the pupil's page, the machine's load; then each teacher's p95 with eve beside the p95
without her, and the ratio. Run it with ``python bench/records_attack.py`` (``--runs N``
pairs of runs; the medians are compared). Exit status: 0 when nothing was lost and nobody
was refused, else 1.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hub.attack import CLASSES, TEACHERS, USERS, Attack, AttackRun  # noqa: E402
from tests.hub.hubserver import install_proxy, proxy_command  # noqa: E402
from tests.hub.postgres import Postgres  # noqa: E402
from tests.hub.records_hub import RecordsHub  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="pairs of runs (default 1)")
    args = parser.parse_args()
    proxy = proxy_command() or install_proxy()
    without: list[AttackRun] = []
    with_eve: list[AttackRun] = []
    with Postgres() as server, RecordsHub(server.url, proxy, users=USERS, classes=CLASSES) as hub:
        attack = Attack(hub)
        for _ in range(args.runs):
            for attacker, runs in ((False, without), (True, with_eve)):
                run = attack.run(attacker)
                print(run.line(), flush=True)
                runs.append(run)
    print()
    for name in (*TEACHERS, "classmates", "page"):

        def p95(run: AttackRun, name: str = name) -> float:
            if name == "classmates":
                return run.p(run.classmate_ms, 0.95)
            if name == "page":
                return run.p(run.page_ms, 0.95)
            return run.p(run.teacher_ms[name], 0.95)

        base = statistics.median(p95(r) for r in without)
        attacked = statistics.median(p95(r) for r in with_eve)
        label = {"classmates": "classmates' sends", "page": "a pupil's page"}.get(
            name, f"teacher {name}"
        )
        ratio = attacked / base if base else float("inf")
        print(f"{label}: p95 {attacked:.0f} ms with eve, {base:.0f} ms without: x{ratio:.2f}")
    bad = [r for r in (*without, *with_eve)
           if r.stored != r.sent or r.classmate_errors or r.teacher_errors]  # fmt: skip
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
