"""Who is working and where their records go: names as keys and as file names, the hub
user, the notebook and the lesson this kernel runs, the folder of per-pupil files, and
the computer account's own data folder, where the records go when nothing else is said.

>>> name_key("  Ana  Maria ") == name_key("ana maria")
True
>>> safe_file_name("Ana"), safe_file_name("ana"), safe_file_name("Zoë")[:4]
('ana', 'ana', 'zoe_')
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import os
import re
import shutil
import stat
import sys
import unicodedata
from pathlib import Path

try:  # pragma: no cover - there is no fcntl on Windows
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]


__all__ = [
    "DATA_DIR_VARIABLE",
    "DEFAULT_LOG",
    "PROGRESS_DIR_VARIABLE",
    "current_lesson",
    "current_notebook",
    "data_dir",
    "default_log",
    "hub_user",
    "lesson_of",
    "log_path",
    "move_old_records",
    "name_key",
    "os_user",
    "progress_dir",
    "safe_file_name",
    "set_current_lesson",
]

#: Where the widget writes attempts unless told otherwise.
DEFAULT_LOG = "mathplay-progress.jsonl"
#: The environment variable naming the folder of per-pupil progress files.
PROGRESS_DIR_VARIABLE = "MATHPLAY_PROGRESS_DIR"
#: The environment variable naming mathplay's data folder (:func:`data_dir`).
DATA_DIR_VARIABLE = "MATHPLAY_DATA_DIR"
#: What a pupil's waiting games are called (``mathplay.classroom.saved_games``): they are
#: moved with the records from the lessons' folder to the data folder.
_GAME_FILES = "mathplay-game-*.json"


# --- names --------------------------------------------------------------------------


def name_key(name: str) -> str:
    """The form of a name used to match it: "Ana", " ana " and "ANA" are one pupil.

    >>> name_key(" Ana ") == name_key("ana") != name_key("Ana B")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


_SAFE = re.compile(r"[a-z0-9][a-z0-9.-]{0,59}")
_WINDOWS = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
            *(f"lpt{i}" for i in range(10))}  # fmt: skip


def safe_file_name(name: str) -> str:
    """A file name (without ``.jsonl``) for the pupil ``name``: the matched form of the
    name when it is plain (letters a-z, digits, ``.`` and ``-``); otherwise the plain
    part, ``_`` and a short hash of the whole name. A plain name never has ``_``, so two
    different names never share a file.

    >>> safe_file_name("Ana B"), safe_file_name("ana-b")
    ('ana-b_53b1fba94e', 'ana-b')
    """
    key = name_key(name)
    if _SAFE.fullmatch(key) and key.split(".")[0] not in _WINDOWS:
        return key
    letters = unicodedata.normalize("NFKD", key)  # "ë" is "e" and a mark, which goes
    letters = "".join(ch for ch in letters if not unicodedata.combining(ch))
    plain = "".join(ch if ch.isascii() and (ch.isalnum() or ch in ".-") else "-" for ch in letters)
    plain = plain.strip(".-")[:40] or "pupil"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:10]
    return f"{plain}_{digest}"


def hub_user() -> str | None:
    """The JupyterHub user running this kernel (``JUPYTERHUB_USER``), if any."""
    return (os.environ.get("JUPYTERHUB_USER") or "").strip() or None


def os_user() -> str | None:
    """The computer account running this kernel (on a lab PC often shared by many)."""
    try:
        return getpass.getuser().strip() or None
    except Exception:  # getuser raises several kinds when it cannot tell
        return None


def current_notebook() -> str | None:
    """The notebook this kernel runs, when Jupyter tells the kernel (``JPY_SESSION_NAME``,
    ``__session__``, VS Code's ``__vsc_ipynb_file__``), else ``None``."""
    name = os.environ.get("JPY_SESSION_NAME")
    if not name:
        try:
            from IPython import get_ipython

            shell = get_ipython()
        except ImportError:  # pragma: no cover
            shell = None
        space = getattr(shell, "user_ns", None) or {}
        name = space.get("__session__") or space.get("__vsc_ipynb_file__")
    if not isinstance(name, str) or not name.strip():
        return None
    return name.strip()


_lesson: str | None = None


def set_current_lesson(name: str | None) -> None:
    """Note the lesson this kernel runs (``mathplay.lesson("05")`` does): the records
    name it even where the kernel does not know its notebook (Voilà)."""
    global _lesson
    _lesson = (name or "").strip() or None


def current_lesson() -> str | None:
    """The lesson set up in this kernel (``mathplay.lesson``), or ``None``."""
    return _lesson


def lesson_of(notebook: str | None) -> str | None:
    """The lesson a notebook is (its file name without ``.ipynb``), or ``None``.

    >>> lesson_of("lessons/05-binary-numbers.ipynb")
    '05-binary-numbers'
    """
    if not notebook:
        return None
    stem = Path(notebook.replace("\\", "/")).name
    return stem.removesuffix(".ipynb") or None


# --- where records go -----------------------------------------------------------------


def progress_dir() -> Path | None:
    """The folder of per-pupil files (``MATHPLAY_PROGRESS_DIR``, ``~`` and ``$VARS``
    expanded), or ``None`` when it is not set."""
    value = (os.environ.get(PROGRESS_DIR_VARIABLE) or "").strip()
    if not value:
        return None
    return Path(os.path.expanduser(os.path.expandvars(value)))


