"""The three games, each on the shared core. Importing this registers their save formats."""

from mathplay.games.summy import Summy

__all__ = ["Summy"]
