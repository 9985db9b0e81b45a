"""The lesson parts of a puzzle file: ``[practice]`` and ``[check]``.

A lesson's puzzle file can say, besides its ``[[puzzle]]`` tables,

- which **practice** follows the guided puzzles: ``[practice]`` with ``kind`` and
  ``level`` (the generator's, ``docs/puzzles.md``), or with ``skills`` (names from
  :data:`mathplay.puzzles.skills.SKILLS`, dealt in turn) and optional ``each`` (right
  answers in a row in every skill, 2 if not given); and optional ``goal`` (right answers
  in a row, 4 if not given) and ``seed`` (the same puzzles for everyone). A lesson with
  two practices writes ``[[practice]]`` twice;
- which puzzles make the **end check**, recorded for the teacher: ``[check]`` with
  ``puzzles = ["id-1", "id-2", "id-3"]``, ids of the file's puzzles (one to ten, three to
  five is best).

>>> practices, check, problems = read_sections(
...     {"practice": {"kind": "convert", "level": 1}, "check": {"puzzles": ["a", "b"]}},
...     {"a", "b"}, {}, "lesson.toml")
>>> practices, check, problems
([{'kind': 'convert', 'level': 1}], ['a', 'b'], [])
>>> read_sections({"check": {"puzzles": ["zz"]}}, {"a"}, {}, "f.toml")[2][0].message
"the end check names a puzzle 'zz' that the file does not have; its puzzles are a"
>>> read_sections({"practice": {"skills": ["and", "ore"]}}, set(), {}, "f.toml")[2][0].message
"unknown skill 'ore' (did you mean 'or'?); the skills are binary-to-decimal, ..."
"""

from __future__ import annotations

from typing import Any

from mathplay.i18n import _
from mathplay.puzzles.generate import KIND_LEVELS, GenerateError, check_kind_level
from mathplay.puzzles.model import Problem, suggest
from mathplay.puzzles.skills import SKILLS

__all__ = [
    "CHECK_KEYS",
    "GOAL_KEYS",
    "MOST_CHECK",
    "PRACTICE_KEYS",
    "practice_skill_names",
    "read_goals",
    "read_sections",
    "skills_problem",
]

PRACTICE_KEYS = ("kind", "level", "skills", "each", "goal", "seed")
CHECK_KEYS = ("puzzles", "retake")
GOAL_KEYS = ("text", "skills", "check")
#: The most puzzles an end check holds.
MOST_CHECK = 10
#: The most right answers in a row a practice can ask for.
MOST_GOAL = 50


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _levels() -> dict[str, Any]:

    return KIND_LEVELS


def skills_problem(skills: object, each: object = 2) -> tuple[str, str] | None:
    """The key and what is wrong with a practice's ``skills`` and ``each``, or ``None``."""

    if (
        not isinstance(skills, list)
        or not skills
        or not all(isinstance(name, str) for name in skills)
    ):
        return "skills", _('write the skills as a list of names, like skills = ["and", "or"]')
    for name in skills:
        if name not in SKILLS:
            return "skills", _("unknown skill '{name}'{hint}; the skills are {known}").format(
                name=name, hint=suggest(name, list(SKILLS)), known=", ".join(SKILLS)
            )
        if skills.count(name) > 1:
            return "skills", _("the skill '{name}' is named twice").format(name=name)
    if not _whole(each) or not 1 <= each <= MOST_GOAL:  # type: ignore[operator]
        return "each", _(
            "each (right answers in a row in every skill) is a whole number from 1 to {most}, "
            "not {each!r}"
        ).format(most=MOST_GOAL, each=each)
    return None


def _practice_problem(table: dict[str, Any]) -> tuple[str, str] | None:
    """The key and what is wrong with one ``[practice]`` table, or ``None``."""

    unknown = [key for key in table if key not in PRACTICE_KEYS]
    if unknown:
        return unknown[0], _("unknown key '{key}' in [practice]{hint}; it has {known}").format(
            key=unknown[0], hint=suggest(unknown[0], PRACTICE_KEYS), known=", ".join(PRACTICE_KEYS)
        )
    if "skills" in table:
        both = [key for key in ("kind", "level") if key in table]
        if both:
            return both[0], _(
                "[practice] has skills = [ … ], or kind and level, not both: remove {key}"
            ).format(key=both[0])
        found = skills_problem(table["skills"], table.get("each", 2))
        if found:
            return found
        return _goal_and_seed(table)
    if "each" in table:
        return "each", _("each is for a practice with skills = [ … ]; remove it or add skills")
    for key in ("kind", "level"):
        if key not in table:
            return "", _("[practice] needs a line {key} = …").format(key=key)
    try:
        check_kind_level(table["kind"], table["level"])
    except GenerateError as error:
        return ("kind" if table["kind"] not in _levels() else "level"), str(error)
    return _goal_and_seed(table)


