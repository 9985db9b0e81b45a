"""Every text a person reads, in their language: English, Spanish, Malay or Greek.

Messages are written in English in the code and wrapped in :func:`_` (or :func:`_n`
where a count is shown). The catalogues ``mathplay/locale/<language>/LC_MESSAGES/
mathplay.mo``, compiled from the ``.po`` files beside them (``docs/translating.md``),
replace them; a message a catalogue does not have stays in English.

The language is the one :func:`set_language` chose, else the environment's
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else
English. A language mathplay has no catalogue for falls back to English, with no error.

>>> set_language("es_ES.UTF-8")
'es'
>>> set_language("fr")  # no catalogue: English
'en'
>>> language_code("el-GR"), language_code("MS"), language_code("C.UTF-8")
('el', 'ms', None)
>>> _ = set_language("en")
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "current_language",
    "default_language",
    "language_code",
    "set_language",
]

_LOCALE_DIR = Path(__file__).with_name("locale")
#: The languages mathplay speaks: English (the code's own) and those with a catalogue.
LANGUAGES = ("en", "es", "ms", "el")
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


def _load(code: str) -> gettext.NullTranslations:
    return gettext.translation("mathplay", localedir=_LOCALE_DIR, languages=[code], fallback=True)


_language = default_language()
_translation = _load(_language)


def set_language(language: str | None) -> str:
    """Speak ``language`` from now on (``"es"``, ``"ms"``, ``"el"``, ``"en"``, or a locale
    such as ``"es_ES.UTF-8"``); ``None`` goes back to the environment's. A language
    mathplay does not speak is English. Returns the language now spoken."""
    global _language, _translation
    code = default_language() if language is None else (language_code(language) or "en")
    _language, _translation = code, _load(code)
    return code


def current_language() -> str:
    """The language mathplay speaks now (``"en"``, ``"es"``, ``"ms"`` or ``"el"``)."""
    return _language


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it now: for texts kept in
    tables (a kind's levels, a status's meaning) and translated with :func:`_` where they
    are shown, in the language spoken then."""
    return message


def _(message: str) -> str:
    """``message`` in the language spoken now (English when the catalogue lacks it)."""
    return _translation.gettext(message)


def _n(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` for ``count``, translated (``"1 tile"``, ``"3 tiles"``).

    >>> _n("{n} tile", "{n} tiles", 1).format(n=1), _n("{n} tile", "{n} tiles", 3).format(n=3)
    ('1 tile', '3 tiles')
    """
    return _translation.ngettext(singular, plural, count)
