"""The equations of a lesson's text cell: in sentences, code spans and fenced diagrams.

A teacher marks what the checker should know in an HTML comment, which no reader sees:

- ``<!-- false on purpose: 3+4=8 -->`` — the lesson shows ``3+4=8`` although it is false
  (to explain a mistake);
- ``<!-- base 2: 1+1=10 -->`` — ``1+1=10`` is binary, in a lesson written in base 10
  (``base 10: …`` works the other way).

A comment speaks about the equation it names from the start of its own line to the end
of the paragraph (the next blank line): write it on the line before the paragraph, or at
the end of the line with the equation (in a table row or a list item). A comment that
names an equation that is not there is reported.

In a fenced block (```` ``` ````), every line is read as a diagram (digits one space apart
are one number, as on a board: ``. . 6 3 : 7 = 9 . .``), and a written sum in columns is
read too::

      1 0 1
    +   1 1
    -------
    1 0 0 0

is ``101 + 11 = 1000``. A sum in columns has two numbers, the second with its operator,
a rule, and the result; a line of numbers just above it could be carries or a third
number, so such a sum is not read (label a carry line: ``carries: 1 1``).

>>> found, problems = scan_markdown("<!-- false on purpose: 3+4=8 -->\\nSo `3+4=8` is wrong.")
>>> [(item.text, item.false_on_purpose) for item in found], problems
([('3+4=8', True)], [])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mathplay.errors import ExpressionError
from mathplay.expr import tokenize
from mathplay.expr.prose import Found, find_equations
from mathplay.i18n import _

__all__ = ["Marked", "MarkerProblem", "equation_key", "scan_markdown"]

#: Hidden text stands in for comments, LaTeX and fenced blocks while reading sentences.
_HIDDEN = "\x1a"
_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_MARKER = re.compile(
    r"^\s*(?:(?P<false>false[\s-]+on[\s-]+purpose)|base[\s-]*(?P<base>2|10))\s*:\s*(?P<what>.+?)\s*$",
    re.IGNORECASE | re.DOTALL,
)
_LATEX = re.compile(r"\$\$.+?\$\$|(?<!\\)\$[^$\n]+?\$", re.DOTALL)
_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_COMMENT = re.compile(r"#\s*false[\s-]+on[\s-]+purpose", re.IGNORECASE)
_NUMBER = r"[0-9](?: ?[0-9])*"
_NUMBER_LINE = re.compile(rf"^\s*({_NUMBER})\s*$")
_OPERAND_LINE = re.compile(rf"^\s*([-+x\u00d7\u2212])\s*({_NUMBER})\s*$")
_RULE_LINE = re.compile(r"^\s*[-=_\u2014\u2500]{3,}\s*$")
#: A fenced block: where it starts and ends, and its lines (with their offsets).
_Fence = tuple[int, int, list[tuple[int, str]]]


@dataclass(frozen=True)
class Marked:
    """An equation of a text cell, with what the teacher's comments say about it."""

    start: int
    text: str
    base: int | None = None
    false_on_purpose: bool = False
    in_diagram: bool = False


@dataclass(frozen=True)
class MarkerProblem:
    """A comment that names an equation its paragraph does not have, or no equation."""

    start: int
    message: str


@dataclass
class _Marker:
    start: int
    end: int
    text: str
    key: tuple[str, ...]
    base: int | None
    false_on_purpose: bool
    used: bool = False


def equation_key(text: str) -> tuple[str, ...]:
    """What an equation says, whatever its spacing and signs: ``3 + 4 = 8`` is ``3+4=8``."""
    try:
        return tuple(token.text for token in tokenize(text))
    except ExpressionError:
        return (re.sub(r"\s+", "", text),)


def scan_markdown(source: str) -> tuple[list[Marked], list[MarkerProblem]]:
    """The equations of a text cell, in order, and the problems with its comments."""
    fences = _fences(source)
    markers, problems = _markers(source, fences)
    hidden = _hide(source, [(m.start(), m.end()) for m in _COMMENT.finditer(source)])
    hidden = _hide(hidden, [(m.start(), m.end()) for m in _LATEX.finditer(hidden)])
    found: list[tuple[Found, bool, bool]] = []
    prose = _hide(hidden, [(start, end) for start, end, _inner in fences])
    found += [(item, False, False) for item in find_equations(prose)]
    for _start, _end, inner in fences:
        found += _diagram_equations(hidden, inner)
    marked = []
    for item, in_diagram, code_marked in sorted(found, key=lambda entry: entry[0].start):
        key = equation_key(item.text)
        base, on_purpose = None, code_marked
        for marker in markers:
            if marker.start <= item.start < marker.end and marker.key == key:
                marker.used = True
                base = marker.base if marker.base is not None else base
                on_purpose = on_purpose or marker.false_on_purpose
        marked.append(Marked(item.start, item.text, base, on_purpose, in_diagram))
    for marker in markers:
        if not marker.used:
            problems.append(
                MarkerProblem(
                    marker.start,
                    _(
                        "the comment names {text}, but there is no such equation from its "
                        "line to the end of the paragraph"
                    ).format(text=marker.text),
                )
            )
    return marked, problems


