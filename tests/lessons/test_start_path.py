"""No lesson imports sympy before it must: in the browser, importing sympy takes
about 3 s (its modules are compiled on the spot), and while the kernel does it, the
lesson's widgets wait for it. Each lesson's code cells run in order, each result shown as
a kernel shows it (every format of its repr); sympy may come only with a cell that asks
for a sympy number on purpose (``mathplay.evaluate``, whose answer is one).

Found by it: ``repr()`` of a true verdict imported sympy; in lesson 5 on the website the
first widget came 2.7 s later because of it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))

RUN = r"""
import json, sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
cells = json.loads(sys.stdin.read())
for number, code in enumerate(cells):
    before = "sympy" in sys.modules
    result = shell.run_cell(code)
    if not before and "sympy" in sys.modules:
        print("SYMPY-CAME " + json.dumps({"cell": number, "code": code}))
        break
"""


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=[path.stem for path in LESSONS])
def test_sympy_comes_only_with_a_cell_that_asks_for_it(lesson: Path) -> None:
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    done = subprocess.run([sys.executable, "-c", RUN], input=json.dumps(cells),
                          capture_output=True, text=True, timeout=300,
                          cwd=lesson.parent)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("SYMPY-CAME ")]
    if lines:
        first = json.loads(lines[-1].removeprefix("SYMPY-CAME "))
        assert "mathplay.evaluate(" in first["code"], (
            f"cell {first['cell']} of {lesson.name} imports sympy: {first['code'][:200]}"
        )
