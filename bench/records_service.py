"""Benchmark: the class's records service (``mathplay-records``) under a class's load.

On a real JupyterHub (configurable-http-proxy from npm) with the service the hub starts,
on SQLite and on PostgreSQL (Debian's package, a throwaway server):

- **a record**: ``--pupils`` (300) simulated pupils, each a hub user with their own hub
  token, send ``--attempts`` (20) records each, all at once, one request per record,
  through the hub's proxy. Printed: p50 and p95 of a record's time, beside the baseline,
  the same pupils asking the hub who they are (``GET /hub/api/user``, the lightest request
  a token can make), and the ratios; records stored, lost and stored twice.
- **the dashboard**: a school of ``--school`` (3,000) pupils with ``--attempts`` records
  each in the database; the time to read a class of ``--pupils`` (300) and the whole
  school and make the report's page (median of 3).

Run it with ``python bench/records_service.py`` (``--db sqlite`` or ``--db postgresql``
for one database). Exit status: 0 when nothing was lost or stored twice, else 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mathplay.hub.store import RecordStore  # noqa: E402
from tests.hub.hubserver import install_proxy, proxy_command  # noqa: E402
from tests.hub.postgres import Postgres  # noqa: E402
from tests.hub.records_hub import RecordsHub  # noqa: E402
from tests.hub.records_load import (  # noqa: E402
    dashboard_seconds,
    fill_school,
    pupils_with_tokens,
    run_load,
    timed,
)


def one_database(name: str, url: str, args: argparse.Namespace, proxy: str) -> bool:
    with RecordsHub(url, proxy, users=["mrs-k"]) as hub:
        tokens = pupils_with_tokens(hub, args.pupils)
        result = run_load(hub, tokens, args.attempts)
    print(result.line(name), flush=True)
    store = RecordStore(url)
    fill = timed(lambda: fill_school(store, args.school, args.attempts))
    names = [f"school-{n:05d}" for n in range(args.school)]
    a_class = dashboard_seconds(store, names[: args.pupils])
    school = dashboard_seconds(store, names)
    print(
        f"{name}: the dashboard for a class of {args.pupils} ({args.pupils * args.attempts} "
        f"records) {a_class:.2f} s, for a school of {args.school} "
        f"({args.school * args.attempts} records) {school:.2f} s (the school's records "
        f"written in {fill:.0f} s)",
        flush=True,
    )
    return not result.failures and result.stored == result.distinct == len(tokens) * args.attempts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=300)
    parser.add_argument("--attempts", type=int, default=20)
    parser.add_argument("--school", type=int, default=3000)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    args = parser.parse_args()
    proxy = proxy_command() or install_proxy()
    fine = True
    if args.db in ("sqlite", "both"):
        folder = Path(tempfile.mkdtemp(prefix="mathplay-bench-"))
        fine &= one_database("SQLite", f"sqlite:///{folder / 'records.sqlite'}", args, proxy)
    if args.db in ("postgresql", "both"):
        with Postgres() as server:
            fine &= one_database("PostgreSQL", server.url, args, proxy)
    return 0 if fine else 1


if __name__ == "__main__":
    raise SystemExit(main())
