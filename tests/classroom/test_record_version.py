"""Every progress line says which version of the format wrote it."""

from __future__ import annotations

import json
from pathlib import Path

from mathplay.classroom.records import RECORD_VERSION, read_attempts, record, record_next


def test_every_line_written_carries_the_formats_version(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    record(log, who="Ana", puzzle_set="s", puzzle="p1", answer="3", right=True)
    record_next(log, who="Ana", puzzle_set="s", puzzle="p1", seconds=2.0)
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert RECORD_VERSION == 1
    assert [line["version"] for line in lines] == [1, 1]
    attempts, bad = read_attempts(log)
    assert bad == 0 and attempts[0]["version"] == 1 and attempts[0]["answer"] == "3"


def test_lines_from_before_the_version_are_still_read(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    old = {
        "who": "Ana",
        "when": "2026-11-01T10:00:00.000+00:00",
        "set": "s",
        "puzzle": "p1",
        "answer": "3",
        "right": True,
        "hints": 0,
        "solution_seen": False,
        "seconds": 4.0,
    }
    log.write_text(json.dumps(old) + "\n", encoding="utf-8")
    attempts, bad = read_attempts(log)
    assert bad == 0 and [a["puzzle"] for a in attempts] == ["p1"]