def data_dir() -> Path:
    """The computer account's own mathplay folder, where its records go when nothing
    else is said: ``MATHPLAY_DATA_DIR`` when set; else, as other programs keep their
    data, ``$XDG_DATA_HOME/mathplay`` (``~/.local/share/mathplay``) on Linux,
    ``~/Library/Application Support/mathplay`` on macOS, ``%LOCALAPPDATA%\\mathplay`` on
    Windows. Outside the lessons' folder, so a pupil browsing the lessons never meets
    (or edits) the records.

    >>> import os
    >>> os.environ["MATHPLAY_DATA_DIR"] = "/tmp/records-here"
    >>> str(data_dir())
    '/tmp/records-here'
    >>> del os.environ["MATHPLAY_DATA_DIR"]
    """
    given = (os.environ.get(DATA_DIR_VARIABLE) or "").strip()
    if given:
        return Path(os.path.expanduser(os.path.expandvars(given)))
    if sys.platform == "win32":  # pragma: no cover - tested on Linux
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return Path(base or Path.home() / "AppData" / "Local") / "mathplay"
    if sys.platform == "darwin":  # pragma: no cover - tested on Linux
        return Path.home() / "Library" / "Application Support" / "mathplay"
    xdg = (os.environ.get("XDG_DATA_HOME") or "").strip()
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "mathplay"


def _beside_the_notebook() -> bool:
    """Whether the records stay beside the notebook, as before the data folder: on a
    JupyterHub (each pupil's home is their own, and ``progress collect`` reads it there)
    and in the browser (JupyterLite: only the notebooks' folder is kept between visits)."""
    return hub_user() is not None or sys.platform == "emscripten"


def default_log() -> Path:
    """The file the attempts go to when nothing else is said (:data:`DEFAULT_LOG`, the
    default of every widget): ``mathplay-progress.jsonl`` in :func:`data_dir`, made
    when needed. On a hub and in the browser it stays ``mathplay-progress.jsonl`` beside
    the notebook. Records an older mathplay left beside the notebook are moved into it
    first (:func:`move_old_records`), so none is lost and they are read back as before."""
    if _beside_the_notebook():
        return Path(DEFAULT_LOG)
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return Path(DEFAULT_LOG)  # no data folder can be made: beside the notebook, as before
    target = folder / DEFAULT_LOG
    move_old_records(Path.cwd(), target)
    return target


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def move_old_records(folder: Path, target: Path) -> int:
    """Move the records an older mathplay wrote to ``folder/mathplay-progress.jsonl``
    (beside the lessons) into ``target``, and the pupils' waiting games beside them into
    ``target``'s folder; returns how many lines were added. Each line not already in
    ``target`` is appended to it (under the same lock as every record), then the old file
    is removed: nothing is lost, nothing is counted twice, and a second call finds
    nothing to do. A link, or a file that cannot be read, is left alone.

    >>> import tempfile, pathlib
    >>> old, new = pathlib.Path(tempfile.mkdtemp()), pathlib.Path(tempfile.mkdtemp())
    >>> _ = (old / DEFAULT_LOG).write_text('{"who": "Ana"}\\n{"who": "Ben"}\\n')
    >>> _ = (new / DEFAULT_LOG).write_text('{"who": "Ana"}\\n')
    >>> move_old_records(old, new / DEFAULT_LOG), (old / DEFAULT_LOG).exists()
    (1, False)
    >>> (new / DEFAULT_LOG).read_text()
    '{"who": "Ana"}\\n{"who": "Ben"}\\n'
    """
    old = folder / DEFAULT_LOG
    added = 0
    with contextlib.suppress(OSError):
        if _regular(old) and not (target.exists() and os.path.samefile(old, target)):
            added = _append_new_lines(old.read_bytes(), target)
            old.unlink()
    with contextlib.suppress(OSError):
        for game in folder.glob(_GAME_FILES):
            kept = target.parent / game.name
            if _regular(game) and not kept.exists():
                shutil.move(str(game), str(kept))
    return added


def _append_new_lines(data: bytes, target: Path) -> int:
    """Append the lines of ``data`` that ``target`` does not hold yet, under its lock."""
    fd = os.open(target, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        if hasattr(fcntl, "flock"):
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_EX)
        with open(target, "rb") as read:
            held = set(read.read().splitlines())
        new = [line for line in data.splitlines() if line.strip() and line not in held]
        new = list(dict.fromkeys(new))
        if new:
            payload = b"".join(line + b"\n" for line in new)
            size = os.fstat(fd).st_size
            if size:
                with open(target, "rb") as read:
                    read.seek(size - 1)
                    if read.read(1) != b"\n":
                        payload = b"\n" + payload
            written = os.write(fd, payload)
            while written < len(payload):
                written += os.write(fd, payload[written:])
        return len(new)
    finally:
        os.close(fd)


def log_path(who: str, log: str | Path | None = DEFAULT_LOG) -> Path | None:
    """The file ``who``'s attempts go to: with ``MATHPLAY_PROGRESS_DIR`` set and the
    default ``log``, a file of their own in that folder (``<safe name>.jsonl``); with
    the default ``log`` otherwise, :func:`default_log` (the data folder's file, outside
    the lessons); else ``log`` itself (``None``: nowhere)."""
    if log is None:
        return None
    folder = progress_dir()
    if folder is not None and str(log) == DEFAULT_LOG:
        return folder / f"{safe_file_name(who)}.jsonl"
    if str(log) == DEFAULT_LOG:
        return default_log()
    return Path(log)
