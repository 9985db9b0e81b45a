"""Playable boards in Jupyter: one anywidget per game, a thin view over the engine.

``play("summy")`` deals a game against the computer and returns its board;
``SummyBoard(game)`` (or ``MixmathBoard``, ``BinaryBoard``) shows an existing game.
Why one anywidget rather than a grid of ipywidgets buttons: ``docs/widgets.md``.

>>> board = play("summy", seats=["human", "human"], seed=3, size=9)
>>> type(board).__name__, board.game.players
('SummyBoard', 2)
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from mathplay.errors import MathplayError
from mathplay.games.registry import describe
from mathplay.i18n import _, set_language
from mathplay.plugins import load_later
from mathplay.widgets.base import BoardWidget, MoveCallback
from mathplay.widgets.boards import BOARDS, BinaryBoard, MixmathBoard, SummyBoard
from mathplay.widgets.seats import parse_seats

__all__ = [
    "BinaryBoard",
    "BoardWidget",
    "MixmathBoard",
    "MoveCallback",
    "SummyBoard",
    "play",
    "play_with",
]


def __getattr__(name: str) -> object:
    if name == "play_with":  # imported on use: it brings the game service's client
        from mathplay.widgets.play_with import play_with

        return play_with
    raise AttributeError(f"module 'mathplay.widgets' has no attribute {name!r}")


def play(
    game_name: str,
    seats: Sequence[str] | None = None,
    *,
    language: str | None = None,
    names: Sequence[str] | None = None,
    handover: bool | None = None,
    **options: Any,
) -> BoardWidget:
    """A new game of ``game_name`` (``"summy"``, ``"mixmath"``, ``"binary"``) on its board.

    ``seats`` is one entry per player: ``"human"``, ``"computer"`` (easy) or a
    computer's level, ``"computer:easy|medium|hard"``; by default you against the easy
    computer.
    Other options go to the game (``seed``, ``size``, ``mode``, ``order`` …);
    ``threaded=False`` makes computer seats move before ``play`` returns.
    ``language`` (``"es"``, ``"ms"``, ``"el"``, ``"en"``) is the language this board and
    the ones after it speak (:func:`mathplay.set_language`; by default the one already
    chosen, or the environment's).
    ``names`` names the players on the board (``["Ana", "Ben"]``). With two people or more
    at one screen, each one's tiles stay hidden until they press "… is ready"
    (``handover``, on by default; ``handover=False`` shows every rack).
    """
    if language is not None:
        set_language(language)
    name = str(game_name).strip().lower()
    if name not in BOARDS:  # a plug-in imported before mathplay is loaded now
        load_later()
    board_type = BOARDS.get(name)
    if board_type is None:
        close = difflib.get_close_matches(name, list(BOARDS), n=1, cutoff=0.6)
        if any(describe(other).plugin for other in BOARDS):  # every game named, plug-ins' too
            _no_such_game(game_name, close)
        if close:
            raise MathplayError(
                _(
                    "there is no game {name!r}: did you mean {close!r}? The games are summy, "
                    "mixmath and binary."
                ).format(name=game_name, close=close[0])
            )
        raise MathplayError(
            _("there is no game {name!r}: choose summy, mixmath or binary").format(name=game_name)
        )
    threaded = bool(options.pop("threaded", True))
    if isinstance(seats, str):
        raise MathplayError(_("seats is a list, like ['human', 'computer:easy']"))
    chosen = list(seats) if seats is not None else ["human", "computer"]
    players = int(options.pop("players", len(chosen)))
    seat_list = parse_seats(chosen, players)
    _check_options(name, board_type, options)
    game = board_type.make_game({"players": players, **options})
    if names is not None and not isinstance(names, str) and len(names) != players:
        raise MathplayError(
            _("the game has {players} players but {count} names were given").format(
                players=players, count=len(names)
            )
        )
    # On unless switched off: it acts only while two people or more share the board (a
    # game started from the New game panel with two people gets it too).
    hand_over = True if handover is None else bool(handover)
    board = board_type(game, seat_list, threaded=threaded, handover=hand_over, names=names)
    board.waits = True  # the pupil's own game: kept as it goes, offered again
    return board


def _no_such_game(game_name: str, close: list[str]) -> None:
    """Refuse ``game_name``, naming every game there is, plug-ins' too."""
    games = ", ".join(BOARDS)
    if close:
        raise MathplayError(
            _("there is no game {name!r}: did you mean {close!r}? The games are {games}.").format(
                name=game_name, close=close[0], games=games
            )
        )
    raise MathplayError(
        _("there is no game {name!r}: choose one of {games}").format(name=game_name, games=games)
    )


def _check_options(name: str, board_type: type[BoardWidget], options: dict[str, Any]) -> None:
    """Refuse an option the game does not have (a typo such as ``sise=9``), naming the
    options it has, closest first."""
    import difflib
    import inspect

    game_class = type(board_type.make_game({"seed": 0}))
    known = [p for p in inspect.signature(game_class).parameters if p not in ("self", "players")]
    known.append("seed")
    for option in options:
        if option not in known:
            close = difflib.get_close_matches(option, known, n=1)
            hint = _(" Did you mean {name}?").format(name=close[0]) if close else ""
            raise MathplayError(
                _("{game} has no option {option!r}: its options are {known}.{hint}").format(
                    game=name, option=option, known=", ".join(sorted(set(known))), hint=hint
                )
            )
