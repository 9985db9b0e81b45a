"""English words that are no word of Spanish, Greek or Malay: what the checks of the languages
look for on a pupil's screen and in a teacher's report in those languages.

Malay also says "bit", "digit", "skor"; the games keep their names (Summy, Mixmath,
Binary); a Spanish "letra triple" is Spanish.
"""

from __future__ import annotations

import re

ENGLISH = re.compile(
    r"\b(the|your|you|square|squares|double|triple|word|letter|across|down|hand|line|"
    r"tiles?|chips?|blocks?|Play|Pass|Hint|Undo|Check|Next|Back|puzzle|Right|Wrong|"
    r"scores?|points|turn|moves?|computer|empty|plain|start|bag|Exchange|Discard|"
    r"New game|Not yet|best|played|review|Lesson|pupils?|solved|mastered|"
    r"DL|TL|DW|TW)\b"
)
#: English words that are words of the language too.
THEIRS = {"es": {"triple"}, "el": set(), "ms": set()}


def english_in(text: str, language: str) -> list[str]:
    """The lines of ``text`` with an English word, the word first."""
    found = []
    for line in text.splitlines():
        words = [m.group(0) for m in ENGLISH.finditer(line)]
        words = [word for word in words if word not in THEIRS[language]]
        if words:
            found.append(f"{words[0]!r} in {line.strip()[:120]!r}")
    return sorted(set(found))
