"""The three games, each on the shared core. Importing this registers their save formats."""

from mathplay.games.binary import Binary
from mathplay.games.mixmath import Mixmath
from mathplay.games.summy import Summy

__all__ = ["Binary", "Mixmath", "Summy"]
