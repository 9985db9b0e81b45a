"""The review on the board: step through a game's turns, see the best move there
was drawn on the board beside the one played, with the reason in words, and try a turn
again.

**Review** (at the end of a game, **See what you could have played**) shows the position
before the first turn that missed points (else the first turn): the tiles of the move
played as the pending tiles of a turn, the best move's tiles outlined as a hint's, the
rack as it was, and in words what was played, the best there was and why it was better.
**◀ Back** and **Next ▶** step through the turns (Tab and Enter reach them, as every
button). **Try this turn again** puts that position back on the board with the tiles the
pupil had then (the players keep their names): the pupil plays a move as usual, is told
its points against the best, and the review comes back; the game itself is not touched
(the try is played on a copy, so nothing is recorded as the game). **Back to the game**
leaves the review.

The logic is :mod:`mathplay.ai.review`'s; this part of the board only shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mathplay.ai.best import unknown_positions
from mathplay.ai.review import Review, ReviewTurn, shown
from mathplay.classroom.names import current_pupil
from mathplay.classroom.records import record_game
from mathplay.classroom.where import DEFAULT_LOG, log_path
from mathplay.errors import MathplayError
from mathplay.i18n import _, _n
from mathplay.widgets import view

if TYPE_CHECKING:
    from mathplay.widgets.base import BoardWidget

__all__ = ["REVIEW_ACTIONS", "ReviewMode"]

#: The buttons while reviewing.
REVIEW_ACTIONS = ["review_back", "review_next", "review_try", "review_close"]
#: The buttons while trying a turn again (besides the game's own play buttons).
TRY_KEEPS = ("play", "direction", "end")


class ReviewMode:
    """A part of :class:`~mathplay.widgets.base.BoardWidget`: the review of its game."""

    def __init__(self, board: BoardWidget) -> None:
        self.board = board
        #: The review shown, or ``None`` when the board shows the game.
        self.review: Review | None = None
        #: The turn of the review shown (an index of ``review.turns``).
        self.at = 0
        #: While a turn is tried again: the real game and seats, kept aside.
        self.trying: tuple[Any, list[str]] | None = None
        #: Whether the game's end is in the pupil's records already.
        self.recorded = False

    def new_game(self) -> None:
        """A new game on the board: the review of the old one goes."""
        self.review = None
        self.trying = None
        self.recorded = False

    # --- which buttons ------------------------------------------------------------------

    def shown_actions(self) -> list[str]:
        """The buttons on show: the review's while reviewing, else the game's and Review."""
        if self.trying is not None:
            return [a for a in self.board.actions() if a in TRY_KEEPS] + ["review_stop_try"]
        if self.review is not None:
            return list(REVIEW_ACTIONS)
        return [*self.board.actions(), "review"]

    def label(self, action: str) -> str:
        return {
            "review": _("See what you could have played")
            if self.board.game.is_over
            else _("Review"),
            "review_back": _("◀ Back"),
            "review_next": _("Next ▶"),
            "review_try": _("Try this turn again"),
            "review_close": _("Back to the game"),
            "review_stop_try": _("Back to the review"),
        }[action]

    def enabled(self, action: str) -> bool:
        if action == "review":
            # With the hand-over on, the review waits for the game's end: it shows the
            # tiles every player held.
            return (
                bool(self.board.game.history)
                and not (self.board._handover.active and not self.board.game.is_over)
                and not self.board._thinking
                and (self.board.game.is_over or self.board._human_turn())
            )
        review = self.review
        if review is None:
            return action == "review_stop_try"
        if action == "review_back":
            return self.at > 0
        if action == "review_next":
            return self.at < len(review.turns) - 1
        if action == "review_try":
            turn = review.turns[self.at]
            return self.board.seats[turn.player] == "human" and bool(turn.best)
        return True

    # --- the buttons ----------------------------------------------------------------------

    def press(self, action: str) -> bool:
        """Handle a review button; ``False`` when ``action`` is not one."""
        if action == "review":
            if not self.enabled("review"):
                self.board._say(
                    _("The review opens once a move is made and it is your turn."), "error"
                )
                return True
            self.board._reset_turn()
            # Said first only when some turns were not searched as the game went (a
            # board made with threaded=False, or a review asked at once): then the
            # review searches them, which can take a few seconds in Binary.
            if unknown_positions(self.board.game):
                self.board._say(_("Looking at every turn of the game…"))
            self.review = self.board.game.review()
            missed = [i for i, t in enumerate(self.review.turns) if t.missed > 0
                      and self.board.seats[t.player] == "human"]  # fmt: skip
            self.at = missed[0] if missed else 0
            self.board._say(self.turn_words(), "info")
            return True
        if action == "review_stop_try":
            self._end_try(_("You are back in the review."))
            return True
        if action not in REVIEW_ACTIONS or self.review is None:
            return False
        if not self.enabled(action):
            return True
        if action == "review_close":
            self.review = None
            self.board._say(_("Back to the game."))
        elif action in ("review_back", "review_next"):
            self.at += -1 if action == "review_back" else 1
            self.board._say(self.turn_words())
        elif action == "review_try":
            self._start_try()
        return True

    def _start_try(self) -> None:
        review = self.review
        assert review is not None
        turn = review.turns[self.at]
        trial = self._position_before(turn)
        self.trying = (self.board.game, list(self.board.seats))
        self.board.game = trial
        self.board.seats = ["human"] * trial.players
        self.board._reset_turn()
        self.board._seen = trial.board
        self.board._last = []
        self.board._say(
            _n(
                "Back to that turn, with the same tiles: find a better move than {played} "
                "({points} point).",
                "Back to that turn, with the same tiles: find a better move than {played} "
                "({points} points).",
                turn.points,
            ).format(played=shown(turn.played), points=turn.points)
        )

    def _end_try(self, message: str) -> None:
        if self.trying is not None:
            self.board.game, self.board.seats = self.trying
            self.trying = None
            self.board._reset_turn()
            self.board._seen = self.board.game.board
        self.board._say(message + " " + self.turn_words() if self.review else message)

    def tried(self, entries: Any) -> None:
        """A move played in a try: its points against the best, then back to the review."""
        review = self.review
        assert review is not None
        turn = review.turns[self.at]
        points = sum(int(entry.score) for entry in entries)
        if points >= turn.best_points:
            words = _("{points} points: that is the best there was. Well found!")
        elif points > turn.points:
            words = _("{points} points: better than in the game ({played}); the best is {best}.")
        else:
            words = _(
                "{points} points: not better than in the game ({played}). The best is {best}."
            )
        self._end_try(words.format(points=points, played=turn.points, best=turn.best_points))

    def _position_before(self, turn: ReviewTurn) -> Any:
        """A copy of the game as it was before ``turn`` (the game is not touched)."""
        then = self.board.game.copy()
        while then.ply > turn.ply:
            then.undo()
        return then

    # --- the teacher's record ---------------------------------------------------------------

    def record_game_end(self) -> None:
        """Once a game one pupil played in a lesson is over: its review's summary in the
        pupil's records, for the teacher's report (not an attempt)."""
        if self.trying is not None or self.recorded or self.board.game.outcome is None:
            return
        if self.board._classmate is not None:
            return  # a game with a classmate: the class's service records it for both
        humans = [i for i, seat in enumerate(self.board.seats) if seat == "human"]
        lesson, who = self.board.lesson, current_pupil()
        if not lesson or not who or len(humans) != 1:
            return
        self.recorded = True
        path = log_path(who, DEFAULT_LOG)
        if path is None:
            return
        try:
            summary = self.board.game.review().summary(humans[0])
            miss = summary.biggest_miss
            words = (
                ""
                if miss is None
                else _("move {number}, {best} for {points} points").format(
                    number=miss.ply + 1, best=shown(miss.best[0]), points=miss.best_points
                )
            )
            record_game(
                path,
                who=who,
                game=self.board.game_name,
                score=summary.score,
                turns=summary.turns,
                share=summary.share,
                biggest_miss=words,
                lesson=lesson,
            )
        except (OSError, MathplayError):
            return  # a game that cannot be recorded is still a game: nothing is shown

    # --- what the board shows -------------------------------------------------------------

    def turn_words(self) -> str:
        review = self.review
        if review is None:
            return ""
        turn = review.turns[self.at]
        names = self.board._names()
        if names[turn.player] == _("You"):  # the pupil, spoken to: "you played" (jugaste)
            said = _("Move {number} of {count}: you played {played} for {points} points.")
        else:
            said = _("Move {number} of {count}: {name} played {played} for {points} points.")
        head = said.format(
            number=turn.ply + 1,
            count=len(self.board.game.history),
            name=names[turn.player],
            played=shown(turn.played),
            points=turn.points,
        )
        if not turn.best:
            return head + " " + _("No move was possible.")
        best = _("The best there was: {move} for {points} points (outlined on the board).").format(
            move=shown(turn.best[0]), points=turn.best_points
        )
        return " ".join(part for part in (head, best, turn.reason) if part)

    def view(self, base: dict[str, Any]) -> dict[str, Any]:
        """``base`` (the board's view) showing the reviewed turn instead of the game now."""
        review = self.review
        if review is None or self.trying is not None:
            return base
        turn: ReviewTurn = review.turns[self.at]
        then = self._position_before(turn)
        size = then.board.size
        best = view.placed_tiles(then, turn.best[0]) if turn.best else []
        best_squares = {square for square, _token in best}
        played = view.placed_tiles(then, turn.move) if turn.move is not None else []
        base = dict(base)
        base["cells"] = [
            None if token is None else view.tile_entry(token, self.board.show, self.board.points)
            for token in then.board.cells
        ]
        base["tentative"] = [
            [r * size + c, view.tile_entry(token, self.board.show, self.board.points)]
            for (r, c), token in played
            if (r, c) not in best_squares
        ]
        base["hint"] = [r * size + c for (r, c), _token in best]
        base["hint_tiles"] = [
            [r * size + c, view.tile_entry(token, self.board.show, self.board.points)]
            for (r, c), token in best
        ]
        base["last"] = []
        base["hand"] = [
            {
                **view.tile_entry(token, self.board.show, self.board.points),
                "token": token,
                "state": "free",
            }
            for token in turn.hand
        ]
        owner = self.board._names()[turn.player]
        base["hand_owner"] = owner
        if self.board.seats[turn.player] != "human":  # a computer's turn: not "Your tiles"
            base["hand_title"] = _("{name}'s tiles").format(name=owner)
        base["players"] = [  # the scores and the bag as they were then
            {**seat, "score": int(score), "to_move": i == turn.player}
            for i, (seat, score) in enumerate(zip(base["players"], then.scores))
        ]
        base["bag"] = then.bag_size
        base["turn"] = _("Review: move {number} of {count}").format(
            number=turn.ply + 1, count=len(self.board.game.history)
        )
        base["review"] = True  # the squares' names say "played in the game", "the best move"
        base["message"] = self.board._message or self.turn_words()
        base["kind"] = self.board._kind
        return base
