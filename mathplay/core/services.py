"""What the layers above the engine lend every game, without the engine importing them.

A game can give a hint (``game.hint()``) and draw itself in a notebook
(``game._repr_svg_()``), but the hints live in :mod:`mathplay.ai` and the pictures in
:mod:`mathplay.render`, layers *above* the engine (docs/architecture.md): the engine
must not import them. So the package that puts the layers together, ``mathplay``
itself, names here where each service lives (``"mathplay.ai.hints:hint"``), and the
engine loads it by that name the first time it is asked for. Nothing heavy loads
before it is needed, and ``import mathplay.core`` alone names no upper layer.

Only the names in :data:`SERVED` are served (listed in docs/architecture.md), and only
the engine looks them up (``tests/core/test_services.py``): a layer above that needs a
lower one's work takes it as an argument.

>>> import mathplay
>>> service("board_svg").__name__
'board_svg'
>>> provide("twice", "operator:mul")
Traceback (most recent call last):
...
mathplay.errors.MathplayError: the engine serves only board_html, ..., review, not 'twice'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from mathplay.errors import MathplayError

__all__ = ["SERVED", "provide", "service"]

#: Every name the engine asks for, and the only ones a layer may provide.
SERVED = frozenset({"hint", "hints", "review", "board_svg", "board_html"})

_WHERE: dict[str, str] = {}
_LOADED: dict[str, Callable[..., Any]] = {}


def provide(name: str, where: str) -> None:
    """Say that the service ``name`` (one of :data:`SERVED`) is the function ``where``
    (``"module:function"``)."""
    if name not in SERVED:
        raise MathplayError(f"the engine serves only {', '.join(sorted(SERVED))}, not {name!r}")
    _WHERE[name] = where
    _LOADED.pop(name, None)


def service(name: str) -> Callable[..., Any]:
    """The function that provides ``name``, loaded on first use."""
    if name not in _LOADED:
        if name not in _WHERE:
            raise MathplayError(f"no part of mathplay provides {name!r} (import mathplay first)")
        module, function = _WHERE[name].split(":")
        _LOADED[name] = getattr(importlib.import_module(module), function)
    return _LOADED[name]
