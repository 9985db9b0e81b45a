"""A part of the board: two pupils (or more) on one screen, each seeing only their own
tiles.

With two or more people at one board (``mathplay.play(..., seats=["human", "human"])``,
the hand-over is on by default there), the tiles of the person to move are hidden until
that person says they are at the screen: the rack is empty (no tile is even sent to the
page, so a screen reader or the page's source shows none), the message says "Ben's turn:
press the button when Ben is ready", and the one button to go on is "Ben is ready". The
board, the scores and the moves stay in view. Undo and New game stay too (a pupil who
played by mistake can take it back before handing over); each leads to the hand-over of
whoever is to move after it, so Undo on Ben's screen does not show Ana's tiles to Ben.

While the game goes on, the review is closed (it shows the tiles each player held); once
the game is over, it opens for either player, as in any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mathplay.i18n import _

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["HandOver"]

#: The buttons that stay while the tiles are hidden, besides "… is ready".
STAYS = ("undo", "new")


class HandOver:
    """A part of :class:`~mathplay.widgets.base.BoardWidget`: hides the rack between two
    people's turns (see the module docstring)."""

    def __init__(self, board: BoardWidget, on: bool) -> None:
        self.board = board
        #: Whether the board hides each person's tiles until they are ready.
        self.on = on
        #: The player who said they are ready (their tiles are shown while they move).
        self.ready_for: int | None = None

    def new_game(self) -> None:
        """A new game: the first person to move says they are ready too."""
        self.ready_for = None

    def hide_again(self) -> None:
        """A move taken back: whoever is to move now says they are ready first (Undo on
        Ben's hand-over screen gives the turn back to Ana, whose tiles must not show to
        Ben before Ana says she is at the screen)."""
        self.ready_for = None

    @property
    def active(self) -> bool:
        """Whether two or more people share this board, with the hand-over on."""
        board = self.board
        return self.on and sum(seat == "human" for seat in board.seats) >= 2

    def hidden(self) -> bool:
        """Whether the rack of the person to move is hidden now."""
        board = self.board
        game = board.game
        return (
            self.active
            and not game.is_over
            and board._review_mode.trying is None
            and board.seats[game.to_move] == "human"
            and self.ready_for != game.to_move
        )

    def name(self) -> str:
        """The name of the person to move."""
        return self.board._names()[self.board.game.to_move]

    def ready(self) -> None:
        """The person to move is at the screen: their tiles are shown."""
        if not self.hidden():
            self.board._say(_("Your tiles are on show already."), "error")
            return
        self.ready_for = self.board.game.to_move
        self.board._say(_("{name}, here are your tiles. It is your turn.").format(name=self.name()))

    def waiting_words(self) -> str:
        return _("{name}'s turn: press the button when {name} is ready.").format(name=self.name())

    def refuse(self) -> None:
        """Say what to do when a tile, a square or a button is used while hidden."""
        self.board._say(_("First press “{name} is ready”.").format(name=self.name()), "error")

    def view(self, base: dict[str, Any]) -> dict[str, Any]:
        """``base`` (the board's view) with the rack hidden, when it is."""
        if not self.hidden():
            return base
        name = self.name()
        shown = dict(base)
        shown["hand"] = []
        # Nothing else that tells of the hidden rack either: a hint's squares and tiles.
        shown["hint"] = []
        shown["hint_tiles"] = []
        shown["hand_title"] = _("{name}'s tiles are hidden").format(name=name)
        ready = {
            "id": "ready",
            "label": _("{name} is ready").format(name=name),
            "enabled": True,
            "pressed": False,
        }
        shown["buttons"] = [ready, *(b for b in base["buttons"] if b["id"] in STAYS)]
        shown["handover"] = True
        if base.get("kind") != "error":
            # The last move stays said first: the next pupil reads what was played.
            said = str(base.get("message") or "")
            shown["message"] = f"{said} {self.waiting_words()}".strip()
        return shown
