"""mathplay: equation-crossword games (Mixmath, Summy, Binary) and lessons for Jupyter.

>>> import mathplay
>>> mathplay.check("8x15=120").holds
True
"""

from mathplay.core import load
from mathplay.errors import (
    ExpressionError,
    IllegalMoveError,
    MathplayError,
    NotationError,
    SaveFileError,
)
from mathplay.expr import Verdict, check, evaluate
from mathplay.games import Mixmath, Summy

__version__ = "0.1.0.dev0"

__all__ = [
    "ExpressionError",
    "IllegalMoveError",
    "MathplayError",
    "Mixmath",
    "NotationError",
    "SaveFileError",
    "Summy",
    "Verdict",
    "__version__",
    "check",
    "evaluate",
    "load",
]
