"""A puzzle's answer kept as a salted hash: a file a pupil opens does not tell it.

A puzzle file holds its author's ``answer`` (``answer = "1001"``). The checker does not
need it: each kind works out from the puzzle itself whether an answer is right. Where the
author's answer is *shown* (the worked solution, the end check's review, a move puzzle's
key when several moves are right) mathplay uses it, so a copy of a file handed to pupils
(``mathplay lessons release``, :func:`mathplay.puzzles.answer_lines.sealed_text`) keeps
it as ``answer_hash`` instead::

    answer_hash = "sha:kfmgobcl…:dpeai…"

the SHA-256 of the answer written the one way the checker compares answers
(:meth:`~mathplay.puzzles.kinds.base.Kind.normalise`: ``"0100"`` is ``"100"``, a move is
written in full), salted with the puzzle's id and a salt of its own, written in the
letters ``a``–``p`` (so that no number of an answer can be found in it by a search).
When such a file is loaded, :func:`unseal` finds the author's answer again among the
right answers the kind works out (:func:`recover`), and everything goes on as with the
original file. Only one form of each answer is hashed: the canonical one, which every
accepted way of writing that answer comes to.

What a hash does not hide: a pupil who runs code can ask the checker, or hash the two
answers ``true`` and ``false`` of a true-or-false puzzle. The hash keeps the answers
from being *read off* a file, as a teacher's key would be; it is no lock.

>>> from mathplay.puzzles.model import Puzzle
>>> puzzle = Puzzle("nine", "convert", fields={"number": 9, "to": "binary"}, answer="1001")
>>> sealed = answer_hash(puzzle, salt="abc")
>>> sealed.startswith("sha:abc:"), any(ch.isdigit() for ch in sealed[8:])
(True, False)
>>> hidden = Puzzle("nine", "convert", fields={"number": 9, "to": "binary"}, answer_hash=sealed)
>>> hash_matches(hidden, "01001"), hash_matches(hidden, "1000")
(True, False)
>>> recover(hidden)
'1001'
"""

from __future__ import annotations

import hashlib
import re
import secrets

from mathplay.errors import MathplayError
from mathplay.i18n import speaking
from mathplay.puzzles.kinds import KindError, get_kind
from mathplay.puzzles.model import Puzzle, Worksheet

__all__ = [
    "SCHEME",
    "answer_form",
    "answer_hash",
    "hash_matches",
    "recover",
    "unseal",
]

#: The scheme's name, the first part of every ``answer_hash``.
SCHEME = "sha"
#: Hex digits written as letters: a hash has no digit in it.
_LETTERS = str.maketrans("0123456789abcdef", "abcdefghijklmnop")
_HASH = re.compile(rf"^{SCHEME}:([a-p0-9]{{1,64}}):([a-p]{{64}})$")
#: How many right answers are looked through, in rounds, for the one a hash names.
_ROUNDS = (1, 50, 2000)


def answer_form(puzzle: Puzzle, answer: str) -> str | None:
    """``answer`` written the one way the checker compares answers, in every language
    the same; ``None`` when the checker cannot read it. An answer that is the first step
    of two (``false``, before the reason) is kept as that step.

    >>> from mathplay.puzzles.model import Puzzle
    >>> answer_form(Puzzle("m", "missing", fields={"equation": "3 + _ = 7"}), " 04 ")
    '4'
    """
    try:
        with speaking("en"):
            result = get_kind(puzzle.kind).judge(puzzle, answer)
    except (KindError, MathplayError, ArithmeticError, ValueError):
        return None
    if result.readable or result.follow_up:
        return str(result.answer)
    return None


def _digest(puzzle: Puzzle, salt: str, form: str) -> str:
    data = "\0".join(("mathplay-answer", salt, puzzle.id, form)).encode("utf-8")
    return hashlib.sha256(data).hexdigest().translate(_LETTERS)


def answer_hash(puzzle: Puzzle, answer: str | None = None, salt: str | None = None) -> str:
    """The ``answer_hash`` of ``answer`` (the puzzle's own ``answer`` if not given),
    with ``salt`` (a new random one if not given). Raises ``ValueError`` for an answer
    the checker cannot read."""
    text = puzzle.answer if answer is None else answer
    form = answer_form(puzzle, text) if text is not None else None
    if form is None:
        raise ValueError(f"puzzle {puzzle.id!r}: the answer {text!r} cannot be read")
    salt = secrets.token_hex(8).translate(_LETTERS) if salt is None else salt
    return f"{SCHEME}:{salt}:{_digest(puzzle, salt, form)}"


def hash_matches(puzzle: Puzzle, answer: str) -> bool:
    """Whether ``answer`` is the one the puzzle's ``answer_hash`` keeps (in any way of
    writing it the checker reads as the same answer)."""
    found = _HASH.match(puzzle.answer_hash or "")
    form = answer_form(puzzle, answer) if found else None
    if found is None or form is None:
        return False
    return secrets.compare_digest(_digest(puzzle, found.group(1), form), found.group(2))


def _candidates(puzzle: Puzzle, limit: int) -> list[str]:
    """Right answers the kind works out (up to ``limit``), and the first step of each
    (``true``, ``false``), the canonical form first."""
    kind = get_kind(puzzle.kind)
    with speaking("en"):
        try:
            found = list(kind.solutions(puzzle, limit=limit))
        except (KindError, MathplayError, ArithmeticError, ValueError):
            found = []
        found += kind.choices(puzzle) or []
    heads = [answer.partition(":")[0].strip() for answer in found]
    return list(dict.fromkeys(answer for answer in [*heads, *found] if answer))


def recover(puzzle: Puzzle) -> str | None:
    """The author's answer that the puzzle's ``answer_hash`` keeps, written as the
    checker writes it; ``None`` when no right answer matches it (a file changed by hand)."""
    if not _HASH.match(puzzle.answer_hash or ""):
        return None
    seen: set[str] = set()
    for limit in _ROUNDS:
        candidates = _candidates(puzzle, limit)
        for answer in candidates:
            if answer in seen:
                continue
            seen.add(answer)
            if hash_matches(puzzle, answer):
                form = answer_form(puzzle, answer)
                return form if form is not None and answer_form(puzzle, form) == form else answer
        if len(candidates) < limit:
            break  # every right answer was looked at
    return None


def unseal(sheet: Worksheet) -> list[str]:
    """Give each puzzle of ``sheet`` that keeps its answer as a hash that answer again
    (:func:`recover`). Returns the ids of the puzzles whose hash matches no right answer
    (left without an answer: the checker still checks them)."""
    lost = []
    for puzzle in sheet.puzzles:
        if puzzle.answer is None and puzzle.answer_hash:
            puzzle.answer = recover(puzzle)
            if puzzle.answer is None:
                lost.append(puzzle.id)
    return lost
