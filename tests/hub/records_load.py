"""A class's worth of kernels sending records at once, through a real hub.

Each simulated pupil is a hub user with their own hub token, as a kernel has; all of them
send their attempts at the same time, one request per attempt (as a kernel sends each
answer), through the hub's proxy to the ``mathplay-records`` service, which asks the hub
whose token it is. Measured: each request's time, and beside it (the baseline) the same
pupils asking the hub itself who they are (``GET /hub/api/user``), the lightest request
a token can make. Then the database is counted: nothing lost, nothing twice.

Also the dashboard's work for a class and a school: the records of the class (or the
school) read and turned into the report's page.

Shared by ``tests/hub/test_records_load.py`` and ``bench/records_service.py``.
"""

from __future__ import annotations

import json
import statistics
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from mathplay.hub import dashboard
from mathplay.hub.store import RecordStore
from tests.hub.records_hub import SERVICE, RecordsHub


@dataclass
class LoadResult:
    """What one load run measured."""

    pupils: int
    attempts: int
    seconds: float
    record_ms: list[float] = field(default_factory=list)
    baseline_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    stored: int = 0
    distinct: int = 0
    #: Records sent a second time, to the other copy of the service.
    resent: int = 0

    @staticmethod
    def percentile(values: list[float], share: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0

    def line(self, database: str) -> str:
        p50 = statistics.median(self.record_ms) if self.record_ms else 0.0
        p95 = self.percentile(self.record_ms, 0.95)
        b50 = statistics.median(self.baseline_ms) if self.baseline_ms else 0.0
        b95 = self.percentile(self.baseline_ms, 0.95)
        lost = self.pupils * self.attempts - self.stored
        ratios = f"{p50 / b50 if b50 else 0:.2f} / {p95 / b95 if b95 else 0:.2f}"
        return (
            f"{database}: {self.pupils} pupils × {self.attempts} attempts in {self.seconds:.1f} s"
            f" ({self.pupils * self.attempts / self.seconds:.0f} records/s); a record p50 "
            f"{p50:.0f} ms, p95 {p95:.0f} ms; the hub's own GET /api/user p50 {b50:.0f} ms, "
            f"p95 {b95:.0f} ms (ratio {ratios}); "
            f"stored {self.stored}, lost {lost}, twice {self.stored - self.distinct} "
            f"(of {self.resent} sent twice), "
            f"failed requests {len(self.failures)}"
        )


def _request(url: str, token: str, body: bytes | None) -> float:
    request = urllib.request.Request(
        url,
        data=body,
        method="POST" if body is not None else "GET",
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as response:
        response.read()
        if response.status != 200:
            raise OSError(f"status {response.status}")
    return (time.perf_counter() - started) * 1000


def _attempt(pupil: str, n: int) -> str:
    return json.dumps({
        "who": pupil, "when": f"2026-12-04T10:{n // 60:02d}:{n % 60:02d}.000+00:00",
        "set": "Load", "lesson": "05-binary-numbers", "puzzle": f"p{n % 8}",
        "answer": str(n), "right": n % 3 == 0, "hints": 0, "seconds": 4.5, "version": 1,
    })  # fmt: skip


def pupils_with_tokens(hub: RecordsHub, count: int) -> dict[str, str]:
    """``count`` hub users ``load-0000``… with a hub token each."""
    names = [f"load-{n:04d}" for n in range(count)]
    for start in range(0, count, 100):
        hub.add_users(names[start : start + 100])
    with ThreadPoolExecutor(max_workers=8) as pool:
        return dict(zip(names, pool.map(hub.token_for, names), strict=True))


def run_load(
    hub: RecordsHub, tokens: dict[str, str], attempts: int, other_copy: str | None = None
) -> LoadResult:
    """Every pupil of ``tokens`` sends ``attempts`` records at once; then the baseline.

    With ``other_copy`` (the records address of a second copy of the service on the same
    database), every other record goes to it, and every fifth is sent again to the other
    copy, as a kernel's retry that lands on another copy would be."""
    result = LoadResult(len(tokens), attempts, 0.0)
    copies = [hub.url + SERVICE + "api/records"] + ([other_copy] if other_copy else [])

    def pupil(item: tuple[str, str], send: bool) -> list[float]:
        name, token = item
        times = []
        for n in range(attempts):
            try:
                if send:
                    body = json.dumps({"lines": [_attempt(name, n)]}).encode()
                    times.append(_request(copies[n % len(copies)], token, body))
                    if other_copy and n % 5 == 0:
                        result.resent += 1
                        _request(copies[(n + 1) % len(copies)], token, body)
                else:
                    times.append(_request(hub.url + "/hub/api/user", token, None))
            except (OSError, urllib.error.URLError) as error:
                result.failures.append(f"{name} #{n}: {error}")
        return times

    def everyone(send: bool) -> list[float]:
        with ThreadPoolExecutor(max_workers=len(tokens)) as pool:
            runs = pool.map(lambda item: pupil(item, send), tokens.items())
            return [t for times in runs for t in times]

    started = time.perf_counter()
    result.record_ms = everyone(True)
    result.seconds = time.perf_counter() - started
    result.baseline_ms = everyone(False)
    store = RecordStore(hub.db_url)
    rows = store.records(list(tokens))
    result.stored = len(rows)
    result.distinct = len({(r["who"], r["answer"]) for r in rows})
    return result


def fill_school(store: RecordStore, pupils: int, attempts: int) -> list[str]:
    """A school's records written straight into the database: ``pupils`` × ``attempts``."""
    names = [f"school-{n:05d}" for n in range(pupils)]
    for name in names:
        store.add(name, [_attempt(name, n) for n in range(attempts)])
    return names


def dashboard_seconds(store: RecordStore, pupils: list[str], repeat: int = 3) -> float:
    """The dashboard's work for ``pupils`` (read their records, make the report's page):
    the median of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        records = store.records(pupils)
        dashboard.report(records, pupils, -1)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def timed(function: Callable[[], object]) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started
