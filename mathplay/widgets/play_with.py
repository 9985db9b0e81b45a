"""``mathplay.play_with("ben")``: a game with a classmate on another machine.

On the class's JupyterHub (with mathplay's records service, docs/classroom.md), a pupil
runs ``mathplay.play_with("ben")`` and ben runs ``mathplay.play_with("ana")``: both get
a board of the same game (the first one to run it sits first). Each board shows only its
pupil's tiles; a move is sent to the service, which checks it with the engine; the other
board shows it within a second. Running the cell again (or after the kernel was
restarted, on any machine) goes on with the game that is not over; ``new=True`` starts
another. Where there is no hub, or the service says no, the pupil gets words on the page,
never a traceback.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from mathplay.classroom.game_service import GameService
from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.widgets.base import BoardWidget
from mathplay.widgets.boards import BOARDS
from mathplay.widgets.classmate_game import attach, game_of, newest_going_on, seats_for
from mathplay.widgets.puzzle_set import PuzzleSet
from mathplay.widgets.said import SaidAloud

__all__ = ["my_missed_chances", "play_with"]


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
    a tournament's game, say). When the game cannot be had, words saying why (a ``SaidAloud``)."""
    name = str(game or "summy").strip().lower()
    try:
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
        view = link.start(name, [o.strip() for o in others], seed=seed, options=options,
                          resume=not new)  # fmt: skip
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
    then, your tiles then: find the best move). Words when there are none."""
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
