"""What a person does on a board: clicks, keys and buttons, turned into engine calls.

Every method here either changes only the tentative state of the turn (selected tile,
tiles placed but not played) or hands notation to the engine and shows its answer. A
refused action changes nothing but the message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mathplay.core import Direction, Square, line_from_placements, square_name
from mathplay.core.outcome import EndReason
from mathplay.core.typed_words import command_said
from mathplay.errors import MathplayError
from mathplay.expr.pretty import pretty
from mathplay.games.move_words import direction_word
from mathplay.i18n import _, _n
from mathplay.widgets.board_words import (
    friendly_error,
    log_line,
    pick_a_piece,
    piece_count,
    points_text,
    turn_text,
)
from mathplay.widgets.review_mode import TRY_KEEPS

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["Turns"]


class Turns:
    """A part of :class:`~mathplay.widgets.base.BoardWidget`: the handlers of clicks,
    keys and buttons, and what a turn remembers besides its tiles (hints asked, warnings
    given)."""

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        #: How many hints were asked this turn (each asks for more).
        self.hint_level = 0
        #: The players told what a sign square gives (Mixmath), once each.
        self.explained_signs: set[int] = set()
        #: A scoreless turn that would end the game, already warned of: (notation, ply).
        self.warned: tuple[str, int] | None = None

    def new_game(self) -> None:
        """A new game on the board: no hint asked, nothing explained or warned yet."""
        self.hint_level = 0
        self.explained_signs = set()
        self.warned = None

    # --- clicks ------------------------------------------------------------------------

    def click_tile(self, index: int) -> None:
        """Pick (or put down) tile ``index`` of the hand; in exchange mode, mark it."""
        if not self._may_act():
            return
        hand = self.board.game.hands[self.board.game.to_move]
        if not 0 <= index < len(hand):
            self.board._say(_("There is no tile {n} in your hand.").format(n=index + 1), "error")
            return
        if self.board._exchanging:
            self.board._marked ^= {index}
            if self.board._marked:
                marked = ", ".join(self.board.show(hand[i]) for i in sorted(self.board._marked))
                self.board._say(
                    _("Marked: {tiles}. Press {button} when you are ready.").format(
                        tiles=marked, button=self.board._label(self.board.exchange_word)
                    )
                )
            else:
                self.board._say(self._exchange_help())
            return
        for square, (used, _token) in self.board._tentative.items():
            if used == index:
                self.board._say(
                    _("That tile is on {square}: click the square to take it back.").format(
                        square=square_name(square)
                    ),
                    "error",
                )
                return
        self.board._selected = None if self.board._selected == index else index
        if self.board._selected is None:
            self.board._say("")
        else:
            self.board._say(
                _("Now click a square for {tile}.").format(tile=self.board.show(hand[index]))
            )

    def click_square(self, row: int, col: int) -> None:
        """Put the picked tile on a square, or take back a tile placed this turn."""
        if not self._may_act():
            return
        board = self.board.game.board
        square = (row, col)
        if not board.on_board(square):
            self.board._say(_("That square is not on the board."), "error")
            return
        name = square_name(square)
        if self.board._exchanging:
            self.board._say(_("Finish the exchange first, or press Cancel."), "error")
        elif self.board._blank is not None:
            self.board._say(_("Say which value the blank stands for first."), "error")
        elif square in self.board._tentative:
            index, token = self.board._tentative.pop(square)
            self.board._say(
                _("Took {tile} back from {square}.").format(
                    tile=self.board.show(token), square=name
                )
            )
        elif board[square] is not None:
            self.board._say(_("{square} is taken.").format(square=name), "error")
        elif self.board._selected is None:  # the click moved the cursor there: no error
            self.board._say(pick_a_piece(self.board.game_name))
        else:
            index = self.board._selected
            token = self.board.game.hands[self.board.game.to_move][index]
            if token == "?":
                self.board._blank = (square, index)
                self.board._say(_("Which value does the blank stand for?"))
            else:
                self._place(square, index, token)

    def choose_blank(self, value: str) -> None:
        """Say which value the blank waiting to be placed stands for."""
        if self.board._blank is None:
            self.board._say(_("There is no blank waiting for a value."), "error")
            return
        value = value.strip()
        if not value or len(value) > 4 or any(ch.isspace() for ch in value):
            self.board._say(_("Type the value the blank stands for, like 1."), "error")
            return
        square, index = self.board._blank
        self.board._blank = None
        self._place(square, index, "?" + value)

    def key(self, key: str, square: Square) -> None:
        """A key pressed with the cursor on ``square``: a tile, Enter, Backspace, Escape."""
        if key == "Enter":
            self.press("end" if self.board.places_one_by_one else "play")
        elif key == "Escape":
            self.press("cancel")
        elif key in ("Backspace", "Delete"):
            if square in self.board._tentative:
                self.click_square(*square)
            elif self.board._tentative:
                self.click_square(*list(self.board._tentative)[-1])
            else:
                self.board._say(_("There is no tile to take back."), "error")
        else:
            self._type(key, square)

    def _type(self, key: str, square: Square) -> None:
        if not self._may_act():
            return
        typed = self.board.key_aliases.get(key, key).lower()
        hand = self.board.game.hands[self.board.game.to_move]
        used = {index for index, _token in self.board._tentative.values()}
        for index, token in enumerate(hand):
            if index not in used and typed in (token.lower(), self.board.show(token).lower()):
                self.board._selected = index
                self.click_square(*square)
                return
        self.board._say(_("There is no {key} in your hand.").format(key=key), "error")

    # --- buttons ------------------------------------------------------------------------

    def press(self, action: str) -> None:
        """A button: play, end, draw, pass, exchange/discard, challenge, undo, hint …"""
        if action == "ready":
            self.board._handover.ready()
            return
        if self.board._handover.hidden() and action not in ("undo", "new"):
            self.board._handover.refuse()
            return
        classmate = self.board._classmate
        if classmate is not None and classmate.refuses(action):
            return
        if self.board._review_mode.press(action):
            return
        if self.board._review_mode.trying is not None and action not in (*TRY_KEEPS, "cancel"):
            self.board._say(_("Press Back to the review first."), "error")
            return
        if action == "new":
            self.board.new_game(seats=self.board.seats, players=self.board.game.players)
        elif action == "cancel":
            self._cancel()
        elif action == "undo":
            self._undo()
        elif action not in self.board.actions():
            self.board._say(
                _("{action} is not a button of this game.").format(action=action), "error"
            )
        elif not self._may_act():
            return
        elif action == "play":
            self._play_tentative()
        elif action == "direction":
            self.board._direction = self.board._direction.other
            self.board._say(
                _("Single tiles now read {direction}.").format(
                    direction=direction_word(self.board._direction)
                )
            )
        elif action == self.board.exchange_word:
            self._exchange()
        elif action == "hint":
            self._give_hint()
        elif action == "challenge":
            self._challenge()
        elif self.board._tentative:
            self.board._say(_("Take back the tiles you placed first, or press Play."), "error")
        else:
            self.submit(action)

    def _cancel(self) -> None:
        """Cancel (or Escape): the turn being built starts again, said in words: the
        tiles placed this turn are back in the hand, or the exchange, the blank's value
        or the tile picked is called off."""
        board = self.board
        placed = len(board._tentative)
        choosing = board._exchanging or board._blank is not None or board._selected is not None
        board._reset_turn()
        if placed:
            said = _("{count} back in your hand.").format(
                count=piece_count(board.game_name, placed)
            )
        elif choosing:
            said = _("Cancelled: your tiles are as they were.")
        else:
            said = _("There is no tile to take back.")
        board._say(said)

    # --- turning actions into moves --------------------------------------------------------

    def _may_act(self) -> bool:
        """Whether a person may act now; if not, say why (and change nothing)."""
        if self.board._thinking:
            self.board._say(_("Wait: the computer is thinking…"), "error")
        elif self.board._handover.hidden():
            self.board._handover.refuse()
        elif self.board.game.is_over:
            self.board._say(_("The game is over: press New game to play again."), "error")
        elif self.board.seats[self.board.game.to_move] != "human":
            self.board._say(_("It is not your turn."), "error")
        else:
            return True
        return False

    def _place(self, square: Square, index: int, token: str) -> None:
        if self.board.places_one_by_one:
            self.board._selected = index  # kept if the engine refuses the placement
            self.submit(f"{square_name(square)} {token}")
        else:
            self.board._selected = None
            self.board._tentative[square] = (index, token)
            tile, name = self.board.show(token), square_name(square)
            worth = self._worth()
            # What the move is worth before it is played, said with the tile (issue 74):
            # a pupil who cannot see the board weighs a move as one who can.
            if worth is None:
                said = _("{tile} on {square}: press Play when the line is complete.")
            else:
                said = _n(
                    "{tile} on {square}: played now, this move scores {n} point.",
                    "{tile} on {square}: played now, this move scores {n} points.",
                    worth,
                )
            self.board._say(said.format(tile=tile, square=name, n=worth))

    def _tentative_notation(self) -> str:
        """The move the tiles placed this turn make (raises the engine's reason)."""
        placements = self.board.tentative
        try:
            return self._notation(placements, None)
        except MathplayError:
            if len(placements) != 1:
                raise
            # One tile touching lines both ways: the way the engine accepts, else the
            # direction chosen with the Direction button.
            ways = [self.board._direction, self.board._direction.other]
            options = [self._notation(placements, way) for way in ways]
            return next((n for n in options if self._accepted(n)), options[0])

    def _worth(self) -> int | None:
        """The points the tiles placed this turn score if played now, or ``None`` when the
        engine would refuse them (tried on a copy of the game)."""
        try:
            trial = self.board.game.copy()
            trial.play(self._tentative_notation())
        except MathplayError:
            return None
        return int(trial.history[-1].score)

    def _play_tentative(self) -> None:
        if not self.board._tentative:
            self.board._say(_("Place a tile on the board first."), "error")
            return
        try:
            notation = self._tentative_notation()
        except MathplayError as error:
            self.board._say(friendly_error(error), "error")
            return
        self.submit(notation)

    def _notation(self, placements: dict[Square, str], direction: Direction | None) -> str:
        start, way, tokens = self._line(placements, direction)
        return f"{square_name(start)} {way} {' '.join(tokens)}"

    def _accepted(self, notation: str) -> bool:
        """Whether the engine would accept ``notation`` (asked on a copy of the game)."""
        try:
            self.board.game.copy().play(notation)
        except MathplayError:
            return False
        return True

    def _line(
        self, placements: dict[Square, str], direction: Direction | None
    ) -> tuple[Square, Direction, tuple[str, ...]]:
        make = getattr(self.board.game, "move_from_placements", None)
        if make is None:
            return line_from_placements(self.board.game.board, placements, direction)
        move = make(placements, direction)
        return move.start, move.direction, tuple(move.tokens)

    def _exchange_help(self) -> str:
        if self.board.exchange_word == "discard":
            return _(
                "Click the blocks you want to throw away: they leave the game, and you "
                "take new blocks to fill your hand. Then press {button}."
            ).format(button=self.board._label(self.board.exchange_word))
        return _(
            "Click the tiles you want to swap: they go back into the bag, and you take "
            "as many new ones. Then press {button}. Swapping uses up your turn."
        ).format(button=self.board._label(self.board.exchange_word))

    def _exchange(self) -> None:
        if not self.board._exchanging:
            self.board._reset_turn()
            self.board._exchanging = True
            self.board._say(self._exchange_help())
            return
        hand = self.board.game.hands[self.board.game.to_move]
        if not self.board._marked:
            self.board._say(_("Mark at least one tile first, or press Cancel."), "error")
            return
        tokens = " ".join(hand[i] for i in sorted(self.board._marked))
        self.submit(f"{self.board.exchange_word} {tokens}")

    def _ends_the_game(self, notation: str) -> str:
        """The warning to give before ``notation`` when it is a turn that scores nothing
        and ends the game (a pass, an exchange, a turn ended with nothing placed), else
        ``""``. Worked out on a copy: the game itself is not touched. A move that places
        tiles, and a game that ends because a player used their last tile, never warn."""
        command = command_said(notation)  # in any language's words (lepas, tukar 3 7)
        head = command[0] if command is not None else notation.split()[0]
        if head not in ("pass", "end", self.board.exchange_word):
            return ""
        game = self.board.game
        trial = game.copy()
        mover = game.to_move
        try:
            trial.play(notation)
        except MathplayError:
            return ""  # the engine will refuse it, and say why
        gained = sum(entry.score for entry in trial.history[game.ply :] if entry.player == mover)
        outcome = trial.outcome
        if outcome is None or gained > 0 or outcome.reason is EndReason.OUT_OF_TILES:
            return ""
        button = self.board._label(head)
        lost = game.scores[mover] - trial.scores[mover]
        if lost > 0:
            return _n(
                "Careful: this ends the game, because {reason}, and you lose {points} point "
                "for what is left in your hand. Press {button} again to do it anyway.",
                "Careful: this ends the game, because {reason}, and you lose {points} points "
                "for what is left in your hand. Press {button} again to do it anyway.",
                lost,
            ).format(reason=outcome.reason.describe(), points=lost, button=button)
        return _(
            "Careful: this ends the game, because {reason}. Press {button} again to do it anyway."
        ).format(reason=outcome.reason.describe(), button=button)

    def submit(self, notation: str) -> bool:
        """Play ``notation``; on refusal show the engine's reason and keep everything. A
        scoreless turn that would end the game is played only when pressed a second time
        (the first press says so)."""
        game = self.board.game
        name = self.board._names()[game.to_move]
        if self.board._review_mode.trying is None and self.warned != (notation, game.ply):
            warning = self._ends_the_game(notation)
            if warning:
                self.warned = (notation, game.ply)
                self.board._say(warning, "error")
                return False
        self.warned = None
        classmate = self.board._classmate
        if classmate is not None and self.board._review_mode.trying is None:
            return classmate.submit(notation)  # the class's service plays it, or says no
        with self.board._lock:
            before = game.ply
            try:
                game.play(notation)
            except MathplayError as error:
                self.board._say(friendly_error(error), "error")
                return False
        entries = game.history[before:]
        if (
            self.board._review_mode.trying is not None
        ):  # a turn tried again: not the game, not recorded
            self.board._review_mode.tried(entries)
            return True
        self.board._previous = None
        self.board._moved(entries)
        mover = entries[0].player
        if len(entries) == 1:
            text = log_line(self.board.game_name, name, entries[0].move, entries[0].score) + "."
        else:
            text = turn_text(self.board.game_name, name, [(e.move, e.score) for e in entries])
        notes = [self._sign_square_note(), self._score_note(mover)]
        self.after_move(" ".join([text, *(note for note in notes if note)]))
        self.board._computer_seats.start()
        return True

    def _sign_square_note(self) -> str:
        """The first time a player puts a tile on a sign square (Mixmath), what it gives."""
        if not getattr(self.board.game, "can_draw", False):
            return ""
        player = self.board.game.to_move
        if player in self.explained_signs:
            return _("You may draw an extra tile.")
        self.explained_signs.add(player)
        return _(
            "That was a sign square (+ − × ÷): a tile placed there lets you draw one extra "
            "tile from the bag. Press Draw to take it, or go on placing."
        )

    def _score_note(self, player: int) -> str:
        """A person's own points after their move (screen readers hear it too)."""
        if self.board.game.is_over:
            return ""
        names = self.board._names()
        you = names[player] == _("You")
        return points_text(names[player], int(self.board.game.scores[player]), you)

    def after_move(self, message: str) -> None:
        self.board._reset_turn()
        self.hint_level = 0
        self.board._hint = []
        self.board._hint_tiles = []
        over = self.board.game.outcome
        if over is not None:
            self.board._say(over.describe(self.board._names()), "over")
        else:
            self.board._say(message)

    def _undo(self) -> None:
        if self.board._thinking:
            self.board._say(_("Wait: the computer is thinking…"), "error")
            return
        game = self.board.game
        if game.is_over:
            self.board._say(
                _(
                    "The game is over: no move can be taken back now. Press See what you "
                    "could have played to look back at it, or New game to play again."
                ),
                "error",
            )
            return
        if not game.history and self.board._previous is not None:
            old_game, seats = self.board._previous
            self.board._previous = None
            self.board._setup(old_game, seats)
            self.board._say(_("Back to the game you were playing."))
            return
        if not game.history:
            self.board._say(_("There is no move to undo."), "error")
            return
        if "challenge" in (self.board.allowed() or ()):
            # Challenge mode (Mixmath): a placement stays while it may be challenged.
            self.board._say(
                _(
                    "In challenge mode a tile stays on the board until the next tile or the "
                    "end of the turn, so that another player can challenge it."
                ),
                "error",
            )
            return
        with self.board._lock:
            undone = [game.undo()]
            while game.history and self.board.seats[game.to_move] != "human":
                undone.append(game.undo())
        self.board._handover.hide_again()
        self.after_move(
            _n(
                "Took back {n} move.", "Took back {n} moves, back to your turn.", len(undone)
            ).format(n=len(undone))
        )
        self.board._computer_seats.start()

    def _give_hint(self) -> None:
        level = min(3, self.hint_level + 1)
        # Finding the best move can take seconds (a Binary hand with blanks): say so first.
        self.board._say(_("Looking for a hint…"), "thinking")
        try:
            found = self._hint_for(level)
        except (MathplayError, ImportError) as error:
            self.board._say(_("No hint: {error}").format(error=friendly_error(error)), "error")
            return
        self.hint_level = level
        from mathplay.widgets.view import placed_tiles

        # Level 3 shows the move on the board, tile by tile (the front end shows them
        # one after another, in the order they are read).
        shown = placed_tiles(self.board.game, found.move) if level == 3 and found.move else []
        self.board._hint_tiles = shown
        self.board._hint = [square for square, _token in shown]
        # Words, not an emoji, say it is a hint (no emoji font on many school machines).
        self.board._say(
            _("Hint {level} of 3: {text}").format(level=level, text=pretty(found.text)), "hint"
        )

    def _hint_for(self, level: int) -> Any:
        ask = getattr(self.board.game, "hint", None)
        if ask is not None:
            return ask(level)
        from mathplay.ai import hints

        return hints.hint(self.board.game, level)

    def _challenge(self) -> None:
        game = self.board.game
        with self.board._lock:
            before = game.ply
            try:
                upheld, reason = self.board._challenge_last()
            except MathplayError as error:
                self.board._say(friendly_error(error), "error")
                return
        self.board._moved(game.history[before:])
        if upheld:
            self.after_move(_("The challenge is upheld: {reason}").format(reason=reason or ""))
            self.board._computer_seats.start()
        else:
            self.board._say(_("The challenge fails: the placement is right."), "info")
