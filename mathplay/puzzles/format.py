"""The puzzle-set file a teacher writes: TOML, read with line numbers, written back.

One file is one set: a ``title``, an optional ``level`` and ``description``, and one
``[[puzzle]]`` table per puzzle (``docs/puzzles.md``). :func:`parse` reads the text and
remembers the line of every puzzle and key, so every problem can name its line;
:func:`write` writes a set back so that ``parse(write(s)) == s``.

>>> sheet = parse('title = "Adding"\\n[[puzzle]]\\nid = "a1"\\nkind = "missing"\\n'
...               'equation = "3 + _ = 7"\\nanswer = 4\\n')
>>> sheet.puzzles[0].answer, sheet.puzzles[0].line
('4', 2)
>>> parse(write(sheet)) == sheet
True

Feedback for one particular wrong answer is ``feedback.answers``, keyed by the answer:

>>> sheet = parse('title = "T"\\n[[puzzle]]\\nid = "o"\\nkind = "missing"\\n'
...               'equation = "6 + 2 x 5 = _"\\n'
...               'feedback.answers = { "40" = "Did you work from left to right?" }\\n')
>>> sheet.puzzles[0].answer_feedback
{'40': 'Did you work from left to right?'}
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from mathplay.files import FileRefused, read_regular
from mathplay.i18n import LANGUAGES, _, language_code
from mathplay.puzzles.model import (
    COMMON_KEYS,
    FORMAT_VERSION,
    Problem,
    Puzzle,
    PuzzleFileError,
    Worksheet,
    suggest,
)
from mathplay.puzzles.sections import read_goals, read_sections
from mathplay.puzzles.tomlscan import MAX_CHARS, scan
from mathplay.puzzles.tomlwrite import key_text, toml_string, toml_value

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "COMMON_KEYS",
    "Problem",
    "Puzzle",
    "PuzzleFileError",
    "Worksheet",
    "parse",
    "read_file",
    "read_text",
    "suggest",
    "write",
]

_TOP_KEYS = (
    "title",
    "level",
    "description",
    "author",
    "language",
    "version",
    "puzzle",
    "practice",
    "check",
    "goal",
)
_GOAL_HEADER = re.compile(r"^\s*\[\[\s*goal\s*\]\]")

_PUZZLE_HEADER = re.compile(r"^\s*\[\[\s*puzzle\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[")
_TOP_TABLE = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_-]+)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*[.=]""")
_PART = r"""(?:"[^"]*"|'[^']*'|[A-Za-z0-9_-]+)"""
_DOTTED = re.compile(rf"^\s*({_PART}(?:\s*\.\s*{_PART})*)\s*=")
_INLINE_KEY = re.compile(rf"(?:^|[{{,])\s*({_PART})\s*=")
_SUB_TABLE = re.compile(rf"^\s*\[\s*puzzle\s*\.\s*({_PART}(?:\s*\.\s*{_PART})*)\s*\]")


def _dotted(key: str) -> str:
    """``feedback . "answers"`` → ``feedback.answers``."""
    return ".".join(part.strip("\"'") for part in re.findall(_PART, key))


_TOML_ERROR = re.compile(r"^(.*) \(at line (\d+), column (\d+)\)$")


