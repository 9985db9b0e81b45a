"""A game that waits: a pupil's unfinished game against the computer, kept under their
name as it goes, and offered again the next time they open a board of that game ("Go on
with your game of Summy from Tuesday?").

One small file per pupil and game, beside the pupil's records, named with the pupil's
safe file name (``mathplay-game-ana-summy.json``; no folder is made: on the website,
making one shows as an "Untitled Folder" for a moment), written whole after every move
(a new file, then renamed over the old one, so a game is never half written; on the
website's Python, written in place). It holds the game's own save text
(:meth:`Game.save`), the seats and when it was kept. A finished game is forgotten; so
is one the pupil chose not to go on with.
A file that is not a game of this pupil's (forged, cut short, another pupil's) is
never offered: it is read through :func:`mathplay.load`, which only builds checked games.

>>> import tempfile
>>> from datetime import datetime, timedelta
>>> from mathplay import Summy
>>> folder = tempfile.mkdtemp()
>>> game = Summy(players=2, seed=3, size=9)
>>> _ = game.play(sorted(game.legal_moves(), key=str)[0])
>>> then = datetime(2026, 12, 1, 16, 0).astimezone()  # a Tuesday
>>> keep("Ana", "summy", game, ["human", "computer"], folder=folder, when=then)
True
>>> saved = waiting("ana", "summy", folder=folder)
>>> saved.game.state_key() == game.state_key(), saved.seats
(True, ['human', 'computer'])
>>> offer_words(saved, now=then + timedelta(days=2))
'Go on with your game of Summy from Tuesday?'
>>> waiting("Bo", "summy", folder=folder) is None
True
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mathplay.classroom.where import DEFAULT_LOG, log_path, name_key, safe_file_name
from mathplay.core.state import AnyGame
from mathplay.errors import MathplayError
from mathplay.files import read_regular
from mathplay.games.registry import game_names
from mathplay.i18n import _, date_words

__all__ = ["GAME_FILE_PREFIX", "SavedGame", "forget", "keep", "offer_words", "waiting"]

#: How the name of a file of a game that waits starts (beside the pupil's records).
GAME_FILE_PREFIX = "mathplay-game-"
#: A saved game's file is never read past this size (a whole game saves in a few KB).
MOST_BYTES = 500_000


@dataclass(frozen=True)
class SavedGame:
    """A pupil's game that waits: the game rebuilt, its seats and when it was kept."""

    who: str
    game_name: str
    game: AnyGame
    seats: list[str]
    when: datetime


def _folder(who: str, folder: str | Path | None) -> Path | None:
    if folder is not None:
        return Path(folder)
    path = log_path(who, DEFAULT_LOG)
    return None if path is None else path.parent


def _path(who: str, game_name: str, folder: str | Path | None) -> Path | None:
    place = _folder(who, folder)
    if place is None or game_name not in game_names() or not who.strip():
        return None
    return place / f"{GAME_FILE_PREFIX}{safe_file_name(who)}-{game_name}.json"


def keep(
    who: str,
    game_name: str,
    game: AnyGame,
    seats: list[str],
    *,
    folder: str | Path | None = None,
    when: datetime | None = None,
) -> bool:
    """Keep ``who``'s ``game`` of ``game_name`` (forget it when it is over); ``True`` if
    the file was written. A folder that cannot be written keeps nothing, quietly: the
    game goes on."""
    path = _path(who, game_name, folder)
    if path is None:
        return False
    if game.is_over:
        forget(who, game_name, folder=folder)
        return False
    data = {
        "who": who,
        "game": game_name,
        "when": (when or datetime.now().astimezone()).isoformat(timespec="seconds"),
        "seats": list(seats),
        "save": game.save(),
    }
    text = json.dumps(data, ensure_ascii=False)
    temporary = None
    if sys.platform == "emscripten":  # the website: its storage renames slowly
        return _write_in_place(path, text)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".saving-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
        return True
    except OSError:
        # A file system with no renaming (some browser storages): written in place.
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return _write_in_place(path, text)


def _write_in_place(path: Path, text: str) -> bool:
    """Write ``text`` over the file at ``path`` itself; only over an ordinary file (never
    through a link, into a pipe or a device, which could hang the kernel)."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, 0o600)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return False
        os.ftruncate(descriptor, 0)
        data = text.encode("utf-8")
        written = 0
        while written < len(data):
            written += os.write(descriptor, data[written:])
    except OSError:
        return False
    finally:
        os.close(descriptor)
    return True


def waiting(who: str, game_name: str, *, folder: str | Path | None = None) -> SavedGame | None:
    """``who``'s unfinished game of ``game_name``, or ``None`` (none kept, finished, or a
    file that is not a checked game of theirs)."""
    from mathplay.core.saves import load

    path = _path(who, game_name, folder)
    if path is None:
        return None
    try:
        # Only an ordinary file, read to a cap: a pipe, a device or a link (to /dev/zero)
        # put where a game is kept would otherwise hang the board that opens it.
        data = json.loads(read_regular(path, MOST_BYTES, follow_links=False).decode("utf-8"))
        if not isinstance(data, dict) or data.get("game") != game_name:
            return None
        if name_key(str(data.get("who", ""))) != name_key(who):
            return None
        seats = data.get("seats")
        if not (isinstance(seats, list) and all(isinstance(seat, str) for seat in seats)):
            return None
        when = datetime.fromisoformat(str(data.get("when")))
        game = load(str(data.get("save")))
    except (OSError, ValueError, TypeError, RecursionError, MathplayError):
        return None
    if game.is_over or not game.history or len(seats) != game.players:
        return None
    if not when.tzinfo:
        when = when.astimezone()
    return SavedGame(who, game_name, game, seats, when)


def forget(who: str, game_name: str, *, folder: str | Path | None = None) -> None:
    """Forget ``who``'s game of ``game_name`` (nothing happens if there is none)."""
    path = _path(who, game_name, folder)
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink()


def _from_when(when: datetime, now: datetime) -> str:
    days = (now.date() - when.astimezone(now.tzinfo).date()).days
    if days <= 0:
        return _("from earlier today")
    if days == 1:
        return _("from yesterday")
    if days < 7:
        return [
            _("from Monday"),
            _("from Tuesday"),
            _("from Wednesday"),
            _("from Thursday"),
            _("from Friday"),
            _("from Saturday"),
            _("from Sunday"),
        ][when.weekday()]
    return _("from {date}").format(date=date_words(when.date()))


def offer_words(saved: SavedGame, now: datetime | None = None) -> str:
    """The question that offers ``saved`` again, in the pupil's words."""
    moment = now or datetime.now().astimezone()
    return _("Go on with your game of {game} {from_when}?").format(
        game=saved.game_name.capitalize(), from_when=_from_when(saved.when, moment)
    )
