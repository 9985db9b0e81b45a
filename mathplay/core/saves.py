"""Loading a saved game: the JSON is checked before anything is built from it, then the
start position is rebuilt and the history replayed, so a corrupted or edited save can
only give ``SaveFileError`` naming what is wrong (never an internal error).

>>> from mathplay import Summy
>>> game = Summy(players=2, seed=1, size=9)
>>> load(game.save()).state_key() == game.state_key()
True
>>> load('{"format": "mathplay.summy", "version": true}')
Traceback (most recent call last):
...
mathplay.errors.SaveFileError: mathplay.summy version True is not supported ...
"""

from __future__ import annotations

import json
from typing import Any

from mathplay.core.bag import check_seed
from mathplay.core.state import GAME_TYPES, _clip
from mathplay.errors import MathplayError, OptionsError, SaveFileError
from mathplay.i18n import _

__all__ = ["MAX_SAVE_LENGTH", "load"]

#: The longest save text ``load`` reads: a whole game saves in a few kilobytes.
MAX_SAVE_LENGTH = 2_000_000


def _check_start(start: dict[str, Any]) -> None:
    """Refuse a saved start position whose common parts have the wrong kind of JSON value
    (before the game reads them), naming the part."""

    def refuse(key: str, kind: str) -> SaveFileError:
        return SaveFileError(
            _("the saved start position is not valid: {key!r} must be {kind}").format(
                key=key, kind=kind
            )
        )

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def texts(value: object) -> bool:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)

    if not isinstance(start.get("diagram"), str):
        raise refuse("diagram", _("a text"))
    hands = start.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, str) or texts(h) for h in hands):
        raise refuse("hands", _("a list of hands, each a text or a list of tiles"))
    if "bag" in start and not texts(start["bag"]):
        raise refuse("bag", _("a list of tiles written as text"))
    if not whole(start.get("to_move")):
        raise refuse("to_move", _("a whole number"))
    scores = start.get("scores")
    if not isinstance(scores, list) or not all(whole(score) for score in scores):
        raise refuse("scores", _("a list of whole numbers"))


def load(text: str) -> Any:
    """Rebuild a saved game by replaying its history (any of the three games)."""
    if isinstance(text, str) and len(text) > MAX_SAVE_LENGTH:
        raise SaveFileError(
            _(
                "this is not a saved mathplay game: it is {n} characters long, more than any game"
            ).format(n=len(text))
        )
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveFileError(
            _("this is not a saved mathplay game (its data is nested too deeply)")
        ) from None
    except (TypeError, ValueError) as error:
        raise SaveFileError(
            _("this is not a saved mathplay game (not JSON: {error})").format(error=error)
        ) from None
    if not isinstance(data, dict):
        raise SaveFileError(_("this is not a saved mathplay game (no format name)"))
    name = data.get("format")
    game_type = GAME_TYPES.get(name) if isinstance(name, str) else None
    if game_type is None:
        known = ", ".join(sorted(GAME_TYPES)) or "-"
        raise SaveFileError(
            _("unknown save format {name!r}; mathplay reads {known}").format(name=name, known=known)
        )
    version = data.get("version")
    if type(version) is not int or version != game_type.format_version:
        raise SaveFileError(
            _(
                "{name} version {version} is not supported (this mathplay "
                "reads version {supported})"
            ).format(name=name, version=version, supported=game_type.format_version)
        )
    for key, kind in (("options", dict), ("start", dict), ("history", list)):
        if not isinstance(data.get(key), kind):
            raise SaveFileError(_("the saved game has no valid {key!r}").format(key=key))
    try:
        check_seed(data.get("seed"))
    except OptionsError as error:
        raise SaveFileError(
            _("the saved game has no valid 'seed': {error}").format(error=error)
        ) from None
    _check_start(data["start"])
    try:
        game = game_type._from_start(data["options"], data["seed"], data["start"])
    except (MathplayError, KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise SaveFileError(
            _("the saved start position is not valid: {error}").format(error=_clip(str(error)))
        ) from None
    for ply, move in enumerate(data["history"], start=1):
        if not isinstance(move, str):
            raise SaveFileError(_("move {ply} of the saved game is not text").format(ply=ply))
        try:
            game.play(move)
        except MathplayError as error:
            raise SaveFileError(
                _("move {ply} of the saved game, {move!r}, cannot be played: {error}").format(
                    ply=ply, move=move, error=error
                )
            ) from None
    return game
