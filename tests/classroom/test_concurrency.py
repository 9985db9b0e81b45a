"""Appends are atomic: 30 processes × 50 attempts on one file lose or mix no line."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path

from mathplay.classroom import progress
from mathplay.classroom.records import record

PROCESSES, ATTEMPTS = 30, 50


def _pupil(path: str, number: int) -> None:
    for attempt in range(ATTEMPTS):
        record(
            path,
            who=f"pupil{number:02d}",
            puzzle_set="Concurrency",
            puzzle=f"p{attempt}",
            question="x" * (attempt * 40),  # lines from ~300 B to ~2.3 KB
            answer=str(attempt),
            right=attempt % 3 == 0,
            seconds=attempt,
        )


def test_thirty_processes_lose_and_mix_nothing(tmp_path: Path) -> None:
    path = tmp_path / "class.jsonl"
    context = multiprocessing.get_context("fork")
    start = time.perf_counter()
    workers = [context.Process(target=_pupil, args=(str(path), n)) for n in range(PROCESSES)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    took = time.perf_counter() - start
    data = path.read_bytes()
    assert data.endswith(b"\n")
    lines = data.decode("utf-8").splitlines()
    assert len(lines) == PROCESSES * ATTEMPTS
    seen = {(e["who"], e["puzzle"]) for e in map(json.loads, lines)}
    assert len(seen) == PROCESSES * ATTEMPTS
    assert progress.summary(path).attempts == PROCESSES * ATTEMPTS
    print(f"\n{PROCESSES} processes × {ATTEMPTS} attempts: {len(lines)} intact lines "
          f"in {took:.2f} s")  # fmt: skip
