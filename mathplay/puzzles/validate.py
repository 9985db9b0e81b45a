"""The validator: every puzzle of a set can be solved, and what the author wrote is right.

Checks, for each puzzle: the kind exists and its data can be read; it has a solution;
``unique = true`` means exactly one; the author's ``answer`` is right; game positions
are legal; every ``feedback.answers`` key can be read and is a wrong answer. Every
problem names the file, the line and the puzzle, and says what to change.

:func:`warnings` finds what is worth a look but does not stop a set from being used
(a hint, the prompt or the answer box that gives the answer away);
:func:`check_text` and :func:`check_file` report both.

>>> problems = check_text('title = "T"\\n[[puzzle]]\\nid = "p"\\nkind = "missing"\\n'
...                       'equation = "3 + _ = 7"\\nanswer = "5"\\n', "t.toml")
>>> print(problems[0])  # doctest: +NORMALIZE_WHITESPACE
t.toml, line 6, puzzle 'p': the answer '5' is not right (With 5 in the blank, 3 + 5 = 7 is
not true. 3 + 5 is 8, not 7.); change it to 4
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mathplay.i18n import _, current_language
from mathplay.puzzles.answer_hashes import unseal
from mathplay.puzzles.checks import unreadable, validate, validate_puzzle, warn_puzzle, warnings
from mathplay.puzzles.format import read_file
from mathplay.puzzles.format import read_text as _read_text
from mathplay.puzzles.kinds.base import file_budget
from mathplay.puzzles.layout import layout_problems
from mathplay.puzzles.luck import practice_report
from mathplay.puzzles.model import Problem, PuzzleFileError, Worksheet

__all__ = [
    "check_file",
    "check_text",
    "load",
    "resolve",
    "shipped_sets",
    "shipped_translations",
    "validate",
    "validate_puzzle",
    "warn_puzzle",
    "warnings",
]


def shipped_sets() -> list[str]:
    """The names of the sets that come with mathplay (``PuzzleSet("arithmetic")``)."""
    folder = resources.files("mathplay.puzzles") / "sets"
    return sorted(item.name[:-5] for item in folder.iterdir() if item.name.endswith(".toml"))


def shipped_translations(name: str) -> dict[str, Path]:
    """A shipped set's translations, by language code (``sets/es/arithmetic.toml``)."""
    folder = resources.files("mathplay.puzzles") / "sets"
    found = {}
    for item in folder.iterdir():
        translated = item / f"{name}.toml"
        if item.is_dir() and translated.is_file():
            found[item.name] = Path(str(translated))
    return dict(sorted(found.items()))


def resolve(source: str | Path, language: str | None = None) -> Path:
    """The file for a path or a shipped set's name; PuzzleFileError if there is none.

    A shipped set comes in the pupil's language (``language``, else the one chosen with
    :func:`mathplay.set_language`) when it is translated, else in English."""
    path = Path(source)
    if path.suffix or path.exists():
        return path
    name = str(source)
    if name in shipped_sets():
        translated = shipped_translations(name).get(language or current_language())
        if translated is not None:
            return translated
        return Path(str(resources.files("mathplay.puzzles") / "sets" / f"{name}.toml"))
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


def _english_title(source: str | Path) -> str:
    """A translated shipped set's English title (what its records are known by), or ""."""
    name = str(source)
    if Path(name).suffix or name not in shipped_sets():
        return ""
    english, _problems = _read_text(read_file(resolve(name, "en"))[0], name)
    return english.title if english is not None else ""


def check_text(text: str, source: str = "<text>") -> list[Problem]:
    """Every problem in the text of a puzzle file: its format, then each puzzle, then
    buttons that tell an answer and practices that can be mastered by guessing
    (:mod:`mathplay.puzzles.layout`, :mod:`mathplay.puzzles.luck`)."""
    sheet, problems = _read_text(text, source)
    if sheet is not None:
        unseal(sheet)  # answers kept as hashes (a released lesson's file): found again
        with file_budget():  # the whole file's searches: seconds, never minutes
            errors = validate(sheet)
            problems = problems + errors + warnings(sheet, unreadable(sheet, errors))
        problems += layout_problems(sheet, source)
        if not problems or all(problem.warning for problem in problems):
            problems += practice_report(sheet, source, text)[1]
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
        unseal(sheet)  # answers kept as hashes (a released lesson's file): found again
        with file_budget():
            problems = problems + validate(sheet)
    if problems or sheet is None:
        raise PuzzleFileError(sorted(problems, key=lambda p: p.line or 0))
    if not sheet.key and sheet.language:
        # A translated shipped set is known by its English title in every language,
        # so a pupil's records and the class report agree whatever the language.
        sheet.key = _english_title(source)
    return sheet
