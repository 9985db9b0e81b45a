"""Records that can be trusted: per-pupil files, the fields of a record, time on task."""

from __future__ import annotations

import json
import os
import string
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathplay import PuzzleSet
from mathplay.classroom import records
from mathplay.classroom.where import log_path, name_key, safe_file_name
from mathplay.puzzles import write
from mathplay.puzzles.generate import generate
from mathplay.widgets.practice import Practice
from tests.classroom.conftest import FakeClock

SAFE = set(string.ascii_lowercase + string.digits + ".-_")


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


# --- file names -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "file"),
    [("Ana", "ana"), (" ana ", "ana"), ("bo-2", "bo-2"), ("ana.b", "ana.b")],
)
def test_a_plain_name_is_its_own_file_name(name: str, file: str) -> None:
    assert safe_file_name(name) == file


@pytest.mark.parametrize(
    "name", ["Ana B", "Zoë", "../../etc/passwd", "a/b", "CON", "", "   ", "x" * 300, "李雷", ".ana"]
)
def test_an_unsafe_name_gets_a_short_hash(name: str) -> None:
    file = safe_file_name(name)
    assert set(file) <= SAFE and "_" in file and len(file) <= 51
    assert not file.startswith(".") and "/" not in file


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.text(max_size=40))
def test_different_names_never_share_a_file(a: str, b: str) -> None:
    if name_key(a) != name_key(b):
        assert safe_file_name(a) != safe_file_name(b)
    else:
        assert safe_file_name(a) == safe_file_name(b)
    for name in (a, b):
        file = safe_file_name(name)
        assert set(file) <= SAFE and 0 < len(file) <= 60 and not file.startswith(".")


def test_the_progress_folder_gives_each_pupil_a_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MATHPLAY_DATA_DIR", str(tmp_path / "data"))
    assert log_path("Ana") == tmp_path / "data" / "mathplay-progress.jsonl"  # data_dir()
    assert log_path("Ana", tmp_path / "mine.jsonl") == tmp_path / "mine.jsonl"
    assert log_path("Ana", None) is None
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(tmp_path / "class"))
    assert log_path(" ana ") == tmp_path / "class" / "ana.jsonl"
    assert log_path("Ana", tmp_path / "mine.jsonl") == tmp_path / "mine.jsonl"  # log= wins
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", "~/mp")
    assert log_path("Ana") == Path.home() / "mp" / "ana.jsonl"


def test_widgets_write_per_pupil_files_in_the_progress_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = tmp_path / "class"
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(folder))
    for who in ("Ana", "Bo", "ana"):
        PuzzleSet("arithmetic", only=[1], who=who).check("5")
    assert sorted(p.name for p in folder.iterdir()) == ["ana.jsonl", "bo.jsonl"]
    assert [r["who"] for r in lines(folder / "ana.jsonl")] == ["Ana", "ana"]
    # "ana" is Ana: her file is read back when she comes back.
    PuzzleSet("arithmetic", only=[1], who="Ana").check("4")
    assert PuzzleSet("arithmetic", only=[1], who="ana").solved_now
    if os.name == "posix":
        assert (folder / "ana.jsonl").stat().st_mode & 0o007 == 0  # others cannot read it


# --- the fields -------------------------------------------------------------------------


def test_a_record_has_every_field(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/ana/lessons/01-equations.ipynb")
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], who="Ana", log=log)
    ps.check("5")
    ps.hint()
    ps.check("4")
    wrong, right = lines(log)
    assert list(wrong)[:14] == ["who", "when", "set", "seed", "lesson", "notebook", "puzzle",
                                "question", "answer", "right", "hints", "solution_seen",
                                "seconds", "version"]  # fmt: skip
    assert wrong["who"] == "Ana" and wrong["set"] == "Adding and subtracting"
    assert wrong["puzzle"] == "add-1" and wrong["question"] == "3 + _ = 7"
    assert wrong["notebook"] == "/home/ana/lessons/01-equations.ipynb"
    assert wrong["lesson"] == "01-equations" and wrong["seed"] is None
    assert (wrong["answer"], wrong["right"], wrong["hints"]) == ("5", False, 0)
    assert (right["answer"], right["right"], right["hints"]) == ("4", True, 1)
    when = datetime.fromisoformat(wrong["when"])
    assert when.tzinfo is not None and abs(when.timestamp() - datetime.now().timestamp()) < 60


def test_no_notebook_is_null(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    records.record(log, who="Ana", puzzle_set="S", puzzle="p", answer="1", right=True)
    assert lines(log)[0]["notebook"] is None and lines(log)[0]["lesson"] is None


def test_a_generated_set_and_a_practice_record_their_seed(tmp_path: Path) -> None:
    sheet_file = tmp_path / "gen.toml"
    sheet_file.write_text(write(generate("missing", 1, 2, seed=42)))
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet(sheet_file, who="Ana", log=log)
    ps.check(ps.puzzle.answer)
    practice = Practice("convert", 1, who="Ana", log=log)
    practice.check(practice.puzzle.answer)
    generated, practised = lines(log)
    assert generated["seed"] == 42
    assert practised["seed"] == practice.seed and practised["kind"] == "convert"


def test_a_check_after_solving_is_no_new_attempt(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], who="Ana", log=log)
    ps.check("4")
    ps.check("4")
    ps.check("5")
    assert len(lines(log)) == 1 and "already solved" in ps.feedback.value


