"""No command opens a special file: ``lessons check`` and ``puzzles check``
on a pipe, on ``/dev/zero`` or a link to it, say in one line that it is not read, and
finish (before: a pipe hung them; ``/dev/zero`` grew one to 2.7 GB and ended the other
in a ``MemoryError`` traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mathplay.files import FileRefused, read_regular

NOT_READ = "it is not an ordinary file (a pipe, a device or a folder): it is not read"


def _mathplay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mathplay", *args], capture_output=True,
                          text=True, timeout=60)  # fmt: skip


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "01-pipe.md")
    (tmp_path / "02-zero.md").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "zero.toml").symlink_to("/dev/zero")
    return tmp_path


def test_lessons_check_never_opens_a_pipe_or_a_device(hostile: Path) -> None:
    done = _mathplay("lessons", "check", str(hostile))
    assert done.returncode == 1, done.stderr
    assert f"{hostile / '01-pipe.md'}:1: {NOT_READ}" in done.stdout
    assert f"{hostile / '02-zero.md'}:1: {NOT_READ}" in done.stdout
    assert "Traceback" not in done.stderr
    given = _mathplay("lessons", "check", str(hostile / "01-pipe.md"))
    assert given.returncode == 1 and NOT_READ in given.stdout, given.stdout + given.stderr


def test_puzzles_check_never_opens_a_pipe_or_a_device(hostile: Path) -> None:
    done = _mathplay("puzzles", "check", "/dev/zero", str(hostile / "pipe.toml"),
                     str(hostile / "zero.toml"))  # fmt: skip
    assert done.returncode == 1, done.stderr
    for name in ("/dev/zero", str(hostile / "pipe.toml"), str(hostile / "zero.toml")):
        assert f"{name}: {NOT_READ}" in done.stdout
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr


def test_only_an_ordinary_file_up_to_its_cap_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_bytes(b"x" * 1000)
    assert read_regular(path, 1000) == b"x" * 1000
    with pytest.raises(FileRefused, match="bigger than 1 kB"):
        read_regular(path, 999)
    link = tmp_path / "link.toml"
    link.symlink_to(path)
    assert read_regular(link, 1000) == b"x" * 1000  # a teacher's own link is followed
    with pytest.raises(FileRefused, match="link"):
        read_regular(link, 1000, follow_links=False)
    with pytest.raises(FileRefused, match="there is no such file"):
        read_regular(tmp_path / "none.toml", 1000)
    with pytest.raises(FileRefused, match="not an ordinary file"):
        read_regular(tmp_path, 1000)


# --- where folders cannot be opened (the browser: Pyodide, JupyterLite's drive) -------


@pytest.mark.parametrize("opens_folders", [True, False], ids=["folders opened", "browser"])
def test_records_beneath_a_folder_are_read_there_and_links_and_pipes_are_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opens_folders: bool
) -> None:
    """Lesson 10 on the website read no sample record ("it could not be opened as an
    ordinary file"): Pyodide opens no folder. Where it cannot, each folder on the way is
    looked at instead, and a link or a pipe is refused all the same."""
    import mathplay.files as files
    from mathplay.classroom.records import read_lines
    from mathplay.files import open_beneath

    monkeypatch.setattr(files, "_opens_folders", lambda: opens_folders)
    (tmp_path / "class" / "7b").mkdir(parents=True)
    records = tmp_path / "class" / "7b" / "ana.jsonl"
    records.write_text('{"who": "ana", "set": "S", "puzzle": "p1", "answer": "4", '
                       '"right": true}\n', encoding="utf-8")  # fmt: skip
    lines = list(read_lines(records, tmp_path / "class"))
    assert [line.entry["who"] for line in lines if line.entry] == ["ana"], lines
    os.close(open_beneath(tmp_path, records))
    (tmp_path / "linked").symlink_to(tmp_path / "class")
    os.mkfifo(tmp_path / "class" / "pipe.jsonl")
    (tmp_path / "class" / "link.jsonl").symlink_to(records)
    for refused in (tmp_path / "linked" / "7b" / "ana.jsonl", tmp_path / "class" / "pipe.jsonl",
                    tmp_path / "class" / "link.jsonl"):  # fmt: skip
        with pytest.raises(FileRefused):
            os.close(open_beneath(tmp_path, refused))
