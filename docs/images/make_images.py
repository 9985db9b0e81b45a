"""Make the images the docs show, in this folder: the one tool that writes here.

Run from the repository root:

- ``.venv/bin/python docs/images/make_images.py``: the example pictures of
  docs/pictures.md (matplotlib and SVG);
- ``.venv/bin/python docs/images/make_images.py --screenshots``: the screenshots of the
  boards and the practice (the browser tests that take them, run with
  ``MATHPLAY_DOCS_IMAGES=1``; a test run on its own writes them under the ignored
  ``test-results/`` instead, see ``tests/screenshots.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _laid_out(game: Any) -> Any:
    """The game itself, or (while a game's ``special_squares`` is still empty) a copy
    of it that reports the layout from its rules module, so the pictures show it."""
    if game.special_squares:
        return game
    from mathplay.core import Special
    from mathplay.games.binary import PREMIUMS
    from mathplay.games.mixmath import SQUARES

    names = {
        "start": Special.START,
        "2×": Special.DOUBLE,
        "3×": Special.TRIPLE,
        "+": Special.PLUS,
        "−": Special.MINUS,
        "×": Special.TIMES,
        "÷": Special.DIVIDE,
        "DL": Special.DOUBLE_LETTER,
        "TL": Special.TRIPLE_LETTER,
        "DW": Special.DOUBLE_WORD,
        "TW": Special.TRIPLE_WORD,
    }
    layout = SQUARES if type(game).__name__ == "Mixmath" else PREMIUMS
    specials = {sq: names[getattr(kind, "value", kind)] for sq, kind in layout.items()}
    members = {"format_name": "", "special_squares": property(lambda self: specials)}
    shown = type(type(game).__name__, (type(game),), members)
    twin = game.copy()
    twin.__class__ = shown
    return twin


def _play(game: Any, moves: int) -> Any:
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(legal[0] if legal else "pass")
    return game


def main() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from mathplay import plot
    from mathplay.games.binary import Binary
    from mathplay.games.mixmath import Mixmath
    from mathplay.games.summy import Summy
    from mathplay.render.svg import board_svg

    mixmath = _laid_out(_play(Mixmath(players=2, seed=1), 3))
    binary = _laid_out(_play(Binary(players=2, seed=1), 2))
    summy = _play(Summy(players=2, seed=3, size=11), 8)
    pictures = {
        "board-mixmath.png": plot.board(mixmath),
        "board-binary-dark.png": plot.board(binary, theme="dark"),
        "scores-summy.png": plot.scores(summy),
        "place-values.png": plot.place_values(13),
        "bitwise.png": plot.bitwise(12, 10, "AND"),
        "truth-table.png": plot.truth_table("XOR"),
        "expression-tree.png": plot.expression_tree("2x3+4=5+5"),
    }
    for name, fig in pictures.items():
        fig.savefig(HERE / name, dpi=72)
    (HERE / "board-summy.svg").write_text(board_svg(summy, size_px=360), encoding="utf-8")


#: The browser tests that take the screenshots the docs show.
SCREENSHOT_TESTS = (
    "tests/browser/test_boards.py",
    "tests/browser/test_layout.py",
    "tests/browser/test_practice.py",
)


def screenshots() -> int:
    """Run the tests that take the docs' screenshots, sending them to this folder."""
    import os
    import subprocess
    import sys

    root = HERE.parents[1]
    environment = {**os.environ, "MATHPLAY_DOCS_IMAGES": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *SCREENSHOT_TESTS]
    return subprocess.run(command, cwd=root, env=environment, check=False).returncode


if __name__ == "__main__":
    import sys

    if "--screenshots" in sys.argv[1:]:
        sys.exit(screenshots())
    main()