# --- time on task -----------------------------------------------------------------------


def test_seconds_run_from_the_last_action(clock: FakeClock, tmp_path: Path) -> None:
    """A lesson runs all its cells at once: every puzzle is shown at the start. The
    seconds of each attempt still count only the time since the pupil's last action,
    so they add up to the time on the lesson."""
    log = tmp_path / "p.jsonl"
    cells = [PuzzleSet("arithmetic", only=[n], who="Ana", log=log) for n in (1, 2, 3)]
    clock.wait(40)
    cells[0].check("5")  # wrong, after 40 s
    clock.wait(20)
    cells[0].hint()  # a hint is no attempt: its time goes to the next one
    clock.wait(10)
    cells[0].check("4")  # right, 30 s later
    clock.wait(5)
    cells[0].check("4")  # already solved: not recorded, clock untouched
    clock.wait(55)
    cells[1].check(cells[1].puzzle.answer)  # 60 s after the last attempt
    clock.wait(30)
    cells[2].check(cells[2].puzzle.answer)
    seconds = [r["seconds"] for r in lines(log)]
    assert seconds == [40.0, 30.0, 60.0, 30.0]
    assert sum(seconds) == clock.now - 1000  # the sum is the time on task


def test_an_end_check_counts_the_time_to_next_on_every_item(
    clock: FakeClock, tmp_path: Path
) -> None:
    """The minutes left out the time after the last try on an end-check item
    before Next (on the last item, all of it). Next writes it down, as no attempt."""
    from mathplay.classroom.report import summary
    from mathplay.puzzles.moments import CHECK

    log = tmp_path / "p.jsonl"
    check = PuzzleSet("arithmetic", only=[1, 2], who="Ana", log=log, moment=CHECK)
    clock.wait(10)
    check.check(check.puzzle.answer)
    clock.wait(7)  # reading "Right!", then Next
    check.next_button.click()
    clock.wait(20)
    check.check("0")  # wrong: one answer in an end check
    clock.wait(9)  # reading, then Next on the last item
    check.next_button.click()
    rows = lines(log)
    assert [(r.get("event"), r["seconds"]) for r in rows] == [
        (None, 10.0), ("next", 7.0), (None, 20.0), ("next", 9.0),
    ]  # fmt: skip
    s = summary(log)
    assert s.attempts == 2  # the Next lines are no attempts
    assert [r["attempts"] for r in s.rows] == [1, 1]
    assert sum(r["seconds"] for r in s.rows) == 46.0 == clock.now - 1000
    assert records.read_attempts(log) == (records.read_attempts(log)[0], 0)
    assert all("event" not in a for a in records.read_attempts(log)[0])


def test_a_puzzle_shown_later_starts_its_own_clock(clock: FakeClock, tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    first = PuzzleSet("arithmetic", who="Ana", log=log)
    clock.wait(10)
    first.check("4")
    clock.wait(100)  # reading the feedback, then Next
    first.next_button.click()
    clock.wait(25)
    first.check(first.puzzle.answer)
    assert [r["seconds"] for r in lines(log)] == [10.0, 25.0]


def test_the_summary_adds_time_on_task(clock: FakeClock, tmp_path: Path) -> None:
    from mathplay.classroom import progress

    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", only=[1], who="Ana", log=log)
    for answer in ("1", "2", "3", "4"):
        clock.wait(60)
        ps.check(answer)
    s = progress.summary(log)
    assert s.by_student.rows[0]["minutes"] == 4.0
    assert s.cell("ana", "Adding and subtracting", "add-1")["seconds"] == 240.0


def test_older_records_count_the_longest_time_of_a_puzzle(tmp_path: Path) -> None:
    from mathplay.classroom import progress

    log = tmp_path / "old.jsonl"
    log.write_text("".join(
        json.dumps({"who": "Ana", "set": "S", "puzzle": "p1", "answer": a, "right": r,
                    "hints": 0, "time": "2026-01-01T09:00:00+00:00", "seconds": s}) + "\n"
        for a, r, s in (("1", False, 20), ("2", False, 50), ("3", True, 90))
    ))  # fmt: skip
    assert progress.summary(log).by_student.rows[0]["minutes"] == 1.5  # not 160 s


def test_appends_where_fcntl_has_no_flock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide (JupyterLite) has an fcntl module without flock: records are still kept."""
    import types

    monkeypatch.setattr(records, "fcntl", types.ModuleType("fcntl"))
    path = tmp_path / "p.jsonl"
    records.record(path, who="Ana", puzzle_set="s", puzzle="1", answer="2", right=True)
    records.record(path, who="Ana", puzzle_set="s", puzzle="1", answer="3", right=False)
    assert [a["answer"] for a in records.read_attempts(path)[0]] == ["2", "3"]
