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
from mathplay.widgets.classmate_game import ClassmateGame, game_of
from mathplay.widgets.said import SaidAloud
from mathplay.widgets.seats import CLASSMATE

__all__ = ["join", "play_with"]


def play_with(
    classmates: str | Sequence[str],
    game: str = "summy",
    *,
    new: bool = False,
    seed: int | None = None,
    service: GameService | None = None,
    **options: Any,
) -> BoardWidget | SaidAloud:
    """A board of a game of ``game`` with ``classmates`` (a hub name, or a list of up to
    three), through the class's game service; the game going on with exactly them if
    there is one (unless ``new``). Other options go to a new game (``size=9`` …).
    When the game cannot be had, words saying why (a ``SaidAloud``)."""
    others = [classmates] if isinstance(classmates, str) else list(classmates)
    name = str(game).strip().lower()
    try:
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
    board = board_type(played, _seats(view, played.players), handover=False)
    _attach(board, link, view)
    return board


def join(board: BoardWidget, classmates: Sequence[str], service: GameService | None = None) -> bool:
    """Put on ``board`` its kind of game with ``classmates`` (hub names): the one going
    on with exactly them, or a new one with the options of the game on the board (its
    size). ``False``, with words on the board, when it cannot be had (the board's game
    stays)."""
    options = {"size": board.game.board.size} if "size" in _option_names(board) else {}
    try:
        if not classmates or not all(isinstance(o, str) and o.strip() for o in classmates):
            raise MathplayError(_("Write your classmate's name on the hub, then press the button."))
        link = service or GameService()
        view = link.start(board.game_name, [o.strip() for o in classmates], options=options)
        played = game_of(view)
        if view.get("game") != board.game_name:
            raise MathplayError(_("The class's game service sent a game mathplay cannot read."))
    except MathplayError as error:
        board._say(str(error), "error")
        return False
    board._leave_classmate()
    board._setup(played, _seats(view, played.players))
    _attach(board, link, view)
    return True


def _seats(view: dict[str, Any], players: int) -> list[str]:
    return ["human" if seat == view["you"] else CLASSMATE for seat in range(players)]


def _option_names(board: BoardWidget) -> set[str]:
    return {str(field.get("name")) for field in board.option_fields()}


def _attach(board: BoardWidget, link: GameService, view: dict[str, Any]) -> None:
    board._classmate = ClassmateGame(board, link, view)
    board._classmate.apply(view)
    board._classmate.listen()
