"""Who is working and where their records go: names as keys and as file names, the hub
user, the notebook and the lesson this kernel runs, the folder of per-pupil files.

>>> name_key("  Ana  Maria ") == name_key("ana maria")
True
>>> safe_file_name("Ana"), safe_file_name("ana"), safe_file_name("Zoë")[:4]
('ana', 'ana', 'zoe_')
"""

from __future__ import annotations

import getpass
import hashlib
import os
import re
import unicodedata
from pathlib import Path

try:  # pragma: no cover - there is no fcntl on Windows
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]


__all__ = [
    "DEFAULT_LOG",
    "PROGRESS_DIR_VARIABLE",
    "current_lesson",
    "current_notebook",
    "hub_user",
    "lesson_of",
    "log_path",
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


def log_path(who: str, log: str | Path | None = DEFAULT_LOG) -> Path | None:
    """The file ``who``'s attempts go to: with ``MATHPLAY_PROGRESS_DIR`` set and the
    default ``log``, a file of their own in that folder (``<safe name>.jsonl``);
    otherwise ``log`` itself (``None``: nowhere)."""
    if log is None:
        return None
    folder = progress_dir()
    if folder is not None and str(log) == DEFAULT_LOG:
        return folder / f"{safe_file_name(who)}.jsonl"
    return Path(log)
