"""The three games, each on the shared core. Importing this registers their save formats
and their game codes (``mathplay.games.codes``)."""

import mathplay.games.codes  # noqa: F401
from mathplay.games.binary import Binary
from mathplay.games.mixmath import Mixmath
from mathplay.games.summy import Summy

__all__ = ["Binary", "Mixmath", "Summy"]
