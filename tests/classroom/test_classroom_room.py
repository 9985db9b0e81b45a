"""The classroom is its own room: importing it imports nothing else, and the old name
of its ``progress`` module still finds it."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_classroom_imports_none_of_its_modules_nor_the_puzzles() -> None:
    code = (
        "import sys, mathplay.classroom\n"
        "print(sorted(m for m in sys.modules if m.startswith(('mathplay.classroom.',"
        " 'mathplay.puzzles'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
