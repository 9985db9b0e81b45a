"""What a lesson's code cell uses: equations it checks, puzzle sets, puzzles, practice.

The cell is read with Python's :mod:`ast` (it is never run): ``mathplay.check("...")``
with a written equation, ``mathplay.puzzles.load("puzzles/NN-name.toml")``,
``puzzle(2)``, ``mathplay.PuzzleSet(..., only=[4, 5])``, ``load(...).puzzle("id")``,
``open("....toml")`` and ``mathplay.Practice("kind", level)``. Lines starting with ``%``
or ``!`` (IPython's magics) are skipped.

A ``# false on purpose`` comment on a line says that the equations it checks are false
on purpose (to show what the checker says about a mistake).

>>> scan = scan_code('mathplay.check("3+4=8")  # false on purpose\\npuzzle(2)')
>>> scan.checks
[CheckCall(line=1, text='3+4=8', base=10, order='math', false_on_purpose=True)]
>>> scan.refs
[PuzzleRef(line=2, key=2, source=None, position=(2, 0))]
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass, field

__all__ = [
    "CheckCall",
    "CodeScan",
    "LessonPart",
    "PracticeUse",
    "PuzzleRef",
    "SetUse",
    "scan_code",
]

_MARK = re.compile(r"#\s*false[\s-]+on[\s-]+purpose", re.IGNORECASE)


@dataclass(frozen=True)
class CheckCall:
    """``mathplay.check("...")`` with a written equation (``line`` counts from 1 in the cell)."""

    line: int
    text: str
    base: int
    order: str
    false_on_purpose: bool


@dataclass(frozen=True)
class SetUse:
    """A puzzle file or shipped set the cell opens.

    ``how`` is ``"load"`` for ``name = ….load(...)``: the set that ``puzzle(n)`` shows.
    """

    line: int
    source: str
    how: str
    position: tuple[int, int]


@dataclass(frozen=True)
class PuzzleRef:
    """A puzzle the cell shows: its number or id, in ``source`` (``None``: the set loaded last)."""

    line: int
    key: int | str
    source: str | None
    position: tuple[int, int]


@dataclass(frozen=True)
class PracticeUse:
    """``mathplay.Practice(kind, level)``."""

    line: int
    kind: str
    level: int


@dataclass(frozen=True)
class LessonPart:
    """``lesson.practice()`` or ``lesson.check()``: a part of the lesson's puzzle file
    (``[practice]``, ``[check]``) that must be there; ``number`` for ``practice(2)``."""

    line: int
    part: str
    number: int
    position: tuple[int, int]


@dataclass
class CodeScan:
    """Everything :func:`scan_code` found in one code cell."""

    checks: list[CheckCall] = field(default_factory=list)
    sets: list[SetUse] = field(default_factory=list)
    refs: list[PuzzleRef] = field(default_factory=list)
    practices: list[PracticeUse] = field(default_factory=list)
    parts: list[LessonPart] = field(default_factory=list)
    #: Lines with a ``# false on purpose`` comment but no checked equation.
    stray_marks: list[int] = field(default_factory=list)
    #: ``(line, message)`` when the cell is not Python.
    syntax_error: tuple[int, str] | None = None


def scan_code(source: str) -> CodeScan:
    """What the code cell ``source`` checks and shows (see the module)."""
    scan = CodeScan()
    if source.lstrip().startswith("%%"):
        return scan  # a cell magic: not Python
    python = "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in source.split("\n")
    )
    try:
        tree = ast.parse(python)
    except SyntaxError as error:
        scan.syntax_error = (error.lineno or 1, error.msg)
        return scan
    except (MemoryError, RecursionError, ValueError):
        # Python's own parser gives up on code nested thousands deep (MemoryError,
        # RecursionError) and on a NUL character (ValueError): a problem on this cell.
        scan.syntax_error = (1, _too_deep())
        return scan
    marked = _marked_lines(python)
    calls = sorted(
        (node for node in ast.walk(tree) if isinstance(node, ast.Call)),
        key=lambda node: (node.lineno, node.col_offset),
    )
    checked: set[int] = set()
    assigned = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)}
    for call in calls:
        _read_call(call, scan, marked, checked, id(call) in assigned)
    scan.stray_marks = sorted(line for line in marked if line not in checked)
    return scan


def _too_deep() -> str:
    from mathplay.i18n import _

    return _("it is nested too deeply (or holds a character Python cannot read)")


def _marked_lines(python: str) -> set[int]:
    try:
        return {
            token.start[0]
            for token in tokenize.generate_tokens(io.StringIO(python).readline)
            if token.type == tokenize.COMMENT and _MARK.search(token.string)
        }
    except (tokenize.TokenError, SyntaxError):
        return {number for number, line in enumerate(python.split("\n"), 1) if _MARK.search(line)}


def _name(function: ast.expr) -> str:
    if isinstance(function, ast.Attribute):
        return function.attr
    if isinstance(function, ast.Name):
        return function.id
    return ""


def _constant(node: ast.expr | None) -> object:
    return node.value if isinstance(node, ast.Constant) else None


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((item.value for item in call.keywords if item.arg == name), None)


def _argument(call: ast.Call, index: int, name: str) -> ast.expr | None:
    return call.args[index] if len(call.args) > index else _keyword(call, name)


def _read_call(
    call: ast.Call, scan: CodeScan, marked: set[int], checked: set[int], assigned: bool
) -> None:
    name = _name(call.func)
    first = _constant(_argument(call, 0, ""))
    position = (call.lineno, call.col_offset)
    if name == "check" and _is_mathplay_check(call.func) and isinstance(first, str):
        base, order = _constant(_keyword(call, "base")), _constant(_keyword(call, "order"))
        if (base is None or isinstance(base, int)) and (order is None or isinstance(order, str)):
            span = range(call.lineno, (call.end_lineno or call.lineno) + 1)
            checked.update(span)
            scan.checks.append(
                CheckCall(
                    call.args[0].lineno,
                    first,
                    base if isinstance(base, int) else 10,
                    order if isinstance(order, str) else "math",
                    any(line in marked for line in span),
                )
            )
    elif name == "lesson" and _name_of(call.func) == "mathplay" and isinstance(first, str):
        # mathplay.lesson("05"): the lesson's puzzle file, puzzles/05-….toml
        scan.sets.append(SetUse(call.lineno, "lesson:" + first, "load", position))
    elif name in ("practice", "check") and _name_of(call.func) not in ("", "mathplay"):
        number = first if name == "practice" and isinstance(first, int) else 1
        scan.parts.append(LessonPart(call.lineno, name, number, position))
    elif (
        name == "load" and isinstance(first, str) and (first.endswith(".toml") or _on_puzzles(call))
    ):
        scan.sets.append(SetUse(call.lineno, first, "load" if assigned else "open", position))
    elif name in ("open", "check_file") and isinstance(first, str) and first.endswith(".toml"):
        scan.sets.append(SetUse(call.lineno, first, name, position))
    elif name == "PuzzleSet":
        source = first if isinstance(first, str) else None
        if source is not None:
            scan.sets.append(SetUse(call.lineno, source, name, position))
        only = _keyword(call, "only")
        if isinstance(only, (ast.List, ast.Tuple)):
            for item in only.elts:
                key = _constant(item)
                if isinstance(key, (int, str)) and not isinstance(key, bool):
                    scan.refs.append(PuzzleRef(item.lineno, key, source, position))
    elif name == "puzzle" and isinstance(first, (int, str)) and not isinstance(first, bool):
        source = None
        if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Call):
            inner = call.func.value
            if _name(inner.func) == "load" and isinstance(_constant(_argument(inner, 0, "")), str):
                source = str(_constant(_argument(inner, 0, "")))
        scan.refs.append(PuzzleRef(call.lineno, first, source, position))
    elif name == "Practice":
        kind, level = first, _constant(_argument(call, 1, "level"))
        if isinstance(kind, str) and isinstance(level, int):
            scan.practices.append(PracticeUse(call.lineno, kind, level))


def _name_of(function: ast.expr) -> str:
    """The name a method is called on (``lesson`` in ``lesson.check()``), or ``""``."""
    if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
        return function.value.id
    return ""


def _is_mathplay_check(function: ast.expr) -> bool:
    if isinstance(function, ast.Name):
        return True
    return isinstance(function, ast.Attribute) and _name(function.value) == "mathplay"


def _on_puzzles(call: ast.Call) -> bool:
    """``puzzles.load(...)`` or ``mathplay.puzzles.load(...)`` (a shipped set's name)."""
    return isinstance(call.func, ast.Attribute) and _name(call.func.value) == "puzzles"
