"""One name per set in the teacher's report, whatever language the pupils worked in.

A lesson's set has a title in each language ("Lesson 5: binary numbers", "Lección 5:
números binarios"); a record of a translated set also holds the set's name in every
language (its ``set_key``: the English title). The report groups the records by that
key, so a class that worked in English and Spanish gets one grid, named by the title
most of its records carry (the first seen, on a tie).

>>> attempts = [
...     {"set": "Lección 5", "set_key": "Lesson 5", "puzzle": "a"},
...     {"set": "Lesson 5", "puzzle": "a"},
...     {"set": "Lección 5", "set_key": "Lesson 5", "puzzle": "b"},
...     {"set": "Other", "puzzle": "a"},
... ]
>>> [a["set"] for a in one_name_per_set(attempts)]
['Lección 5', 'Lección 5', 'Lección 5', 'Other']
>>> [a["set"] for a in only_set(attempts, "Lesson 5")]
['Lección 5', 'Lesson 5', 'Lección 5']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mathplay.classroom.records import SET_KEY

__all__ = ["one_name_per_set", "only_set", "set_group"]


def set_group(attempt: dict[str, Any]) -> str:
    """The name the same in every language of the set ``attempt`` belongs to."""
    key = attempt.get(SET_KEY)
    return key if isinstance(key, str) and key else str(attempt.get("set") or "")


def one_name_per_set(attempts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``attempts`` with each set's records under one title (copies; the records read
    from the pupils' files are not changed)."""
    titles: dict[str, Counter[str]] = {}
    for attempt in attempts:
        titles.setdefault(set_group(attempt), Counter())[str(attempt.get("set") or "")] += 1
    shown = {group: counts.most_common(1)[0][0] for group, counts in titles.items()}
    out = []
    for attempt in attempts:
        name = shown[set_group(attempt)]
        out.append(attempt if attempt.get("set") == name else {**attempt, "set": name})
    return out


def only_set(attempts: Sequence[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The attempts at the set called ``name`` in any of its languages."""
    groups = {set_group(a) for a in attempts if name in (a.get("set"), set_group(a))}
    return [a for a in attempts if set_group(a) in groups]
