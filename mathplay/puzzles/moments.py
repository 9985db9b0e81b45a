"""Feedback by moment: what a pupil is told about an answer, and when.

One policy for every puzzle kind (``docs/puzzles.md``, "Feedback by moment"):

- **guided** (a lesson's puzzles, a puzzle set): what the pupil's answer does and why it
  is wrong, and the teacher's feedback; never a right answer, and never a list or a
  pointer that fixes it (then the kind of mistake is said instead). Hints are there.
- **practice**: the kind of mistake, in words that name no value, square or position
  (:meth:`Kind.mistake`): a practice measures what the pupil can do, so it must not
  hand over the fix.
- **check** (a lesson's end check): right or wrong only; one answer an item, no hints;
  once the check is finished, a review of each item with the pupil's answer, the right
  answer and the worked solution.

An answer that cannot be read ("I can't read that: …") is told how to write it at every
moment: that says nothing about the answer.

>>> from mathplay.puzzles import Puzzle
>>> from mathplay.puzzles.kinds import KINDS
>>> puzzle = Puzzle(id="a", kind="convert", fields={"number": 9, "to": "binary"})
>>> kind = KINDS["convert"]
>>> said = {m: feedback(kind, puzzle, "1000", kind.check(puzzle, "1000"), m) for m in MOMENTS}
>>> said["guided"]
'1000 in binary is 8, not 9. Check the bit worth 1: the rightmost column.'
>>> "worth a different amount" in said["practice"], "rightmost" in said["practice"]
(True, False)
>>> said["check"]
'That is not right.'
"""

from __future__ import annotations

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.kinds.base import Kind, KindError, Result
from mathplay.puzzles.model import Puzzle

__all__ = ["CHECK", "GUIDED", "MOMENTS", "PRACTICE", "feedback", "right_text"]

GUIDED = "guided"
PRACTICE = "practice"
CHECK = "check"
#: The moments, in the order a lesson meets them.
MOMENTS = (GUIDED, PRACTICE, CHECK)


def right_text(result: Result, moment: str) -> str:
    """What follows "✓ Right!": the kind's explanation, or nothing in an end check."""
    if moment == CHECK:
        return ""
    return result.message.removeprefix(_("Right!")).lstrip()


def feedback(kind: Kind, puzzle: Puzzle, answer: str, result: Result, moment: str) -> str:
    """The words about a wrong ``answer`` (judged as ``result``) at ``moment``."""
    if result.right:
        return right_text(result, moment)
    if not result.readable:
        return result.message
    if moment == CHECK:
        return _("That is not right.")
    try:
        if moment == PRACTICE:
            return kind.mistake(puzzle, answer, result)
        if kind.pinpoints(puzzle, result.message, answer):
            return kind.mistake(puzzle, answer, result)
    except (KindError, MathplayError):
        return _("That is not right yet.")
    return result.message
