"""The words a pupil types for a command or an answer, in every language mathplay speaks.

Each idea (the commands ``exchange``, ``pass``, ``draw``, ``end``, ``discard``; the
answers ``true`` and ``false``) has one translatable message whose text is the list of
words for it, separated by ``|``, the first being the word sentences use: a language's
catalogue lists its own words and forms (Spanish ``falso | falsa``, Greek ``ισχύει``,
Malay ``tak | tidak betul``), so a new language adds its words with its translations.
Every reader (the games' notation, the true-or-false checker) reads the words of every
language, in capitals or not, with accents or not, with a final full stop or not.

>>> from mathplay.i18n import speaking
>>> command_said("Lepas."), command_said("tukar 3 7"), command_said("πάσο")
(('pass', ''), ('exchange', '3 7'), ('pass', ''))
>>> command_said("H8 across 1+1=10") is None
True
>>> answer_said("Falsa."), answer_said("δεν ισχύει"), answer_said("tidak betul")
('false', 'false', 'false')
>>> with speaking("ms"):
...     typed_word("pass")
'lepas'
"""

from __future__ import annotations

import functools
import unicodedata

from mathplay.i18n import LANGUAGES, N_, _, _load

__all__ = ["ANSWERS", "COMMANDS", "answer_said", "command_said", "plain", "typed_word", "words"]

#: The commands of the games' notation, each with the list of words that say it.
COMMANDS: dict[str, str] = {
    # Translators: the words a pupil may type for the command that exchanges tiles (or
    # chips) with the bag, separated by |, the first the one the game's sentences use
    # (a word of the language, the way a child types it: no article). Any form may be
    # listed (cambiar | cambio | cambia).
    "exchange": N_("exchange | swap"),
    # Translators: the words a pupil may type to pass a turn, separated by |, the first
    # the one the game's sentences use.
    "pass": N_("pass | skip"),
    # Translators: the words a pupil may type to draw a tile from the bag (Mixmath),
    # separated by |, the first the one the game's sentences use.
    "draw": N_("draw | take"),
    # Translators: the words a pupil may type to end a turn (Mixmath), separated by |,
    # the first the one the game's sentences use.
    "end": N_("end | done | finish"),
    # Translators: the words a pupil may type to discard blocks (Summy), separated by |,
    # the first the one the game's sentences use.
    "discard": N_("discard | throw away"),
    # Translators: the words a pupil may type to challenge the last tile placed
    # (Mixmath), separated by |, the first the one the game's sentences use.
    "challenge": N_("challenge"),
}
#: The answers to a true-or-false question, each with the list of words that say it.
ANSWERS: dict[str, str] = {
    # Translators: every word or phrase a pupil may answer "true" with, separated by |,
    # in every form (masculine and feminine: the question may be about an "igualdad"),
    # the first the word the buttons and sentences use.
    "true": N_("true | t | yes | y | right | correct | it is true | ✓ | ✔"),
    # Translators: every word or phrase a pupil may answer "false" with, separated by |,
    # in every form, the first the word the buttons and sentences use.
    "false": N_(
        "false | f | no | n | wrong | not true | incorrect | it is not true | it is false | ✗ | ✘"
    ),
}


def plain(text: str) -> str:
    """``text`` folded for comparing words: small letters, no accents, single spaces, no
    final full stop or exclamation mark ("Σωστό." → "σωστο")."""
    decomposed = unicodedata.normalize("NFD", " ".join(text.split()).casefold())
    folded = "".join(char for char in decomposed if not unicodedata.combining(char))
    return folded.rstrip(".!;· ").strip()


def _split(listed: str) -> list[str]:
    return [word.strip() for word in listed.split("|") if word.strip()]


def words(listed: str, language: str | None = None) -> list[str]:
    """The words of ``listed`` (a message of :data:`COMMANDS` or :data:`ANSWERS`) in
    ``language``'s catalogue (by default the language spoken)."""
    if language is None:
        return _split(_(listed))
    return _split(_load(language).gettext(listed))


@functools.cache
def _every_language(listed: str) -> tuple[str, ...]:
    """The words of ``listed`` in every language, folded, the longest first."""
    found = {plain(word) for code in LANGUAGES for word in words(listed, code)}
    return tuple(sorted(found, key=lambda word: (-len(word), word)))


def typed_word(idea: str) -> str:
    """The word a sentence in the language spoken uses for a command or an answer
    (``"pass"`` → ``"lepas"`` in Malay, ``"pasar"`` in Spanish)."""
    listed = COMMANDS.get(idea) or ANSWERS[idea]
    found = words(listed)
    return found[0] if found else idea


def command_said(text: str) -> tuple[str, str] | None:
    """The command ``text`` starts with, in any language (``"exchange"``, ``"pass"`` …),
    and the rest of it (the tiles of an exchange), or ``None`` when it starts with none."""
    said = plain(text)
    for idea, listed in COMMANDS.items():
        for word in _every_language(listed):
            if said == word:
                return idea, ""
            if said.startswith(word + " "):
                rest = text.split()[len(word.split()) :]
                return idea, " ".join(rest).rstrip(".!")
    return None


def answer_said(text: str) -> str | None:
    """``"true"`` or ``"false"`` when ``text`` is one of the words for it in any language
    (``"Falsa."``, ``"δεν ισχύει"``, ``"tak"``), else ``None``."""
    said = plain(text)
    for idea in ("false", "true"):
        if said in _every_language(ANSWERS[idea]):
            return idea
    return None
