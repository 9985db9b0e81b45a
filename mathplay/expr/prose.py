"""Finding the equations written in a lesson's text: ``6 + 3 = 8``, ``8x15=120``, ``1+1=10``.

An equation in the text is a run of numbers and operators (``+ - − x × ÷ / :`` and
``AND OR XOR NOT``, and the Greek and Malay school words ``ΚΑΙ Ή ΟΧΙ DAN ATAU TAK``)
with at least one ``=`` and a number on each side of every ``=``.
Only what mathplay's checker can read is taken, and only when it stands on its own:

- a number glued to letters is a name, not a number (``F8``, ``5th``, ``x_1``);
- a run that starts or ends with an operator, or that touches a character which is not
  punctuation (``(2 + 3) x 4``, ``50%``, ``3.5``), is part of something the checker cannot
  read, so it is left alone; so is a run joined to a number by a word such as *times*
  (``2 times 3 = 6``): the checker cannot read the words (``1 + 1 = 2 and 2 + 2 = 4``
  are two equations);
- a colon right after a word or number and before a space is punctuation
  (``Step 1: 3 + 4 = 7``); ``level=1`` has no number before its ``=``; ``==`` is code.

>>> [found.text for found in find_equations("So 2 + 12 = 14. Square F8 = H8, at 10:30.")]
['2 + 12 = 14']
>>> [found.text for found in find_equations("It scores 9 × 2 = **18 points**; `NOT 101 = 10`.")]
['9 × 2 = 18', 'NOT 101 = 10']
>>> [found.text for found in find_equations("Step 1: 3 + 4 = 7, and 2 times 3 = 6 (6 + 3 = 9)")]
['3 + 4 = 7', '6 + 3 = 9']

In a diagram (``diagram=True``), digits with one space between them are one number,
as on a game board: ``. . 6 3 : 7 = 9 . .`` holds ``63:7=9``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ARITHMETIC_WORDS", "Found", "find_equations"]

#: English words that stand for an operation: a run right after "2 times" is not read.
ARITHMETIC_WORDS = frozenset(
    {
        "plus", "minus", "times", "by", "over", "and", "or", "xor", "not", "of", "mod", "less",
        "add", "subtract", "multiply", "multiplied", "divide", "divided", "squared", "cubed",
        "power",
    }
)  # fmt: skip
#: Characters that may touch an equation: punctuation, code-span backticks, HTML tags.
_OPENERS = set("([{\"'`|>“‘«")
_CLOSERS = set(".,;:!?)]}\"'`|<”’»")

_PIECE = re.compile(
    r"(?P<dec>[0-9]+(?:[.,][0-9]+)+)"
    r"|(?P<num>[0-9]+)"
    r"|(?P<word>(?<![\u0370-\u03ff\u1f00-\u1fff])(?:ΚΑΙ|Ή|ΟΧΙ)(?![\u0370-\u03ff\u1f00-\u1fff])"
    r"|[A-Za-z_]+)"
    r"|(?P<code>==|!=|<=|>=|=>)"
    r"|(?P<eq>=)"
    r"|(?P<op>[-+\u2212\u2013\u00d7\u00f7/:])"
    r"|(?P<emph>\*+)"
    r"|(?P<space>[ \t]+)"
    r"|(?P<nl>\n)"
    r"|(?P<other>.)",
    re.DOTALL,
)
_OP_WORDS = {"x": "op", "AND": "op", "OR": "op", "XOR": "op", "NOT": "not"}
# The school words of Greek and Malay lessons, in capitals as the lessons write them
# (mathplay.expr.tokens.LOCAL_WORDS; a bare Η is also Greek's article, so only Ή).
_OP_WORDS |= {"ΚΑΙ": "op", "Ή": "op", "ΟΧΙ": "not", "DAN": "op", "ATAU": "op", "TAK": "not"}
_MATH = {"num", "op", "not", "eq"}


@dataclass(frozen=True)
class Found:
    """An equation found in a text: where it starts and ends, and what it says."""

    start: int
    end: int
    text: str


@dataclass
class _Token:
    kind: str
    text: str
    start: int
    end: int


def find_equations(text: str, *, diagram: bool = False) -> list[Found]:
    """Every equation written in ``text``, in order (see the module's rules)."""
    tokens = _tokens(text)
    runs = _runs(tokens)
    in_equations = {
        index
        for start, end in runs
        if any(tokens[at].kind == "eq" for at in range(start, end))
        for index in range(start, end)
    }
    found = []
    for run in runs:
        equation = _equation(text, tokens, run, diagram, in_equations)
        if equation is not None:
            found.append(equation)
    return found


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    for match in _PIECE.finditer(text):
        kind = match.lastgroup or "other"
        piece = match.group()
        start, end = match.span()
        if kind == "word":
            kind = _OP_WORDS.get(piece, "word")
        elif kind in ("dec", "code") or (kind == "op" and _is_punctuation(text, start, piece)):
            kind = "other"
        tokens.append(_Token(kind, piece, start, end))
    for index, token in enumerate(tokens):
        if token.kind == "num" and _glued_to_word(tokens, index):
            token.kind = "other"
    return tokens


def _is_punctuation(text: str, at: int, piece: str) -> bool:
    """A colon after a word (``Step 1: …``), or a list's ``-`` or ``+`` at a line's start."""
    if piece == ":":
        return _is_punctuation_colon(text, at)
    return piece in "+-" and _is_list_marker(text, at)


def _is_punctuation_colon(text: str, at: int) -> bool:
    before = text[at - 1] if at else " "
    after = text[at + 1] if at + 1 < len(text) else " "
    return not before.isspace() and after.isspace()


def _is_list_marker(text: str, at: int) -> bool:
    line_start = text.rfind("\n", 0, at) + 1
    after = text[at + 1] if at + 1 < len(text) else " "
    return not text[line_start:at].strip() and after.isspace()


def _glued_to_word(tokens: list[_Token], index: int) -> bool:
    for neighbour in (index - 1, index + 1):
        if 0 <= neighbour < len(tokens) and tokens[neighbour].kind == "word":
            return True
    return False


def _runs(tokens: list[_Token]) -> list[tuple[int, int]]:
    """Maximal stretches of numbers, operators, ``=``, spaces and emphasis marks.

    A line break belongs to a run only right after an operator or ``=`` (an equation
    wrapped onto the next line).
    """
    runs = []
    start: int | None = None
    last_math: str | None = None
    for index, token in enumerate(tokens):
        if token.kind in _MATH:
            if start is None:
                start = index
            last_math = token.kind
        elif token.kind in ("space", "emph") or (
            token.kind == "nl" and start is not None and last_math in ("op", "eq", "not")
        ):
            continue
        else:
            if start is not None:
                runs.append((start, index))
            start, last_math = None, None
    if start is not None:
        runs.append((start, len(tokens)))
    return runs


def _equation(
    text: str, tokens: list[_Token], run: tuple[int, int], diagram: bool, in_equations: set[int]
) -> Found | None:
    math = [index for index in range(*run) if tokens[index].kind in _MATH]
    if not math or not any(tokens[index].kind == "eq" for index in math):
        return None
    first, last = tokens[math[0]], tokens[math[-1]]
    if first.kind not in ("num", "not") or last.kind != "num":
        return None  # it goes on into something the checker cannot read
    if not _touches_only_punctuation(text, first.start, last.end):
        return None
    if _joined_by_a_word(tokens, math[0], -1, in_equations) or _joined_by_a_word(
        tokens, math[-1], 1, in_equations
    ):
        return None
    if not _is_equation(tokens, math, diagram):
        return None
    shown = text[first.start : last.end].replace("*", "").replace("\n", " ")
    return Found(first.start, last.end, re.sub(r"[ \t]{2,}", " ", shown).strip())


def _touches_only_punctuation(text: str, start: int, end: int) -> bool:
    before = start - 1
    while before >= 0 and text[before] == "*":
        before -= 1
    after = end
    while after < len(text) and text[after] == "*":
        after += 1
    left = text[before] if before >= 0 else " "
    right = text[after] if after < len(text) else " "
    return (left.isspace() or left in _OPENERS) and (right.isspace() or right in _CLOSERS)


def _neighbour(tokens: list[_Token], index: int, step: int) -> int | None:
    index += step
    while 0 <= index < len(tokens) and tokens[index].kind in ("space", "emph"):
        index += step
    return index if 0 <= index < len(tokens) else None


def _joined_by_a_word(tokens: list[_Token], end: int, step: int, in_equations: set[int]) -> bool:
    """Whether a word such as *times* joins the run to a number that is not in an
    equation of its own (``2 times 3 = 6``; but ``1 + 1 = 2 and 2 + 2 = 4`` is two)."""
    word = _neighbour(tokens, end, step)
    if word is None or tokens[word].text.lower() not in ARITHMETIC_WORDS:
        return False
    number = _neighbour(tokens, word, step)
    if number is None or number in in_equations:
        return False
    near = tokens[number].text[-1 if step < 0 else 0]
    return near.isdigit() or near in "()"


def _is_equation(tokens: list[_Token], math: list[int], diagram: bool) -> bool:
    """``side (= side)+`` where ``side = operand (operator operand)*``, ``operand = NOT* number``.

    In a diagram, numbers one space apart are one number (``1 0 1``).
    """
    kinds = [tokens[index].kind for index in math]
    position, sides = 0, 0
    while True:
        position = _side(tokens, math, kinds, position, diagram)
        if position < 0:
            return False
        sides += 1
        if position == len(kinds):
            return sides >= 2
        if kinds[position] != "eq":
            return False
        position += 1


def _side(tokens: list[_Token], math: list[int], kinds: list[str], at: int, diagram: bool) -> int:
    while True:
        while at < len(kinds) and kinds[at] == "not":
            at += 1
        if at >= len(kinds) or kinds[at] != "num":
            return -1
        at += 1
        while diagram and at < len(kinds) and kinds[at] == "num":
            gap = tokens[math[at]].start - tokens[math[at - 1]].end
            if gap != 1:
                return -1
            at += 1
        if at < len(kinds) and kinds[at] == "num":
            return -1  # two numbers in a row: not an equation the checker reads
        if at < len(kinds) and kinds[at] == "op":
            at += 1
            continue
        return at
