"""The board of Tens, for ``mathplay.play("tens")`` (the ``mathplay.boards`` entry point).

A board says how its game is set up and looks; mathplay's
:class:`~mathplay.widgets.base.BoardWidget` does the rest (the hand, the clicks, the
computer seats, the hints, the New game panel). In Tens each tile placed is a whole
turn, played at once.

>>> board = TensBoard()
>>> board.game.players, board.layout_data["size"]
(2, 5)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from mathplay.i18n import _
from mathplay.widgets.base import BoardWidget
from mathplay_tens.game import SIZES, Tens

__all__ = ["TensBoard"]


class TensBoard(BoardWidget):
    """A Tens board: pick a tile, click a square; it is played at once."""

    game_name: ClassVar[str] = "tens"
    places_one_by_one: ClassVar[bool] = True

    @classmethod
    def make_game(cls, options: dict[str, Any]) -> Tens:
        options = dict(options)
        seed = options.pop("seed", None)
        return Tens(seed=random.randrange(1_000_000) if seed is None else seed, **options)

    def option_fields(self) -> list[dict[str, Any]]:
        size = self.game.options.size
        return [
            {
                "name": "size",
                "label": _("Board size"),
                "choices": [[n, str(n)] for n in SIZES],
                "value": size,
            }
        ]

    def actions(self) -> list[str]:
        return ["pass", "undo", "hint", "new"]
