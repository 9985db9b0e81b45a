"""A class's records as xAPI statements, for a learning record store (``--xapi OUT``).

One statement per attempt, shaped as the xAPI specification (version 1.0.3) describes
(actor, verb, object, result, timestamp), so a school's learning record store can take
the file as it is:

- ``actor``: the pupil, as an account named as the records name them;
- ``verb``: ``answered`` (ADL's vocabulary);
- ``object``: the puzzle, ``urn:mathplay:puzzle:<set>/<puzzle>``, named by its question;
- ``result``: ``success`` (right or not), ``response`` (the answer typed), ``duration``
  (ISO 8601), and mathplay's own ``hints``, ``solution seen`` and ``skill``;
- ``timestamp``: when it was answered; ``id``: the same UUID for the same record.

>>> statement = statements([{"who": "Ana", "set": "S", "puzzle": "p1", "right": True,
...     "answer": "4", "seconds": 12.5, "when": "2026-12-04T09:00:00+00:00"}])[0]
>>> statement["verb"]["display"], statement["result"]["duration"]
({'en-US': 'answered'}, 'PT12.5S')
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import quote

__all__ = ["statements", "write_statements"]

_ANSWERED = "http://adlnet.gov/expapi/verbs/answered"
_INTERACTION = "http://adlnet.gov/expapi/activities/cmi.interaction"
_HOME = "urn:mathplay"
_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "urn:mathplay:records")


def _statement(record: dict[str, Any]) -> dict[str, Any]:
    who = str(record.get("who", ""))
    puzzle_set, puzzle = str(record.get("set") or ""), str(record.get("puzzle"))
    said = {key: value for key, value in record.items() if key != "source"}
    identity = json.dumps(said, sort_keys=True, ensure_ascii=False)
    extensions: dict[str, Any] = {
        f"{_HOME}:hints": int(record.get("hints") or 0),
        f"{_HOME}:solution-seen": bool(record.get("solution_seen")),
    }
    if isinstance(record.get("skill"), str):
        extensions[f"{_HOME}:skill"] = record["skill"]
    out: dict[str, Any] = {
        "id": str(uuid.uuid5(_NAMESPACE, identity)),
        "actor": {"objectType": "Agent", "name": who, "account": {"homePage": _HOME, "name": who}},
        "verb": {"id": _ANSWERED, "display": {"en-US": "answered"}},
        "object": {
            "objectType": "Activity",
            "id": f"{_HOME}:puzzle:{quote(puzzle_set, safe='')}/{quote(puzzle, safe='')}",
            "definition": {
                "type": _INTERACTION,
                "name": {"en-US": str(record.get("question") or puzzle)},
                "description": {"en-US": puzzle_set},
            },
        },
        "result": {
            "success": bool(record.get("right")),
            "response": str(record.get("answer", "")),
            "duration": f"PT{round(float(record.get('seconds') or 0), 1)}S",
            "extensions": extensions,
        },
        "version": "1.0.3",
    }
    if isinstance(record.get("when"), str):
        out["timestamp"] = record["when"]
    return out


def statements(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One xAPI statement per attempt in ``records``, in order."""
    return [_statement(record) for record in records]


def write_statements(records: Iterable[dict[str, Any]], path: str | Path) -> Path:
    """Write :func:`statements` as a JSON array to ``path``; the path."""
    path = Path(path)
    text = json.dumps(statements(records), ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return path