def _hide(text: str, spans: list[tuple[int, int]]) -> str:
    pieces = list(text)
    for start, end in spans:
        for index in range(start, end):
            if pieces[index] != "\n":
                pieces[index] = _HIDDEN
    return "".join(pieces)


def _lines(text: str) -> list[tuple[int, str]]:
    """Each line of ``text`` with the offset where it starts."""
    out, offset = [], 0
    for line in text.split("\n"):
        out.append((offset, line))
        offset += len(line) + 1
    return out


def _fences(text: str) -> list[_Fence]:
    """Fenced blocks: (start, end, the lines inside with their offsets)."""
    fences = []
    lines = _lines(text)
    index = 0
    while index < len(lines):
        start, line = lines[index]
        opening = _FENCE_OPEN.match(line)
        if not opening:
            index += 1
            continue
        mark = opening.group(1)
        closing = re.compile(rf"^ {{0,3}}{re.escape(mark[0])}{{{len(mark)},}}\s*$")
        inner = []
        index += 1
        while index < len(lines) and not closing.match(lines[index][1]):
            inner.append(lines[index])
            index += 1
        end = lines[index][0] + len(lines[index][1]) if index < len(lines) else len(text)
        fences.append((start, end, inner))
        index += 1
    return fences


def _markers(source: str, fences: list[_Fence]) -> tuple[list[_Marker], list[MarkerProblem]]:
    markers, problems = [], []
    for comment in _COMMENT.finditer(source):
        said = _MARKER.match(comment.group(1))
        if not said:
            continue
        end = _paragraph_end(source, comment.end(), fences)
        for what in said.group("what").split(";"):
            text = what.strip().strip("`")
            if not text or "=" not in text:
                problems.append(
                    MarkerProblem(
                        comment.start(),
                        _("the comment should name an equation, like <!-- {example} -->").format(
                            example="false on purpose: 3+4=8"
                        ),
                    )
                )
                continue
            base = int(said.group("base")) if said.group("base") else None
            key = equation_key(text)
            start = source.rfind("\n", 0, comment.start()) + 1
            markers.append(_Marker(start, end, text, key, base, bool(said.group("false"))))
    return markers, problems


def _paragraph_end(source: str, start: int, fences: list[_Fence]) -> int:
    """Where the paragraph that ``start`` is in ends: at a blank line outside a fence."""
    position = source.find("\n", start)
    while position >= 0:
        line_end = source.find("\n", position + 1)
        line = source[position + 1 : line_end if line_end >= 0 else len(source)]
        inside = any(begin <= position + 1 < end for begin, end, _inner in fences)
        if not line.strip() and not inside:
            return position
        position = line_end
    return len(source)


def _diagram_equations(hidden: str, inner: list[tuple[int, str]]) -> list[tuple[Found, bool, bool]]:
    found = []
    for offset, _line in inner:
        line = hidden[offset : offset + len(_line)]
        code_marked = bool(_CODE_COMMENT.search(_line))
        for item in find_equations(line, diagram=True):
            moved = Found(offset + item.start, offset + item.end, item.text)
            found.append((moved, True, code_marked))
    found += [(item, True, False) for item in _column_sums(inner)]
    return found


def _column_sums(inner: list[tuple[int, str]]) -> list[Found]:
    groups: list[list[tuple[int, str]]] = [[]]
    for offset, line in inner:
        if line.strip():
            groups[-1].append((offset, line))
        elif groups[-1]:
            groups.append([])
    found = []
    for group in groups:
        rules = [index for index, (_o, line) in enumerate(group) if _RULE_LINE.match(line)]
        if len(rules) != 1 or rules[0] < 2 or rules[0] != len(group) - 2:
            continue
        rule = rules[0]
        result = _NUMBER_LINE.match(group[rule + 1][1])
        second = _OPERAND_LINE.match(group[rule - 1][1])
        first = _NUMBER_LINE.match(group[rule - 2][1])
        if not (result and second and first):
            continue
        if rule >= 3 and (
            _NUMBER_LINE.match(group[rule - 3][1]) or _OPERAND_LINE.match(group[rule - 3][1])
        ):
            continue  # carries, or a third number: the diagram does not say which
        numbers = [match.replace(" ", "") for match in (first.group(1), second.group(2))]
        text = f"{numbers[0]} {second.group(1)} {numbers[1]} = {result.group(1).replace(' ', '')}"
        offset, line = group[rule - 2]
        start = offset + first.start(1)
        found.append(Found(start, start + len(first.group(1)), text))
    return found
