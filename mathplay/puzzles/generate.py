"""Generate puzzle sets of every kind at documented levels; every puzzle passes the checks.

``KIND_LEVELS[kind][level]`` says what a level means (number sizes, operations, steps, base),
and every generated puzzle keeps to it, its result and answer included. The same kind,
level and seed always give the same puzzles; a sheet has no question twice (unless the
level has fewer different questions than asked: then ``sheet.repeats`` counts the repeats
and the description says so); the answers of ``true-or-false`` and ``which-operation``
sheets, and the operations a level names, are dealt in turn like cards, so no answer is
over half a sheet; ``target`` puzzles need every tile; ids and title carry the seed.

>>> sheet = generate("missing", 1, 3, seed=1)
>>> sheet.title, len(sheet.puzzles), sheet.puzzles[0].id
('Missing numbers, level 1 (seed 1)', 3, 'missing-1-s1-01')

A shorter sheet is the start of a longer one with the same seed, so puzzle ``k`` of the
sequence for seed ``s`` is ``generate(kind, level, k, seed=s).puzzles[-1]``:

>>> generate("convert", 1, 2, seed=5).puzzles == generate("convert", 1, 4, seed=5).puzzles[:2]
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from mathplay.core.squares import with_labels
from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.checks import validate_puzzle
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.kinds.drawing import Plan, Retry
from mathplay.puzzles.model import Puzzle, Worksheet
from mathplay.puzzles.spread import ANSWER_CHOICES, answer_key, most_of, question_key

__all__ = [
    "CHOICES",
    "KIND_LEVELS",
    "GenerateError",
    "GeneratedSheet",
    "check_kind_level",
    "generate",
    "level_title",
]

#: What each kind's levels mean (``KIND_LEVELS[kind][level]``), from the kinds' modules.
KIND_LEVELS: dict[str, dict[int, str]] = {name: dict(kind.levels) for name, kind in KINDS.items()}

#: Tries for one puzzle with its choices, and how many of them may be a question the sheet
#: already has before those choices count as used up.
_TRIES = 2000
_REPEAT_TRIES = 200
#: How many times a puzzle's balanced choices may change before a question repeats.
_DEALS = 6


class GenerateError(MathplayError, ValueError):
    """A kind or level the generator does not have."""


@dataclass(eq=False)
class GeneratedSheet(Worksheet):
    """A generated :class:`Worksheet`, with how it was made.

    ``repeats`` is how many puzzles repeat an earlier question: 0 unless the level has
    fewer different questions than the sheet asks for (then the sheet goes through them
    all before repeating any, and its description says so). It equals the worksheet it
    is written as (``parse(write(sheet)) == sheet``).
    """

    kind: str = ""
    seed: int = 0
    repeats: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Worksheet):
            return NotImplemented
        return all(
            getattr(self, f.name) == getattr(other, f.name) for f in fields(Worksheet) if f.compare
        )


def _question(kind: str, data: dict[str, Any], answer: str | None = None) -> tuple[Any, ...]:
    """A puzzle's question, to tell repeats: the same for a question and its swapped twin
    (``3 + 4`` and ``4 + 3``; a which-operation's only once its sign is known)."""
    return question_key(kind, data, answer)


def _checked(kind: str, level: int, pid: str, data: dict[str, Any]) -> Puzzle | None:
    """The puzzle with its answer, or None when it fails the checks or is not unique."""
    data = dict(data)
    prompt = str(data.pop("prompt", ""))  # a message of the level's, translated when shown
    puzzle = Puzzle(pid, kind, prompt, fields=data)
    checker = KINDS[kind]
    if validate_puzzle(puzzle, "<generated>"):
        return None
    solutions = checker.solutions(puzzle, limit=2)
    puzzle.unique = checker.supports_unique and len(solutions) == 1
    if checker.generate_unique_only and not puzzle.unique:
        return None
    puzzle.answer = checker.generated_answer(solutions[0])
    # A square named by its label ({DW}) says the label the board's legend shows (PD, 2P).
    puzzle.hints = tuple(with_labels(_(hint)) for hint in checker.level_hints[level])
    return puzzle


def _puzzle(
    kind: str,
    level: int,
    rng: random.Random,
    plan: Plan,
    pid: str,
    seen: set[tuple[Any, ...]],
    answers: Counter[str] | None = None,
) -> tuple[Puzzle, bool]:
    """A new puzzle, and whether it repeats a question in ``seen`` (the level is used up).

    With ``answers`` (how often each answer came so far), a puzzle whose answer would
    then be over its share (:func:`~mathplay.puzzles.spread.most_of`) is drawn again too;
    when no other fits, a new question with a crowded answer comes before a repeat."""
    again: tuple[dict[str, Any], dict[str, Any]] | None = None
    spare: tuple[Puzzle, dict[str, Any]] | None = None
    most = most_of(sum(answers.values()) + 1, ANSWER_CHOICES.get((kind, level))) if answers else 0
    for _deal in range(_DEALS):
        repeats = 0
        for _attempt in range(_TRIES):
            try:
                data = KINDS[kind].draw(rng, level, plan)
            except Retry:
                continue
            if _question(kind, data) in seen:
                again, repeats = again or (data, dict(plan.now)), repeats + 1
                if repeats >= _REPEAT_TRIES:
                    break
                continue
            puzzle = _checked(kind, level, pid, data)
            if puzzle is None:
                continue
            if kind == "which-operation" and _question(kind, data, puzzle.answer) in seen:
                again, repeats = again or (data, dict(plan.now)), repeats + 1
                if repeats >= _REPEAT_TRIES:
                    break
                continue
            if answers and answers[answer_key(puzzle.answer)] >= most:
                spare, repeats = spare or (puzzle, dict(plan.now)), repeats + 1
                if repeats >= _REPEAT_TRIES:
                    break
                continue
            plan.accept()
            return puzzle, False
        if not plan.redeal():
            break
    if spare is not None:
        puzzle, plan.now = spare
        plan.accept()
        return puzzle, False
    if again is not None:
        data, plan.now = again
        puzzle = _checked(kind, level, pid, data)
        if puzzle is not None:
            plan.accept()
            return puzzle, True
    raise GenerateError(
        _("could not make a {kind} puzzle at level {level}").format(kind=kind, level=level)
    )


def _sentence(text: str) -> str:
    """``text`` with a capital first letter, the rest as written (``OR``, ``x``, ``Summy``)."""
    return text[:1].upper() + text[1:]


def check_kind_level(kind: object, level: object) -> None:
    """Refuse a kind or level the generator does not make, naming what it makes."""
    if not isinstance(kind, str) or kind not in KIND_LEVELS:
        raise GenerateError(
            _("unknown kind '{kind}': the generator makes {kinds}").format(
                kind=kind, kinds=", ".join(KIND_LEVELS)
            )
        )
    if isinstance(level, bool) or not isinstance(level, int) or level not in KIND_LEVELS[kind]:
        raise GenerateError(
            _("{kind} puzzles have levels {levels}, not {level}").format(
                kind=kind, levels=", ".join(map(str, KIND_LEVELS[kind])), level=level
            )
        )


#: The choices a skill may restrict (``generate(..., only={"op": ["XOR"]})``), per kind and
#: level: the choice's name and the options it may keep.
CHOICES: dict[tuple[str, int], dict[str, list[Any]]] = {
    (name, level): choices
    for name, kind in KINDS.items()
    for level, choices in kind.restrictable.items()
}


def _check_only(kind: str, level: int, only: object) -> None:
    """Refuse a restriction the level does not have, naming the ones it has."""
    if only is None:
        return
    choices = CHOICES.get((kind, level), {})
    if not isinstance(only, dict):
        raise GenerateError(_('only is a table of choices, like {"op": ["XOR"]}'))
    for name, options in only.items():
        if name not in choices:
            raise GenerateError(
                _("{kind} level {level} has no choice '{name}' to restrict{known}").format(
                    kind=kind,
                    level=level,
                    name=name,
                    known=(": it has " + ", ".join(choices)) if choices else "",
                )
            )
        if (
            not isinstance(options, (list, tuple))
            or not options
            or any(option not in choices[name] for option in options)
        ):
            raise GenerateError(
                _("the choice '{name}' of {kind} level {level} keeps some of {options}").format(
                    name=name, kind=kind, level=level, options=", ".join(choices[name])
                )
            )


def level_title(kind: str, level: int) -> str:
    """What a kind and level are called, without a seed: ``"Missing numbers, level 1"``
    (a practice draws many seeded sheets under this one name)."""
    check_kind_level(kind, level)
    return _("{title}, level {level}").format(title=_(KINDS[kind].title), level=level)


def generate(
    kind: str,
    level: int,
    n: int = 10,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    *,
    only: dict[str, list[Any]] | None = None,
) -> GeneratedSheet:
    """A set of ``n`` puzzles of ``kind`` at ``level``; ``progress(done, n)`` after each.

    Puzzle ``k`` has the id ``"{kind}-{level}-s{seed}-{k:02d}"``, and it is the same in
    every sheet of ``k`` puzzles or more with that seed.

    >>> sheet = generate("convert", 1, 20, seed=7)
    >>> sheet.repeats
    5
    >>> print(sheet.description)  # doctest: +NORMALIZE_WHITESPACE
    Decimal to binary, 1 to 15. mathplay found only 15 different puzzles at this level, so
    5 of these 20 repeat an earlier one. Made by: mathplay puzzles generate --kind convert
    --level 1 -n 20 --seed 7
    """

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    check_kind_level(kind, level)
    _check_only(kind, level, only)
    if not whole(n) or not 1 <= n <= 1000:
        raise GenerateError(_("make 1 to 1000 puzzles at a time, not {n}").format(n=n))
    if not whole(seed) or abs(seed) > 10**100:
        raise GenerateError(_("the seed is a whole number, not {seed!r}").format(seed=seed))
    rng = random.Random(f"{kind}:{level}:{seed}")
    plan = Plan(rng, only={name: list(options) for name, options in (only or {}).items()})
    answers: Counter[str] = Counter()
    puzzles: list[Puzzle] = []
    seen: set[tuple[Any, ...]] = set()  # the questions of this round
    every: set[tuple[Any, ...]] = set()
    repeats = 0
    for number in range(1, n + 1):
        pid = f"{kind}-{level}-s{seed}-{number:02d}"
        puzzle, used_up = _puzzle(kind, level, rng, plan, pid, seen, answers)
        if used_up:
            seen = set()  # a new round: every question once more before any a third time
        answers[answer_key(puzzle.answer)] += 1
        question = _question(kind, puzzle.fields, puzzle.answer)
        repeats += question in every
        seen.add(question)
        every.add(question)
        puzzles.append(puzzle)
        if progress is not None:
            progress(number, n)
    note = ""
    if repeats:
        note = " " + _(
            "mathplay found only {distinct} different puzzles at this level, so {repeats} "
            "of these {n} repeat an earlier one."
        ).format(distinct=len(every), repeats=repeats, n=n)
    return GeneratedSheet(
        _("{title} (seed {seed})").format(title=level_title(kind, level), seed=seed),
        puzzles,
        level,
        f"{_sentence(_(KIND_LEVELS[kind][level]))}.{note} "
        + _("Made by: {command}").format(
            command=f"mathplay puzzles generate --kind {kind} --level {level} -n {n} --seed {seed}"
        ),
        kind=kind,
        seed=seed,
        repeats=repeats,
    )


def __getattr__(name: str) -> Any:
    # The older name of KIND_LEVELS, for notebooks written before it was renamed (a
    # teacher's copy of lesson 10); not part of the documented names.
    if name == "LEVELS":
        return KIND_LEVELS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
