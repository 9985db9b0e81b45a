"""What every puzzle kind shares: its keys, reading answers, and the result of a check.

A kind reads a puzzle's data (raising :class:`KindError` naming the key to change),
lists solutions (for the validator), checks a student's answer and explains it.

What a pupil sees comes from four methods: :meth:`Kind.check` (the verdict on an answer,
which explains *that* answer and never gives the right one), and the hint ladder
(:meth:`Kind.hint_ladder`): the teacher's ``hints``, then :meth:`Kind.auto_hints`
(steps towards the answer that do not state it), then :meth:`Kind.explain` (the
worked solution, always the last step).
"""

from __future__ import annotations

import contextlib
import contextvars
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from mathplay.errors import ExpressionError, MathplayError
from mathplay.expr import OPERATORS, tokenize
from mathplay.i18n import _
from mathplay.puzzles.kinds.drawing import Plan
from mathplay.puzzles.kinds.mistakes import mistake
from mathplay.puzzles.kinds.reveal import Secret, gives_away, number_tokens
from mathplay.puzzles.model import COMMON_KEYS, Puzzle, suggest

__all__ = [
    "FILE_TRIES",
    "MAX_TRIES",
    "MOST_HINTS",
    "Budget",
    "Field",
    "Kind",
    "KindError",
    "Result",
    "SearchStopped",
    "file_budget",
    "operator_name",
    "read_base",
    "read_order",
    "repeats",
]

#: The most candidates (fillings of the blanks, expressions of the tiles) one search of
#: the validator tries: about a quarter of a second of checking equations.
MAX_TRIES = 20_000
#: The most candidates the searches of one file's puzzles try together (:func:`file_budget`):
#: a file of a hundred puzzles that each search to their limit is refused in seconds,
#: not checked for minutes.
FILE_TRIES = 10 * MAX_TRIES
#: What is left of the file's budget while one file is checked (``None``: no file's).
_FILE_LEFT: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "mathplay_puzzle_file_tries", default=None
)


@contextlib.contextmanager
def file_budget(tries: int = FILE_TRIES) -> Iterator[None]:
    """Inside the block, every search of every puzzle spends from one budget of ``tries``
    candidates; once it is spent, each search stops at once and says so."""
    token = _FILE_LEFT.set([tries])
    try:
        yield
    finally:
        _FILE_LEFT.reset(token)


#: The most presses of Hint from the first hint to the solution (the solution included).
MOST_HINTS = 4


def _words(text: str) -> set[str]:
    return {word for word in re.findall(r"[a-z]+", text.lower()) if len(word) > 2}


def repeats(hint: str, other: str) -> bool:
    """Whether ``hint`` says again what ``other`` says: most of its words and all of its
    numbers are in ``other``.

    >>> repeats("Which 1 bit of 1011 is not in the sum yet?",
    ...         "The 1 bits are under 8, 2 and 1. Which of them is not in the sum yet?")
    False
    >>> repeats("Count up from 3 to 7.", "Count up from 3: how many steps to 7?")
    True
    """
    words, others = _words(hint), _words(other)
    if not words:
        return False
    shared = len(words & others) / len(words)
    numbers = set(number_tokens(hint))
    return shared >= 0.6 and numbers <= set(number_tokens(other))


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
        """Count one candidate; raise :class:`SearchStopped` when there were too many
        (for this search, or for the whole file being checked)."""
        self.used += 1
        left = _FILE_LEFT.get()
        if left is not None:
            left[0] -= 1
            if left[0] < 0:
                raise SearchStopped(
                    self.key,
                    _("not checked: this file's puzzles took more than {n} tries to check "
                      "together; split the file into smaller ones").format(n=FILE_TRIES),
                )  # fmt: skip
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
    #: The teacher's feedback for this very answer (``feedback.answers``), if any; it is
    #: already the last sentence of ``message``.
    note: str = ""
    #: The kind of mistake a wrong answer is, by name (:data:`mistakes.MISTAKES`), when
    #: the kind knows it from judging; ``""`` lets :meth:`Kind.mistake` work it out.
    mistake: str = ""
    #: A second question the answer so far leads to: its choices (the reason, once
    #: "false" is picked). The answer is not finished yet, so it is not ``readable``.
    follow_up: tuple[str, ...] = ()


