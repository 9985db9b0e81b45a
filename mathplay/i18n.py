"""Translation hook for every text a person reads.

Messages are written in English and wrapped in :func:`_` so that a translation catalogue
(``mathplay/locale/<lang>/LC_MESSAGES/mathplay.mo``) can replace them. With no catalogue
installed the English text is used unchanged.
"""

from __future__ import annotations

import gettext
from pathlib import Path

_LOCALE_DIR = Path(__file__).with_name("locale")
_translation = gettext.translation("mathplay", localedir=_LOCALE_DIR, fallback=True)


def _(message: str) -> str:
    """Return ``message`` translated into the user's language (English by default)."""
    return _translation.gettext(message)


def set_language(language: str | None) -> None:
    """Use the catalogue for ``language`` (``"en"``, ``"es"`` …); ``None`` for the default."""
    global _translation
    languages = [language] if language else None
    _translation = gettext.translation(
        "mathplay", localedir=_LOCALE_DIR, languages=languages, fallback=True
    )


def _n(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` for ``count``, translated (``"1 tile"``, ``"3 tiles"``).

    >>> _n("{n} tile", "{n} tiles", 1).format(n=1), _n("{n} tile", "{n} tiles", 3).format(n=3)
    ('1 tile', '3 tiles')
    """
    return _translation.ngettext(singular, plural, count)
