"""One board per game: how its tiles are written, its buttons and its New game options.

>>> from mathplay import Summy
>>> board = SummyBoard(Summy(players=2, seed=1, size=9))
>>> board.layout_data["size"], len(board.view["hand"])
(9, 8)
>>> board.click_square(0, 0)
>>> board.message, board.view["kind"]
('Pick a block from your hand, then click a square.', 'info')
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from mathplay.core import Special, Square
from mathplay.expr.pretty import pretty_token
from mathplay.games.mixmath import Mixmath
from mathplay.games.registry import GAMES
from mathplay.i18n import _
from mathplay.plugins import BOARD_GROUP, PluginError, load
from mathplay.widgets.base import BoardWidget

__all__ = ["BOARDS", "BinaryBoard", "MixmathBoard", "SummyBoard"]

_SIGNS = {"x": "×", ":": "÷", "-": "−", "/": "÷"}


def _choice(name: str, label: str, values: list[Any], value: Any) -> dict[str, Any]:
    return {"name": name, "label": label, "choices": [[v, str(v)] for v in values], "value": value}


def _flag(name: str, label: str, value: bool) -> dict[str, Any]:
    return {
        "name": name,
        "label": label,
        "choices": [[False, _("off")], [True, _("on")]],
        "value": value,
    }


def _seed(options: dict[str, Any]) -> Any:
    """The seed option as given (the game checks it and names a bad one), else a fresh
    one."""
    seed = options.pop("seed", None)
    return random.randrange(1_000_000) if seed is None else seed


class SummyBoard(BoardWidget):
    """A Summy table (rules S1–S5): build one whole sum per turn."""

    game_name: ClassVar[str] = "summy"
    exchange_word: ClassVar[str] = "discard"
    key_aliases: ClassVar[dict[str, str]] = {"*": "x", "/": ":", "÷": ":", "×": "x"}

    @classmethod
    def make_game(cls, options: dict[str, Any]) -> Any:
        from mathplay.games.summy import Summy

        options = dict(options)
        seed = _seed(options)
        options.setdefault("size", 15)
        # A child's board always deals first hands that can make a sum (D-S6).
        options.setdefault("first_hand", "playable")
        return Summy(seed=seed, **options)

    def option_fields(self) -> list[dict[str, Any]]:
        return [_choice("size", _("Table size"), [9, 11, 13, 15, 19, 25], self.game.options.size)]

    def starts(self) -> list[Square]:
        centre = self.game.board.size // 2
        return [(centre, centre)]

    def actions(self) -> list[str]:
        return ["play", "direction", "discard", "pass", "undo", "hint", "new"]

    def show(self, token: str) -> str:
        return _SIGNS.get(token, token)


class MixmathBoard(BoardWidget):
    """A Mixmath board (rules M1–M10): each tile placed is played at once."""

    game_name: ClassVar[str] = "mixmath"
    places_one_by_one: ClassVar[bool] = True

    @classmethod
    def make_game(cls, options: dict[str, Any]) -> Any:
        options = dict(options)
        seed = _seed(options)
        return Mixmath(seed=seed, **options)

    def option_fields(self) -> list[dict[str, Any]]:
        opts = self.game.options
        return [
            _choice("mode", _("Mode"), ["strict", "challenge"], opts.mode),
            _flag("sequences", _("Sequences"), opts.sequences),
            _flag("powers", _("Powers"), opts.powers),
            _flag("modulo", _("Modulo"), opts.modulo),
            _flag("logarithms", _("Logarithms"), opts.logarithms),
        ]

    def specials(self) -> dict[Square, Special]:
        found = dict(self.game.special_squares)
        if found:
            return found
        from mathplay.games.mixmath import SQUARES, Kind

        kinds = {
            Kind.START: Special.START,
            Kind.DOUBLE: Special.DOUBLE,
            Kind.TRIPLE: Special.TRIPLE,
            Kind.ADD: Special.PLUS,
            Kind.SUB: Special.MINUS,
            Kind.MUL: Special.TIMES,
            Kind.DIV: Special.DIVIDE,
        }
        return {square: kinds[kind] for square, kind in SQUARES.items()}

    def actions(self) -> list[str]:
        actions = ["end", "draw", "exchange", "pass", "undo", "hint", "new"]
        if self.game.options.mode == "challenge":
            actions.insert(2, "challenge")
        return actions

    def allowed(self) -> set[str] | None:
        return set(self._mixmath().turn_actions())

    def _challenge_last(self) -> tuple[bool, str | None]:
        game = self._mixmath()
        reason = game.challenge_reason()
        return game.challenge(), reason

    def _mixmath(self) -> Mixmath:
        """The game, as the Mixmath it always is on this board."""
        game = self.game
        if not isinstance(game, Mixmath):
            raise TypeError(f"a Mixmath board shows a Mixmath game, not {type(game).__name__}")
        return game

    def show(self, token: str) -> str:
        return token[1:] if token.startswith("?") and len(token) > 1 else token

    def points(self, token: str) -> int | None:
        return 0 if token.startswith("?") else None

    def blank_choices(self) -> list[str]:
        from mathplay.games.mixmath import BLANK_VALUES

        return [str(value) for value in BLANK_VALUES]


class BinaryBoard(BoardWidget):
    """A Binary board (rules B1–B5): Scrabble with 0/1 chips and logic operators."""

    game_name: ClassVar[str] = "binary"
    key_aliases: ClassVar[dict[str, str]] = {"*": "x", ":": "/", "÷": "/", "×": "x"}

    @classmethod
    def make_game(cls, options: dict[str, Any]) -> Any:
        from mathplay.games.binary import Binary

        options = dict(options)
        seed = _seed(options)
        return Binary(seed=seed, **options)

    def option_fields(self) -> list[dict[str, Any]]:
        opts = self.game.options
        return [
            _choice("order", _("Order of operations"), ["math", "left-to-right"], opts.order),
            _flag("xor", _("XOR chips"), opts.xor),
            _choice("bonus", _("Value bonus"), ["highest-bit", "log2", "none"], opts.bonus),
        ]

    def specials(self) -> dict[Square, Special]:
        found = dict(self.game.special_squares)
        if found:
            return found
        from mathplay.games.binary import PREMIUMS

        kinds = {
            "DL": Special.DOUBLE_LETTER,
            "TL": Special.TRIPLE_LETTER,
            "DW": Special.DOUBLE_WORD,
            "TW": Special.TRIPLE_WORD,
        }
        return {square: kinds[kind] for square, kind in PREMIUMS.items()}

    def starts(self) -> list[Square]:
        return [(7, 7)]

    def actions(self) -> list[str]:
        return ["play", "direction", "exchange", "pass", "undo", "hint", "new"]

    def blank_choices(self) -> list[str]:
        xor = ["XOR"] if self.game.options.xor else []
        return ["0", "1", "+", "-", "x", "/", "AND", "OR", "NOT", *xor, "="]

    def show(self, token: str) -> str:
        chip = token[1:] if token.startswith("?") and len(token) > 1 else token
        return pretty_token(chip)  # ΚΑΙ on a Greek board, DAN on a Malay one

    def points(self, token: str) -> int | None:
        from mathplay.games.binary import POINTS

        return 0 if token.startswith("?") else POINTS.get(token)


#: The board class of each game, by name.
BOARDS: dict[str, type[BoardWidget]] = {
    "summy": SummyBoard,
    "mixmath": MixmathBoard,
    "binary": BinaryBoard,
}


def _plugin_board(name: str, loaded: object) -> type[BoardWidget]:
    """The board a ``mathplay.boards`` entry point named ``name`` gives (a subclass of
    ``BoardWidget`` for the registry's game ``name``), checked and added to ``BOARDS``
    (:mod:`mathplay.plugins` leaves out, with a warning, a plug-in this refuses)."""
    if not (isinstance(loaded, type) and issubclass(loaded, BoardWidget)):
        raise PluginError(
            _("it is {thing}, not a BoardWidget class").format(thing=type(loaded).__name__)
        )
    if name not in GAMES:
        raise PluginError(_("there is no game called {name!r} in the registry").format(name=name))
    if loaded.game_name != name:
        raise PluginError(
            _("its entry point is called {name!r} but its game_name is {game!r}").format(
                name=name, game=loaded.game_name
            )
        )
    if name in BOARDS:
        raise PluginError(_("there is already a board for {name!r}").format(name=name))
    BOARDS[name] = loaded
    return loaded


# The boards of installed plug-ins' games (docs/guide/plugins.md).
load(BOARD_GROUP, _plugin_board)
