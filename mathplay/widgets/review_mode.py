# mypy: disable-error-code="misc"
# (the mixin methods are typed with `self: BoardWidget`, the class they are mixed into)
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

The logic is :mod:`mathplay.ai.review`'s; this mixin only shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mathplay.ai.review import Review, ReviewTurn, shown
from mathplay.classroom.names import current_pupil
from mathplay.classroom.records import record_game
from mathplay.classroom.where import DEFAULT_LOG, current_lesson, log_path
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
    """Mixed into :class:`~mathplay.widgets.base.BoardWidget`."""

    _review: Review | None = None
    _review_at: int = 0
    #: While a turn is tried again: the real game and seats, kept aside.
    _trying: tuple[Any, list[str]] | None = None
    #: Whether the game's end is in the pupil's records already.
    _game_recorded: bool = False

    # --- which buttons ------------------------------------------------------------------

    def _shown_actions(self: BoardWidget) -> list[str]:
        """The buttons on show: the review's while reviewing, else the game's and Review."""
        if self._trying is not None:
            return [a for a in self.actions() if a in TRY_KEEPS] + ["review_stop_try"]
        if self._review is not None:
            return list(REVIEW_ACTIONS)
        return [*self.actions(), "review"]

    def _review_label(self: BoardWidget, action: str) -> str:
        return {
            "review": _("See what you could have played") if self.game.is_over else _("Review"),
            "review_back": _("◀ Back"),
            "review_next": _("Next ▶"),
            "review_try": _("Try this turn again"),
            "review_close": _("Back to the game"),
            "review_stop_try": _("Back to the review"),
        }[action]

    def _review_enabled(self: BoardWidget, action: str) -> bool:
        if action == "review":
            return (
                bool(self.game.history)
                and not self._thinking
                and (self.game.is_over or self._human_turn())
            )
        review = self._review
        if review is None:
            return action == "review_stop_try"
        if action == "review_back":
            return self._review_at > 0
        if action == "review_next":
            return self._review_at < len(review.turns) - 1
        if action == "review_try":
            turn = review.turns[self._review_at]
            return self.seats[turn.player] == "human" and bool(turn.best)
        return True

    # --- the buttons ----------------------------------------------------------------------

    def _review_press(self: BoardWidget, action: str) -> bool:
        """Handle a review button; ``False`` when ``action`` is not one."""
        if action == "review":
            if not self._review_enabled("review"):
                self._say(_("The review opens once a move is made and it is your turn."), "error")
                return True
            self._reset_turn()
            # Seen at once: a whole Binary game takes a few seconds to review.
            self._say(_("Looking at every turn of the game…"))
            self._review = self.game.review()
            missed = [i for i, t in enumerate(self._review.turns) if t.missed > 0
                      and self.seats[t.player] == "human"]  # fmt: skip
            self._review_at = missed[0] if missed else 0
            self._say(self._turn_words(), "info")
            return True
        if action == "review_stop_try":
            self._end_try(_("You are back in the review."))
            return True
        if action not in REVIEW_ACTIONS or self._review is None:
            return False
        if not self._review_enabled(action):
            return True
        if action == "review_close":
            self._review = None
            self._say(_("Back to the game."))
        elif action in ("review_back", "review_next"):
            self._review_at += -1 if action == "review_back" else 1
            self._say(self._turn_words())
        elif action == "review_try":
            self._start_try()
        return True

    def _start_try(self: BoardWidget) -> None:
        review = self._review
        assert review is not None
        turn = review.turns[self._review_at]
        trial = self._position_before(turn)
        self._trying = (self.game, list(self.seats))
        self.game = trial
        self.seats = ["human"] * trial.players
        self._reset_turn()
        self._seen = trial.board
        self._last: list[Any] = []
        self._say(
            _n(
                "Back to that turn, with the same tiles: find a better move than {played} "
                "({points} point).",
                "Back to that turn, with the same tiles: find a better move than {played} "
                "({points} points).",
                turn.points,
            ).format(played=shown(turn.played), points=turn.points)
        )

    def _end_try(self: BoardWidget, message: str) -> None:
        if self._trying is not None:
            self.game, self.seats = self._trying
            self._trying = None
            self._reset_turn()
            self._seen = self.game.board
        self._say(message + " " + self._turn_words() if self._review else message)

    def _tried(self: BoardWidget, entries: Any) -> None:
        """A move played in a try: its points against the best, then back to the review."""
        review = self._review
        assert review is not None
        turn = review.turns[self._review_at]
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

    def _position_before(self: BoardWidget, turn: ReviewTurn) -> Any:
        """A copy of the game as it was before ``turn`` (the game is not touched)."""
        then = self.game.copy()
        while then.ply > turn.ply:
            then.undo()
        return then

    # --- the teacher's record ---------------------------------------------------------------

    def _record_game_end(self: BoardWidget) -> None:
        """Once a game one pupil played in a lesson is over: its review's summary in the
        pupil's records, for the teacher's report (not an attempt)."""
        if self._trying is not None or self._game_recorded or self.game.outcome is None:
            return
        humans = [i for i, seat in enumerate(self.seats) if seat == "human"]
        lesson, who = current_lesson(), current_pupil()
        if not lesson or not who or len(humans) != 1:
            return
        self._game_recorded = True
        path = log_path(who, DEFAULT_LOG)
        if path is None:
            return
        try:
            summary = self.game.review().summary(humans[0])
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
                game=self.game_name,
                score=summary.score,
                turns=summary.turns,
                share=summary.share,
                biggest_miss=words,
                lesson=lesson,
            )
        except (OSError, MathplayError):
            return  # a game that cannot be recorded is still a game: nothing is shown

    # --- what the board shows -------------------------------------------------------------

    def _turn_words(self: BoardWidget) -> str:
        review = self._review
        if review is None:
            return ""
        turn = review.turns[self._review_at]
        names = self._names()
        head = _("Move {number} of {count}: {name} played {played} for {points} points.").format(
            number=turn.ply + 1,
            count=len(self.game.history),
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

    def _review_view(self: BoardWidget, base: dict[str, Any]) -> dict[str, Any]:
        """``base`` (the board's view) showing the reviewed turn instead of the game now."""
        review = self._review
        if review is None or self._trying is not None:
            return base
        turn: ReviewTurn = review.turns[self._review_at]
        then = self._position_before(turn)
        size = then.board.size
        best = view.placed_tiles(then, turn.best[0]) if turn.best else []
        best_squares = {square for square, _token in best}
        played = view.placed_tiles(then, turn.move) if turn.move is not None else []
        base = dict(base)
        base["cells"] = [
            None if token is None else view.tile_entry(token, self.show, self.points)
            for token in then.board.cells
        ]
        base["tentative"] = [
            [r * size + c, view.tile_entry(token, self.show, self.points)]
            for (r, c), token in played
            if (r, c) not in best_squares
        ]
        base["hint"] = [r * size + c for (r, c), _token in best]
        base["hint_tiles"] = [
            [r * size + c, view.tile_entry(token, self.show, self.points)] for (r, c), token in best
        ]
        base["last"] = []
        base["hand"] = [
            {**view.tile_entry(token, self.show, self.points), "token": token, "state": "free"}
            for token in turn.hand
        ]
        owner = self._names()[turn.player]
        base["hand_owner"] = owner
        if self.seats[turn.player] != "human":  # a computer's turn: not "Your tiles"
            base["hand_title"] = _("{name}'s tiles").format(name=owner)
        base["players"] = [  # the scores and the bag as they were then
            {**seat, "score": int(score), "to_move": i == turn.player}
            for i, (seat, score) in enumerate(zip(base["players"], then.scores))
        ]
        base["bag"] = then.bag_size
        base["turn"] = _("Review: move {number} of {count}").format(
            number=turn.ply + 1, count=len(self.game.history)
        )
        base["review"] = True  # the squares' names say "played in the game", "the best move"
        base["message"] = self._message or self._turn_words()
        base["kind"] = self._kind
        return base
