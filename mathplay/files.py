"""Reading a file a teacher or a pupil gave: only an ordinary file, never more than a cap.

A folder a class works in may hold a pipe (which blocks whoever opens it), a device such
as ``/dev/zero`` (endless), a link to either, or a file far bigger than any lesson or
puzzle file. Every command that reads such a file (``lessons check``, ``puzzles check``,
``progress``, ``site build``) opens it here: without blocking, checks *what it opened*
(not the name, which may change between a look and the open) is an ordinary file no
bigger than the cap, and only then reads it, at most the cap. What is refused says why,
in one line, in the teacher's language.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "a.md")
>>> _ = open(path, "w").write("# Hello")
>>> read_regular(path, 100)
b'# Hello'
>>> os.mkfifo(os.path.join(folder, "pipe.md"))
>>> try:
...     read_regular(os.path.join(folder, "pipe.md"), 100)
... except FileRefused as refused:
...     print(refused)
it is not an ordinary file (a pipe, a device or a folder): it is not read
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from mathplay.i18n import _

__all__ = ["FileRefused", "open_beneath", "read_regular"]


class FileRefused(OSError):
    """A file that is not read, and why (the message, in words)."""


def read_regular(path: str | Path, most: int, *, follow_links: bool = True) -> bytes:
    """The bytes of the ordinary file at ``path``, if it has at most ``most`` bytes.

    Raises :class:`FileRefused` for anything else: no such file, a pipe, a device, a
    folder, a file too big, or (``follow_links=False``) a link."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise FileRefused(_("there is no such file")) from None
    except OSError as error:
        if not follow_links and os.path.islink(path):
            raise FileRefused(_("it is a link, and links are not followed")) from None
        raise FileRefused(
            _("it cannot be read ({error})").format(error=error.strerror or error)
        ) from None
    info = os.fstat(descriptor)  # what was opened, not what the name says now
    if not stat.S_ISREG(info.st_mode) or info.st_size > most:
        os.close(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(
                _("it is not an ordinary file (a pipe, a device or a folder): it is not read")
            )
        raise FileRefused(_too_big(most))
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(most + 1)
    if len(data) > most:  # it grew while being read
        raise FileRefused(_too_big(most))
    return data


def _too_big(most: int) -> str:
    if most >= 1024 * 1024:
        return _("it is bigger than {n} MB: it is not read").format(n=most // (1024 * 1024))
    return _("it is bigger than {n} kB: it is not read").format(n=max(1, most // 1000))


def open_beneath(root: str | Path, path: str | Path) -> int:
    """A descriptor of the ordinary file ``path``, opened one folder at a time from the
    folder ``root`` (which holds it), never following a link below ``root``, and checked
    after opening: a folder on the way swapped for a link, at any moment, makes the open
    fail rather than read another folder's file. Raises :class:`FileRefused`."""
    parts = Path(path).relative_to(root).parts
    if not parts:
        raise FileRefused(
            _("it is not an ordinary file (a pipe, a device or a folder): it is not read")
        )
    if not _opens_folders():
        return _open_looked_at(Path(root), parts)
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    folder_flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        folder = os.open(root, folder_flags)
    except OSError as error:
        raise FileRefused(
            _("it cannot be read ({error})").format(error=error.strerror or error)
        ) from None
    try:
        for part in parts[:-1]:
            inner = os.open(part, folder_flags | nofollow, dir_fd=folder)
            os.close(folder)
            folder = inner
        descriptor = os.open(
            parts[-1], os.O_RDONLY | nofollow | getattr(os, "O_NONBLOCK", 0), dir_fd=folder
        )
    except OSError as error:
        raise FileRefused(
            _(
                "it cannot be read here: a folder or the file on the way is a link, or was "
                "replaced ({error})"
            ).format(error=error.strerror or error)
        ) from None
    finally:
        os.close(folder)
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise FileRefused(
            _("it is not an ordinary file (a pipe, a device or a folder): it is not read")
        )
    return descriptor


def _opens_folders() -> bool:
    """Whether folders can be opened and files opened from them (``dir_fd``): not in the
    browser (Pyodide's file systems, the lessons' drive in JupyterLite, open no folder;
    there no other program can swap a folder for a link while it is read)."""
    return sys.platform != "emscripten" and os.open in os.supports_dir_fd


def _open_looked_at(root: Path, parts: tuple[str, ...]) -> int:
    """:func:`open_beneath` where folders cannot be opened: every folder on the way
    looked at (no link), then the file opened without following a link or blocking, and
    checked after opening."""
    where = root
    for part in parts[:-1]:
        where = where / part
        try:
            info = os.lstat(where)
        except OSError as error:
            raise FileRefused(
                _("it cannot be read ({error})").format(error=error.strerror or error)
            ) from None
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
            raise FileRefused(
                _(
                    "it cannot be read here: a folder or the file on the way is a link, or was "
                    "replaced ({error})"
                ).format(error=where.name)
            )
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    if os.path.islink(where / parts[-1]):
        raise FileRefused(_("it is a link, and links are not followed")) from None
    try:
        descriptor = os.open(where / parts[-1], flags)
    except OSError as error:
        raise FileRefused(
            _("it cannot be read ({error})").format(error=error.strerror or error)
        ) from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise FileRefused(
            _("it is not an ordinary file (a pipe, a device or a folder): it is not read")
        )
    return descriptor
