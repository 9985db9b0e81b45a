"""What is checked in a set, puzzle by puzzle: every puzzle can be solved, and what the
author wrote is right (:func:`validate`); what is worth a look (:func:`warnings`).

Checks, for each puzzle: the kind exists and its data can be read; it has a solution;
``unique = true`` means exactly one; the author's ``answer`` is right; game positions
are legal; every ``feedback.answers`` key can be read and is a wrong answer; a move
puzzle whose prompt asks for a way ("try one that goes down") has an answer that goes
that way, or a right move that does. Every problem names the file, the line and the
puzzle, and says what to change. Reading a file is :mod:`mathplay.puzzles.format`;
:mod:`mathplay.puzzles.validate` puts the two together (``check_file``, ``load``), and
the generator checks each puzzle it makes here.
"""

from __future__ import annotations

import re
from typing import Any

from mathplay.errors import MathplayError
from mathplay.expr import check
from mathplay.expr.prose import find_equations
from mathplay.i18n import _
from mathplay.puzzles.answer_hashes import recover
from mathplay.puzzles.kinds import KindError, get_kind
from mathplay.puzzles.kinds.base import MOST_HINTS, SearchStopped
from mathplay.puzzles.kinds.blanks import canonical_text
from mathplay.puzzles.kinds.move import Move, direction_of
from mathplay.puzzles.kinds.true_or_false import TrueOrFalse
from mathplay.puzzles.model import Problem, Puzzle, Worksheet

__all__ = [
    "given_facts",
    "solved_equation",
    "unreadable",
    "validate",
    "validate_puzzle",
    "warn_puzzle",
    "warnings",
]


def _diagram_line(puzzle: Puzzle, row: int) -> int:
    start = puzzle.key_lines.get("diagram:value")
    diagram = puzzle.fields.get("diagram")
    if start is None or not isinstance(diagram, str):
        return puzzle.line_of("diagram")
    seen = 0
    for offset, text in enumerate(diagram.splitlines()):
        stripped = text.strip()
        if stripped and not stripped.startswith("#"):
            seen += 1
            if seen == row:
                return start + offset
    return puzzle.line_of("diagram")


def _main_key(puzzle: Puzzle) -> str:
    kind_fields = list(get_kind(puzzle.kind).fields)
    return next((key for key in kind_fields if key in puzzle.fields), "kind")


def validate_puzzle(puzzle: Puzzle, source: str) -> list[Problem]:
    """Every problem with one puzzle."""

    def at(key: str | None, message: str, line: int | None = None) -> Problem:
        where = line if line is not None else puzzle.line_of(key) if key else puzzle.line
        return Problem(source, where, puzzle.id, message)

    try:
        kind = get_kind(puzzle.kind)
        kind.read(puzzle)
    except KindError as error:
        line = _diagram_line(puzzle, error.row) if error.row else None
        return [at(error.key, error.message, line)]
    problems: list[Problem] = []
    if puzzle.unique and not kind.supports_unique:
        problems.append(
            at(
                "unique",
                _(
                    "unique = true does not work for {kind} puzzles (there are always many ways); "
                    "remove that line"
                ).format(kind=kind.name),
            )
        )
    try:
        found = kind.solutions(puzzle, limit=2 if puzzle.unique else 1)
    except SearchStopped as stop:
        # The author's right answer shows there is a solution; only unique needs the rest.
        if puzzle.unique or puzzle.answer is None or not kind.check(puzzle, puzzle.answer).right:
            return [*problems, at(stop.key, stop.message)]
        found = [puzzle.answer]
    except KindError as error:
        return [*problems, at(error.key, error.message)]
    if not found:
        problems.append(
            at(
                _main_key(puzzle),
                _(
                    "this puzzle has no solution: no answer makes it right. Change the puzzle so "
                    "that it can be solved"
                ),
            )
        )
    elif puzzle.unique and kind.supports_unique and len(found) > 1:
        problems.append(
            at(
                "unique",
                _(
                    "the puzzle is marked unique, but it has more than one solution, for example "
                    "'{a}' and '{b}'; change the puzzle, or remove unique = true"
                ).format(a=found[0], b=found[1]),
            )
        )
    problems.extend(_answer_keys(puzzle, kind, source))
    if puzzle.answer is None and puzzle.answer_hash and recover(puzzle) is None:
        problems.append(
            at(
                "answer_hash",
                _(
                    "the answer_hash matches no right answer of this puzzle; release the "
                    "lesson again from its puzzle file (mathplay lessons release)"
                ),
            )
        )
    if puzzle.answer is not None:
        if isinstance(kind, TrueOrFalse):
            result = kind.check(puzzle, puzzle.answer.partition(":")[0])
            wrong = not result.right and result.readable
            unreadable = not result.readable and "true or false" in result.message
        else:
            result = kind.check(puzzle, puzzle.answer)
            wrong, unreadable = not result.right, False
        if unreadable or wrong:
            fix = _("; change it to {a}").format(a=found[0]) if found else ""
            problems.append(
                at(
                    "answer",
                    _("the answer '{a}' is not right ({why}){fix}").format(
                        a=puzzle.answer, why=result.message, fix=fix
                    ),
                )
            )
    if isinstance(kind, Move) and found:
        problems.extend(_asked_way(puzzle, kind, source))
    return problems


