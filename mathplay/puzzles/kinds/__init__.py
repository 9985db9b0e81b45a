"""The puzzle kinds, one checker per kind, by name.

>>> sorted(KINDS)
['bitwise', 'convert', 'missing', 'move', 'target', 'true-or-false', 'which-operation']
"""

from __future__ import annotations

from mathplay.i18n import _
from mathplay.puzzles.format import suggest
from mathplay.puzzles.kinds.base import Field, Kind, KindError, Result
from mathplay.puzzles.kinds.equations import Missing, TrueOrFalse, WhichOperation
from mathplay.puzzles.kinds.moves import Move
from mathplay.puzzles.kinds.numbers import Bitwise, Convert, Target

__all__ = ["KINDS", "Field", "Kind", "KindError", "Result", "get_kind"]

KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        Missing(),
        TrueOrFalse(),
        WhichOperation(),
        Target(),
        Convert(),
        Bitwise(),
        Move(),
    )
}


def get_kind(name: str) -> Kind:
    """The kind called ``name``; raises :class:`KindError` saying which kinds exist."""
    try:
        return KINDS[name]
    except KeyError:
        raise KindError(
            "kind",
            _("unknown kind '{name}'{hint}; the kinds are {known}").format(
                name=name, hint=suggest(name, list(KINDS)), known=", ".join(KINDS)
            ),
        ) from None
