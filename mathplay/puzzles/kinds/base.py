"""What every puzzle kind shares: its keys, reading answers, and the result of a check.

A kind reads a puzzle's data (raising :class:`KindError` naming the key to change),
lists solutions (for the validator), checks a student's answer and explains it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from mathplay.errors import ExpressionError
from mathplay.expr import OPERATORS, tokenize
from mathplay.i18n import _
from mathplay.puzzles.format import Puzzle, suggest

__all__ = [
    "MAX_TRIES",
    "Budget",
    "Field",
    "Kind",
    "KindError",
    "Result",
    "SearchStopped",
    "operator_name",
    "read_base",
    "read_order",
]

#: The most candidates (fillings of the blanks, expressions of the tiles) one search of
#: the validator tries: about a quarter of a second of checking equations.
MAX_TRIES = 20_000


class KindError(Exception):
    """Puzzle data a kind cannot use: ``key`` is the key to change."""

    def __init__(self, key: str | None, message: str, row: int | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.message = message
        #: For a diagram: the row (from 1) the problem is on, when one row is to blame.
        self.row = row


class SearchStopped(KindError):
    """A search used up its :class:`Budget` before it could answer."""


class Budget:
    """A bound on the work of one search: at most ``limit`` candidates tried.

    ``spend()`` once per candidate; past the limit it raises :class:`SearchStopped`,
    whose message says how far the search got and what to make smaller.

    >>> budget = Budget("equation", "use fewer blanks", limit=2)
    >>> budget.spend(); budget.spend()
    >>> try:
    ...     budget.spend()
    ... except SearchStopped as stop:
    ...     print(stop.message)
    stopped looking after 2 tries: make the puzzle smaller (use fewer blanks)
    """

    __slots__ = ("advice", "key", "limit", "used")

    def __init__(self, key: str, advice: str, limit: int = MAX_TRIES) -> None:
        self.key = key
        self.advice = advice
        self.limit = limit
        self.used = 0

    def spend(self) -> None:
        """Count one candidate; raise :class:`SearchStopped` when there were too many."""
        self.used += 1
        if self.used > self.limit:
            raise SearchStopped(
                self.key,
                _("stopped looking after {n} tries: make the puzzle smaller ({advice})").format(
                    n=self.limit, advice=self.advice
                ),
            )


@dataclass(frozen=True)
class Field:
    """A key a kind reads: its type (``text``, ``int``, ``bool``, ``list``) and if required."""

    type: str
    required: bool = False
    choices: tuple[str, ...] = ()
    example: str = ""


@dataclass(frozen=True)
class Result:
    """The verdict on one answer: ``right``, and ``message`` for the student."""

    right: bool
    message: str
    answer: str = ""
    readable: bool = True


class Kind:
    """Base class of the puzzle kinds (one subclass per kind)."""

    name: ClassVar[str] = ""
    fields: ClassVar[dict[str, Field]] = {}
    default_prompt: ClassVar[str] = ""
    #: Whether ``unique = true`` means something for this kind.
    supports_unique: ClassVar[bool] = True

    # --- reading the puzzle's data -----------------------------------------------

    def read_fields(self, puzzle: Puzzle) -> dict[str, Any]:
        """The kind's keys, type-checked; raises KindError for the first problem."""
        known = list(self.fields)
        for key in puzzle.fields:
            if key not in self.fields:
                raise KindError(
                    key,
                    _("'{key}' is not a key of {kind} puzzles{hint}; they use {known}").format(
                        key=key,
                        kind=self.name,
                        hint=suggest(key, known),
                        known=", ".join(known) or "-",
                    ),
                )
        out: dict[str, Any] = {}
        for key, spec in self.fields.items():
            if key not in puzzle.fields:
                if spec.required:
                    raise KindError(
                        None,
                        _("{kind} puzzles need a line {key} = {example}").format(
                            kind=self.name, key=key, example=spec.example
                        ),
                    )
                continue
            out[key] = _typed(key, puzzle.fields[key], spec)
        return out

    def prompt(self, puzzle: Puzzle) -> str:
        return puzzle.prompt or _(self.default_prompt)

    # --- what each kind supplies -------------------------------------------------

    def question(self, puzzle: Puzzle) -> str:
        """The thing to solve, as one line of text (an equation, tiles and a target…)."""
        raise NotImplementedError

    def choices(self, puzzle: Puzzle) -> list[str] | None:
        """Answers to pick from (buttons), or ``None`` for a text box."""
        return None

    def solutions(self, puzzle: Puzzle, limit: int = 2) -> list[str]:
        """Up to ``limit`` right answers (the validator uses them)."""
        raise NotImplementedError

    def check(self, puzzle: Puzzle, answer: str) -> Result:
        """Whether ``answer`` is right, and a message that explains it."""
        raise NotImplementedError

    def explain(self, puzzle: Puzzle) -> str:
        """The last hint: a solution worked out step by step."""
        raise NotImplementedError

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        """Hints the kind can give itself, after the teacher's hints."""
        return []

    def check_author_data(self, puzzle: Puzzle) -> None:
        """Extra checks of the data for the validator (raise KindError)."""
        self.read(puzzle)

    def read(self, puzzle: Puzzle) -> Any:
        return self.read_fields(puzzle)