def _goal_and_seed(table: dict[str, Any]) -> tuple[str, str] | None:
    goal = table.get("goal", 4)
    if not _whole(goal) or not 1 <= goal <= MOST_GOAL:
        return "goal", _("the goal is a whole number from 1 to {most}, not {goal!r}").format(
            most=MOST_GOAL, goal=goal
        )
    seed = table.get("seed", 0)
    if not _whole(seed) or not 0 <= seed < 2**64:
        return "seed", _("the seed is a whole number from 0, not {seed!r}").format(seed=seed)
    return None


def read_sections(
    data: dict[str, Any], ids: set[str], lines: dict[str, int], source: str
) -> tuple[list[dict[str, Any]], list[str], list[Any]]:
    """The practices and the end check's puzzle ids of a file's ``data`` (its puzzles'
    ``ids``, ``lines`` of its top keys), and the problems found, as
    :class:`~mathplay.puzzles.format.Problem`."""

    problems: list[Any] = []
    practices: list[dict[str, Any]] = []
    raw = data.get("practice")
    tables = [raw] if isinstance(raw, dict) else raw if isinstance(raw, list) else []
    if raw is not None and (not tables or not all(isinstance(t, dict) for t in tables)):
        problems.append(
            Problem(source, lines.get("practice"), None, _('write it as [practice] kind = "…"'))
        )
        tables = []
    for table in tables:
        found = _practice_problem(table)
        if found:
            key, message = found
            line = lines.get(f"practice.{key}", lines.get("practice"))
            problems.append(Problem(source, line, None, message))
        else:
            practices.append(dict(table))
    check: list[str] = []
    table = data.get("check")
    if table is not None:
        line = lines.get("check.puzzles", lines.get("check"))
        puzzles = table.get("puzzles") if isinstance(table, dict) else None
        unknown = [key for key in table if key not in CHECK_KEYS] if isinstance(table, dict) else []
        retake = table.get("retake", False) if isinstance(table, dict) else False
        if unknown:
            problems.append(
                Problem(
                    source,
                    line,
                    None,
                    _(
                        "unknown key '{key}' in [check]; it has puzzles = [ … ] and "
                        "retake = true or false"
                    ).format(key=unknown[0]),
                )
            )
        elif not isinstance(retake, bool):
            problems.append(
                Problem(
                    source,
                    lines.get("check.retake", line),
                    None,
                    _("retake is true (a pupil may take the end check again) or false"),
                )
            )
        elif not isinstance(puzzles, list) or not all(isinstance(p, str) for p in puzzles):
            problems.append(
                Problem(
                    source,
                    line,
                    None,
                    _('write the end check as [check] puzzles = ["id-1", "id-2"]'),
                )
            )
        elif not 1 <= len(puzzles) <= MOST_CHECK:
            problems.append(
                Problem(
                    source,
                    line,
                    None,
                    _("the end check has 1 to {most} puzzles, not {n}").format(
                        most=MOST_CHECK, n=len(puzzles)
                    ),
                )
            )
        else:
            for pid in puzzles:
                if pid not in ids:
                    problems.append(
                        Problem(
                            source,
                            line,
                            None,
                            _(
                                "the end check names a puzzle '{id}' that the file does not "
                                "have; its puzzles are {ids}"
                            ).format(id=pid, ids=", ".join(sorted(ids))),
                        )
                    )
                elif pid in check:
                    problems.append(
                        Problem(
                            source,
                            line,
                            None,
                            _("the end check names '{id}' twice").format(id=pid),
                        )
                    )
                else:
                    check.append(pid)
    return practices, check, problems


