"""Without a hub the records go to the computer account's data folder, not beside the
lessons (``mathplay.classroom.where.data_dir``); records an older mathplay left beside
the lessons are moved there, none lost, none twice, and read back as before."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mathplay.classroom.resume import History
from mathplay.classroom.where import DEFAULT_LOG, data_dir, default_log, log_path
from mathplay.lessons.runtime import OpenLesson

LESSON = """
title = "Lesson 1: adding"

[[puzzle]]
id = "add-a"
kind = "missing"
equation = "3 + _ = 7"

[check]
puzzles = ["add-a"]
"""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No data folder given: the default one, under a home of the test's own."""
    monkeypatch.delenv("MATHPLAY_DATA_DIR", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    monkeypatch.chdir(lessons)
    return tmp_path / "home"


def _line(who: str, puzzle: str) -> str:
    return json.dumps({"who": who, "set": "S", "puzzle": puzzle, "answer": "4", "right": True,
                       "when": f"2025-01-0{len(puzzle)}T10:00:00+00:00"})  # fmt: skip


def test_the_data_folder_is_the_accounts_own(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert data_dir() == home / ".local" / "share" / "mathplay"
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    assert data_dir() == home / "xdg" / "mathplay"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/not/used")  # as the XDG rules say
    assert data_dir() == home / ".local" / "share" / "mathplay"
    monkeypatch.setenv("MATHPLAY_DATA_DIR", "~/records")
    assert data_dir() == home / "records"


def test_records_go_to_the_data_folder_and_overrides_still_win(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = home / ".local" / "share" / "mathplay" / DEFAULT_LOG
    assert log_path("Ana") == kept == default_log() and kept.parent.is_dir()
    assert oct(kept.parent.stat().st_mode & 0o777) == "0o700"
    assert log_path("Ana", tmp_path / "mine.jsonl") == tmp_path / "mine.jsonl"
    assert log_path("Ana", None) is None
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(tmp_path / "class"))
    assert log_path("Ana") == tmp_path / "class" / "ana.jsonl"
    monkeypatch.delenv("MATHPLAY_PROGRESS_DIR")
    monkeypatch.setenv("JUPYTERHUB_USER", "p13")  # on a hub: in the pupil's home, as before
    assert log_path("Ana") == Path(DEFAULT_LOG)


def test_a_lesson_records_in_the_data_folder_not_beside_the_lessons(home: Path) -> None:
    lessons = Path.cwd()
    (lessons / "puzzles").mkdir()
    (lessons / "puzzles" / "01-adding.toml").write_text(LESSON)
    lesson = OpenLesson("01")
    lesson.name_area.box.value = "Ana"
    lesson.check().check("4")
    assert not list(lessons.rglob("*.jsonl"))
    rows = (home / ".local" / "share" / "mathplay" / DEFAULT_LOG).read_text().splitlines()
    assert [(r["who"], r["puzzle"], r["right"]) for r in map(json.loads, rows)] == [
        ("Ana", "add-a", True)
    ]


def test_old_records_beside_the_lessons_are_moved_none_lost_none_twice(home: Path) -> None:
    lessons = Path.cwd()
    old = lessons / DEFAULT_LOG
    old.write_text(_line("Ana", "p1") + "\n" + _line("Ana", "p22") + "\n" + _line("Ben", "p1"))
    game = lessons / "mathplay-game-ana-summy.json"
    game.write_text("{}")
    kept = data_dir() / DEFAULT_LOG
    kept.parent.mkdir(parents=True)
    kept.write_text(_line("Ana", "p1") + "\n")  # already moved once (another kernel)
    assert log_path("Ana") == kept
    assert not old.exists() and not game.exists()
    assert (kept.parent / game.name).read_text() == "{}"
    lines = kept.read_text().splitlines()
    assert lines == [_line("Ana", "p1"), _line("Ana", "p22"), _line("Ben", "p1")]
    assert [a.puzzle for a in History.of("Ana").by_set["S"]] == ["p1", "p22"]  # read back
    old.write_text(_line("Ana", "p22") + "\n")  # an older mathplay wrote it again
    log_path("Ana")
    assert kept.read_text().splitlines() == lines


def test_a_link_beside_the_lessons_is_not_followed(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "secret.jsonl"
    elsewhere.write_text(_line("Eve", "p1") + "\n")
    os.symlink(elsewhere, Path.cwd() / DEFAULT_LOG)
    kept = log_path("Ana")
    assert kept is not None and not kept.exists()
    assert (Path.cwd() / DEFAULT_LOG).is_symlink() and elsewhere.exists()
