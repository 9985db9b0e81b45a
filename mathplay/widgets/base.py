"""The board widget all three games share: one anywidget model, a thin view over a game.

The front end (``static/board.js``) draws two synced traits: ``layout`` (the fixed
squares, sent once per game) and ``view`` (everything that changes, replaced in one trait
update per action, so one move is one comm message). Clicks and keys come back as custom
messages and land on the public methods below, which tests call directly. Every rule is
the engine's: the widget turns clicks into notation and shows what the engine says.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import anywidget
import traitlets

from mathplay.classroom.send import records_url
from mathplay.classroom.where import current_lesson
from mathplay.core import Direction, Special, Square, square_name
from mathplay.core.codes import from_code, game_code
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError
from mathplay.expr.pretty import read_words
from mathplay.games.registry import describe
from mathplay.i18n import (
    LANGUAGES,
    _,
    current_language,
    language_name,
    on_language_change,
    set_language,
    use_page_language,
)
from mathplay.widgets import view
from mathplay.widgets.board_words import friendly_error
from mathplay.widgets.classmate_game import ClassmateGame, join
from mathplay.widgets.computers import ComputerSeats
from mathplay.widgets.handover import HandOver
from mathplay.widgets.review_mode import ReviewMode
from mathplay.widgets.searching import BackgroundSearch
from mathplay.widgets.seats import (
    DEFAULT_COMPUTER,
    level_said,
    parse_seats,
    seat_choices,
    seat_label,
)
from mathplay.widgets.static import static_file
from mathplay.widgets.turns import Turns
from mathplay.widgets.waiting_game import WaitingGame

__all__ = ["BoardWidget", "MoveCallback"]

#: ``callback(board, entry)`` after every move (a ``HistoryEntry``), people's and computers'.
MoveCallback = Callable[[Any, Any], None]


class BoardWidget(anywidget.AnyWidget):
    """A playable board for one game; subclasses say how the game looks and is set up.

    The board is composed of seven parts, each in its own module, each holding a
    reference to the board and its own state: :class:`~mathplay.widgets.turns.Turns`
    (clicks, keys and buttons), :class:`~mathplay.widgets.computers.ComputerSeats`,
    :class:`~mathplay.widgets.review_mode.ReviewMode`,
    :class:`~mathplay.widgets.waiting_game.WaitingGame`,
    :class:`~mathplay.widgets.searching.BackgroundSearch` (each position searched
    exactly while the pupil thinks, for the hints and the review) and
    :class:`~mathplay.widgets.handover.HandOver` (two people at one screen) and, on a
    board of ``mathplay.play_with``, :class:`~mathplay.widgets.classmate_game.ClassmateGame`
    (a classmate on another machine, through the class's service). The board
    keeps what they share: the game, the seats, the turn being built and the message,
    and draws it.
    """

    _esm = static_file("board.js")
    _css = static_file("board.css")

    layout_data = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)

    #: ``"summy"``, ``"mixmath"`` or ``"binary"``.
    game_name: ClassVar[str] = ""
    #: The notation word for giving tiles back: ``"discard"`` (Summy) or ``"exchange"``.
    exchange_word: ClassVar[str] = "exchange"
    #: Mixmath places tile by tile (each placement is played at once).
    places_one_by_one: ClassVar[bool] = False
    #: Typed keys that stand for a tile (``*`` for ``x`` …), per game.
    key_aliases: ClassVar[dict[str, str]] = {}

    def __init__(
        self,
        game: AnyGame | None = None,
        seats: Sequence[str] | None = None,
        *,
        threaded: bool = True,
        pause: float = 0.3,
        handover: bool = False,
        names: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.threaded = threaded
        self.pause = pause if threaded else 0.0
        self._lock = threading.RLock()
        #: The lesson this board was made in (``""``: none): a game it records names it.
        self.lesson = current_lesson() or ""
        self._callbacks: list[MoveCallback] = []
        self._turns = Turns(self)
        self._computer_seats = ComputerSeats(self)
        self._review_mode = ReviewMode(self)
        self._waiting = WaitingGame(self)
        self._search = BackgroundSearch(self)
        self._handover = HandOver(self, handover)
        #: The game's link to the class's service when it is played with a classmate on
        #: another machine (``mathplay.play_with``), else ``None``.
        self._classmate: ClassmateGame | None = None
        self._given_names = _checked_names(names)
        #: The game a New game replaced, with its seats, until a move is made in the new
        #: one: Undo brings it back.
        self._previous: tuple[Any, list[str]] | None = None
        self.on_msg(self._from_front_end)
        on_language_change(self._language_changed)
        self._setup(game if game is not None else self.make_game({}), seats)

    # --- what each game supplies --------------------------------------------------

    @classmethod
    def make_game(cls, options: dict[str, Any]) -> Any:
        """A new game from the New game panel's options (raises ``ValueError``)."""
        raise NotImplementedError

    def option_fields(self) -> list[dict[str, Any]]:
        """The game's own fields in the New game panel (besides players and seats)."""
        return []

    def specials(self) -> dict[Square, Special]:
        """The special squares to draw (the engine's ``special_squares``)."""
        return dict(self.game.special_squares)

    def starts(self) -> list[Square]:
        """The start squares (besides any special square marked ``START``)."""
        return [sq for sq, kind in self.specials().items() if kind is Special.START]

    def show(self, token: str) -> str:
        """How a token is written on a tile."""
        return token

    def points(self, token: str) -> int | None:
        """The value printed in a tile's corner, or ``None``."""
        return None

    def actions(self) -> list[str]:
        """The buttons, in order."""
        return ["play", self.exchange_word, "pass", "undo", "hint", "new"]

    def allowed(self) -> set[str] | None:
        """The engine's list of turn actions allowed now, or ``None`` when it has none."""
        return None

    def _challenge_last(self) -> tuple[bool, str | None]:
        """Challenge the last placement (Mixmath's challenge mode): whether the challenge
        is upheld, and the reason the placement is wrong (the engine raises when no
        challenge may be made now)."""
        raise MathplayError(_("There is nothing to challenge in this game."))

    def blank_choices(self) -> list[str]:
        """What a blank may stand for, offered as buttons (empty: the value is typed)."""
        return []

    # --- public API -----------------------------------------------------------------

    @property
    def message(self) -> str:
        """The message shown under the board (the engine's reason for a refused move)."""
        return str(self.view.get("message", ""))

    @property
    def tentative(self) -> dict[Square, str]:
        """Tiles placed this turn but not played yet: square → token."""
        return {square: token for square, (_index, token) in self._tentative.items()}

    def click_tile(self, index: int) -> None:
        """Pick (or put down) tile ``index`` of the hand; in exchange mode, mark it."""
        self._turns.click_tile(index)

    def click_square(self, row: int, col: int) -> None:
        """Put the picked tile on a square, or take back a tile placed this turn."""
        self._turns.click_square(row, col)

    def choose_blank(self, value: str) -> None:
        """Say which value the blank waiting to be placed stands for."""
        self._turns.choose_blank(value)

    def key(self, key: str, square: Square) -> None:
        """A key pressed with the cursor on ``square``: a tile, Enter, Backspace, Escape."""
        self._turns.key(key, square)

    def press(self, action: str) -> None:
        """A button: play, end, draw, pass, exchange/discard, challenge, undo, hint,
        new, or one of the review's."""
        self._turns.press(action)

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the computer seats have moved (for tests and scripts; a board
        on the event loop moves as the loop runs, see :attr:`moves_pending`)."""
        self._computer_seats.wait(timeout)

    @property
    def moves_pending(self) -> bool:
        """Whether a computer seat is still to move (it is thinking, or scheduled)."""
        return self._thinking

    @property
    def waits(self) -> bool:
        """Whether this board is a pupil's own game (``mathplay.play``), kept as it goes
        and offered again when they come back."""
        return self._waiting.waits

    @waits.setter
    def waits(self, value: bool) -> None:
        self._waiting.waits = bool(value)

    @property
    def offer_text(self) -> str:
        """The question asked above the board about a kept game ("" when none)."""
        return self._waiting.text

    def go_on(self) -> None:
        """ "Yes, go on": the pupil's kept game on the board, with its seats."""
        self._waiting.go_on()

    def new_instead(self) -> None:
        """ "No, a new game": the kept game is forgotten; this board's game goes on."""
        self._waiting.new_instead()

    def _ipython_display_(self) -> None:
        self._waiting.display()

    def game_code(self) -> str:
        """The game as a code a pupil can send to a friend (:mod:`mathplay.core.codes`):
        the friend opens it on their board, plays a move and sends the new code back."""
        return game_code(self.game)

    def _show_code(self) -> None:
        """The New game panel's code box: this game's code, or in words why it has none
        (a game set up from a diagram, like a puzzle, did not start with a new deal)."""
        try:
            code = self.game_code()
        except MathplayError as error:
            self.send({"code": "", "no_code": friendly_error(error)})
            return
        self.send({"code": code})

    def open_code(self, code: str) -> None:
        """Put the game in a friend's ``code`` on this board (dealt from its seed, every
        move checked); a code that is wrong, or of another game, is refused in words and
        changes nothing. The board says that the game is a friendly one nobody checked:
        anybody can write a code with moves of their choosing."""
        if self._classmate is not None and self._classmate.refuses("new"):
            return
        try:
            game = from_code(code)
        except MathplayError as error:
            self._say(friendly_error(error), "error")
            return
        if game.format_name != self.game.format_name:
            self._say(
                _("This is the code of a game of {game}: open it on a {game} board.").format(
                    game=describe(game).title
                ),
                "error",
            )
            return
        self._leave_classmate()
        seats = self.seats if len(self.seats) == game.players else None
        self._previous = (self.game, list(self.seats)) if self.game.history else None
        self._setup(game, seats)
        self._say(
            _("Here is the game from the code. {turn}.").format(turn=self._turn_text(self._names()))
            + " "
            + _("This game came from a code: a friendly game, not checked by anybody.")
        )

    def play_with(self, classmate: str) -> None:
        """Play ``classmate`` (their name on the hub) on their own computer, through the
        class's game service: the game of this kind going on with them, or a new one
        (the New game panel's "Play a classmate" calls this). Where that cannot be, the
        board says why and its game stays."""
        join(self, [classmate])

    def _leave_classmate(self) -> None:
        """This board plays no classmate any more (a new game, a code, another classmate)."""
        if self._classmate is not None:
            self._classmate.stop()
            self._classmate = None

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call ``callback(board, entry)`` after every move; ``remove=True`` to stop."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def new_game(self, seats: Sequence[str] | None = None, **options: Any) -> None:
        """Start a new game with these options (the New game panel calls this)."""
        if self._classmate is not None and self._classmate.refuses("new"):
            return
        self._leave_classmate()
        try:
            game = self.make_game(options)
            previous = (self.game, list(self.seats))
            self._setup(game, seats)
        except (MathplayError, ValueError, TypeError) as error:
            self._say(friendly_error(error), "error")
            return
        old_game = previous[0]
        if old_game.history and not old_game.is_over:
            self._previous = previous
            self._say(
                _("A new game has started. Press Undo to go back to the game you were playing.")
            )
        else:
            self._previous = None
            if self._human_turn() and not self._thinking:
                # Said too (the button pressed went with the New game panel): a pupil
                # who cannot see the board hears that the new game is there.
                started = _("A new game has started.")
                self._say(f"{self._message} {started}".strip() if self._message else started)

    # --- setting up -------------------------------------------------------------------

    def _setup(self, game: AnyGame, seats: Sequence[str] | None) -> None:
        self.wait()
        self.game: AnyGame = game
        self.seats = parse_seats(seats, game.players, self.game_name)
        self._computer_seats.new_game()
        self._turns.new_game()
        self._review_mode.new_game()  # a new game leaves the review of the old one
        self._handover.new_game()
        self._reset_turn()
        self._last: list[Square] = []
        self._seen = game.board
        self._hint: list[Square] = []
        self._hint_tiles: list[tuple[Square, str]] = []
        # A level the game does not offer, said once (Summy has no hard: medium plays),
        # before the first thing said if a computer moves first.
        note = level_said(seats, game.players, self.game_name)
        self._message, self._kind = note, "info"
        computer_first = not game.is_over and self.seats[game.to_move] != "human"
        self._level_note = note if computer_first else ""
        self._thinking = False
        self._direction = Direction.ACROSS
        with self.hold_sync():
            self.layout_data = self._layout()
            self._refresh()
        self._computer_seats.start()

    def _layout(self) -> dict[str, Any]:
        """What stays while a game lasts: the squares, the legend, the texts."""
        size = self.game.board.size
        return {
            "game": self.game_name,
            "size": size,
            "columns": view.columns(size),
            "squares": view.square_entries(size, self.specials()),
            "starts": [r * size + c for r, c in self.starts()],
            "texts": view.texts(),
            "options": self._option_spec(),
            "primary": "end" if self.places_one_by_one else "play",
            "legend": view.legend(self.specials(), self.starts()),
            "language": current_language(),  # the words' language, for screen readers
            # Where the class's hub has the game service: the panel offers a classmate.
            "classmates": records_url() is not None,
        }

    def _language_changed(self, _language: str) -> None:
        """The language changed (the page's was learnt, or the New game panel chose
        one): every text on the board is drawn again in it."""
        with self._lock, self.hold_sync():
            self.layout_data = self._layout()
            self._refresh()

    def _reset_turn(self) -> None:
        """The turn being built starts again: no tile picked, placed or marked."""
        self._selected: int | None = None
        self._tentative: dict[Square, tuple[int, str]] = {}
        self._exchanging = False
        self._marked: set[int] = set()
        self._blank: tuple[Square, int] | None = None

    def _option_spec(self) -> list[dict[str, Any]]:
        choices = [
            [seat, _("Person") if seat == "human" else seat_label([seat], 0)]
            for seat in seat_choices(self.game_name)
        ]
        fields: list[dict[str, Any]] = [
            {
                "name": "players",
                "label": _("Players"),
                "choices": [[n, str(n)] for n in range(1, 5)],
                "value": self.game.players,
            }
        ]
        for index in range(4):
            seat = self.seats[index] if index < len(self.seats) else DEFAULT_COMPUTER
            fields.append(
                {
                    "name": f"seat{index + 1}",
                    "label": _("Seat {n}").format(n=index + 1),
                    "choices": choices,
                    "value": seat,
                    "seat": index,
                }
            )
        fields.append(
            {
                "name": "language",
                "label": _("Language"),
                "choices": [[code, language_name(code)] for code in LANGUAGES],
                "value": current_language(),
            }
        )
        return fields + self.option_fields()

    # --- incoming messages from the front end ---------------------------------------

    @traitlets.default("layout_data")
    def _no_layout(self) -> dict[str, Any]:
        return {}

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if (
            self._review_mode.review is not None
            and self._review_mode.trying is None
            and event
            in (
                "tile",
                "square",
                "key",
                "blank",
            )
        ):
            self._say(_("This is the review: press Back to the game to play on."), "error")
            return
        try:
            if event == "tile":
                self.click_tile(int(content["index"]))
            elif event == "square":
                self.click_square(int(content["row"]), int(content["col"]))
            elif event == "action":
                self.press(str(content["id"]))
            elif event == "blank":
                self.choose_blank(str(content["value"]))
            elif event == "key":
                square = (int(content["row"]), int(content["col"]))
                self.key(str(content["key"]), square)
            elif event == "new_game":
                self._new_game_from_panel(content.get("options"))
            elif event == "page_language":
                use_page_language(content.get("language"))
            elif event == "show_code":
                self._show_code()
            elif event == "open_code":
                self.open_code(str(content.get("code", "")))
            elif event == "play_with":
                self.play_with(str(content.get("name", ""))[:100])
        except (KeyError, TypeError, ValueError):
            self._say(_("That did not work: the message from the board was not understood."))

    def _new_game_from_panel(self, options: Any) -> None:
        if not isinstance(options, dict):
            raise TypeError("options")
        spec = {field["name"]: field for field in self._option_spec()}
        chosen: dict[str, Any] = {}
        for name, value in options.items():
            field = spec.get(str(name))
            allowed = [choice[0] for choice in field["choices"]] if field else []
            if field is None or value not in allowed:
                self._say(_("{name} cannot be {value}").format(name=name, value=value), "error")
                return
            chosen[str(name)] = value
        language = chosen.pop("language", None)
        if language is not None and language != current_language():
            set_language(str(language))  # a person chose it: the page's does not change it
        players = int(chosen.pop("players", self.game.players))
        seats = [str(chosen.pop(f"seat{n}", "human")) for n in range(1, 5)][:players]
        self.new_game(seats=seats, players=players, **chosen)

    # --- drawing -----------------------------------------------------------------------

    def _names(self) -> list[str]:
        if self._classmate is not None:  # "You" and the classmates' hub names
            return self._classmate.names()
        # While a turn is tried again the seats are all the pupil's, but the players keep
        # the names they had in the game.
        trying = self._review_mode.trying
        seats = trying[1] if trying is not None else self.seats
        given = self._given_names
        if given is not None and len(given) == self.game.players:
            return list(given)
        return [seat_label(seats, i) for i in range(self.game.players)]

    def _hand_owner(self) -> int | None:
        """Whose tiles the rack shows: the person to move, else the first person."""
        game = self.game
        if self.seats[game.to_move] == "human":
            return int(game.to_move)
        humans = [i for i, seat in enumerate(self.seats) if seat == "human"]
        return humans[0] if humans else None

    def _refresh(self) -> None:
        """Send everything that changed as one trait update (one comm message)."""
        with self._lock:
            self.view = self._view()
        self._review_mode.record_game_end()
        self._waiting.keep()

    def _view(self) -> dict[str, Any]:
        game = self.game
        board = game.board
        size = board.size
        self._track_last(board)
        cells: list[dict[str, Any] | None] = [
            None if token is None else view.tile_entry(token, self.show, self.points)
            for token in board.cells
        ]
        owner = self._hand_owner()
        hand = game.hands[owner] if owner is not None else ()
        used = {index for index, _token in self._tentative.values()}
        names = self._names()
        over = game.outcome
        human_turn = self._human_turn()
        allowed = self.allowed()
        buttons = []
        choosing = self._exchanging or self._blank is not None
        for action in self._review_mode.shown_actions():
            if action.startswith("review"):
                buttons.append(
                    {
                        "id": action,
                        "label": self._review_mode.label(action),
                        "enabled": self._review_mode.enabled(action),
                        "pressed": False,
                    }
                )
                continue
            if action == "direction" and len(self._tentative) != 1:
                continue  # the direction matters only for a single tile placed this turn
            enabled = (human_turn and not self._thinking) or action == "new"
            if action == "undo":
                enabled = (
                    (bool(game.history) or self._previous is not None)
                    and not self._thinking
                    and not game.is_over  # the review takes over from Undo
                )
            elif choosing and action != self.exchange_word:
                enabled = enabled and action in ("new", "undo")
            elif allowed is not None and action in ("draw", "end", "challenge", "exchange", "pass"):
                enabled = enabled and action in allowed
            buttons.append(
                {
                    "id": action,
                    "label": self._label(action),
                    "enabled": enabled,
                    "pressed": action == self.exchange_word and self._exchanging,
                }
            )
        if self._exchanging or self._blank is not None:
            buttons.append(
                {"id": "cancel", "label": _("Cancel"), "enabled": True, "pressed": False}
            )
        shown = self._handover.view(
            self._review_mode.view(
                {
                    "cells": cells,
                    "tentative": [
                        [r * size + c, view.tile_entry(token, self.show, self.points)]
                        for (r, c), (_index, token) in self._tentative.items()
                    ],
                    "last": [r * size + c for r, c in self._last],
                    "hint": [r * size + c for r, c in self._hint],
                    "hint_tiles": [
                        [r * size + c, view.tile_entry(token, self.show, self.points)]
                        for (r, c), token in self._hint_tiles
                    ],
                    "hand": [
                        {
                            **view.tile_entry(token, self.show, self.points),
                            "token": token,
                            "state": "used"
                            if i in used
                            else "marked"
                            if i in self._marked
                            else "selected"
                            if i == self._selected
                            else "free",
                        }
                        for i, token in enumerate(hand)
                    ],
                    "hand_owner": names[owner] if owner is not None else "",
                    "players": [
                        {
                            "name": name,
                            "score": score,
                            "to_move": i == game.to_move and over is None,
                            "you": i == owner,
                        }
                        for i, (name, score) in enumerate(zip(names, game.scores))
                    ],
                    "turn": self._turn_text(names),
                    "bag": game.bag_size,
                    # The logic words as the pupil's language writes them (ΚΑΙ, DAN), in the
                    # engine's refusals, the hints and the moves alike.
                    "log": [
                        read_words(line)
                        for line in view.log_lines(game, names, self.game_name)[-200:]
                    ],
                    "message": read_words(self._message),
                    "kind": self._kind,
                    "thinking": self._thinking,
                    "buttons": buttons,
                    "blank": self._blank_prompt(),
                    "direction": str(self._line_direction()),
                    "over": None
                    if over is None
                    else {
                        "text": over.describe(names),
                        "series": view.score_series(game),
                        "names": names,
                    },
                }
            )
        )
        return shown if self._classmate is None else self._classmate.view(shown)

    def _label(self, action: str) -> str:
        labels = {
            "play": _("Play"),
            "discard": _("Discard"),
            "exchange": _("Exchange"),
            "pass": _("Pass"),
            "undo": _("Undo"),
            "hint": _("Hint"),
            "new": _("New game"),
            "draw": _("Draw"),
            "end": _("End turn"),
            "challenge": _("Challenge"),
            "direction": _("Direction: across →")
            if self._direction is Direction.ACROSS
            else _("Direction: down ↓"),
        }
        if action == self.exchange_word and self._exchanging:
            return _("{word} the marked ones").format(word=labels[action])
        return labels[action]

    def _turn_text(self, names: list[str]) -> str:
        game = self.game
        if game.is_over:
            return _("Game over")
        name = names[game.to_move]
        if self._thinking:
            return _("{name} is thinking…").format(name=name)
        return _("{name} to move").format(name=name)

    def _blank_prompt(self) -> dict[str, Any] | None:
        if self._blank is None:
            return None
        square, _index = self._blank
        return {
            "prompt": _("Which value does the blank on {square} stand for?").format(
                square=square_name(square)
            ),
            "square": square_name(square),
            "choices": [[value, self.show(value)] for value in self.blank_choices()],
        }

    def _line_direction(self) -> Direction:
        """The way the line being built reads: the one its tiles lie along once there are
        two of them, else the one chosen with the Direction button."""
        rows = {r for r, _c in self._tentative}
        cols = {c for _r, c in self._tentative}
        if len(self._tentative) >= 2 and len(cols) == 1:
            return Direction.DOWN
        if len(self._tentative) >= 2 and len(rows) == 1:
            return Direction.ACROSS
        return self._direction

    def _track_last(self, board: Any) -> None:
        """The last move's squares: those filled since the board was last drawn."""
        new = [sq for sq, _token in board.filled() if self._seen[sq] is None]
        if new:
            keep = self.places_one_by_one and getattr(self.game, "placed_this_turn", 0) > 1
            self._last = (self._last if keep else []) + new
        self._last = [sq for sq in self._last if board[sq] is not None]
        self._seen = board

    def _say(self, message: str, kind: str = "info") -> None:
        """Show ``message`` under the board (``kind``: info, error, hint, thinking, over)."""
        note = getattr(self, "_level_note", "")
        if note and message and kind in ("info", "over"):
            self._level_note = ""
            if note not in message:
                message = f"{note} {message}"
        self._message, self._kind = message, kind
        self._refresh()

    def _human_turn(self) -> bool:
        """Whether a person is to move in a game not over."""
        return not self.game.is_over and self.seats[self.game.to_move] == "human"

    def _moved(self, entries: Sequence[Any]) -> None:
        """Tell the ``on_move`` callbacks of ``entries`` (moves just played)."""
        for entry in entries:
            for callback in list(self._callbacks):
                callback(self, entry)


#: The longest name a player may be given on a board.
NAME_LENGTH = 24


def _checked_names(names: Sequence[str] | None) -> list[str] | None:
    """The players' names for the board (``["Ana", "Ben"]``), each checked: a name is
    text, not empty, at most ``NAME_LENGTH`` characters."""
    if names is None:
        return None
    if isinstance(names, str) or not all(isinstance(name, str) for name in names):
        raise MathplayError(_("names is a list of names, like ['Ana', 'Ben']"))
    cleaned = [" ".join(name.split()) for name in names]
    for name in cleaned:
        if not name or len(name) > NAME_LENGTH:
            raise MathplayError(
                _("a player's name has 1 to {n} letters, not {name!r}").format(
                    n=NAME_LENGTH, name=name
                )
            )
    return cleaned
