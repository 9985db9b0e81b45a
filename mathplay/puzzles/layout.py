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
  do the deciding.

The practices' generated puzzles are measured the same way, over a stream, by
:func:`mathplay.puzzles.luck.practice_report`.

>>> from mathplay.puzzles.model import Puzzle, Worksheet
>>> sheet = Worksheet("t", [Puzzle("a", "true-or-false", fields={
...     "equation": "2 + 3 x 4 = 20", "why": ["x comes first", "2 + 3 x 4 is 20"]})])
>>> [p.message for p in layout_problems(sheet, "t.toml")]  # doctest: +NORMALIZE_WHITESPACE
["the reason '2 + 3 x 4 is 20' says what the equation says, so a pupil who knows it is
 false rules it out without working anything out: give a reason why it could be false"]
"""

from __future__ import annotations

import re
from collections import defaultdict

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.kinds import KINDS, KindError
from mathplay.puzzles.model import Problem, Worksheet

__all__ = ["layout_problems"]

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
