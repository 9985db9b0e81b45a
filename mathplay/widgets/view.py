"""Pure helpers that turn a game into the plain data the board's front end draws.

Nothing here changes a game; the front end (``static/board.js``) only draws this data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mathplay.core import COLUMNS, Special, Square
from mathplay.core.state import AnyGame
from mathplay.i18n import _, _n
from mathplay.widgets.board_words import log_line

__all__ = ["CSS_KIND", "legend", "log_lines", "score_series", "square_entries", "texts"]

#: The CSS class of each kind of special square (colours live in ``static/board.css``).
CSS_KIND: dict[Special, str] = {
    Special.START: "start",
    Special.DOUBLE: "double",
    Special.TRIPLE: "triple",
    Special.PLUS: "sign",
    Special.MINUS: "sign",
    Special.TIMES: "sign",
    Special.DIVIDE: "sign",
    Special.DOUBLE_LETTER: "double-letter",
    Special.TRIPLE_LETTER: "triple-letter",
    Special.DOUBLE_WORD: "double-word",
    Special.TRIPLE_WORD: "triple-word",
}


def texts() -> dict[str, str]:
    """Every word the front end shows on its own, translated."""
    return {
        "empty": _("empty"),
        "plain": _("plain square"),
        "start": _("start square"),
        "tentative": _("placed this turn, not played yet"),
        "last": _("last move"),
        "hint": _("hint"),
        "hint_tile": _("hint: try"),
        "review_played": _("the tile played in the game"),
        "review_best": _("the best move: try"),
        "blank": _("blank"),
        "board": _("Board"),
        "hand": _("Your tiles"),
        "scores": _("Scores"),
        "bag": _("in the bag"),
        "log": _("Moves"),
        "ok": _("OK"),
        "start_game": _("Start the new game"),
        "close": _("Close"),
        "new_game": _("New game"),
        "chart": _("Scores move by move"),
        "keys": _(
            "Keys: arrows move the cursor, type a tile to place it, Enter plays, "
            "Backspace takes back a tile, Escape takes back all the tiles of this turn"
        ),
        "blank_value": _("Value of the blank"),
        "no_tile": _("There is no such tile in your hand: {key}"),
        "points": _("points"),
        "bigger": _("Bigger board"),
        "smaller": _("Smaller board"),
        "zoom": _("Board size"),
        "legend": _("What the squares do"),
        "blank_choices": _("Values the blank can stand for"),
        "code_title": _("Play by turns with a friend"),
        "code_mine": _("This game's code: copy it and send it to your friend"),
        "code_theirs": _("A game code from your friend"),
        "code_open": _("Open the game in the code"),
        "classmate_title": _("Play a classmate on their computer"),
        "classmate_name": _("Your classmate's name on the hub"),
        "classmate_play": _("Play them (or go on with your game)"),
    }


def _legend_words() -> dict[Special, str]:
    """What each kind of special square does, in words for a 12-year-old (rules M1, M4-M6,
    B1, B4)."""
    return {
        Special.START: _("start square: a number to start from; the first tile uses two of them"),
        Special.DOUBLE: _("double: a tile placed here scores twice"),
        Special.TRIPLE: _("triple: a tile placed here scores three times"),
        Special.PLUS: _("plus square: your tile must be a sum, like 3 + 4 = 7"),
        Special.MINUS: _("minus square: your tile must be a difference, like 9 − 4 = 5"),
        Special.TIMES: _("times square: your tile must be a product, like 3 × 4 = 12"),
        Special.DIVIDE: _("divide square: your tile must be a quotient, like 12 ÷ 4 = 3"),
        Special.DOUBLE_LETTER: _("double letter: the points of the chip placed here count twice"),
        Special.TRIPLE_LETTER: _(
            "triple letter: the points of the chip placed here count three times"
        ),
        Special.DOUBLE_WORD: _("double word: the whole line scores twice"),
        Special.TRIPLE_WORD: _("triple word: the whole line scores three times"),
    }


_SIGNS = {Special.PLUS, Special.MINUS, Special.TIMES, Special.DIVIDE}


def legend(specials: dict[Square, Special], starts: Sequence[Square] = ()) -> list[dict[str, str]]:
    """The board's key: one entry per kind of special square on it, in words.

    ``starts`` are start squares that are not ``Special.START`` squares (Summy's and
    Binary's centre, where the first move goes).

    >>> dw = Special.DOUBLE_WORD
    >>> legend({(0, 0): dw, (1, 1): dw}, [(7, 7)])  # doctest: +NORMALIZE_WHITESPACE
    [{'kind': 'start', 'label': '★', 'text': 'start square: the first move goes through it'},
     {'kind': 'double-word', 'label': 'DW', 'text': 'double word: the whole line scores twice'}]
    """
    words = _legend_words()
    present = set(specials.values())
    entries = []
    if any(specials.get(square) is not Special.START for square in starts):
        entries.append(
            {
                "kind": "start",
                "label": Special.START.label,
                "text": _("start square: the first move goes through it"),
            }
        )
    for special in Special:
        if special in present:
            entries.append(
                {
                    "kind": CSS_KIND[special],
                    "label": special.label,
                    "text": words[special],
                }
            )
    if present & _SIGNS:
        # Said once for the four sign squares (rule M6), so the key fits a small laptop.
        entries.append(
            {
                "kind": "note",
                "label": "",
                "text": _("After a tile on a sign square you may draw one extra tile."),
            }
        )
    return entries


def square_entries(size: int, specials: dict[Square, Special]) -> list[dict[str, str] | None]:
    """The fixed look of every square, row by row: label, CSS kind, accessible text."""
    entries: list[dict[str, str] | None] = []
    for row in range(size):
        for column in range(size):
            special = specials.get((row, column))
            if special is None:
                entries.append(None)
            else:
                label = special.label
                # The name holds the visible label when it is words or a number (DL, 3×),
                # for speech input ("click ΔΛ"); a sign (+, ★) is said by the name itself.
                said = any(char.isalnum() for char in label)
                entries.append(
                    {
                        "label": label,
                        "kind": CSS_KIND[special],
                        "desc": f"{label}, {special.description}" if said else special.description,
                    }
                )
    return entries


def columns(size: int) -> str:
    return COLUMNS[:size]


def log_lines(game: AnyGame, names: Sequence[str], game_name: str = "") -> list[str]:
    """The move log as sentences: ``"3. You: 8 × 15 = 120 across from I13, +17"``,
    newest last."""
    return [
        f"{number}. " + log_line(game_name, names[entry.player], entry.move, entry.score)
        for number, entry in enumerate(game.history, start=1)
    ]


def score_series(game: AnyGame) -> list[list[int]]:
    """Every player's running score after each move (the final, adjusted scores last)."""
    running = [0] * game.players
    series = [list(running)]
    for entry in game.history:
        running[entry.player] += entry.score
        series.append(list(running))
    if list(game.scores) != series[-1]:
        series.append(list(game.scores))
    return series


def placed_tiles(game: AnyGame, move: Any) -> list[tuple[Square, str]]:
    """The squares a suggested move fills and the tile it puts on each, in reading order
    (squares already holding a tile are left out)."""
    square = getattr(move, "square", None)
    token = getattr(move, "token", None)
    if square is not None and token is not None:  # a Mixmath placement
        return [(square, str(token))]
    squares = getattr(move, "squares", None) or ()
    tokens = getattr(move, "tokens", None) or ()
    board = game.board
    return [(sq, str(tok)) for sq, tok in zip(squares, tokens) if board[sq] is None]


def tile_entry(
    token: str, show: Callable[[str], str], points: Callable[[str], int | None]
) -> dict[str, Any]:
    """A tile as the front end draws it: text, points (or ``None``), whether a blank, and
    its name for screen readers (``n``), which says what the eye sees: the points and a
    blank's chosen value.

    >>> tile_entry("x", {"x": "×"}.get, {"x": 2}.get)
    {'t': '×', 'p': 2, 'b': False, 'n': '×, 2 points'}
    >>> tile_entry("?1", lambda token: token[1:], lambda token: 0)["n"]
    'a blank as 1, 0 points'
    >>> tile_entry("7", str, lambda token: None)["n"]
    '7'
    """
    text = show(token)
    value = points(token)
    blank = token.startswith("?")
    return {"t": text, "p": value, "b": blank, "n": tile_name(token, text, value)}


def tile_name(token: str, text: str, points: int | None) -> str:
    """What a screen reader says for a tile: ``"×, 2 points"``, ``"a blank as 1, 0 points"``,
    ``"a blank, 0 points"`` (in the hand, its value not chosen yet), ``"7"`` (no points).
    The blank's words are the hints' (``mathplay.ai.tile_words``), with the value as the
    tile shows it (ΚΑΙ on a Greek board).

    >>> tile_name("1", "1", 1)
    '1, 1 point'
    >>> tile_name("?", "?", 0)
    'a blank, 0 points'
    """
    if token == "?":
        name = _("a blank")
    elif token.startswith("?"):
        name = _("a blank as {tile}").format(tile=text)
    else:
        name = text
    if points is None:
        return name
    return _n("{tile}, {n} point", "{tile}, {n} points", points).format(tile=name, n=points)
