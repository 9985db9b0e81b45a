"""One descriptor per game, which everything that must know "which game" asks.

Before it, the knowledge of which games there are, and what sets each apart, was spread
over about ten files (``is_summy`` checks, name maps, tuples of names). Now each game is
described once: its name, title and save format, its class and options, how a move is
written, where its rules are, and what the computer players and hints need to know (a
turn makes one whole line, or tiles one by one). The pieces' words are kept
untranslated here; a view translates them (``mathplay.widgets.board_words``).

>>> [info.name for info in GAMES.values() if not info.plugin]  # then plug-ins' games
['summy', 'mixmath', 'binary']
>>> describe("mathplay.binary").title, describe("Summy").pieces
('Binary', 'blocks')
"""

from __future__ import annotations

from dataclasses import dataclass, is_dataclass, replace
from typing import Any

from mathplay.core.state import GameState
from mathplay.errors import MathplayError
from mathplay.games.binary import Binary
from mathplay.games.binary.rules import BinaryOptions
from mathplay.games.mixmath import Mixmath
from mathplay.games.mixmath.rules import MixmathOptions
from mathplay.games.summy import Summy
from mathplay.games.summy.rules import SummyOptions
from mathplay.i18n import _
from mathplay.plugins import GAME_GROUP, PluginError, load

__all__ = ["GAMES", "GameInfo", "describe", "game_names"]


@dataclass(frozen=True)
class GameInfo:
    """What sets one game apart."""

    #: The name people and code use: ``"summy"``.
    name: str
    #: The name shown: ``"Summy"``.
    title: str
    #: The save files' format (``GameState.format_name``).
    format_name: str
    #: The game's class and its options' class.
    cls: type[Any]
    options: type[Any]
    #: What its pieces are called, in English: ``"blocks"``, ``"tiles"``, ``"chips"``.
    pieces: str
    #: Moves written as a pupil writes them (docs/notation.md), the first the usual one.
    move_examples: tuple[str, ...]
    #: ``True`` when a turn is one whole line (Summy, Binary); ``False`` when tiles go on
    #: one by one, each its own move (Mixmath).
    line_moves: bool
    #: The game's rules, every ambiguity resolved (docs/rules/NAME.md; the notation of
    #: moves is in docs/notation.md).
    rules: str
    #: The computer levels people may choose for this game, weakest first: each one
    #: measured stronger than the one below (docs/ai.md, "The levels"). Summy has no
    #: ``hard``: looking ahead wins it no more games than ``medium``.
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: Whether a move's pieces are written with spaces between them (``"1 + 1 = 10"``,
    #: ``"exchange 3 7"``); Summy writes its blocks together (``"12+3"``, ``"8x15=120"``).
    spaced: bool = True
    #: The options of the game's small board, for a quick puzzle or a first game.
    small: tuple[tuple[str, Any], ...] = ()
    #: ``True`` for a game another package adds (a ``mathplay.games`` entry point,
    #: ``docs/guide/plugins.md``); the registry sets it.
    plugin: bool = False


GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (
        GameInfo(
            "summy", "Summy", Summy.format_name, Summy, SummyOptions, "blocks",
            ("I5 across 8x15=120", "B2 down 9x9=81", "A1 across 7+7=14"),
            line_moves=True, rules="docs/rules/summy.md", levels=("easy", "medium"),
            spaced=False, small=(("size", 9),),
        ),
        GameInfo(
            "mixmath", "Mixmath", Mixmath.format_name, Mixmath, MixmathOptions, "tiles",
            ("I7 3", "F8 12", "H6 6", "A1 ?5"),
            line_moves=False, rules="docs/rules/mixmath.md",
        ),
        GameInfo(
            "binary", "Binary", Binary.format_name, Binary, BinaryOptions, "chips",
            ("H8 across 1 + 1 = 10", "H8 down 10 x 10 = 100", "A1 across 1 = 1"),
            line_moves=True, rules="docs/rules/binary.md",
        ),
    )
}  # fmt: skip


def game_names() -> tuple[str, ...]:
    """Every game's name, in the order a pupil meets them."""
    return tuple(GAMES)


def describe(game: object) -> GameInfo:
    """The descriptor of ``game``: a game object, a game class, its name (any case) or
    its save format (``"mathplay.summy"``)."""
    for info in GAMES.values():
        if isinstance(game, type) and issubclass(game, info.cls):
            return info
        if isinstance(game, info.cls):
            return info
    if isinstance(game, str):
        word = game.strip().lower()
        for info in GAMES.values():
            if word in (info.name, info.format_name):
                return info
    format_name = getattr(game, "format_name", None)
    if isinstance(format_name, str) and format_name != game:
        return describe(format_name)
    raise MathplayError(
        _("{game} is not a game of mathplay: the games are {names}").format(
            game=repr(game)[:40], names=", ".join(GAMES)
        )
    )


def _plugin_game(name: str, loaded: object) -> GameInfo:
    """The ``GameInfo`` a ``mathplay.games`` entry point named ``name`` gives, checked
    and added to ``GAMES`` (:mod:`mathplay.plugins` leaves out, with a warning, a
    plug-in this refuses)."""
    if not isinstance(loaded, GameInfo):
        raise PluginError(_("it is {thing}, not a GameInfo").format(thing=type(loaded).__name__))
    if loaded.name != name:
        raise PluginError(
            _("its entry point is called {name!r} but its game {game!r}").format(
                name=name, game=loaded.name
            )
        )
    if name in GAMES:
        raise PluginError(_("there is already a game called {name!r}").format(name=name))
    cls = loaded.cls
    if not (isinstance(cls, type) and issubclass(cls, GameState)):
        raise PluginError(_("its class is not a GameState (mathplay.core.state)"))
    if not loaded.format_name or cls.format_name != loaded.format_name:
        raise PluginError(_("its format_name is not its class's format_name"))
    if any(info.format_name == loaded.format_name for info in GAMES.values()):
        raise PluginError(_("another game saves as {format!r}").format(format=loaded.format_name))
    if not (isinstance(loaded.options, type) and is_dataclass(loaded.options)):
        raise PluginError(_("its options are not a dataclass"))
    GAMES[name] = info = replace(loaded, plugin=True)  # the next plug-in sees it
    return info


# The games of installed plug-ins, after mathplay's own (docs/guide/plugins.md). Last in
# this module: a plug-in's module imports GameInfo from here while it loads.
load(GAME_GROUP, _plugin_game)
