"""``mathplay.play_with("ben")``: a game with a classmate on another machine.

On the class's JupyterHub (with mathplay's records service, docs/classroom.md), a pupil
runs ``mathplay.play_with("ben")`` and ben runs ``mathplay.play_with("ana")``: both get
a board of the same game (the first one to run it sits first). Each board shows only its
pupil's tiles; a move is sent to the service, which checks it with the engine; the other
board shows it within a second. Running the cell again (or after the kernel was
restarted, on any machine) goes on with the game that is not over; ``new=True`` starts
another. Where there is no hub, or the service says no, the pupil gets words on the page,
never a traceback.

The service deals every game itself (nobody can choose, so nobody can know, the tiles):
``seed=`` is answered with words saying so. ``mathplay.resign_game()`` gives a game up
and ``mathplay.decline_game()`` says no to a game a classmate started, as the board's
Resign and Decline buttons do.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from mathplay.classroom.game_service import GameService
from mathplay.classroom.shared_games import chosen_deal_words
from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.widgets.base import BoardWidget
from mathplay.widgets.boards import BOARDS
from mathplay.widgets.classmate_game import attach, game_of, newest_going_on, seats_for
from mathplay.widgets.puzzle_set import PuzzleSet
from mathplay.widgets.said import SaidAloud

__all__ = ["decline_game", "my_missed_chances", "play_with", "resign_game"]


def play_with(
    classmates: str | Sequence[str] | None = None,
    game: str | None = None,
    *,
    new: bool = False,
    seed: int | None = None,
    service: GameService | None = None,
    **options: Any,
) -> BoardWidget | SaidAloud:
    """A board of a game of ``game`` (Summy by default) with ``classmates`` (a hub name,
    or a list of up to three), through the class's game service; the game going on with
    exactly them if there is one (unless ``new``). Other options go to a new game (``size=9`` …).
    With no classmates: the pupil's newest game that is not over (of ``game``, if given:
    a tournament's game, say). When the game cannot be had, words saying why (a ``SaidAloud``).
    ``seed`` is refused in words: the service deals every game with classmates itself."""
    name = str(game or "summy").strip().lower()
    try:
        if seed is not None:
            raise MathplayError(chosen_deal_words())
        if classmates is None:
            link = service or GameService()
            view = link.view(newest_going_on(link, None if game is None else name))
            played = game_of(view)
            board_type = BOARDS[str(view.get("game", name))]
            board = board_type(played, seats_for(view, played.players), handover=False)
            attach(board, link, view)
            return board
        others = [classmates] if isinstance(classmates, str) else list(classmates)
        if name not in BOARDS:
            raise MathplayError(
                _("there is no game {name!r}: choose summy, mixmath or binary").format(name=game)
            )
        if not others or not all(isinstance(o, str) and o.strip() for o in others):
            raise MathplayError(_('Write your classmate\'s hub name, like play_with("ben").'))
        link = service or GameService()
        view = link.start(name, [o.strip() for o in others], options=options, resume=not new)
        played = game_of(view)
    except MathplayError as error:  # GameServiceError too
        said = SaidAloud()
        said.value = "<p>" + html.escape(str(error), quote=False) + "</p>"
        return said
    board_type = BOARDS[str(view.get("game", name))]
    board = board_type(played, seats_for(view, played.players), handover=False)
    attach(board, link, view)
    return board


def my_missed_chances(
    below: float = 0.5, *, service: GameService | None = None
) -> PuzzleSet | SaidAloud:
    """Practise your last finished game with a classmate (a tournament's too): the turns
    that took less than ``below`` of the best points there were, as puzzles (the position
    then, your tiles then: find the best move, or a move scoring at least N when the
    best is a long line only the engine finds). Words when there are none."""
    from mathplay.puzzles import from_review
    from mathplay.puzzles.format import read_text

    try:
        link = service or GameService()
        finished = [g for g in link.games() if g.get("over")]
        if not finished:
            raise MathplayError(_("You have no finished game with a classmate yet."))
        view = link.view(str(finished[0]["id"]))
        played = game_of(view)
        others = [str(p.get("name")) for i, p in enumerate(view["players"]) if i != view["you"]]
        title = _("Missed chances from your game with {names}").format(names=", ".join(others))
        text = from_review(played.review(), player=int(view["you"]), below=below, title=title)
        sheet, problems = read_text(text)
        if sheet is None or problems:
            raise MathplayError(_("The puzzles of your game could not be made."))
    except MathplayError as error:
        said = SaidAloud()
        said.value = "<p>" + html.escape(str(error), quote=False) + "</p>"
        return said
    return PuzzleSet(sheet)


def _said(text: str) -> SaidAloud:
    said = SaidAloud()
    said.value = "<p>" + html.escape(text, quote=False) + "</p>"
    return said


def _going_on(link: GameService, classmate: str | None) -> list[dict[str, Any]]:
    """The pupil's games not over, newest first (with ``classmate`` only, if given)."""
    return [
        g for g in link.games()
        if not g.get("over") and (classmate is None or classmate in (g.get("pupils") or []))
    ]  # fmt: skip


def resign_game(classmate: str | None = None, *, service: GameService | None = None) -> SaidAloud:
    """Give up your game going on with ``classmate`` (or your newest game going on): it
    is over, and the others win. Words saying so, or why not."""
    try:
        link = service or GameService()
        going_on = _going_on(link, classmate)
        if not going_on:
            raise MathplayError(_("You have no game with a classmate going on."))
        view = link.resign(str(going_on[0]["id"]))
    except MathplayError as error:  # GameServiceError, MoveRefused too
        return _said(str(error))
    return _said(str(view.get("over") or ""))


def decline_game(classmate: str | None = None, *, service: GameService | None = None) -> SaidAloud:
    """Say no to the newest game a classmate (``classmate``, if given) started with you,
    before you have moved in it: it is over, and nobody wins. Words saying so, or why not."""
    try:
        link = service or GameService()
        for listed in _going_on(link, classmate):
            if listed.get("tournament") is not None:
                continue
            view = link.view(str(listed["id"]))
            me = str(view["players"][int(view["you"])]["name"])
            played = any(str(move.get("by")) == me for move in view.get("moves", []))
            if listed.get("started_by") in (None, me) or played:
                continue
            view = link.decline(str(listed["id"]))
            return _said(str(view.get("over") or ""))
        raise MathplayError(
            _("There is no game a classmate started with you that you can still decline.")
        )
    except MathplayError as error:  # GameServiceError, MoveRefused too
        return _said(str(error))
