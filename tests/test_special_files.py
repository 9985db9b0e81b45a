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
