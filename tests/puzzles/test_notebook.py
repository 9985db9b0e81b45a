"""The student notebook."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest

from mathplay.__main__ import main as mathplay_main
from mathplay.puzzles import load
from mathplay.puzzles.notebook import write_notebook
from tests.puzzles.helpers import puzzle_file


def test_notebook_for_a_file_refers_to_it_relatively(tmp_path: Path) -> None:
    source = tmp_path / "sets" / "mine.toml"
    source.parent.mkdir()
    source.write_text(puzzle_file('id = "a"\nkind = "missing"\nequation = "3 + _ = 7"'))
    out = tmp_path / "class" / "mine.ipynb"
    out.parent.mkdir()
    assert write_notebook(source, out) == out
    nb = nbformat.read(out, as_version=4)
    nbformat.validate(nb)
    code = next(c for c in nb.cells if c.cell_type == "code").source
    assert "PuzzleSet('../sets/mine.toml')" in code
    assert "3 + _ = 7" in nb.cells[-1].source
    assert "answer" not in nb.cells[-1].source


def test_notebook_for_a_shipped_set_runs(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = write_notebook("bitwise")
    assert path == Path("bitwise.ipynb")
    nb = json.loads(path.read_text())
    assert nb["nbformat"] == 4 and nb["metadata"]["mathplay"]["puzzle_set"] == "Bitwise logic"
    code = "".join(nb["cells"][1]["source"])
    namespace: dict = {}
    exec(compile(code, "cell", "exec"), namespace)  # the cell's code works as written
    assert len(nb["cells"][2]["source"]) == len(load("bitwise").puzzles) + 2


def test_cli_notebook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "arith.ipynb"
    assert mathplay_main(["puzzles", "notebook", "arithmetic", "-o", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    nbformat.validate(nbformat.read(out, as_version=4))
    bad = tmp_path / "bad.toml"
    bad.write_text("title = 1\n")
    assert mathplay_main(["puzzles", "notebook", str(bad)]) == 2
    assert "give the set a title" in capsys.readouterr().err
    assert not os.path.exists(tmp_path / "bad.ipynb")
