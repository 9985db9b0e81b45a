"""What makes a generated sheet or a practice stream repeat itself, and how much one answer may
carry it.

A **twin** is the same question with the two numbers of a commutative operation swapped:
``3 + 4 = _`` and ``4 + 3 = _``, ``1011 AND 0110`` and ``0110 AND 1011``, the tiles ``3 5 7``
and ``7 3 5`` with one target. :func:`question_key` is the same for a question and its
twins, so a sheet or a practice that keeps the keys it has shown never asks one twice.

No answer may carry a sheet: in any ``k`` puzzles in a row, one answer comes at most
:func:`most_of` ``(k, choices)`` times, 20 % of them (rounded up), or the fair share
``ceil(k / choices)`` when the level has only ``choices`` different answers (``true`` and
``false``: 2).

>>> question_key("missing", {"equation": "3 + _ = 7"}) == question_key(
...     "missing", {"equation": "_ + 3 = 7"})
True
>>> question_key("bitwise", {"expression": "1011 AND 0110"}) == question_key(
...     "bitwise", {"expression": "110 AND 1011"})
True
>>> question_key("missing", {"equation": "7 - _ = 3"}) == question_key(
...     "missing", {"equation": "_ - 7 = 3"})
False
>>> [most_of(k) for k in (1, 5, 6, 10, 20)], most_of(20, 2), most_of(20, 3)
([1, 1, 2, 2, 4], 10, 7)
"""

from __future__ import annotations

import math
import re
from typing import Any

__all__ = ["ANSWER_CHOICES", "SHARE", "answer_key", "most_of", "question_key"]

#: The largest share of a sheet (or of a practice's last 20 puzzles) one answer may have.
SHARE = 0.2

#: Levels with fewer different answers than 1 / SHARE: how many they have.
ANSWER_CHOICES: dict[tuple[str, int], int] = {
    **{("true-or-false", level): 3 for level in range(1, 6)},
    ("which-operation", 1): 2,
    ("which-operation", 2): 4,
    ("which-operation", 4): 3,
    ("missing", 5): 2,
}

_COMMUTATIVE = {"+", "x", "AND", "OR", "XOR"}
_TOKEN = re.compile(r"AND|OR|XOR|NOT|[0-9A-Za-z?_]+|\S")


def _number(text: str) -> str:
    """A number without leading zeros (``0110`` and ``110`` are one number), else as is."""
    return text.lstrip("0") or "0" if text.isdigit() else text


def _side(text: str, op: str | None = None) -> tuple[str, ...]:
    """The tokens of ``a op b``, with ``a`` and ``b`` in order when ``op`` is commutative
    (``op`` given: the sign that fills a blank ``_`` between them)."""
    tokens = _TOKEN.findall(text)
    if len(tokens) == 3 and (op or tokens[1]) in _COMMUTATIVE:
        first, second = sorted([_number(tokens[0]), _number(tokens[2])])
        return (first, tokens[1], second)
    return tuple(tokens)


def question_key(kind: str, fields: dict[str, Any], answer: str | None = None) -> tuple[Any, ...]:
    """The same for a question and its swapped twins (``answer``: a which-operation's sign)."""
    rest = tuple(
        sorted(
            (key, str(value))
            for key, value in fields.items()
            if key not in ("equation", "expression", "tiles", "hand", "why", "fact", "prompt")
        )
    )
    if kind in ("missing", "true-or-false", "which-operation"):
        left, _eq, right = str(fields.get("equation", "")).partition("=")
        op = answer if kind == "which-operation" and answer in _COMMUTATIVE else None
        if kind == "which-operation" and op is None:
            return (kind, tuple(_TOKEN.findall(left)), right.strip(), rest)
        return (kind, _side(left, op), right.strip(), rest)
    if kind == "bitwise":
        return (kind, _side(str(fields.get("expression", ""))), rest)
    if kind == "target":
        return (kind, tuple(sorted(str(fields.get("tiles", "")).split())), rest)
    if kind == "move":
        hand = str(fields.get("hand", ""))
        tiles = hand.split() if " " in hand else list(hand)
        return (kind, tuple(sorted(tiles)), rest)
    return (kind, rest)


def answer_key(answer: str | None) -> str:
    """An answer as counted for the spread: without spaces."""
    return re.sub(r"\s+", " ", answer or "").strip()


def most_of(k: int, choices: int | None = None) -> int:
    """How many of ``k`` puzzles in a row one answer may have: 20 %, rounded up, or the
    fair share when only ``choices`` different answers exist."""
    cap = math.ceil(k * SHARE - 1e-9)
    if choices:
        cap = max(cap, math.ceil(k / choices))
    return max(1, cap)