def _asked_way(puzzle: Puzzle, kind: Move, source: str) -> list[Problem]:
    """A move puzzle whose prompt asks for a way ("goes down") while its answer goes the
    other way, or while no right move goes that way: the key would not match the
    question's words."""
    way = kind.asked_direction(puzzle)
    if way is None:
        return []
    going = kind.solutions_going(puzzle, way)
    if puzzle.answer is not None:
        result = kind.check(puzzle, puzzle.answer)
        other = direction_of(str(result.answer)) if result.right else None
        if other is None or other == way:
            return []  # a wrong answer is reported already
        fix = (
            _("; change it to {a}, or change the prompt").format(a=going[0])
            if going
            else _("; no right move goes {way}: change the prompt").format(way=way)
        )
        message = _(
            "the prompt asks for a move that goes {way}, but the answer '{a}' goes {other}{fix}"
        ).format(way=way, a=puzzle.answer, other=other, fix=fix)
        return [Problem(source, puzzle.line_of("answer"), puzzle.id, message)]
    if going:
        return []
    message = _(
        "the prompt asks for a move that goes {way}, but no right move goes {way}: change "
        "the prompt, the diagram or the hand"
    ).format(way=way)
    return [Problem(source, puzzle.line_of("prompt"), puzzle.id, message)]


def _answer_keys(puzzle: Puzzle, kind: Any, source: str) -> list[Problem]:
    """``feedback.answers`` keys that cannot be read, or that are right answers."""
    problems = []
    for key in puzzle.answer_feedback:
        line = puzzle.key_lines.get("feedback.answers." + key, puzzle.line_of("feedback"))
        result = kind.judge(puzzle, key)
        if not result.readable:
            message = _(
                "feedback.answers has the answer '{key}', which cannot be read ({why}); write "
                "it as a pupil would type it"
            ).format(key=key, why=result.message)
        elif result.right:
            message = _(
                "feedback.answers has the answer '{key}', but '{key}' is right; feedback.answers "
                "is for wrong answers (use feedback.right for right ones)"
            ).format(key=key)
        else:
            continue
        problems.append(Problem(source, line, puzzle.id, message))
    return problems


def warn_puzzle(puzzle: Puzzle, source: str) -> list[Problem]:
    """What gives the answer of one (valid) puzzle away: hints, prompt, answer box, feedback."""
    kind = get_kind(puzzle.kind)
    found: list[Problem] = []

    def warning(key: str, message: str, line: int | None = None) -> None:
        where = line if line is not None else puzzle.line_of(key)
        found.append(Problem(source, where, puzzle.id, message, warning=True))

    if len(puzzle.hints) > MOST_HINTS - 1:
        warning(
            "hints",
            _(
                "this puzzle has {n} hints, but a pupil sees at most {most} before the worked "
                "solution (the 4th press of Hint shows it): keep your best {most}"
            ).format(n=len(puzzle.hints), most=MOST_HINTS - 1),
        )
    solved = solved_equation(puzzle)
    for number, hint in enumerate(puzzle.hints, start=1):
        answer = kind.answers_in(puzzle, hint)
        # A one-digit answer (0, 1 … 9) is in every rule a hint can state ("AND gives 1
        # only where both digits are 1"): naming a digit is not giving that answer away,
        # but writing out the solved equation ("so 3 + 4 = 7") is, whatever the answer.
        if solved and solved in _plain(hint):
            answer = puzzle.answer
        if answer and (len(answer) > 1 or (solved and solved in _plain(hint))):
            warning(
                "hints",
                _(
                    "hint {n} gives the answer away ('{a}'): the last hint shows the worked "
                    "solution anyway, so make this one a step towards it"
                ).format(n=number, a=answer),
            )
    if puzzle.prompt:
        answer = kind.answers_in(puzzle, puzzle.prompt, given_facts(puzzle, kind.question(puzzle)))
        if answer:
            warning(
                "prompt",
                _(
                    "the prompt gives the answer away: '{a}' is a right answer. Use an example "
                    "that is not one, or leave it out"
                ).format(a=answer),
            )
    placeholder = kind.placeholder(puzzle)
    answer = kind.answers_in(puzzle, placeholder)
    if answer:
        warning(
            "kind",
            _("the answer box shows '{p}', and '{a}' is a right answer: change the puzzle").format(
                p=placeholder, a=answer
            ),
        )
    texts = [("wrong", text) for key, text in puzzle.feedback.items() if key == "wrong"]
    texts += list(puzzle.answer_feedback.items())
    for key, text in texts:
        answer = kind.answers_in(puzzle, text, (key,))
        if not answer and kind.pinpoints(puzzle, text, key if key != "wrong" else ""):
            answer = _("it points at the right move")
        if answer:
            label = "feedback.wrong" if key == "wrong" else f"feedback.answers '{key}'"
            line = puzzle.key_lines.get(
                "feedback.wrong" if key == "wrong" else "feedback.answers." + key
            )
            warning(
                "feedback",
                _("{what} gives the answer away ('{a}'): explain the mistake instead").format(
                    what=label, a=answer
                ),
                line,
            )
    return found


