# mypy: disable-error-code="misc"
# (the mixin methods are typed with `self: BoardWidget`, the class they are mixed into)
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
from typing import TYPE_CHECKING, Any

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
    """Mixed into :class:`~mathplay.widgets.base.BoardWidget`."""

    #: Whether this board is a pupil's own game (``mathplay.play``), which is kept and
    #: may be offered again; a board that shows a given game (a lesson's example, a
    #: position) is not.
    waits: bool = False
    #: The kept game offered and not answered yet.
    _offered: saved_games.SavedGame | None = None
    #: (game, ply) last kept: a refresh with no new move writes nothing.
    _kept: tuple[int, int] | None = None
    _offer_row: Any = None
    #: The question of the kept game offered (what the row shows, in words).
    _offer_words: str = ""
    #: On a Play page: "Are you Ana?" when the browser remembers a name.
    _name_area: Any = None

    # --- keeping ------------------------------------------------------------------------

    def _keeper(self: BoardWidget) -> str | None:
        """The pupil whose game this is: one person against computers, with a name."""
        humans = [seat for seat in self.seats if seat == "human"]
        if not self.waits or len(humans) != 1 or self._trying is not None:
            return None
        return current_pupil()

    def _keep_game(self: BoardWidget) -> None:
        """After a change on the board: keep the game if a move was made."""
        game = self.game
        key = (id(game), game.ply)
        if key == self._kept or not game.history:
            return
        who = self._keeper()
        if who is None:
            return
        if self._offered is not None:
            if self.seats[game.history[-1].player] != "human":
                return  # the computer opened the new game: the question still stands
            self._close_offer()  # the pupil's own move in the new game chose it
        self._kept = key
        saved_games.keep(who, self.game_name, game, list(self.seats))

    # --- offering -----------------------------------------------------------------------

    def _offer_widgets(self: BoardWidget) -> w.HBox:
        if self._offer_row is None:
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
            self._offer_row = row
            when_known(self._name_given)
        return self._offer_row

    def _offer(self: BoardWidget) -> None:
        """Ask about the pupil's kept game, if they have one."""
        who = self._keeper()
        if who is None or self._offered is not None:
            return
        saved = saved_games.waiting(who, self.game_name)
        if saved is None or saved.game.state_key() == self.game.state_key():
            return
        row = self._offer_widgets()
        self._offer_words = saved_games.offer_words(saved)
        row.children[0].value = f"<b>{html.escape(self._offer_words)}</b>"
        self._offered = saved
        set_shown(row, True)

    def _name_given(self, _name: str) -> None:
        self._offer()

    def _close_offer(self: BoardWidget) -> None:
        self._offered = None
        if self._offer_row is not None:
            set_shown(self._offer_row, False)

    @property
    def offer_text(self: BoardWidget) -> str:
        """The question asked above the board ("" when none)."""
        return "" if self._offered is None else self._offer_words

    def go_on(self: BoardWidget) -> None:
        """ "Yes, go on": the kept game on the board, with its seats."""
        saved = self._offered
        if saved is None:
            return
        self._close_offer()
        self._setup(saved.game, saved.seats)
        self._kept = (id(self.game), self.game.ply)
        self._say(_("Here is your game again. Go on where you left it."))

    def new_instead(self: BoardWidget) -> None:
        """ "No, a new game": the kept game is forgotten; this board's game goes on."""
        saved = self._offered
        self._close_offer()
        if saved is not None:
            saved_games.forget(saved.who, self.game_name)

    def _ipython_display_(self: BoardWidget) -> None:
        from IPython.display import display

        if not self.waits:
            # The widget's own view, as without this method (display(self) would call
            # this method again).
            bundle = self._repr_mimebundle_()
            data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
            display(data, metadata=metadata, raw=True)
            return
        row = self._offer_widgets()
        self._offer()
        parts = [row, self]
        if current_lesson() is None and current_pupil() is None:
            # A Play page asks no name; a pupil this browser knows is asked "Are you
            # Ana?", so that their game is kept (and a kept one offered).
            self._name_area = NameArea(self._name_given, None, ask_now=False, remembered_only=True)
            parts.insert(0, self._name_area)
        box = w.VBox(parts)
        box.add_class("mathplay-game")
        display(box)
