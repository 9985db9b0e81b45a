"""The board's part of a game that waits (:mod:`mathplay.classroom.saved_games`).

A game one pupil plays against the computer on a board ``mathplay.play`` dealt (a Play
page's, a lesson's "play a whole game") is kept under their name after every move.
When a board of that game is shown to a pupil who has one waiting (known when the board
is shown, or as soon as they give their name: "Are you Ana?" → Yes), a row above the
board asks "Go on with your game of Summy from Tuesday?" with two buttons. "Yes, go on"
puts the kept game on the board (its seats too), "No, a new game" forgets it. A move in
the new game answers the question too: the pupil chose the new game, which is kept from
then on.

A Play page asks no name (a child may just play). When the browser remembers one from a
lesson, the page asks "Are you Ana?" above the board (never a name box); Yes keeps the
game under that name.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from mathplay.classroom import saved_games
from mathplay.classroom.names import current_pupil, when_known
from mathplay.classroom.where import current_lesson
from mathplay.i18n import _
from mathplay.widgets.names import NameArea
from mathplay.widgets.shown import set_shown

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["WaitingGame"]


class WaitingGame:
    """A part of :class:`~mathplay.widgets.base.BoardWidget`: keeps the pupil's game and
    offers it again."""

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        #: Whether this board is a pupil's own game (``mathplay.play``), which is kept
        #: and may be offered again; a board that shows a given game (a lesson's
        #: example, a position) is not.
        self.waits = False
        #: The kept game offered and not answered yet.
        self.offered: saved_games.SavedGame | None = None
        #: (game, ply) last kept: a refresh with no new move writes nothing.
        self.kept: tuple[int, int] | None = None
        #: The row above the board that asks, made when first shown.
        self.row: w.HBox | None = None
        #: The question of the kept game offered (what the row shows, in words).
        self.words = ""
        #: On a Play page: "Are you Ana?" when the browser remembers a name.
        self.name_area: NameArea | None = None

    # --- keeping ------------------------------------------------------------------------

    def _keeper(self) -> str | None:
        """The pupil whose game this is: one person against computers, with a name."""
        humans = [seat for seat in self.board.seats if seat == "human"]
        if not self.waits or len(humans) != 1 or self.board._review_mode.trying is not None:
            return None
        return current_pupil()

    def keep(self) -> None:
        """After a change on the board: keep the game if a move was made."""
        game = self.board.game
        key = (id(game), game.ply)
        if key == self.kept or not game.history:
            return
        who = self._keeper()
        if who is None:
            return
        if self.offered is not None:
            if self.board.seats[game.history[-1].player] != "human":
                return  # the computer opened the new game: the question still stands
            self._close_offer()  # the pupil's own move in the new game chose it
        self.kept = key
        saved_games.keep(who, self.board.game_name, game, list(self.board.seats))

    # --- offering -----------------------------------------------------------------------

    def offer_widgets(self) -> w.HBox:
        if self.row is None:
            question = w.HTML()
            question.add_class("mathplay-game-offer-question")
            yes = w.Button(description=_("Yes, go on"), button_style="primary")
            yes.add_class("mathplay-game-offer-yes")
            no = w.Button(description=_("No, a new game"))
            no.add_class("mathplay-game-offer-no")
            for button in (yes, no):
                button.layout.width = "auto"
                button.layout.margin = "0 0 0 8px"
            yes.on_click(lambda _b: self.go_on())
            no.on_click(lambda _b: self.new_instead())
            row = w.HBox([question, yes, no])
            row.add_class("mathplay-game-offer")
            row.layout.align_items = "center"
            row.layout.flex_flow = "row wrap"
            set_shown(row, False)
            self.row = row
            when_known(self._name_given)
        return self.row

    def offer(self) -> None:
        """Ask about the pupil's kept game, if they have one."""
        who = self._keeper()
        if who is None or self.offered is not None:
            return
        saved = saved_games.waiting(who, self.board.game_name)
        if saved is None or saved.game.state_key() == self.board.game.state_key():
            return
        row = self.offer_widgets()
        self.words = saved_games.offer_words(saved)
        row.children[0].value = f"<b>{html.escape(self.words)}</b>"
        self.offered = saved
        set_shown(row, True)

    def _name_given(self, _name: str) -> None:
        self.offer()

    def _close_offer(self) -> None:
        self.offered = None
        if self.row is not None:
            set_shown(self.row, False)

    @property
    def text(self) -> str:
        """The question asked above the board ("" when none)."""
        return "" if self.offered is None else self.words

    def go_on(self) -> None:
        """ "Yes, go on": the kept game on the board, with its seats."""
        saved = self.offered
        if saved is None:
            return
        self._close_offer()
        self.board._setup(saved.game, saved.seats)
        self.kept = (id(self.board.game), self.board.game.ply)
        self.board._say(_("Here is your game again. Go on where you left it."))

    def new_instead(self) -> None:
        """ "No, a new game": the kept game is forgotten; this board's game goes on."""
        saved = self.offered
        self._close_offer()
        if saved is not None:
            saved_games.forget(saved.who, self.board.game_name)

    def display(self) -> None:
        from IPython.display import display

        if not self.waits:
            # The widget's own view, as without this method (display(self) would call
            # this method again).
            bundle = self.board._repr_mimebundle_()
            data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
            display(data, metadata=metadata, raw=True)
            return
        row = self.offer_widgets()
        self.offer()
        parts: list[w.Widget] = [row, self.board]
        if current_lesson() is None and current_pupil() is None:
            # A Play page asks no name; a pupil this browser knows is asked "Are you
            # Ana?", so that their game is kept (and a kept one offered).
            self.name_area = NameArea(self._name_given, None, ask_now=False, remembered_only=True)
            parts.insert(0, self.name_area)
        box = w.VBox(parts)
        box.add_class("mathplay-game")
        display(box)