def _line_map(
    text: str, inside: frozenset[int] = frozenset()
) -> tuple[dict[str, int], list[tuple[int, dict[str, int]]]]:
    """Lines of the top-level keys, and of each ``[[puzzle]]`` header and its keys.

    ``inside`` are the lines that start inside a multi-line string (see
    :func:`~mathplay.puzzles.tomlscan.scan`): they hold text, not keys.
    """
    top: dict[str, int] = {}
    puzzles: list[tuple[int, dict[str, int]]] = []
    prefix = ""  # inside [puzzle.feedback.answers]: "feedback.answers."
    other: dict[str, int] | None = None  # the keys of a top table ([practice], [check])
    other_name = ""
    # Lines end at "\n" only, as in TOML (str.splitlines also splits at \f, \u2028 …).
    for number, line in enumerate(text.split("\n"), start=1):
        if number in inside:
            continue
        if _PUZZLE_HEADER.match(line):
            puzzles.append((number, {}))
            prefix, other = "", None
        elif _TABLE_HEADER.match(line):
            sub = _SUB_TABLE.match(line)
            prefix = _dotted(sub.group(1)) + "." if sub and puzzles else ""
            other = None
            if sub and puzzles:
                puzzles[-1][1].setdefault(prefix[:-1].partition(".")[0], number)
            elif not sub:
                name = _TOP_TABLE.match(line)
                if name:
                    top.setdefault(name.group(1), number)
                    other, other_name = {}, name.group(1)
        else:
            match = _KEY.match(line)
            if match:
                key = match.group(1).strip("\"'")
                target = other if other is not None else puzzles[-1][1] if puzzles else top
                target.setdefault(key, number)
                if other is not None:
                    top.setdefault(f"{other_name}.{key}", number)
                # Dotted keys and the keys of an inline table, for messages about them:
                # feedback.answers.40 for feedback.answers = { "40" = "…" }.
                full = _DOTTED.match(line)
                if full:
                    dotted = prefix + _dotted(full.group(1))
                    target.setdefault(dotted, number)
                    rest = line[full.end() :].strip()
                    if rest.startswith("{"):
                        for inner in _INLINE_KEY.finditer(rest):
                            target.setdefault(dotted + "." + _dotted(inner.group(1)), number)
                rest = line[match.end() :].strip()
                if rest[:3] in ('"""', "'''"):
                    # Where the text of a multi-line string starts (for diagram rows).
                    target.setdefault(key + ":value", number + (not rest[3:].strip()))
    return top, puzzles


def _toml_problem(error: Exception, source: str) -> Problem:
    message = str(error)
    match = _TOML_ERROR.match(message)
    line = int(match.group(2)) if match else None
    detail = match.group(1) if match else message
    detail = detail[:1].lower() + detail[1:]
    return Problem(
        source,
        line,
        None,
        _(
            "this is not valid TOML ({detail}). Check that text is in quotes, that every "
            'key has an = sign, and that diagrams start and end with three quotes (""")'
        ).format(detail=detail),
    )


