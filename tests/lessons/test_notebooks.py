"""The lesson notebooks (issues #10, #21): stored stripped, shaped like a lesson, installable.

Running the lessons top to bottom is nbval's job (``pytest --nbval-lax lessons/``); these
tests check what nbval cannot: that every notebook is stored without outputs, is valid
nbformat, has learning goals, at least three guided puzzles, a self-check and a summary,
and that ``mathplay lessons build`` makes exactly the stored notebooks from the lessons'
text (``lessons/NN-name.md``). The lessons are found by their names, not listed here.
The slow test installs what Binder installs into a fresh virtual environment.
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

from mathplay.lessons.notebook import SHOW_TAG, is_hidden, made_from
from mathplay.lessons.source import read_lesson
from mathplay.startline import STALE_CLASS, START_CELL_ID

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
SOURCES = sorted(LESSONS.glob("[0-9][0-9]-*.md"))
NAMES = [path.stem for path in SOURCES]
NOTEBOOKS = [path.with_suffix(".ipynb") for path in SOURCES]


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _lesson_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The lesson's own cells: after the line that says what to press (where its text
    is lives in the metadata)."""
    starts = notebook.cells[0].id == START_CELL_ID
    return list(notebook.cells[1:] if starts else notebook.cells)


def _markdown(notebook: nbformat.NotebookNode) -> list[str]:
    return [cell.source for cell in _lesson_cells(notebook) if cell.cell_type == "markdown"]


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


def test_every_lesson_has_its_notebook_and_every_notebook_its_lesson() -> None:
    assert len(SOURCES) >= 10
    stored = sorted(path.stem for path in LESSONS.glob("*.ipynb"))
    assert stored == NAMES


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_the_metadata_says_where_the_text_is_and_no_cell_does(path: Path) -> None:
    notebook = _read(path)
    assert made_from(notebook) == path.with_suffix(".md").name
    assert not any("This notebook is made from" in cell.source for cell in notebook.cells)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_pupil_sees_no_code_but_one_line_shown_on_purpose(path: Path) -> None:
    notebook = _read(path)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    if not read_lesson(path.with_suffix(".md")).for_pupils:
        assert not any(is_hidden(cell) for cell in code)
        return
    shown = [cell for cell in code if SHOW_TAG in cell.metadata.get("tags", [])]
    for cell in code:
        if cell in shown:
            assert not is_hidden(cell) and cell.source.count("\n") == 0, cell.source
            assert cell.source.startswith(("mathplay.check(", "mathplay.evaluate(")), cell.source
        else:
            assert is_hidden(cell) and "hide-input" in cell.metadata["tags"], cell.source
            assert cell.source.startswith("\n"), cell.source  # the collapsed preview is empty


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_valid_nbformat(path: Path) -> None:
    notebook = _read(path)
    nbformat.validate(notebook)
    assert notebook.nbformat == 4
    assert notebook.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_stored_without_outputs(path: Path) -> None:
    for number, cell in enumerate(_read(path).cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {number} has outputs"
            assert cell.execution_count is None, f"cell {number} has an execution count"
        assert "attachments" not in cell or not cell.attachments


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_learning_goals_first(path: Path) -> None:
    first = _lesson_cells(_read(path))[0]
    assert first.cell_type == "markdown"
    assert first.source.startswith("# ")
    assert "## What you will learn" in first.source
    goals = first.source.split("## What you will learn", 1)[1]
    assert len(re.findall(r"^- ", goals, re.MULTILINE)) >= 2


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_the_first_line_says_what_to_press_until_the_lesson_runs(path: Path) -> None:
    notebook = _read(path)
    first = notebook.cells[0]
    if notebook.metadata["mathplay"].get("audience") == "teachers":
        assert first.id != START_CELL_ID  # teachers know what to press
        return
    assert first.id == START_CELL_ID and first.cell_type == "markdown"
    assert first.source.startswith(f'<div class="{STALE_CLASS}">')
    assert "**To start:**" in first.source and "**Run All Cells**" in first.source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_check_and_a_summary_at_the_end(path: Path) -> None:
    headings = [text for level, text in _headings(_read(path)) if level == 2]
    assert headings[-1] == "Summary"
    checks = [h for h in headings if h in ("Check what you learned", "Check yourself")]
    assert checks and headings.index(checks[0]) < headings.index("Summary")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_headings_in_order(path: Path) -> None:
    headings = _headings(_read(path))
    assert headings[0][0] == 1
    assert [level for level, _text in headings].count(1) == 1
    for (before, _a), (after, text) in itertools.pairwise(headings):
        assert after <= before + 1, f"heading {text!r} skips a level"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_at_least_three_guided_puzzles(path: Path) -> None:
    puzzles = [
        cell
        for cell in _lesson_cells(_read(path))
        if cell.cell_type == "code" and "puzzle" in cell.metadata.get("tags", [])
    ]
    for_teachers = "audience: teachers" in path.with_suffix(".md").read_text()
    assert len(puzzles) >= (1 if for_teachers else 3)
    for cell in puzzles:
        assert "PuzzleSet" in cell.source or re.search(
            r"^(\w+\.)?puzzle\((\d+|\"[\w-]+\")\)$", cell.source, re.MULTILINE
        ), cell.source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_pictures_have_a_caption(path: Path) -> None:
    cells = _lesson_cells(_read(path))
    for number, cell in enumerate(cells):
        if cell.cell_type == "code" and "plot." in cell.source:
            before = cells[number - 1]
            assert before.cell_type == "markdown" and "**Picture:**" in before.source, (
                f"cell {number} draws a picture without a description before it"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_code_cells_are_short(path: Path) -> None:
    for number, cell in enumerate(_read(path).cells):
        if cell.cell_type == "code":
            lines = cell.source.splitlines()
            long_diagram = "from_diagram" in cell.source
            assert len(lines) <= (25 if long_diagram else 12), f"cell {number} is long"


def test_puzzle_files_pass_the_puzzle_checker() -> None:
    from mathplay.puzzles import check_file

    files = sorted((LESSONS / "puzzles").glob("*.toml"))
    assert [path.stem for path in files] == NAMES
    for path in files:
        assert [str(problem) for problem in check_file(path)] == []


def test_the_stored_notebooks_are_what_the_build_makes(tmp_path: Path) -> None:
    """``mathplay lessons build`` on a copy of the lessons writes the same bytes."""
    copy = tmp_path / "lessons"
    shutil.copytree(LESSONS, copy, ignore=shutil.ignore_patterns("*.ipynb", "__pycache__"))
    result = subprocess.run(
        [sys.executable, "-m", "mathplay", "lessons", "build", str(copy)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    for path in NOTEBOOKS:
        assert (copy / path.name).read_bytes() == path.read_bytes(), (
            f"{path.name} differs from what mathplay lessons build writes: run it again"
        )


def test_the_lessons_pass_their_check() -> None:
    from mathplay.lessons.check import check_paths

    count, problems = check_paths([LESSONS])
    translations = [p for language in ("es", "ms", "el") for p in (LESSONS / language).glob("*.md")]
    assert count == len(SOURCES) + len(translations)
    assert [str(problem) for problem in problems] == []


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
        # --no-compile: Binder's image compiles the modules too, but whether they install
        # and import does not depend on it, and compiling takes much of the time.
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            "--no-compile",
            "-r",
            "binder/requirements.txt",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        env=environment,
        timeout=900,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    probe = (
        "import mathplay, mathplay.plot, mathplay.widgets.puzzle_set, jupyterlab; "
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
