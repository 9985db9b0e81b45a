"""What a board says to the people playing, in sentences: moves, the log, refusals.

The engine speaks notation (``J13 across 9-2=7``, ``discard x==``, ``end``) and its
errors name the rule they apply (``(S3)``) for teachers and code. A child reads plain
sentences with one symbol per operation instead:

>>> log_line("summy", "You", "J13 across 9-2=7", 18)
'You: 9 − 2 = 7 across from J13, +18'
>>> log_line("summy", "Computer (easy)", "discard x==", 0)
'Computer (easy) discarded 3 blocks'
>>> log_line("binary", "You", "A8 across 1 ?+ 1 / ?1 = 10", 90)
'You: 1 + 1 ÷ 1 = 10 across from A8 (blanks as +, 1), +90'
>>> log_line("mixmath", "You", "G10 ?6", 0)
'You: a blank as 6 on G10'
>>> log_line("mixmath", "Computer (hard)", "exchange 3 5 70", 0)
'Computer (hard) swapped 3 tiles'
"""

from __future__ import annotations

import re

from mathplay.errors import IllegalMoveError, without_rule_ids
from mathplay.expr.pretty import pretty
from mathplay.games.move_words import placed_words, places_one_tile
from mathplay.games.registry import GAMES, describe
from mathplay.i18n import _, _n, clauses

__all__ = [
    "friendly_error",
    "log_line",
    "move_text",
    "piece_count",
    "points_text",
    "tile_word",
    "turn_text",
]

_NOT_ALLOWED = re.compile(r"^.*? is not allowed: ")


def tile_word(game_name: str) -> str:
    """What the game's pieces are called: blocks (Summy), tiles (Mixmath), chips."""
    pieces = _pieces(game_name)
    return {"blocks": _("blocks"), "chips": _("chips")}.get(pieces, _("tiles"))


def pick_a_piece(game_name: str) -> str:
    """What a click on an empty square says before a piece is picked, in the game's own
    word: a block (Summy), a tile (Mixmath), a chip (Binary)."""
    pieces = _pieces(game_name)
    if pieces == "blocks":
        return _("Pick a block from your hand, then click a square.")
    if pieces == "chips":
        return _("Pick a chip from your hand, then click a square.")
    return _("Pick a tile from your hand, then click a square.")


def _pieces(game_name: str) -> str:
    info = GAMES.get(game_name)
    return info.pieces if info is not None else "tiles"


def _count(game_name: str, n: int) -> str:
    pieces = _pieces(game_name)
    if pieces == "blocks":
        return _n("{n} block", "{n} blocks", n).format(n=n)
    if pieces == "chips":
        return _n("{n} chip", "{n} chips", n).format(n=n)
    return _n("{n} tile", "{n} tiles", n).format(n=n)


def piece_count(game_name: str, n: int) -> str:
    """``"3 chips"``, ``"1 block"``: ``n`` pieces in the game's own word.

    >>> piece_count("binary", 3), piece_count("summy", 1), piece_count("mixmath", 2)
    ('3 chips', '1 block', '2 tiles')
    """
    return _count(game_name, n)


def move_text(game_name: str, notation: str) -> tuple[str, bool]:
    """A move as words, and whether it reads after ``name:`` (a placement) rather than
    after the name as a verb (``passed``)."""
    placed = placed_words(notation)
    if placed is not None:
        return placed, True
    word, _sep, rest = notation.partition(" ")
    pieces = rest.split() if describe(game_name).spaced else list(rest.replace(" ", ""))
    if word == "discard":
        if not pieces:
            return _("passed"), False
        return _("discarded {count}").format(count=_count(game_name, len(pieces))), False
    if word == "exchange":
        return _("swapped {count}").format(count=_count(game_name, len(pieces))), False
    verbs = {
        "pass": _("passed"),
        "draw": _("drew an extra tile"),
        "end": _("ended the turn"),
        "challenge": _("challenged the last tile"),
    }
    if word in verbs and not rest:
        return verbs[word], False
    return pretty(notation), True


def log_line(game_name: str, name: str, notation: str, score: int) -> str:
    """One line of the move log, as a sentence."""
    words, placed = move_text(game_name, notation)
    text = f"{name}: {words}" if placed else f"{name} {words}"
    if score > 0:
        text += f", +{score}"
    elif score < 0:
        text += f", −{-score}"
    return text


def friendly_error(error: Exception) -> str:
    """What a refused action says on the board: what is wrong, once, in plain words,
    with the arithmetic, and without the rule ids (those stay on the exception).

    >>> friendly_error(IllegalMoveError("E8 across 8+1=6 is not allowed: 8+1=6: 8+1 is 9,"
    ...     " not 6 (S2)", rule="S2", reason="8+1 is 9, not 6"))
    'Not allowed: 8 + 1 is 9, not 6.'
    >>> friendly_error(IllegalMoveError("G7 already holds 12 (M4)", rule="M4"))
    'Not allowed: G7 already holds 12.'
    """
    text = str(getattr(error, "reason", None) or error)
    text = without_rule_ids(_NOT_ALLOWED.sub("", text))
    text = pretty(text).strip()
    if text and text[-1] not in ".!?":
        text += "."
    if isinstance(error, IllegalMoveError):
        return _("Not allowed: {reason}").format(reason=text)
    return text[:1].upper() + text[1:]


def turn_text(game_name: str, name: str, moves: list[tuple[str, int]]) -> str:
    """A whole turn as one sentence (what a computer did, say), from its moves in
    notation with their points.

    >>> turn_text("mixmath", "Computer (easy)", [("H6 8", 8), ("draw", 0), ("H5 10", 10),
    ...     ("end", 0)])
    'Computer (easy) placed 2 tiles (8 on H6, 10 on H5) for 18 points and drew an extra tile.'
    >>> turn_text("summy", "Computer (easy)", [("J13 across 9-2=7", 18)])
    'Computer (easy): 9 − 2 = 7 across from J13, +18.'
    """
    placements = [(n, s) for n, s in moves if places_one_tile(n)]
    if not describe(game_name).line_moves and placements:
        count = len(placements)
        points = sum(score for _n, score in moves)
        shown = ", ".join(move_text(game_name, n)[0] for n, _s in placements)
        text = _n(
            "{name} placed {count} tile ({tiles}) for {points} points",
            "{name} placed {count} tiles ({tiles}) for {points} points",
            count,
        ).format(name=name, count=count, tiles=shown, points=points)
        if any(n == "draw" for n, _s in moves):
            text += " " + _("and drew an extra tile")
        return text + "."
    return clauses().join(log_line(game_name, name, n, s) for n, s in moves if n != "end") + "."


def points_text(name: str, points: int, you: bool) -> str:
    """``"You have 34 points."`` (or ``"Player 2 has 1 point."``)."""
    if you:
        return _n("You have {n} point.", "You have {n} points.", points).format(n=points)
    return _n("{name} has {n} point.", "{name} has {n} points.", points).format(name=name, n=points)
