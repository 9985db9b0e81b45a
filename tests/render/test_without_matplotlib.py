"""Where matplotlib and numpy cannot be imported (JupyterLite, Pyodide), mathplay still
imports, the widgets and the demo still work, and every picture comes back as SVG.

A child Python runs with a ``sitecustomize`` that puts a finder first on
``sys.meta_path`` refusing ``matplotlib`` and ``numpy``, as if they were not installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mathplay

ROOT = Path(mathplay.__file__).resolve().parents[1]

BLOCKER = '''
import sys


class _NotInstalled:
    """Refuse matplotlib and numpy, as a Python without them would."""

    BLOCKED = {"matplotlib", "numpy"}

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in self.BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by the test)", name=name)
        return None


sys.meta_path.insert(0, _NotInstalled())
'''

CHILD = """
import sys, tempfile, xml.etree.ElementTree as ET
from pathlib import Path

for blocked in ("matplotlib", "numpy"):
    try:
        __import__(blocked)
    except ImportError:
        pass
    else:
        raise SystemExit(f"{blocked} was not blocked")

import mathplay
from mathplay import plot
import mathplay.ai, mathplay.puzzles, mathplay.tournament, mathplay.widgets
assert callable(mathplay.lesson) and mathplay.Practice and mathplay.PuzzleSet
progress = mathplay.progress  # mathplay.classroom.progress, loaded on first use
from mathplay.render.picture import SvgPicture
from mathplay.render.errors import PictureError
from mathplay.games.summy import Summy

game = Summy(players=2, seed=1, size=9)
game.play("B5 across 6:3=2")
pictures = {
    "board": (plot.board(game), ["Summy board, 9×9", "last move: B5 across 6:3=2"]),
    "board dark": (plot.board(game, theme="dark", last_move=False), ["Summy board, 9×9"]),
    "scores": (plot.scores(game), ["Summy: scores over the game", "moves played", "Player 1"]),
    "place values": (plot.place_values(13), ["13 = 8 + 4 + 1", "00001101"]),
    "bitwise": (plot.bitwise(12, 10, "AND"), ["12 AND 10 = 8", "1 only where both bits are 1"]),
    "not": (plot.bitwise("0101", None, "NOT"), ["NOT 5 = 10"]),
    "truth table": (plot.truth_table("xor"), ["XOR truth table", "A XOR B"]),
    "tree": (plot.expression_tree("2x3+4=5+5"), ["2x3+4 = 5+5", "10 = 10: true"]),
}
for name, (picture, words) in pictures.items():
    assert isinstance(picture, SvgPicture), (name, type(picture))
    root = ET.fromstring(picture.svg)
    title = root.find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text == picture.description, name
    shown = " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for word in words:
        assert word in shown, (name, word)
    assert picture._repr_svg_() == picture.svg

try:
    plot.place_values(13, format="figure")
except PictureError as error:
    assert "needs matplotlib" in str(error)
else:
    raise SystemExit("format='figure' drew without matplotlib")

folder = Path(tempfile.mkdtemp())
for who, right in (("Ana", True), ("Bo", False)):
    progress.record(folder / "class.jsonl", who=who, puzzle_set="S", puzzle="p1",
                             answer="4", right=right)
chart = progress.summary(folder / "class.jsonl").chart()
assert isinstance(chart, SvgPicture) and "Each pupil at each puzzle" in chart.svg
assert "Ana, p1: right at the first try, without hints" in chart.svg
assert chart.save(folder / "chart.svg").read_text(encoding="utf-8") == chart.svg

board = mathplay.play("summy", seats=["human", "human"])
assert board.game.players == 2
heavy = sorted({m.partition(".")[0] for m in sys.modules} & {"matplotlib", "numpy"})
assert not heavy, heavy
print("all pictures are SVG")
"""


@pytest.fixture
def no_matplotlib(tmp_path: Path) -> dict[str, str]:
    """The environment of a Python that cannot import matplotlib or numpy."""
    (tmp_path / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(ROOT)])
    env["MPLBACKEND"] = "Agg"
    env.pop("MATHPLAY_PROGRESS_DIR", None)
    return env


def test_every_picture_is_svg_without_matplotlib(no_matplotlib: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHILD)],
        capture_output=True,
        text=True,
        env=no_matplotlib,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("all pictures are SVG")


def test_the_demo_runs_without_matplotlib(no_matplotlib: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mathplay", "demo"],
        capture_output=True,
        text=True,
        env=no_matplotlib,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "8x15=120: true" in done.stdout
    assert "Scores:" in done.stdout


def test_the_blocker_blocks(no_matplotlib: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import matplotlib"],
        capture_output=True,
        text=True,
        env=no_matplotlib,
        timeout=120,
    )
    assert done.returncode == 1 and "blocked by the test" in done.stderr
