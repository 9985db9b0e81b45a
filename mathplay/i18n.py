"""Every text a person reads, in their language: English, Spanish, Malay or Greek.

Messages are written in English in the code and wrapped in :func:`_` (or :func:`_n`
where a count is shown). The catalogues ``mathplay/locale/<language>/LC_MESSAGES/
mathplay.mo``, compiled from the ``.po`` files beside them (``docs/translating.md``),
replace them; a message a catalogue does not have stays in English.

The language is the one :func:`set_language` chose (or a ``language=`` argument, or
the New game panel), else the pupil's Jupyter's: the language chosen in JupyterLab's or
Notebook 7's Settings → Language, which the widgets read in the browser and send to the
kernel (:func:`use_page_language`), and which a kernel also finds in JupyterLab's
settings file before any widget shows; else the environment's (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them); else English. A language
mathplay has no catalogue for falls back to English, with no error. Widgets that show
texts call :func:`on_language_change` to draw them again when the language changes.

>>> set_language("es_ES.UTF-8")
'es'
>>> set_language("fr")  # no catalogue: English
'en'
>>> language_code("el-GR"), language_code("MS"), language_code("C.UTF-8")
('el', 'ms', None)
>>> _ = set_language("en")
"""

from __future__ import annotations

import contextlib
import datetime
import gettext
import json
import os
import re
import stat
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "clauses",
    "current_language",
    "date_words",
    "default_language",
    "jupyter_language",
    "language_code",
    "language_name",
    "on_language_change",
    "set_language",
    "speaking",
    "use_page_language",
]

_LOCALE_DIR = Path(__file__).with_name("locale")
#: The languages mathplay speaks: English (the code's own) and those with a catalogue.
LANGUAGES = ("en", "es", "ms", "el")
#: Each language's own name for itself, as a language menu shows it.
LANGUAGE_NAMES = {"en": "English", "es": "Español", "ms": "Bahasa Melayu", "el": "Ελληνικά"}
#: The environment variables gettext reads for the language, in its order.
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_code(text: object) -> str | None:
    """The language mathplay speaks that ``text`` names (``"es"``, ``"es_ES.UTF-8"``,
    ``"es-ES"``, ``"Es"``), or ``None`` when it names none of :data:`LANGUAGES`."""
    if not isinstance(text, str):
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def default_language() -> str:
    """The language the environment asks for (``LANGUAGE`` may list several, separated
    by ``:``), when mathplay speaks it; else English."""
    for variable in _ENVIRONMENT:
        value = os.environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            code = language_code(part)
            if code is not None:
                return code
        if variable != "LANGUAGE":
            break  # gettext stops at the first of LC_ALL, LC_MESSAGES, LANG that is set
    return "en"


def language_name(code: str) -> str:
    """The language's own name for itself (``"Español"`` for ``"es"``)."""
    return LANGUAGE_NAMES.get(code, code)


#: Where JupyterLab (and Notebook 7, which shares its settings) keeps the chosen
#: language, under the user-settings folder.
_SETTINGS_FILE = Path("@jupyterlab", "translation-extension", "plugin.jupyterlab-settings")


def _settings_folder() -> Path:
    folder = os.environ.get("JUPYTERLAB_SETTINGS_DIR")
    if folder:
        return Path(folder)
    config = os.environ.get("JUPYTER_CONFIG_DIR")
    return (Path(config) if config else Path.home() / ".jupyter") / "lab" / "user-settings"


#: The largest JupyterLab language settings file read (it holds a few lines).
_MOST_SETTINGS_BYTES = 256 * 1024


def _read_settings(path: Path) -> str:
    """The text of the settings file at ``path``: an ordinary file only, to a cap (a pipe
    or a link to a device put there would otherwise hang every ``import mathplay``).
    Raises ``OSError`` for anything else. (mathplay.files does this for the rest of the
    package; it speaks through this module, so this one cannot use it.)"""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > _MOST_SETTINGS_BYTES:
            raise OSError(f"{path} is not an ordinary settings file")
        data = file.read(_MOST_SETTINGS_BYTES + 1)
    if len(data) > _MOST_SETTINGS_BYTES:
        raise OSError(f"{path} is too big for a settings file")
    return data.decode("utf-8")


def jupyter_language(folder: Path | None = None) -> str | None:
    """The language chosen in JupyterLab's Settings → Language, read from its settings
    file (``locale``, e.g. ``"es_ES"``), when mathplay speaks it; ``None`` when none was
    chosen ("default"), the file is missing or unreadable. ``folder`` is the user-settings
    folder (by default ``$JUPYTERLAB_SETTINGS_DIR``, else Jupyter's)."""
    try:
        text = _read_settings((folder or _settings_folder()) / _SETTINGS_FILE)
        # JupyterLab keeps the comments a person may write in the settings editor.
        text = re.sub(r"^\s*//.*$", "", text, flags=re.MULTILINE)
        locale = json.loads(text).get("locale")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(locale, str) or locale in ("", "default"):
        return None
    return language_code(locale)


def _in_a_kernel() -> bool:
    """Whether mathplay runs in a Jupyter kernel (where JupyterLab's setting applies)."""
    return "ipykernel" in sys.modules


#: The catalogues read so far, by language: switching language (``speaking``) is then
#: cheap, as it is done for every text made in another language.
_LOADED: dict[str, gettext.NullTranslations] = {}


def _load(code: str) -> gettext.NullTranslations:
    if code not in _LOADED:
        _LOADED[code] = gettext.translation(
            "mathplay", localedir=_LOCALE_DIR, languages=[code], fallback=True
        )
    return _LOADED[code]


