"""``mathplay lessons new NAME``: a lesson to start from, that passes the check and runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from mathplay.__main__ import main
from mathplay.lessons.check import check_paths
from mathplay.lessons.notebook import is_up_to_date
from mathplay.lessons.source import read_lesson
from mathplay.lessons.template import new_lesson
from mathplay.puzzles import check_file
from mathplay.startline import START_CELL_ID

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    return lessons


def _files(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def test_a_new_lesson_has_its_puzzles_and_notebook_and_passes_the_check(folder: Path) -> None:
    written = new_lesson("binary-fractions", folder)
    assert [path.relative_to(folder).as_posix() for path in written] == [
        "00-binary-fractions.md",
        "puzzles/00-binary-fractions.toml",
        "00-binary-fractions.ipynb",
    ]
    assert check_paths([folder]) == (1, [])
    assert check_file(written[1]) == []
    assert is_up_to_date(read_lesson(written[0]))
    assert read_lesson(written[0]).cells[0].source.startswith("# Lesson 0: Binary fractions\n")


def test_a_new_lesson_follows_the_path_every_lesson_follows(folder: Path) -> None:
    (path, _puzzles, notebook_path) = new_lesson("fractions", folder)
    notebook = nbformat.read(notebook_path, as_version=4)
    nbformat.validate(notebook)
    steps = []
    # First the line that says what to press (mathplay/startline.py), then the lesson.
    assert notebook.cells[0].id == START_CELL_ID
    for cell in notebook.cells[1:]:
        if cell.cell_type == "markdown":
            steps += re.findall(r"^## (.+)$", cell.source, re.MULTILINE)
        else:  # a new lesson is for pupils: its code is hidden
            assert cell.metadata["jupyter"] == {"source_hidden": True}
            assert cell.metadata["tags"][-1] == "hide-input"
        steps += [f"[{tag}]" for tag in cell.metadata.get("tags", []) if tag != "hide-input"]
    assert steps == [
        "What you will learn",
        "A worked example",
        "Your turn",
        "[puzzle]",
        "[puzzle]",
        "[puzzle]",
        "Practice until you master it",
        "[practice]",
        "Check what you learned",
        "[check]",
        "Summary",
    ]
    assert "**Next:**" in notebook.cells[-1].source
    assert "<!-- false on purpose: 3+4=8 -->" in path.read_text()


def test_the_next_free_number_or_the_one_given(folder: Path) -> None:
    (folder / "00-welcome.md").write_text("# x\n")
    (folder / "07-bits.ipynb").write_text("{}")
    assert new_lesson("fractions", folder)[0].name == "08-fractions.md"
    assert new_lesson("12-decimals", folder)[0].name == "12-decimals.md"
    assert new_lesson("percent", folder)[0].name == "13-percent.md"


UNSAFE = ["../evil", "Fractions", "two words", "", "a" * 41, "1-fractions", "-x", "x-", "10-"]
UNSAFE += ["a/b", "fractions.md", "10-Fractions", "é"]


@pytest.mark.parametrize("name", UNSAFE)
def test_an_unsafe_name_is_refused_and_nothing_written(
    folder: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "new", "--folder", str(folder), "--", name]) == 1
    assert "cannot be a lesson's name" in capsys.readouterr().err
    assert _files(folder) == []


def test_a_lesson_that_exists_is_refused_and_nothing_written(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "new", "fractions", "--folder", str(folder)]) == 0
    before = {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}
    capsys.readouterr()
    for name in ("fractions", "00-fractions", "00-decimals", "05-fractions"):
        assert main(["lessons", "new", name, "--folder", str(folder)]) == 1
        assert "nothing written" in capsys.readouterr().err
    assert {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()} == before


def test_a_puzzle_file_in_the_way_is_refused(folder: Path) -> None:
    (folder / "puzzles").mkdir()
    (folder / "puzzles" / "00-fractions.toml").write_text("# mine\n")
    assert main(["lessons", "new", "fractions", "--folder", str(folder)]) == 1
    assert _files(folder) == ["puzzles", "puzzles/00-fractions.toml"]
    assert (folder / "puzzles" / "00-fractions.toml").read_text() == "# mine\n"


def test_the_command_says_what_to_do_next(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lessons", "new", "fractions", "--folder", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        f"wrote {folder / '00-fractions.md'}",
        f"wrote {folder / 'puzzles' / '00-fractions.toml'}",
        f"wrote {folder / '00-fractions.ipynb'}",
    ]
    assert "mathplay lessons check --build" in out[3]


@pytest.mark.slow
def test_a_new_lesson_runs_top_to_bottom(folder: Path) -> None:
    """nbval runs the new lesson's notebook in its folder, as ``pytest --nbval-lax lessons/``."""
    (_path, _puzzles, notebook) = new_lesson("fractions", folder)
    pytest_here = ["-q", "-p", "no:cacheprovider", "-c", os.devnull, "--rootdir", str(folder)]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_here, "--nbval-lax", str(notebook)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MATHPLAY_PROGRESS_DIR": str(folder)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
