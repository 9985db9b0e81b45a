"""``progress collect`` and ``progress report`` are safe on pupils' files.

Seen before: ``collect`` followed a pupil's links (another class's records, or any file
with attempt-shaped lines, arrived with no sign of where they came from); a pupil's
``x.jsonl`` linked to ``/dev/zero`` grew the teacher's process without limit (1.19 GB
after 40 s) and a FIFO blocked it forever; ``report`` read the same way; ``collect``
with a mistyped path exited 0 and wrote an empty file; names and answers went into the
CSV as typed, so ``=HYPERLINK(…)`` became a live formula; and once collected, nobody
could tell which file a record came from.

The commands run in a subprocess with a timeout, so a test that would block fails.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mathplay.classroom import records
from mathplay.classroom.collect import collect
from mathplay.classroom.records import record, source_flags


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mathplay", "progress", *args],
        capture_output=True,
        text=True,
        timeout=60,  # a FIFO or /dev/zero read would never end
        check=False,
    )


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A class folder with two honest pupils and every hostile file a pupil can make."""
    home = tmp_path / "home"
    for who in ("ana", "ben"):
        (home / who).mkdir(parents=True)
    record(home / "ana" / "mathplay-progress.jsonl", who="Ana", puzzle_set="S",
           puzzle="p1", answer="4", right=True)  # fmt: skip
    record(home / "ben" / "mathplay-progress.jsonl", who="Ben", puzzle_set="S",
           puzzle="p1", answer='=HYPERLINK("http://x","y")', right=False)  # fmt: skip
    other = tmp_path / "other-class"
    other.mkdir()
    record(other / "zoe.jsonl", who="Zoë", puzzle_set="S", puzzle="p1", answer="4", right=True)
    (home / "ben" / "theirs.jsonl").symlink_to(other / "zoe.jsonl")  # another class's file
    (home / "ben" / "class").symlink_to(other)  # a folder of them
    (home / "ben" / "loop").symlink_to(home)  # back up the tree
    (home / "ben" / "zero.jsonl").symlink_to("/dev/zero")
    os.mkfifo(home / "ben" / "pipe.jsonl")
    line = json.dumps({"who": "Ben", "set": "S", "puzzle": "p2", "right": True})
    (home / "ben" / "long.jsonl").write_text(
        "x" * (records.MOST_LINE_BYTES * 3) + "\n" + line + "\n"
    )
    return home


def test_collect_reads_ordinary_files_only_and_names_the_rest(
    hostile: Path, tmp_path: Path
) -> None:
    out = tmp_path / "class.jsonl"
    done = _run("collect", str(hostile), "-o", str(out))
    assert done.returncode == 0, done.stderr
    kept = [json.loads(line) for line in out.read_text().splitlines()]
    # Zoë is not in this class: her file was reached only through links.
    assert sorted((r["who"], r["puzzle"]) for r in kept) == [
        ("Ana", "p1"), ("Ben", "p1"), ("Ben", "p2"),
    ]  # fmt: skip
    # Every record keeps the file it came from.
    assert {r["source"] for r in kept} == {
        str(hostile / "ana" / "mathplay-progress.jsonl"),
        str(hostile / "ben" / "mathplay-progress.jsonl"),
        str(hostile / "ben" / "long.jsonl"),
    }
    warned = done.stderr
    for name in ("theirs.jsonl", "class", "loop", "zero.jsonl"):
        assert f"{hostile / 'ben' / name}: it is a link, and links are not followed" in warned
    assert f"{hostile / 'ben' / 'pipe.jsonl'}: it is not an ordinary file" in warned
    assert f"{hostile / 'ben' / 'long.jsonl'}, line 1: left out" in warned
    assert "the line is too long" in warned


def test_report_reads_the_same_way(hostile: Path, tmp_path: Path) -> None:
    done = _run("report", str(hostile), "--csv", str(tmp_path / "r.csv"))
    assert done.returncode == 0, done.stderr
    assert "Zoë" not in done.stdout
    assert "zero.jsonl: it is a link" in done.stdout  # named in the report's notes
    assert "pipe.jsonl: it is not an ordinary file" in done.stdout


def test_a_given_file_that_is_a_link_a_pipe_or_a_device_is_left_out(
    hostile: Path, tmp_path: Path
) -> None:
    out = tmp_path / "class.jsonl"
    ben = hostile / "ben"
    done = _run("collect", str(ben / "zero.jsonl"), str(ben / "pipe.jsonl"), "/dev/zero",
                "-o", str(out))  # fmt: skip
    assert done.returncode == 0
    assert out.read_text() == ""
    assert "/dev/zero: it is not an ordinary file" in done.stderr


def test_a_path_that_does_not_exist_is_an_error_and_nothing_is_written(tmp_path: Path) -> None:
    out = tmp_path / "class.jsonl"
    done = _run("collect", str(tmp_path / "hom"), "-o", str(out))
    assert done.returncode == 2
    assert "no such file or folder" in done.stderr and str(tmp_path / "hom") in done.stderr
    assert not out.exists()
    assert _run("report", str(tmp_path / "hom")).returncode == 2


def test_a_file_over_the_size_cap_is_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.jsonl"
    record(path, who="Ana", puzzle_set="S", puzzle="p1", answer="4", right=True)
    monkeypatch.setattr(records, "MOST_FILE_BYTES", 10)
    result = collect([tmp_path], tmp_path / "out" / "class.jsonl")
    assert result.records == 0
    assert any("it is bigger than" in problem for problem in result.problems)


def test_csv_cells_that_start_a_formula_are_text(hostile: Path, tmp_path: Path) -> None:
    (hostile / "ben" / "pipe.jsonl").unlink()
    out = tmp_path / "class.jsonl"
    assert _run("collect", str(hostile), "-o", str(out)).returncode == 0
    record(out, who="=cmd|' /C calc'!A0", puzzle_set="S", puzzle="p1", answer="@SUM(1)",
           right=False)  # fmt: skip
    assert _run("report", str(out), "--csv", str(tmp_path / "r.csv")).returncode == 0
    rows = list(csv.DictReader((tmp_path / "r.csv").open(encoding="utf-8")))
    cells = [value for row in rows for value in row.values()]
    assert "'=cmd|' /C calc'!A0" in cells and "'@SUM(1)" in cells
    assert """'=HYPERLINK("http://x","y")""" in cells
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]


def test_records_of_one_pupil_from_two_files_and_a_forged_handed_in_file_are_flagged(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    (home / "ana").mkdir(parents=True)
    (home / "ben").mkdir()
    record(home / "ana" / "mathplay-progress.jsonl", who="Ana", puzzle_set="S", puzzle="p1",
           answer="4", right=False)  # fmt: skip
    forged = home / "ben" / "mathplay-results-ben.jsonl"
    record(forged, who="Ben", puzzle_set="S", puzzle="p1", answer="4", right=True)
    record(forged, who="Ana", puzzle_set="S", puzzle="p2", answer="9", right=True)  # edited in
    out = tmp_path / "class.jsonl"
    done = _run("collect", str(home), "-o", str(out))
    assert done.returncode == 0
    assert "check: Ana: records come from 2 files" in done.stdout
    assert f"check: {forged}: a handed-in file names 2 pupils (Ana, Ben)" in done.stdout
    report = _run("report", str(out))
    assert "Check: Ana: records come from 2 files" in report.stdout
    assert "a handed-in file names 2 pupils (Ana, Ben); it may have been edited" in report.stdout
    # A pupil's file cannot say where it came from: collect writes the real file.
    assert source_flags([{"who": "Ana", "source": "a"}, {"who": "Ana", "source": "a"}]) == []
