"""Buttons that tell the answer: what ``mathplay puzzles check`` finds in a file's own
puzzles with choices.

A pupil who does not know an answer still reads the buttons. They must not tell it:

- every puzzle of a kind shows the same number of buttons, whatever its answer
  (:func:`layout_problems` reports a kind whose count of buttons goes with its answer);
- a reason to pick after "false" never says the equation is true, nor says just what
  the equation says ("4 x 5 is 25" for ``4 x 5 = 25``): the pupil would rule it out
  without working anything out;
- two reasons never differ only in their numbers ("4 x 5 is 20" and "4 x 5 is 21"): the
  right one would be the one whose sum is right, so the reasons, not the pupil, would
  do the deciding;
- the right reason is never told apart by its wording (:func:`cue_problems`): the only
  one whose sums use the equation's signs, the only one whose numbers are all the
  equation's, the only one in words (or with a number).

The practices' generated puzzles are measured the same way, over a stream, by
:func:`mathplay.puzzles.luck.practice_report`.

>>> from mathplay.puzzles.model import Puzzle, Worksheet
>>> sheet = Worksheet("t", [Puzzle("a", "true-or-false", fields={
...     "equation": "2 + 3 x 4 = 20", "why": ["x comes first: 3 x 4 is 12", "2 + 3 x 4 is 20"]})])
>>> [p.message for p in layout_problems(sheet, "t.toml")]  # doctest: +NORMALIZE_WHITESPACE
["the reason '2 + 3 x 4 is 20' says what the equation says, so a pupil who knows it is
 false rules it out without working anything out: give a reason why it could be false"]
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.kinds import KINDS, KindError
from mathplay.puzzles.model import Problem, Worksheet

__all__ = ["cue_problems", "layout_problems"]

_NUMBER = re.compile(r"[0-9]+")
#: Words that say an equation is true, in the languages of the lessons.
_SAYS_TRUE = re.compile(
    r"\b(so it is true|it is true|is true|es verdader[ao]|así que es verdad|jadi ia benar|"
    r"ia benar|άρα ισχύει|είναι σωστή|ισχύει)\b",
    re.IGNORECASE,
)


def _numbers(text: str) -> list[str]:
    """The numbers of ``text``, in order."""
    return [n.lstrip("0") or "0" for n in _NUMBER.findall(text)]


#: A sign written between two numbers (``4 x 5``, ``1 AND 0``, ``1 ΚΑΙ 0``): a sum the
#: reason works out. A sign alone ("x comes before +") is a rule, not a sum.
_SIGN = re.compile(r"(?<=[0-9])\s*([x×*+\-−:/÷]|AND|OR|XOR|NOT|DAN|ATAU|TAK|ΚΑΙ|Ή|ΟΧΙ)\s*(?=[0-9])")
_SAME_SIGN = {"×": "x", "*": "x", "−": "-", "÷": ":", "/": ":", "DAN": "AND", "ΚΑΙ": "AND",
              "ATAU": "OR", "Ή": "OR", "TAK": "NOT", "ΟΧΙ": "NOT"}  # fmt: skip


def _signs(text: str) -> set[str]:
    """The signs of the sums written in ``text``."""
    return {_SAME_SIGN.get(sign, sign) for sign in _SIGN.findall(text)}


def cue_problems(equation: str, why: list[str]) -> list[str]:
    """How the wording of a true-or-false puzzle's reasons (the right one first) picks
    the right one for a pupil who reads the buttons and works nothing out:

    - it is the only reason whose sums use just the equation's signs ("4 x 5 is 20"
      beside "4 + 5 is 9" for ``4 x 5 = 25``);
    - it is the only reason whose numbers are all the equation's (a reason in words
      beside "1 AND 0 is 10" for ``1 AND 0 = 1``);
    - it is the only one written in words, or the only one with a number in it.

    >>> cue_problems("4 x 5 = 25", ["4 x 5 is 20, not 25", "4 + 5 is 9, not 25"])[0][:40]
    "the right reason '4 x 5 is 20, not 25' i"
    >>> cue_problems("4 x 5 = 25", ["4 x 5 is 20, not 25", "4 x 5 is 5 more than 5 x 5"])
    []
    """
    if len(why) < 2:
        return []
    right, others = why[0], why[1:]
    found: list[str] = []
    signs, numbers = _signs(equation), set(_numbers(equation))

    def only_right(holds: Callable[[str], bool]) -> bool:
        return bool(holds(right)) and not any(holds(other) for other in others)

    if only_right(lambda r: _signs(r) <= signs) or only_right(lambda r: not _signs(r) <= signs):
        found.append(
            _(
                "the right reason '{reason}' is told apart by its signs: it is the only one "
                "whose sums use (or do not use) just the signs of the equation; give the "
                "other reasons sums with the same signs"
            ).format(reason=right)
        )
    if only_right(lambda r: set(_numbers(r)) <= numbers):
        found.append(
            _(
                "the right reason '{reason}' is the only one whose numbers are all in the "
                "equation, so a pupil picks it without working anything out; give the other "
                "reasons numbers of the equation too, or the right one a number worked out"
            ).format(reason=right)
        )
    has_number = bool(_NUMBER.search(right))
    if all(bool(_NUMBER.search(other)) != has_number for other in others):
        found.append(
            _(
                "the right reason '{reason}' is the only one {how}, so its wording tells it; "
                "write the reasons alike"
            ).format(
                reason=right,
                how=_("with a number in it") if has_number else _("written in words only"),
            )
        )
    return found


def _reason_problems(puzzle: object, source: str) -> list[Problem]:
    """What is wrong with a true-or-false puzzle's reasons (see the module)."""
    from mathplay.puzzles.model import Puzzle

    assert isinstance(puzzle, Puzzle)
    why = puzzle.fields.get("why")
    if not isinstance(why, list) or not all(isinstance(r, str) for r in why):
        return []
    equation = str(puzzle.fields.get("equation", ""))
    line = puzzle.line_of("why") if hasattr(puzzle, "line_of") else None
    problems = []

    def problem(message: str) -> None:
        problems.append(Problem(source, line, puzzle.id, message))

    for reason in why:
        if _SAYS_TRUE.search(reason):
            problem(
                _(
                    "the reason '{reason}' says the equation is true, but it is a reason to "
                    "pick after false: a pupil rules it out without working anything out"
                ).format(reason=reason)
            )
        elif _numbers(reason) and _numbers(reason) == _numbers(equation):
            problem(
                _(
                    "the reason '{reason}' says what the equation says, so a pupil who knows "
                    "it is false rules it out without working anything out: give a reason why "
                    "it could be false"
                ).format(reason=reason)
            )
    problems += [
        Problem(source, line, puzzle.id, message) for message in cue_problems(equation, why)
    ]
    shapes: dict[str, list[str]] = defaultdict(list)
    for reason in why:
        if _NUMBER.search(reason):
            shapes[_NUMBER.sub("#", reason.strip().casefold())].append(reason)
    for same in shapes.values():
        if len(same) > 1:
            problem(
                _(
                    "the reasons '{one}' and '{other}' differ only in their numbers: the right "
                    "one is the one whose sum is right, so the reasons decide, not the pupil; "
                    "give reasons that differ in their idea"
                ).format(one=same[0], other=same[1])
            )
    return problems


