"""mathplay: equation-crossword games (Mixmath, Summy, Binary) and lessons for Jupyter.

>>> import mathplay
>>> mathplay.check("8x15=120").holds
True
"""

from mathplay.core import load
from mathplay.core.codes import from_code, game_code
from mathplay.core.services import provide
from mathplay.errors import (
    ExpressionError,
    IllegalMoveError,
    MathplayError,
    NotationError,
    OptionsError,
    SaveFileError,
)
from mathplay.expr import Verdict, check, evaluate
from mathplay.games import Binary, Mixmath, Summy
from mathplay.i18n import current_language, set_language

__version__ = "0.1.0"

# The engine (core, games) never imports the layers above it; this package, which puts
# the layers together, tells it where the hints and the pictures are (loaded on use).
provide("hint", "mathplay.ai.hints:hint")
provide("hints", "mathplay.ai.hints:hints")
provide("review", "mathplay.ai.review:review")
provide("board_svg", "mathplay.render.svg:board_svg")
provide("board_html", "mathplay.render.svg:board_html")

#: Heavier parts load on first use, so ``import mathplay`` stays quick and the engine
#: never pulls in matplotlib or ipywidgets.
_LAZY = {
    "ai": ("mathplay.ai", None),
    "plot": ("mathplay.plot", None),
    "widgets": ("mathplay.widgets", None),
    "play": ("mathplay.widgets", "play"),
    "play_with": ("mathplay.widgets.play_with", "play_with"),
    "my_missed_chances": ("mathplay.widgets.play_with", "my_missed_chances"),
    "resign_game": ("mathplay.widgets.play_with", "resign_game"),
    "decline_game": ("mathplay.widgets.play_with", "decline_game"),
    "puzzles": ("mathplay.puzzles", None),
    "PuzzleSet": ("mathplay.widgets.puzzle_set", "PuzzleSet"),
    "Practice": ("mathplay.widgets.practice", "Practice"),
    "lesson": ("mathplay.lessons.runtime", "lesson"),
    "progress": ("mathplay.classroom.progress", None),
    "my_progress": ("mathplay.classroom.my_progress", "my_progress"),
    "my_progress_page": ("mathplay.widgets.my_page", "my_progress_page"),
    "cards": ("mathplay.cards", None),
    "BinaryCards": ("mathplay.widgets.cards", "BinaryCards"),
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        module_name, attribute = _LAZY[name]
        module = importlib.import_module(module_name)
        value = module if attribute is None else getattr(module, attribute)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mathplay' has no attribute {name!r}")


__all__ = [
    "Binary",
    "ExpressionError",
    "IllegalMoveError",
    "MathplayError",
    "Mixmath",
    "NotationError",
    "OptionsError",
    "SaveFileError",
    "Summy",
    "Verdict",
    "__version__",
    "check",
    "current_language",
    "evaluate",
    "from_code",
    "game_code",
    "load",
    "set_language",
]
