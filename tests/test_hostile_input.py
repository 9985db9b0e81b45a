"""The small doors a hostile pupil found, each reproduced first: a pupil's name that would command
the teacher's terminal, a port or a folder that cannot be, a canonical text too long to
check again, a puzzle file that takes minutes, a demo game of passes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mathplay.expr import check
from mathplay.expr.tokens import MAX_TEXT_LENGTH


def _mathplay(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mathplay", *args], capture_output=True,
                          text=True, timeout=timeout)  # fmt: skip


def test_a_pupils_name_never_commands_the_teachers_terminal(tmp_path: Path) -> None:
    records = tmp_path / "class.jsonl"
    name = "\x1b]0;pwned\x07\x1b[2JAna\r"
    records.write_text(json.dumps({"who": name, "set": "S", "puzzle": "p1",
                                   "answer": "\x1b[31m4\x9b", "right": False}) + "\n")  # fmt: skip
    done = _mathplay("progress", "report", str(records))
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout and "\r" not in done.stdout
    assert "\x9b" not in done.stdout
    assert "\ufffd]0;pwned\ufffd\ufffd[2JAna" in done.stdout  # shown, as text


def test_a_port_that_cannot_be_is_named(tmp_path: Path) -> None:
    (tmp_path / "jupyter-lite.json").write_text("{}")
    for port in ("99999", "0", "-1", "eighty"):
        done = _mathplay("site", "serve", str(tmp_path), "--port", port, timeout=30)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert f"'{port}' is not a port: a port is a number from 1 to 65535" in done.stderr


def test_a_site_folder_that_cannot_be_made_is_named_before_building(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x")
    done = _mathplay("site", "build", str(tmp_path / "a-file" / "site"), timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"error: cannot make the site's folder {tmp_path / 'a-file' / 'site'}: "
        f"{tmp_path / 'a-file'} is a file, not a folder"
    )
    assert done.stdout == ""  # nothing was built first


def test_collecting_into_a_folder_names_the_folder(tmp_path: Path) -> None:
    record = {"who": "Ana", "set": "S", "puzzle": "p", "answer": "1", "right": True}
    (tmp_path / "ana.jsonl").write_text(json.dumps(record) + "\n")
    done = _mathplay("progress", "collect", str(tmp_path / "ana.jsonl"), "-o", str(tmp_path))
    assert done.returncode == 2 and ".collect-" not in done.stderr
    assert done.stderr.strip() == (
        f"error: {tmp_path} is a folder: give the file to collect into, such as "
        f"{tmp_path / 'class.jsonl'}"
    )


def test_a_canonical_text_can_always_be_checked_again() -> None:
    text = "1+" * 400 + "1=" + bin(401)[2:]  # Binary's canonical puts spaces around each +
    assert len(text) <= MAX_TEXT_LENGTH
    first = check(text, base=2)
    assert len(first.canonical) > MAX_TEXT_LENGTH
    again = check(first.canonical, base=2)
    assert again.holds and again.canonical == first.canonical
    with pytest.raises(Exception, match="the most the checker reads is 1000"):
        check("1+" * 600 + "1=1")
    with pytest.raises(Exception, match="the most the checker reads is 1000"):
        check(" " * 100_000 + "1=1")  # never read through


def test_a_puzzle_file_is_checked_within_one_budget(tmp_path: Path) -> None:
    """100 which-operation puzzles with 9 blanks and no answer took 45 s to check; the
    file's searches now share one budget, and each puzzle past it says so."""
    from mathplay.puzzles.validate import check_text

    puzzles = "".join(
        f'[[puzzle]]\nid = "w{n}"\nkind = "which-operation"\n'
        f'equation = "1 _ 2 _ 3 _ 4 _ 5 _ 6 _ 7 _ 8 _ 9 _ 1 = {1000 + n}"\n\n'
        for n in range(100)
    )
    problems = check_text('title = "Slow"\n\n' + puzzles, "slow.toml")
    said = [problem.message for problem in problems]
    assert len(said) == 100
    assert sum("stopped looking after 20000 tries" in m for m in said) <= 10
    assert sum("this file's puzzles took more than 200000 tries" in m for m in said) >= 90


def test_the_demo_game_is_played_when_no_sum_can_be_made() -> None:
    done = _mathplay("demo", "--seed", "0", "--size", "25")
    assert done.returncode == 0, done.stderr
    assert "Player 1: discard " in done.stdout
    assert done.stdout.count(" plays ") >= 5  # a game, not a board of passes
    assert "share the win with 0 points" not in done.stdout