class Kind:
    """Base class of the puzzle kinds (one subclass per kind)."""

    name: ClassVar[str] = ""
    fields: ClassVar[dict[str, Field]] = {}
    default_prompt: ClassVar[str] = ""
    #: Whether ``unique = true`` means something for this kind.
    supports_unique: ClassVar[bool] = True

    # --- the generator (mathplay.puzzles.generate assembles the sheets) ------------

    #: What a generated sheet of this kind is called ("Missing numbers, level 1").
    title: ClassVar[str] = ""
    #: The generator's levels, and what each means: number sizes, operations, base.
    levels: ClassVar[dict[int, str]] = {}
    #: Hints for every puzzle of a level, gentle first: the same for every puzzle of the
    #: level, so never its answer.
    level_hints: ClassVar[dict[int, tuple[str, ...]]] = {}
    #: The choices a skill may restrict, per level (``generate(..., only={"op":
    #: ["XOR"]})``): each choice's name and the options it may keep.
    restrictable: ClassVar[dict[int, dict[str, list[Any]]]] = {}
    #: Whether a generated puzzle must have one answer only (else it is drawn again).
    generate_unique_only: ClassVar[bool] = False

    def draw(self, rng: random.Random, level: int, plan: Plan) -> dict[str, Any]:
        """The fields of one new puzzle of ``level``, its choices dealt by ``plan``;
        raises :class:`~mathplay.puzzles.kinds.drawing.Retry` when the draw does not fit
        the level (the generator draws again)."""
        raise NotImplementedError

    def generated_answer(self, solution: str) -> str:
        """The answer a generated puzzle stores, from its first solution."""
        return solution

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
                        hint=suggest(key, [*known, *COMMON_KEYS]),
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
        """What the puzzle asks: the teacher's words, or the kind's. A generated puzzle's
        prompt is one of mathplay's messages, so it is said in the pupil's language."""
        return _(puzzle.prompt) if puzzle.prompt else _(self.default_prompt)

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

    def judge(self, puzzle: Puzzle, answer: str) -> Result:
        """What each kind says about ``answer`` (:meth:`check` adds the teacher's note)."""
        raise NotImplementedError

    def check(self, puzzle: Puzzle, answer: str) -> Result:
        """Whether ``answer`` is right, and a message that explains it.

        A wrong answer is explained by what *it* does, never by the right value; the
        teacher's ``feedback.answers`` text for this answer is added as the last sentence.
        """
        result = self.judge(puzzle, answer)
        if result.right or not result.readable or not puzzle.answer_feedback:
            return result
        note = _not_said(self.note_for(puzzle, result.answer), result.message)
        if not note:
            return result
        return Result(False, f"{result.message} {note}", result.answer, True, note, result.mistake)

    def mistake(self, puzzle: Puzzle, answer: str, result: Result) -> str:
        """What kind of mistake the wrong ``answer`` (judged as ``result``) is, in words
        that name no value, square or position that would fix it: what a practice says
        (``mathplay.puzzles.moments``)."""
        return mistake(result.mistake or "wrong")

    def pinpoints(self, puzzle: Puzzle, text: str, answer: str) -> bool:
        """Whether ``text`` (feedback on ``answer``) gives a right answer away or points
        at what fixes it. Numbers in the question and in the pupil's answer do not count."""
        return self.answers_in(puzzle, text, (answer,)) is not None

    def normalise(self, puzzle: Puzzle, answer: str) -> str | None:
        """``answer`` written the one way the checker compares answers; None if unreadable.

        ``feedback.answers`` keys are matched in this form, so ``"040"`` and ``"40"`` or
        ``"2x5"`` and ``"2 × 5"`` are the same key.
        """
        result = self.judge(puzzle, answer)
        return str(result.answer) if result.readable else None

    def note_for(self, puzzle: Puzzle, shown: str) -> str:
        """The teacher's feedback for the answer the checker read as ``shown``, or ``""``."""
        for key, text in puzzle.answer_feedback.items():
            try:
                if self.normalise(puzzle, key) == str(shown):
                    return text
            except (KindError, MathplayError):  # the validator reports such keys
                continue
        return ""

    def explain(self, puzzle: Puzzle) -> str:
        """The last hint: a solution worked out step by step."""
        raise NotImplementedError

    def auto_hints(self, puzzle: Puzzle) -> list[str]:
        """Steps towards the answer, made from the puzzle, that do not state the answer.

        The widget shows them after the teacher's hints and before :meth:`explain`.
        """
        return []

    def hint_ladder(self, puzzle: Puzzle) -> list[str]:
        """Every hint in the order the widget shows them: the teacher's, then the kind's
        own steps that do not say again what a teacher's hint says, then the solution;
        at most :data:`MOST_HINTS` presses from the first hint to the solution."""
        teacher = list(puzzle.hints)[: MOST_HINTS - 1]
        own = [h for h in self.auto_hints(puzzle) if not any(repeats(h, t) for t in teacher)]
        return [*[*teacher, *own][: MOST_HINTS - 1], self.explain(puzzle)]

    def placeholder(self, puzzle: Puzzle) -> str:
        """The grey text in the empty answer box."""
        return _("your answer")

    # --- giving the answer away ------------------------------------------------------

    def secrets(self, puzzle: Puzzle) -> list[Secret]:
        """The numbers that give a right answer away (none for kinds with buttons)."""
        return []

    def answers_in(self, puzzle: Puzzle, text: str, allowed: tuple[str, ...] = ()) -> str | None:
        """A right answer that ``text`` gives away, or ``None``.

        Numbers that are in the question itself, or in ``allowed`` (the pupil's own
        answer), give nothing away.
        """
        secrets = self.secrets(puzzle)
        if not secrets:
            return None
        return gives_away(text, secrets, (self.question(puzzle), *allowed))

    def read(self, puzzle: Puzzle) -> Any:
        return self.read_fields(puzzle)


def _typed(key: str, value: Any, spec: Field) -> Any:
    if spec.type == "text":
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # and, for a key with choices, checked like text
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


def _not_said(note: str, message: str) -> str:
    """The sentences of the teacher's ``note`` that ``message`` does not already say (a
    pupil reads no sentence twice).

    >>> _not_said("It is 19. Did you swap the bits? Start left.", "Did you swap the bits? x")
    'It is 19. Start left.'
    """
    said = {" ".join(part.split()) for part in _SENTENCE_END.split(message)}
    kept = [part for part in _SENTENCE_END.split(note) if " ".join(part.split()) not in said]
    return " ".join(part.strip() for part in kept if part.strip())


_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
