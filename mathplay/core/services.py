"""What the layers above the engine lend every game, without the engine importing them.

A game can give a hint (``game.hint()``) and draw itself in a notebook
(``game._repr_svg_()``), but the hints live in :mod:`mathplay.ai` and the pictures in
:mod:`mathplay.render`, layers *above* the engine (docs/architecture.md): the engine
must not import them. So the package that puts the layers together, ``mathplay``
itself, names here where each service lives (``"mathplay.ai.hints:hint"``), and the
engine loads it by that name the first time it is asked for. Nothing heavy loads
before it is needed, and ``import mathplay.core`` alone names no upper layer.

>>> provide("twice", "operator:mul")
>>> service("twice")(2, 21)
42
>>> service("nothing")
Traceback (most recent call last):
...
mathplay.errors.MathplayError: no part of mathplay provides 'nothing' (import mathplay first)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from mathplay.errors import MathplayError

__all__ = ["provide", "service"]

_WHERE: dict[str, str] = {}
_LOADED: dict[str, Callable[..., Any]] = {}


def provide(name: str, where: str) -> None:
    """Say that the service ``name`` is the function ``where`` (``"module:function"``)."""
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