def practice_skill_names(practices: list[dict[str, Any]]) -> list[str]:
    """The names of the skills a file's practices draw from: their ``skills``, or
    ``"convert-2"`` for a practice written as a kind and a level."""
    names: list[str] = []
    for table in practices:
        if "skills" in table:
            names += [str(name) for name in table["skills"]]
        elif "kind" in table and "level" in table:
            names.append(f"{table['kind']}-{table['level']}")
    return names


def read_goals(
    data: dict[str, Any],
    practices: list[dict[str, Any]],
    check: list[str],
    lines: list[int],
    source: str,
) -> tuple[list[dict[str, Any]], list[Any]]:
    """The goal map of a lesson's file: each ``[[goal]]`` (a line of the lesson's "What
    you will learn", ``text``) with the practice's ``skills`` that practise it and the
    end-check puzzles (``check``) that test it; ``lines`` are the lines of the
    ``[[goal]]`` headers. Every goal needs at least one of each, when the file has a
    practice and an end check.

    >>> goals, problems = read_goals(
    ...     {"goal": [{"text": "AND", "skills": ["and"], "check": ["c1"]},
    ...               {"text": "OR", "skills": ["ore"]}]},
    ...     [{"skills": ["and", "or"]}], ["c1"], [10, 15], "f.toml")
    >>> [g["text"] for g in goals]
    ['AND', 'OR']
    >>> for problem in problems:
    ...     print(problem.line, problem.message)  # doctest: +NORMALIZE_WHITESPACE
    15 the goal 'OR' names the skill 'ore' (did you mean 'or'?), which the practice does not
    have; it has and, or
    15 the goal 'OR' is not checked: say which puzzles of the end check test it, like
    check = ["c1"]; the end check has c1
    """
    raw = data.get("goal")
    if raw is None:
        return [], []
    problems: list[Any] = []
    tables = raw if isinstance(raw, list) else []
    if not tables or not all(isinstance(t, dict) for t in tables):
        return [], [
            Problem(
                source,
                lines[0] if lines else None,
                None,
                _('write each goal as [[goal]] text = "…" skills = ["…"] check = ["…"]'),
            )
        ]
    skills = practice_skill_names(practices)
    goals: list[dict[str, Any]] = []
    for index, table in enumerate(tables):
        line = lines[index] if index < len(lines) else None

        def problem(message: str, line: int | None = line) -> None:
            problems.append(Problem(source, line, None, message))

        unknown = [key for key in table if key not in GOAL_KEYS]
        if unknown:
            problem(
                _("unknown key '{key}' in [[goal]]{hint}; it has {known}").format(
                    key=unknown[0], hint=suggest(unknown[0], GOAL_KEYS), known=", ".join(GOAL_KEYS)
                )
            )
            continue
        text = table.get("text")
        if not isinstance(text, str) or not text.strip():
            problem(_("each [[goal]] has a text: the line of What you will learn it is"))
            continue
        named: dict[str, list[str]] = {}
        for key in ("skills", "check"):
            value = table.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                problem(
                    _('write {key} as a list of names, like {key} = ["a", "b"]').format(key=key)
                )
                value = []
            named[key] = value
        for name in named["skills"]:
            if name not in skills:
                problem(
                    _("the goal '{goal}' names the skill '{name}'{hint}, which the practice does "
                      "not have; it has {known}").format(
                        goal=text, name=name, hint=suggest(name, skills),
                        known=", ".join(skills) or "-",
                    )
                )  # fmt: skip
        for name in named["check"]:
            if name not in check:
                problem(
                    _("the goal '{goal}' names '{name}'{hint}, which is not in the end check; "
                      "it has {known}").format(
                        goal=text, name=name, hint=suggest(name, check),
                        known=", ".join(check) or "-",
                    )
                )  # fmt: skip
        if skills and not named["skills"]:
            problem(
                _(
                    "the goal '{goal}' is not practised: say which skills of the practice "
                    'practise it, like skills = ["{first}"]; the practice has {known}'
                ).format(goal=text, first=skills[0], known=", ".join(skills))
            )
        if check and not named["check"]:
            problem(
                _(
                    "the goal '{goal}' is not checked: say which puzzles of the end check test "
                    'it, like check = ["{first}"]; the end check has {known}'
                ).format(goal=text, first=check[0], known=", ".join(check))
            )
        goals.append(
            {
                "text": text.strip(),
                "skills": named["skills"],
                "check": named["check"],
                "line": line,
            }
        )
    return goals, problems