def read_text(text: str, source: str = "<text>") -> tuple[Worksheet | None, list[Problem]]:
    """Read a set leniently: the set (puzzles with problems left out) and the problems."""
    text = text.removeprefix("\ufeff")
    first_look = scan(text)
    if first_look.problem is not None:
        return None, [Problem(source, first_look.line, None, first_look.problem)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, [_toml_problem(error, source)]
    except (ValueError, RecursionError, MemoryError) as error:  # pragma: no cover - scan's job
        return None, [_toml_problem(error, source)]
    top_lines, puzzle_lines = _line_map(text, first_look.inside)
    problems: list[Problem] = []

    def problem(line: int | None, puzzle: str | None, message: str) -> None:
        problems.append(Problem(source, line, puzzle, message))

    for key in data:
        if key not in _TOP_KEYS:
            problem(
                top_lines.get(key),
                None,
                _("unknown key '{key}'{hint}; a set has {known}").format(
                    key=key, hint=suggest(key, _TOP_KEYS), known=", ".join(_TOP_KEYS)
                ),
            )
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        problem(top_lines.get("title", 1), None, _('give the set a title, like title = "Adding"'))
        title = ""
    level = data.get("level")
    if level is not None and (isinstance(level, bool) or not isinstance(level, int)):
        problem(top_lines.get("level"), None, _("level is a whole number, like level = 2"))
        level = None
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        problem(
            top_lines.get("version"),
            None,
            _("this mathplay reads puzzle files of version {v}; remove the version line").format(
                v=FORMAT_VERSION
            ),
        )
    texts = {}
    for key in ("description", "author"):
        value = data.get(key, "")
        if not isinstance(value, str):
            problem(top_lines.get(key), None, _("{key} is text in quotes").format(key=key))
            value = ""
        texts[key] = value
    raw_puzzles = data.get("puzzle", [])
    if not isinstance(raw_puzzles, list) or not raw_puzzles:
        problem(
            None,
            None,
            _("the set has no puzzles: start each puzzle with a line [[puzzle]]"),
        )
        raw_puzzles = []
    sheet = Worksheet(title, [], level, texts["description"], texts["author"], source)
    language = data.get("language")
    if language is not None:
        if language_code(language) is None or language != language_code(language):
            problem(
                top_lines.get("language"),
                None,
                _("language is one of {codes} in quotes, not {value!r}").format(
                    codes=", ".join(f'"{code}"' for code in LANGUAGES), value=language
                ),
            )
        else:
            sheet.language = language
    seen: dict[str, int] = {}
    for index, raw in enumerate(raw_puzzles):
        line, key_lines = puzzle_lines[index] if index < len(puzzle_lines) else (0, {})
        puzzle = _read_puzzle(raw, index, line, key_lines, problem)
        if puzzle is None:
            continue
        if puzzle.id in seen:
            problem(
                line,
                puzzle.id,
                _(
                    "the id '{id}' is already used by the puzzle on line {first}; give every "
                    "puzzle its own id"
                ).format(id=puzzle.id, first=seen[puzzle.id]),
            )
            continue
        seen[puzzle.id] = line
        sheet.puzzles.append(puzzle)
    sheet.practices, sheet.check, more = read_sections(
        data, {p.id for p in sheet.puzzles}, top_lines, source
    )
    problems.extend(more)
    table = data.get("check")
    sheet.check_retake = isinstance(table, dict) and table.get("retake") is True
    goal_lines = [
        number for number, line in enumerate(text.split("\n"), start=1) if _GOAL_HEADER.match(line)
    ]
    sheet.goals, more = read_goals(data, sheet.practices, sheet.check, goal_lines, source)
    problems.extend(more)
    return sheet, problems


def _read_puzzle(
    raw: Any, index: int, line: int, key_lines: dict[str, int], problem: Any
) -> Puzzle | None:
    if not isinstance(raw, dict):
        problem(line, None, _("a puzzle is a [[puzzle]] table"))
        return None
    ok = True
    pid = raw.get("id")
    if isinstance(pid, int) and not isinstance(pid, bool):
        pid = str(pid)
    if not isinstance(pid, str) or not pid.strip():
        label = _("number {n}").format(n=index + 1)
        problem(
            line,
            None,
            _('puzzle {label} has no id: add a line like id = "add-1"').format(label=label),
        )
        return None
    pid = pid.strip()

    def bad(key: str, message: str) -> None:
        nonlocal ok
        ok = False
        problem(key_lines.get(key, line), pid, message)

    kind = raw.get("kind")
    if not isinstance(kind, str) or not kind.strip():
        bad("kind", _('say what kind of puzzle this is, like kind = "missing"'))
        kind = ""
    kind = re.sub(r"[\s_]+", "-", kind.strip().lower())
    prompt = raw.get("prompt", "")
    if not isinstance(prompt, str):
        bad("prompt", _("the prompt is text in quotes"))
    answer = raw.get("answer")
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        answer = str(answer)
    elif isinstance(answer, bool):
        answer = "true" if answer else "false"
    if answer is not None and not isinstance(answer, str):
        bad("answer", _('the answer is text in quotes, like answer = "4"'))
        answer = None
    answer_hash = raw.get("answer_hash")
    if answer_hash is not None and not isinstance(answer_hash, str):
        bad(
            "answer_hash", _("answer_hash is text in quotes, as mathplay lessons release writes it")
        )
        answer_hash = None
    unique = raw.get("unique", False)
    if not isinstance(unique, bool):
        bad("unique", _("unique is true or false"))
    hints = raw.get("hints", [])
    if isinstance(hints, str):
        hints = [hints]
    if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints):
        bad("hints", _('hints are a list of texts, like hints = ["Count up.", "3 + 4 is 7."]'))
        hints = []
    feedback = raw.get("feedback", {})
    if isinstance(feedback, str):
        feedback = {"wrong": feedback}
    answer_feedback: Any = {}
    if isinstance(feedback, dict):
        feedback = dict(feedback)
        answer_feedback = feedback.pop("answers", {})
    if (
        not isinstance(feedback, dict)
        or not set(feedback) <= {"right", "wrong"}
        or not all(isinstance(v, str) for v in feedback.values())
    ):
        unknown = sorted(set(feedback) - {"right", "wrong"}) if isinstance(feedback, dict) else []
        hint = suggest(unknown[0], ("right", "wrong", "answers")) if unknown else ""
        bad(
            "feedback",
            _(
                'feedback is feedback.right = "…", feedback.wrong = "…" and '
                'feedback.answers = {{ "40" = "…" }}{hint}'
            ).format(hint=hint),
        )
        feedback = {}
    if not isinstance(answer_feedback, dict) or not all(
        isinstance(v, str) for v in answer_feedback.values()
    ):
        bad(
            "feedback",
            _(
                "feedback.answers gives a text for each wrong answer, like "
                'feedback.answers = { "40" = "Did you work from left to right?" }'
            ),
        )
        answer_feedback = {}
    fields = {key: value for key, value in raw.items() if key not in COMMON_KEYS}
    if not ok:
        return None
    return Puzzle(
        pid,
        kind,
        prompt if isinstance(prompt, str) else "",
        fields,
        answer,
        bool(unique),
        tuple(hints),
        dict(feedback),
        {str(k).strip(): v for k, v in answer_feedback.items()},
        line,
        key_lines,
        answer_hash,
    )


