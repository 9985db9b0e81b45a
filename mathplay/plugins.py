"""Plug-in points: games, their boards and puzzle kinds from other packages.

A package adds to mathplay by naming objects in its ``pyproject.toml`` under one of
these entry point groups (``docs/guide/plugins.md``):

- ``mathplay.games``: a :class:`~mathplay.games.registry.GameInfo`, read by the game
  registry (``mathplay.games.registry.GAMES``);
- ``mathplay.boards``: the game's board, a subclass of
  :class:`~mathplay.widgets.base.BoardWidget` (``mathplay.widgets.boards.BOARDS``), so
  ``mathplay.play`` shows it;
- ``mathplay.puzzle_kinds``: a puzzle kind, a :class:`~mathplay.puzzles.kinds.Kind`
  (``mathplay.puzzles.kinds.KINDS``).

The entry point's name is the game's or the kind's name. A plug-in that cannot be loaded
(an import error, an object of the wrong type, a name already taken) never breaks
mathplay: it is left out with a :class:`PluginWarning` that names it and says why.

This module sits under every layer, beside ``errors`` and ``i18n``: each layer asks it
for its own group, and it imports nothing of mathplay but ``i18n``.

>>> from importlib.metadata import EntryPoint
>>> broken = EntryPoint("nothing", "no_such_module_anywhere:GAME", GAME_GROUP)
>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     load(GAME_GROUP, lambda name, thing: thing, entries=[broken])
[]
>>> print(caught[0].message)  # doctest: +ELLIPSIS
The plug-in 'nothing' (no_such_module_anywhere:GAME) in mathplay.games was left out: ...
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from typing import Any, TypeVar

from mathplay.i18n import _

__all__ = [
    "BOARD_GROUP",
    "GAME_GROUP",
    "KIND_GROUP",
    "PluginError",
    "PluginWarning",
    "load",
    "load_later",
]

#: The entry point group of games (each a ``GameInfo``).
GAME_GROUP = "mathplay.games"
#: The entry point group of games' boards (each a ``BoardWidget`` subclass).
BOARD_GROUP = "mathplay.boards"
#: The entry point group of puzzle kinds (each a ``Kind``, or a subclass of it).
KIND_GROUP = "mathplay.puzzle_kinds"

T = TypeVar("T")

#: The plug-ins :func:`load` put off (their group, entry point and check), for
#: :func:`load_later`.
_LATER: list[tuple[str, EntryPoint, Callable[[str, Any], Any]]] = []


class PluginWarning(UserWarning):
    """A plug-in was left out; the message names it and says why."""


class PluginError(Exception):
    """Raised by a group's check: the object loaded is not what the group takes (the
    message says what is wrong with it)."""


def load(
    group: str,
    check: Callable[[str, object], T],
    entries: Iterable[EntryPoint] | None = None,
) -> list[tuple[str, T]]:
    """The plug-ins of ``group``, by name (sorted), each loaded and passed through
    ``check(name, loaded)``, which returns what to keep or raises
    :class:`PluginError`. ``entries`` replaces the installed entry points (for tests).
    A plug-in whose module is being imported right now is put off (:func:`load_later`).

    Whatever goes wrong with one plug-in (its import fails, whatever it raises, or
    ``check`` refuses it) leaves that plug-in out with a :class:`PluginWarning`; the
    others, and mathplay, go on."""
    found = entry_points(group=group) if entries is None else entries
    kept: list[tuple[str, T]] = []
    seen: set[tuple[str, str]] = set()
    for entry in sorted(found, key=lambda entry: (entry.name, entry.value)):
        if (entry.name, entry.value) in seen:  # one package found twice on the path
            continue
        seen.add((entry.name, entry.value))
        if _half_imported(entry):
            _LATER.append((group, entry, check))
            continue
        try:
            kept.append((entry.name, check(entry.name, entry.load())))
        except Exception as error:  # a plug-in may fail in any way: never mathplay
            _leave_out(group, entry, error)
    return kept


def load_later() -> None:
    """Load the plug-ins put off because their module was still being imported when their
    group was loaded (a plug-in's module imported before mathplay: mathplay loads its
    plug-ins as it is imported, and would have found it half made). Each is checked and
    kept, or left out with a warning, as :func:`load` does; one still being imported is
    put off again. ``mathplay.play`` and ``describe`` call it; the checks of each group
    add what they keep to the group's table, so nothing else changes."""
    waiting = list(_LATER)
    _LATER.clear()
    for group, entry, check in waiting:
        load(group, check, entries=[entry])


def _half_imported(entry: EntryPoint) -> bool:
    """Whether the module ``entry`` names is being imported right now."""
    module = sys.modules.get(entry.module)
    return bool(getattr(getattr(module, "__spec__", None), "_initializing", False))


def _leave_out(group: str, entry: EntryPoint, error: Exception) -> None:
    """Warn that ``entry`` of ``group`` was left out, naming it, its package and why."""
    reason = str(error) or type(error).__name__
    if not isinstance(error, PluginError):
        reason = f"{type(error).__name__}: {reason}"
    dist = getattr(entry, "dist", None)
    package = getattr(dist, "name", None) if dist is not None else None
    where = f"{entry.value}, {package}" if package else entry.value
    warnings.warn(
        _("The plug-in {name!r} ({where}) in {group} was left out: {reason}").format(
            name=entry.name, where=where, group=group, reason=reason
        ),
        PluginWarning,
        stacklevel=3,
    )