def _typed(key: str, value: Any, spec: Field) -> Any:
    if spec.type == "text":
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        if not isinstance(value, str):
            raise KindError(
                key,
                _("{key} is text in quotes, like {key} = {example}").format(
                    key=key, example=spec.example
                ),
            )
        if spec.choices:
            word = value.strip().lower()
            if word not in spec.choices:
                raise KindError(
                    key,
                    _("{key} is one of {choices}, not '{value}'{hint}").format(
                        key=key,
                        choices=", ".join(spec.choices),
                        value=value,
                        hint=suggest(word, spec.choices),
                    ),
                )
            return word
        return value
    if spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise KindError(
                key,
                _("{key} is a whole number, like {key} = {example}").format(
                    key=key, example=spec.example
                ),
            )
        return value
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise KindError(key, _("{key} is true or false").format(key=key))
        return value
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(
        isinstance(v, (str, int)) and not isinstance(v, bool) for v in value
    ):
        raise KindError(
            key, _("{key} is a list, like {key} = {example}").format(key=key, example=spec.example)
        )
    return [str(v) for v in value]


BASE_FIELD = Field("int", example="2")
ORDER_FIELD = Field("text", choices=("math", "left-to-right"), example='"left-to-right"')


def read_base(data: dict[str, Any]) -> int:
    base = data.get("base", 10)
    if base not in (2, 10):
        raise KindError("base", _("base is 10 (decimal) or 2 (binary), not {b}").format(b=base))
    return int(base)


def read_order(data: dict[str, Any]) -> str:
    return str(data.get("order", "math"))


_WORDS = {
    "plus": "ADD",
    "add": "ADD",
    "and then add": "ADD",
    "minus": "SUB",
    "subtract": "SUB",
    "take away": "SUB",
    "take": "SUB",
    "times": "MUL",
    "multiply": "MUL",
    "multiplied by": "MUL",
    "multiplication": "MUL",
    "divide": "DIV",
    "divided by": "DIV",
    "division": "DIV",
    "over": "DIV",
    "addition": "ADD",
    "subtraction": "SUB",
}


def operator_name(text: str) -> str | None:
    """The operator a student means: ``×``, ``*``, ``x``, ``times`` → ``MUL``; else None."""
    cleaned = re.sub(r"\s+", " ", text.strip().lower())
    if cleaned in _WORDS:
        return _WORDS[cleaned]
    try:
        tokens = tokenize(cleaned)
    except ExpressionError:
        return None
    if len(tokens) == 1 and tokens[0].kind == "op" and tokens[0].text in OPERATORS:
        return tokens[0].text
    return None


def symbol(name: str, base: int) -> str:
    return OPERATORS[name].symbol(base)