def _initial_language() -> str:
    if _in_a_kernel():
        chosen = jupyter_language()
        if chosen is not None:
            return chosen
    return default_language()


_language = _initial_language()
_translation = _load(_language)
#: Whether a person or the code chose the language (set_language, language=, the New
#: game panel): then the page's language does not change it.
_chosen = False
#: A worker thread's own language, inside :func:`speaking` (none: the main thread's).
_this_thread = threading.local()
#: Called with the new language whenever it changes (weakly held: a widget that is gone
#: is forgotten).
_listeners: list[Callable[[], Callable[[str], None] | None]] = []


def _switch(code: str, *, notify: bool = True) -> None:
    global _language, _translation
    changed = code != _language
    _language, _translation = code, _load(code)
    if changed and notify:
        for reference in list(_listeners):
            callback = reference()
            if callback is None:
                _listeners.remove(reference)
                continue
            # One widget's redraw failing must not stop the others' (nor the change).
            with contextlib.suppress(Exception):
                callback(code)


def on_language_change(callback: Callable[[str], None]) -> None:
    """Call ``callback(language)`` whenever the language changes. A bound method is held
    weakly (the widget it belongs to can go); a plain function is held for good."""
    if hasattr(callback, "__self__"):
        _listeners.append(weakref.WeakMethod(callback))
    else:
        _listeners.append(lambda: callback)


def set_language(language: str | None) -> str:
    """Speak ``language`` from now on (``"es"``, ``"ms"``, ``"el"``, ``"en"``, or a locale
    such as ``"es_ES.UTF-8"``); ``None`` goes back to the default (the pupil's Jupyter's,
    else the environment's). A language mathplay does not speak is English. Returns the
    language now spoken."""
    global _chosen
    _chosen = language is not None
    code = _initial_language() if language is None else (language_code(language) or "en")
    _switch(code)
    return code


def use_page_language(language: object) -> bool:
    """The page a widget is shown in speaks ``language`` (``document.documentElement.lang``
    in JupyterLab, Notebook 7, Voilà or the website, e.g. ``"es-ES"``): speak it, unless
    a person or the code chose a language. Returns whether the language changed. A
    language mathplay does not speak, or none, changes nothing."""
    if _chosen:
        return False
    code = language_code(language)
    if code is None or code == _language:
        return False
    if code == "en" and default_language() != "en":
        # English is also what a page says when nobody chose (Voilà's and JupyterLite's
        # pages, JupyterLab without a language pack): the environment's language stays.
        return False
    _switch(code)
    return True


def current_language() -> str:
    """The language mathplay speaks now (``"en"``, ``"es"``, ``"ms"`` or ``"el"``)."""
    return getattr(_this_thread, "language", None) or _language


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now: for texts kept in
    tables (a kind's levels, a status's meaning) and translated with :func:`_` where they
    are shown, in the language spoken then."""
    return message


def _(message: str) -> str:
    """``message`` in the language spoken now (English when the catalogue lacks it)."""
    return (getattr(_this_thread, "translation", None) or _translation).gettext(message)


def _n(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` for ``count``, translated (``"1 tile"``, ``"3 tiles"``).

    >>> _n("{n} tile", "{n} tiles", 1).format(n=1), _n("{n} tile", "{n} tiles", 3).format(n=3)
    ('1 tile', '3 tiles')
    """
    translation = getattr(_this_thread, "translation", None) or _translation
    return translation.ngettext(singular, plural, count)


def date_words(day: datetime.date) -> str:
    """``day`` as a sentence in the language spoken writes it, by Babel's ``format_date``
    (never ``2026-11-26``): "November 26, 2026", "26 de noviembre de 2026", "26 November
    2026", "26 Νοεμβρίου 2026". Without Babel (the browser's Python, JupyterLite), the
    day, the month's number and the year: "26/11/2026".

    >>> with speaking("es"):
    ...     date_words(datetime.date(2026, 11, 26))
    '26 de noviembre de 2026'
    """
    try:
        from babel.dates import format_date
    except ImportError:  # pragma: no cover - Babel is required everywhere but Pyodide
        return f"{day.day}/{day.month}/{day.year}"
    return str(format_date(day, format="long", locale=current_language()))


def clauses() -> str:
    """What goes between the clauses of a list ("3 tries; wrong: 5, 7"), as the language
    writes it: ``"; "`` in English, ``"· "`` in Greek, where ``;`` is the question mark."""
    # Translators: between the parts of a list of clauses ("3 tries; wrong: 5, 7"). Greek
    # writes the ano teleia (·), since ; is its question mark.
    return _("; ")


@contextlib.contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block, then go back to the language (and the
    choice) before it: for a text made in another language than the pupil's, such as a
    Spanish lesson's start line on the website. ``None`` keeps the language spoken."""
    global _chosen
    before, chosen_before = _language, _chosen
    if language is None:
        yield current_language()
        return
    code = language_code(language) or "en"
    if threading.current_thread() is not threading.main_thread():
        # A worker thread (the records service's reports) speaks for itself alone: the
        # language of the main thread, and of every other worker, stays as it was.
        outer = getattr(_this_thread, "language", None), getattr(_this_thread, "translation", None)
        _this_thread.language, _this_thread.translation = code, _load(code)
        try:
            yield code
        finally:
            _this_thread.language, _this_thread.translation = outer
        return
    # A text made in passing: the widgets on show keep their words (no redraw).
    _switch(code, notify=False)
    try:
        yield code
    finally:
        _switch(before, notify=False)
        _chosen = chosen_before
