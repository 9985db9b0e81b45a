"""The puzzle kinds by name: one module per kind, registered here.

A kind's module holds all of it: its fields, reading and checking, hints and diagnoses,
its generator's levels and how a puzzle of each level is drawn (``docs/puzzles.md``,
"Adding a kind"). What several kinds share is in ``base`` (the ``Kind`` class, fields),
``blanks`` and ``equations`` (equations with blanks), ``numbers`` (numbers in fields),
``hints`` (worked steps), ``diagnose`` and ``mistakes`` (what a wrong answer shows),
``reveal`` (feedback that gives nothing away) and ``drawing`` (the generators' dealing).

>>> sorted(KINDS)
['bitwise', 'convert', 'missing', 'move', 'target', 'true-or-false', 'which-operation']
"""

from __future__ import annotations

from mathplay.i18n import _
from mathplay.puzzles.kinds.base import Field, Kind, KindError, Result
from mathplay.puzzles.kinds.bitwise import Bitwise
from mathplay.puzzles.kinds.convert import Convert
from mathplay.puzzles.kinds.missing import Missing
from mathplay.puzzles.kinds.move import Move
from mathplay.puzzles.kinds.target import Target
from mathplay.puzzles.kinds.true_or_false import TrueOrFalse
from mathplay.puzzles.kinds.which_operation import WhichOperation
from mathplay.puzzles.model import suggest

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
