"""``tools/sample_class.py`` (a sample class's progress files, for the docs and a
teacher's first try) runs for every seed, and each answer it records as right is one the
puzzle's own check calls right, and each wrong one wrong. Before, seeds 1, 2, 3 and the
default 6 stopped with StopIteration at a false equation whose choices ask why first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mathplay.puzzles import load
from mathplay.puzzles.kinds import KINDS

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "sample_class.py"


@pytest.mark.parametrize("seed", [1, 2, 3, 6])
def test_the_sample_class_runs_and_its_answers_are_true_to_the_checks(
    seed: int, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--seed", str(seed), "--pupils", "8", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "wrote 8 pupils' files" in done.stdout
    puzzles = {}
    for name in ("01-equations", "05-binary-numbers", "07-bitwise-logic"):
        for puzzle in load(ROOT / "lessons" / "puzzles" / f"{name}.toml").puzzles:
            puzzles[puzzle.id] = puzzle
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 8
    checked = 0
    for file in files:
        for line in file.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            puzzle = puzzles[entry["puzzle"]]
            result = KINDS[puzzle.kind].check(puzzle, entry["answer"])
            assert result.right == entry["right"], entry
            checked += 1
    assert checked > 8 * 10
