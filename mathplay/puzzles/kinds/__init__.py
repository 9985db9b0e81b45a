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
from mathplay.plugins import KIND_GROUP, PluginError, load
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


def _plugin_kind(name: str, loaded: object) -> Kind:
    """The kind a ``mathplay.puzzle_kinds`` entry point named ``name`` gives (a ``Kind``
    or a subclass of it, made with no arguments), checked and added to ``KINDS``
    (:mod:`mathplay.plugins` leaves out, with a warning, a plug-in this refuses)."""
    kind = loaded() if isinstance(loaded, type) and issubclass(loaded, Kind) else loaded
    if not isinstance(kind, Kind):
        raise PluginError(_("it is {thing}, not a Kind").format(thing=type(loaded).__name__))
    if kind.name != name:
        raise PluginError(
            _("its entry point is called {name!r} but its kind {kind!r}").format(
                name=name, kind=kind.name
            )
        )
    if name in KINDS:
        raise PluginError(_("there is already a kind called {name!r}").format(name=name))
    KINDS[name] = kind
    return kind


# The kinds of installed plug-ins, after mathplay's own (docs/guide/plugins.md).
load(KIND_GROUP, _plugin_kind)


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