def parse(text: str, source: str = "<text>") -> Worksheet:
    """Read a puzzle set; raises :class:`PuzzleFileError` listing every format problem.

    Only the format is checked here; :mod:`mathplay.puzzles.validate` checks the puzzles.
    """
    sheet, problems = read_text(text, source)
    if problems or sheet is None:
        raise PuzzleFileError(problems)
    return sheet


def read_file(path: str | Path) -> tuple[str, str]:
    """The text of a puzzle file and its name for messages; clear errors for bad files."""
    file = Path(path)
    name = str(path)
    try:
        if file.stat().st_size > 4 * MAX_CHARS:
            raise PuzzleFileError(
                [
                    Problem(
                        name,
                        None,
                        None,
                        _(
                            "the file is {n} kB; a puzzle file can have at most {most} kB: "
                            "split it into several sets"
                        ).format(n=file.stat().st_size // 1000, most=MAX_CHARS // 1000),
                    )
                ]
            )
        # Only an ordinary file, never more than the cap: a pipe or /dev/zero is refused.
        data = read_regular(file, 4 * MAX_CHARS)
    except FileRefused as refused:
        raise PuzzleFileError([Problem(name, None, None, str(refused))]) from None
    except FileNotFoundError:
        raise PuzzleFileError([Problem(name, None, None, _("there is no such file"))]) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise PuzzleFileError(
            [Problem(name, None, None, _("the file cannot be read: {e}").format(e=reason))]
        ) from None
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError:
        raise PuzzleFileError(
            [Problem(name, None, None, _("the file is not text saved as UTF-8"))]
        ) from None


# --- writing --------------------------------------------------------------------------


def write(sheet: Worksheet) -> str:
    """The set as TOML text a teacher can read and edit (``parse`` reads it back)."""
    lines = [f"title = {toml_string(sheet.title)}"]
    if sheet.level is not None:
        lines.append(f"level = {sheet.level}")
    if sheet.author:
        lines.append(f"author = {toml_string(sheet.author)}")
    if sheet.language:
        lines.append(f"language = {toml_string(sheet.language)}")
    if sheet.description:
        lines.append(f"description = {toml_string(sheet.description)}")
    for puzzle in sheet.puzzles:
        lines += ["", "[[puzzle]]", f"id = {toml_string(puzzle.id)}"]
        lines.append(f"kind = {toml_string(puzzle.kind)}")
        if puzzle.prompt:
            lines.append(f"prompt = {toml_string(puzzle.prompt)}")
        for name, value in puzzle.fields.items():
            lines.append(f"{key_text(name)} = {toml_value(value)}")
        if puzzle.answer is not None:
            lines.append(f"answer = {toml_string(puzzle.answer)}")
        elif puzzle.answer_hash is not None:
            lines.append(f"answer_hash = {toml_string(puzzle.answer_hash)}")
        if puzzle.unique:
            lines.append("unique = true")
        if puzzle.hints:
            lines.append(f"hints = {toml_value(list(puzzle.hints))}")
        for name in ("right", "wrong"):
            if name in puzzle.feedback:
                lines.append(f"feedback.{name} = {toml_string(puzzle.feedback[name])}")
        for answer, text in puzzle.answer_feedback.items():
            lines.append(f"feedback.answers.{key_text(answer)} = {toml_string(text)}")
    return "\n".join(lines) + "\n"
