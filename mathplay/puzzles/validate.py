"""The validator: every puzzle of a set can be solved, and what the author wrote is right.

Checks, for each puzzle: the kind exists and its data can be read; it has a solution;
``unique = true`` means exactly one; the author's ``answer`` is right; game positions
are legal. Every problem names the file, the line and the puzzle, and says what to change.

>>> problems = check_text('title = "T"\\n[[puzzle]]\\nid = "p"\\nkind = "missing"\\n'
...                       'equation = "3 + _ = 7"\\nanswer = "5"\\n', "t.toml")
>>> print(problems[0])  # doctest: +NORMALIZE_WHITESPACE
t.toml, line 6, puzzle 'p': the answer '5' is not right (With 5 in the blank: 3+5=7 is not
true, because 3+5 is 8, not 7.); change it to 4
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.puzzles.format import Problem, Puzzle, PuzzleFileError, Worksheet, read_file
from mathplay.puzzles.format import read_text as _read_text
from mathplay.puzzles.kinds import KindError, get_kind
from mathplay.puzzles.kinds.base import SearchStopped
from mathplay.puzzles.kinds.equations import TrueOrFalse

__all__ = ["check_file", "check_text", "load", "resolve", "shipped_sets", "validate"]


def shipped_sets() -> list[str]:
    """The names of the sets that come with mathplay (``PuzzleSet("arithmetic")``)."""
    folder = resources.files("mathplay.puzzles") / "sets"
    return sorted(item.name[:-5] for item in folder.iterdir() if item.name.endswith(".toml"))


def resolve(source: str | Path) -> Path:
    """The file for a path or a shipped set's name; PuzzleFileError if there is none."""
    path = Path(source)
    if path.exists() or path.suffix:
        return path
    shipped = resources.files("mathplay.puzzles") / "sets" / f"{source}.toml"
    if shipped.is_file():
        return Path(str(shipped))
    raise PuzzleFileError(
        [
            Problem(
                str(source),
                None,
                None,
                _(
                    "there is no puzzle file or shipped set called '{name}'; "
                    "the shipped sets are {sets}"
                ).format(name=source, sets=", ".join(shipped_sets())),
            )
        ]
    )


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
    return problems


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


def check_text(text: str, source: str = "<text>") -> list[Problem]:
    """Every problem in the text of a puzzle file: its format, then each puzzle."""
    sheet, problems = _read_text(text, source)
    if sheet is not None:
        problems = problems + validate(sheet)
    return sorted(problems, key=lambda p: p.line or 0)


def check_file(path: str | Path) -> list[Problem]:
    """Every problem in a puzzle file (or a shipped set, by name)."""
    try:
        text, _name = read_file(resolve(path))
    except PuzzleFileError as error:
        return error.problems
    return check_text(text, str(path))


def load(source: str | Path) -> Worksheet:
    """A set that passed every check, from a path or a shipped set's name.

    Raises :class:`~mathplay.puzzles.format.PuzzleFileError` listing every problem.
    """
    text, _name = read_file(resolve(source))
    sheet, problems = _read_text(text, str(source))
    if sheet is not None:
        problems = problems + validate(sheet)
    if problems or sheet is None:
        raise PuzzleFileError(sorted(problems, key=lambda p: p.line or 0))
    return sheet