_SIGNS = str.maketrans({"×": "x", "*": "x", "÷": ":", "/": ":", "−": "-", "–": "-"})


def _plain(text: str) -> str:
    """``text`` without spaces, signs written one way (× * as x, ÷ / as :, − as -)."""
    return "".join(text.translate(_SIGNS).split()).lower()


def solved_equation(puzzle: Puzzle) -> str | None:
    """The puzzle's equation with its blank filled with the written answer, in
    :func:`_plain` form ("3+4=7"), when the puzzle has an equation with one blank ``_``
    (missing number, which operation, fill the blanks …); else ``None``."""
    equation = puzzle.fields.get("equation")
    if not isinstance(equation, str) or equation.count("_") != 1 or not puzzle.answer:
        return None
    return _plain(equation.replace("_", puzzle.answer))


def given_facts(puzzle: Puzzle, question: str) -> tuple[str, ...]:
    """The facts a prompt gives the pupil to use: the true equations written in it that
    are not the question itself with its blanks filled in.

    In "6 x 7 = 42. Finish the family." for ``42 : 7 = _`` the 6 is the point of the
    puzzle (a fact family), not the answer given away; "6 + 2 x 5 = 16" for
    ``6 + 2 x 5 = _`` is the question answered, and still warned about.

    >>> given_facts(Puzzle("f", "missing"), "42 : 7 = _")
    ()
    >>> given_facts(Puzzle("f", "missing", "6 x 7 = 42. Finish the family."), "42 : 7 = _")
    ('6 x 7 = 42',)
    >>> given_facts(Puzzle("o", "missing", "Is it 6 + 2 x 5 = 16?"), "6 + 2 x 5 = _")
    ()
    """
    base = puzzle.fields.get("base", 10)
    order = str(puzzle.fields.get("order", "math"))
    asked = re.escape(canonical_text(question)).replace("_", "[0-9]+")
    answered = re.compile(asked if "=" in question else asked + "=.*")
    facts = []
    for found in find_equations(puzzle.prompt):
        try:
            holds = check(found.text, base=base if base in (2, 10) else 10, order=order).holds
        except MathplayError:
            continue
        if holds and not answered.fullmatch(canonical_text(found.text)):
            facts.append(found.text)
    return tuple(facts)


def warnings(sheet: Worksheet, skip: set[str] | None = None) -> list[Problem]:
    """Warnings for the puzzles of a set (see :func:`warn_puzzle`), whatever else is wrong
    with them: a hint that gives the answer away is reported in the same run as a wrong
    answer, not once it is fixed. ``skip`` are ids of puzzles not to look at."""
    skip = skip or set()
    found: list[Problem] = []
    for puzzle in sheet.puzzles:
        if puzzle.id in skip:
            continue
        try:
            found.extend(warn_puzzle(puzzle, sheet.source))
        except (MathplayError, KindError, ArithmeticError, LookupError, ValueError):
            continue  # validate() reports the puzzle
    return found


def validate(sheet: Worksheet) -> list[Problem]:
    """Every problem with the puzzles of a set that was read without format problems."""
    problems: list[Problem] = []
    for puzzle in sheet.puzzles:
        try:
            problems.extend(validate_puzzle(puzzle, sheet.source))
        except (MathplayError, ArithmeticError, LookupError, ValueError, RecursionError) as error:
            # A mistake in mathplay, not in the file: say so plainly, and check the rest.
            problems.append(
                Problem(
                    sheet.source,
                    puzzle.line,
                    puzzle.id,
                    _(
                        "mathplay could not check this puzzle ({e}); please tell the people who "
                        "make mathplay, and check the rest of the puzzle by hand"
                    ).format(e=str(error)[:200] or type(error).__name__),
                )
            )
    return problems


def unreadable(sheet: Worksheet, errors: list[Problem]) -> set[str]:
    """The puzzles whose question itself has a problem (it cannot be read or solved):
    nothing more can be said about them. A puzzle with a problem elsewhere (a wrong
    answer) is still looked at for hints that give the answer away."""
    out = set()
    for problem in errors:
        if not problem.puzzle:
            continue
        try:
            puzzle = sheet.puzzle(problem.puzzle)
            main = puzzle.line_of(_main_key(puzzle))
        except (KeyError, KindError, MathplayError):
            out.add(problem.puzzle)
            continue
        if problem.line in (main, puzzle.line):
            out.add(problem.puzzle)
    return out
