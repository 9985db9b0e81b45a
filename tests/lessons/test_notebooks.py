"""The lesson notebooks (issue #10): stored stripped, shaped like a lesson, installable.

Running the lessons top to bottom is nbval's job (``pytest --nbval-lax lessons/``); these
tests check what nbval cannot: that every notebook is stored without outputs, is valid
nbformat, has learning goals, at least three guided puzzles, a self-check and a summary,
and that ``lessons/build.py`` still produces exactly the stored notebooks. The slow test
installs what Binder installs into a fresh virtual environment.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
EXPECTED = [
    "00-welcome",
    "01-equations",
    "02-fact-families",
    "03-mixmath",
    "04-summy",
    "05-binary-numbers",
    "06-binary-arithmetic",
    "07-bitwise-logic",
    "08-binary-game",
    "09-for-teachers",
]
NOTEBOOKS = [LESSONS / f"{name}.ipynb" for name in EXPECTED]


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _markdown(notebook: nbformat.NotebookNode) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]


def _headings(notebook: nbformat.NotebookNode) -> list[tuple[int, str]]:
    out = []
    for text in _markdown(notebook):
        in_fence = False
        for line in text.splitlines():
            if line.startswith("```"):
                in_fence = not in_fence
            match = re.match(r"^(#{1,6})\s+(.*)$", line)
            if match and not in_fence:
                out.append((len(match.group(1)), match.group(2).strip()))
    return out


def test_exactly_the_lessons_of_the_issue() -> None:
    stored = sorted(path.stem for path in LESSONS.glob("*.ipynb"))
    assert stored == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_valid_nbformat(path: Path) -> None:
    notebook = _read(path)
    nbformat.validate(notebook)
    assert notebook.nbformat == 4
    assert notebook.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_stored_without_outputs(path: Path) -> None:
    for number, cell in enumerate(_read(path).cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {number} has outputs"
            assert cell.execution_count is None, f"cell {number} has an execution count"
        assert "attachments" not in cell or not cell.attachments


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_learning_goals_first(path: Path) -> None:
    notebook = _read(path)
    first = notebook.cells[0]
    assert first.cell_type == "markdown"
    assert first.source.startswith("# ")
    assert "## What you will learn" in first.source
    goals = first.source.split("## What you will learn", 1)[1]
    assert len(re.findall(r"^- ", goals, re.MULTILINE)) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_self_check_and_summary_at_the_end(path: Path) -> None:
    headings = [text for level, text in _headings(_read(path)) if level == 2]
    assert "Check yourself" in headings
    assert headings[-1] == "Summary"
    assert headings.index("Check yourself") < headings.index("Summary")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_headings_in_order(path: Path) -> None:
    headings = _headings(_read(path))
    assert headings[0][0] == 1
    assert [level for level, _text in headings].count(1) == 1
    for (before, _a), (after, text) in itertools.pairwise(headings):
        assert after <= before + 1, f"heading {text!r} skips a level"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_at_least_three_guided_puzzles(path: Path) -> None:
    puzzles = [
        cell
        for cell in _read(path).cells
        if cell.cell_type == "code" and "puzzle" in cell.metadata.get("tags", [])
    ]
    assert len(puzzles) >= 3
    for cell in puzzles:
        assert "PuzzleSet" in cell.source or re.fullmatch(r"puzzle\(\d+\)", cell.source)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_pictures_have_a_caption(path: Path) -> None:
    cells = _read(path).cells
    for number, cell in enumerate(cells):
        if cell.cell_type == "code" and "plot." in cell.source:
            before = cells[number - 1]
            assert before.cell_type == "markdown" and "**Picture:**" in before.source, (
                f"cell {number} draws a picture without a description before it"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_code_cells_are_short(path: Path) -> None:
    for number, cell in enumerate(_read(path).cells):
        if cell.cell_type == "code":
            lines = cell.source.splitlines()
            long_diagram = "from_diagram" in cell.source
            assert len(lines) <= (25 if long_diagram else 12), f"cell {number} is long"


def test_puzzle_files_pass_the_puzzle_checker() -> None:
    from mathplay.puzzles import check_file

    files = sorted((LESSONS / "puzzles").glob("*.toml"))
    assert [path.stem for path in files] == EXPECTED
    for path in files:
        assert [str(problem) for problem in check_file(path)] == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=EXPECTED)
def test_every_puzzle_cell_shows_a_puzzle_of_the_lesson_set(path: Path) -> None:
    from mathplay.puzzles import load

    cells = _read(path).cells
    loads = [
        match.group(1)
        for cell in cells
        if "def puzzle(" in cell.source
        for match in re.finditer(r'puzzles\.load\("([^"]+)"\)', cell.source)
    ]
    numbers = [
        int(match.group(1))
        for cell in cells
        if (match := re.fullmatch(r"puzzle\((\d+)\)", cell.source))
    ]
    if numbers:
        assert loads == [f"puzzles/{path.stem}.toml"]
        count = len(load(LESSONS / loads[0]).puzzles)
        assert all(1 <= number <= count for number in numbers)
        assert len(set(numbers)) == len(numbers), "a puzzle is shown twice"


def test_build_script_reproduces_the_notebooks(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(LESSONS / "build.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    for path in NOTEBOOKS:
        assert (tmp_path / path.name).read_text() == path.read_text(), (
            f"{path.name} differs from what lessons/build.py writes: run it again"
        )


def test_binder_requirements_install_the_repository() -> None:
    lines = [
        line.split("#", 1)[0].strip()
        for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    ]
    lines = [line for line in lines if line]
    assert any(re.match(r"^\.(\[.*\])?$", line) for line in lines)
    assert any(line.startswith("jupyterlab") for line in lines)


@pytest.mark.slow
def test_binder_requirements_install_into_a_fresh_venv(tmp_path: Path) -> None:
    """What Binder does: ``pip install -r binder/requirements.txt`` from the repo root.

    Binder copies the repository into its image first; so does this test (into
    ``tmp_path``), which keeps pip's build files out of the working tree.
    """
    repo = tmp_path / "repo"
    shutil.copytree(
        ROOT,
        repo,
        ignore=shutil.ignore_patterns(
            ".git",
            ".venv",
            "build",
            "dist",
            "*.egg-info",
            "__pycache__",
            ".*_cache",
            ".hypothesis",
            ".ipynb_checkpoints",
        ),
    )
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    environment = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    environment.pop("PYTHONPATH", None)
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=environment,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    probe = (
        "import mathplay, mathplay.plot, mathplay.widgets, mathplay.puzzles.widget, jupyterlab; "
        "assert mathplay.check('1+1=10', base=2).holds; print(mathplay.__file__)"
    )
    result = subprocess.run(
        [str(python), "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert str(env_dir) in result.stdout, "mathplay was not installed into the new venv"
