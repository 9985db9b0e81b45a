"""A translated puzzle file is its English file in other words.

A lesson's puzzle file in another language (``lessons/es/puzzles/…``) and a shipped
set's translation (``mathplay/puzzles/sets/es/arithmetic.toml``) keep every puzzle of
the English file — its id, kind, equation, numbers, answer, number of hints and the
wrong answers given feedback — and the practices and end check as they are; only the
words change, and the file says its language (``language = "es"``).
"""

from __future__ import annotations

from mathplay.i18n import _
from mathplay.puzzles.model import Worksheet

__all__ = ["translation_differences"]

#: The puzzle fields that are words (a true-or-false puzzle's reasons): translated, so
#: only their number is compared.
_WORD_FIELDS = ("why",)


def _data(fields: dict[str, object]) -> dict[str, object]:
    """A puzzle's fields with their words counted, not compared."""
    data = dict(fields)
    for name in _WORD_FIELDS:
        if name in data:
            words = data[name]
            data[name] = len(words) if isinstance(words, (list, tuple)) else 1
    return data


def translation_differences(
    ours: Worksheet, theirs: Worksheet, original: str, language: str
) -> list[tuple[int, str]]:
    """How the translation ``ours`` differs from the English ``theirs`` (read from
    ``original``) in more than words: (line, message) pairs, none when it follows it."""
    problems: list[tuple[int, str]] = []
    if ours.language != language:
        problems.append(
            (
                1,
                _('say the language of this file: add the line language = "{language}"').format(
                    language=language
                ),
            )
        )
    english_puzzles = {puzzle.id: puzzle for puzzle in theirs.puzzles}
    for puzzle in ours.puzzles:
        other = english_puzzles.pop(puzzle.id, None)
        if other is None:
            problems.append(
                (
                    puzzle.line,
                    _("puzzle {id!r} is not in {english}").format(id=puzzle.id, english=original),
                )
            )
            continue
        same = (
            puzzle.kind == other.kind
            and _data(puzzle.fields) == _data(other.fields)
            and puzzle.answer == other.answer
            and puzzle.unique == other.unique
            and len(puzzle.hints) == len(other.hints)
            and set(puzzle.answer_feedback) == set(other.answer_feedback)
            and set(puzzle.feedback) == set(other.feedback)
        )
        if not same:
            problems.append(
                (
                    puzzle.line,
                    _(
                        "puzzle {id!r} differs from the one in {english} in more than words "
                        "(its kind, equation, numbers, answer, number of hints or the wrong "
                        "answers given feedback)"
                    ).format(id=puzzle.id, english=original),
                )
            )
    for missing in english_puzzles:
        problems.append(
            (
                1,
                _("puzzle {id!r} of {english} is missing").format(id=missing, english=original),
            )
        )
    if ours.practices != theirs.practices or ours.check != theirs.check:
        problems.append(
            (
                1,
                _(
                    "the practices and the end check are those of {english}: copy them as they are"
                ).format(english=original),
            )
        )
    return problems