def layout_problems(sheet: Worksheet, source: str) -> list[Problem]:
    """Buttons in ``sheet``'s own puzzles that tell the answer (see the module)."""
    problems: list[Problem] = []
    # kind -> number of buttons -> the answers' verdicts ("true"/"false"/the right one)
    counts: dict[str, dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
    first_line: dict[str, int | None] = {}
    for puzzle in sheet.puzzles:
        kind = KINDS.get(puzzle.kind)
        if kind is None:
            continue
        if puzzle.kind == "true-or-false":
            problems += _reason_problems(puzzle, source)
        try:
            choices = kind.choices(puzzle)
            solutions = kind.solutions(puzzle, 1) if choices else []
        except (KindError, MathplayError):
            continue  # the validator reports it
        if not choices or not solutions:
            continue
        verdict = solutions[0].partition(":")[0] if puzzle.kind == "true-or-false" else "-"
        counts[puzzle.kind][len(choices)].add(verdict)
        first_line.setdefault(puzzle.kind, puzzle.line or None)
    for name, by_count in counts.items():
        if len(by_count) < 2 or name != "true-or-false":
            continue
        told = [c for c, verdicts in by_count.items() if len(verdicts) == 1]
        verdicts = {next(iter(by_count[c])) for c in told}
        if len(told) == len(by_count) and len(verdicts) > 1:
            described = "; ".join(
                _("{n} buttons: {verdict}").format(n=c, verdict=next(iter(by_count[c])))
                for c in sorted(by_count)
            )
            problems.append(
                Problem(
                    source,
                    first_line.get(name),
                    None,
                    _(
                        "the {kind} puzzles' buttons tell the answer: how many there are goes "
                        "with the answer ({described}); make them alike, or mix them"
                    ).format(kind=name, described=described),
                )
            )
    return problems
