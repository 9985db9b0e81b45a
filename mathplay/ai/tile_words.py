"""How hints name tiles to a student: signs as printed on the tiles, lists in plain words.

>>> tile_name("x"), tile_name(":"), tile_name("?1"), tile_name("?"), tile_name("AND")
('×', '÷', 'a blank as 1', 'a blank', 'AND')
>>> and_list(["9", "0", "="])
'9, 0 and ='
>>> tile_order(["=", "x", "8", "+", "5", "?1"])
['5', '8', '+', 'x', '=', '?1']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mathplay.expr.pretty import read_words
from mathplay.i18n import _

__all__ = ["and_list", "tile_name", "tile_order"]

#: The signs printed on operator tiles (the tokens are ``x``, ``:`` and ``/``).
_SIGNS = {"x": "×", ":": "÷", "/": "÷"}
#: The order hints list tiles in: numbers, then operators, then ``=``, words, blanks.
_OPERATOR_ORDER = ["+", "-", "x", ":", "/", "AND", "OR", "XOR", "NOT"]


def tile_name(token: str) -> str:
    """A tile as a student reads it: ``×`` and ``÷`` for ``x`` and ``:``, a placed blank
    (``?0``) as "a blank as 0", a blank in hand as "a blank"."""
    if token.startswith("?"):
        if len(token) > 1:
            return _("a blank as {tile}").format(tile=tile_name(token[1:]))
        return _("a blank")
    # A logic chip says the word the pupil's language writes (ΚΑΙ, DAN), as on the board.
    return _SIGNS.get(token) or read_words(token)


def and_list(names: Sequence[str]) -> str:
    """``["9", "0", "="]`` → ``"9, 0 and ="``."""
    if len(names) <= 1:
        return "".join(names)
    return _("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])


def _rank(token: str) -> tuple[int, int, str]:
    if token.startswith("?"):
        return (4, 0, token)
    if token.isdigit():
        return (0, int(token), token)
    if token == "=":
        return (2, 0, token)
    if token in _OPERATOR_ORDER:
        return (1, _OPERATOR_ORDER.index(token), token)
    return (3, 0, token)


def tile_order(tokens: Iterable[str]) -> list[str]:
    """Tiles sorted as hints name them (numbers by value, then operators, ``=``, blanks),
    so that a list of tiles never gives away the order they are played in."""
    return sorted(tokens, key=_rank)
