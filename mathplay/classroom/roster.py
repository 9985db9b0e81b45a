"""The class as the teacher knows it: a class list, and each pupil's level in each skill.

A **class list** (``progress report --class FILE``) is a text file with one name a line,
or a CSV file with a ``name`` column (the first row names the columns). Every pupil on
it is in the report, those with no record as "not started"; names match as the report
matches them (any case, any spacing). A CSV class list may also have a ``folder``
column, each pupil's home folder: ``progress collect --class FILE`` counts what it finds
there as that pupil's (:func:`read_class_folders`).

A **skill** is what a record practised: its ``skill`` (practice records carry one, like
``binary-to-decimal`` or ``and``), else the title of its set (a lesson's puzzles, a
worksheet); :func:`skill_title` is what a person reads for it ("Binary → decimal").
:func:`skill_rows` gives one row per pupil per skill with the columns of
:data:`SKILL_COLUMNS`: a level, when the skill was last shown to be known and when
its next review is due, over the puzzles the pupil tried in that skill (each pupil their
own questions, in a practice), in the order tried, by the one rule of
:mod:`mathplay.classroom.spaced`:

- ``not started``: no attempt;
- ``mastered``: at least 3 puzzles right at the first try (no hint, no solution seen),
  the last 2 of them in a row; it stays mastered while its reviews (1, 3, 7, 21 days
  later) are answered right, and a review missed makes it ``familiar`` again;
- ``familiar``: at least 2 puzzles right at the first try;
- ``practising``: tried, not yet familiar.

>>> rows = skill_rows([
...     {"who": "Ana", "puzzle": p, "skill": "and", "right": True, "when": f"2026-12-0{n}"}
...     for n, p in enumerate(["a", "b", "c"], start=1)], ["Ana", "Ben"])
>>> [(r["who"], r["skill"], r["right_first_try"], r["level"]) for r in rows]
[('Ana', 'and', 3, 'mastered'), ('Ben', 'and', 0, 'not started')]
>>> skill_title("binary-to-decimal"), skill_title("convert-2", "convert", 2)
('Binary → decimal', 'Decimal and binary, level 2')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from mathplay.classroom.spaced import LEVELS, skill_memory
from mathplay.classroom.where import name_key
from mathplay.files import FileRefused, read_regular
from mathplay.i18n import _

__all__ = [
    "MASTERY_LEVELS",
    "SKILL_COLUMNS",
    "ClassListError",
    "practice_skill",
    "read_class_folders",
    "read_class_list",
    "skill_of",
    "skill_rows",
    "skill_title",
    "skills_csv",
]

#: The columns of ``report --skills-csv``, one row per pupil per skill.
SKILL_COLUMNS = (
    "who",
    "skill",
    "attempts",
    "right_first_try",
    "hints",
    "solutions_seen",
    "level",
    "last_active",
    "title",
    "last_known",
    "review_due",
)
#: The levels, from none to all (the rule: mathplay.classroom.spaced, docs/classroom.md).
MASTERY_LEVELS = LEVELS
#: The longest class list read (a school's whole year fits many times over).
_MOST_BYTES = 1024 * 1024


class ClassListError(ValueError):
    """A class list that cannot be read; the message says why, in words."""


def _class_rows(path: str | Path) -> list[tuple[str, str]]:
    """Each pupil's row of the class list at ``path``: the name, and the ``folder``
    column's cell (``""`` when there is none); raises :class:`ClassListError`."""
    from mathplay.classroom.records import why_not_read

    why = why_not_read(path)
    if why is not None:
        raise ClassListError(_("the class list {path}: {why}").format(path=path, why=why))
    try:  # what was opened is checked again: an ordinary file, at most the cap
        data = read_regular(path, _MOST_BYTES, follow_links=False)
    except FileRefused as refused:
        raise ClassListError(
            _("the class list {path}: {why}").format(path=path, why=refused)
        ) from None
    text = data.decode("utf-8", errors="replace")
    text = text.lstrip("\ufeff")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise ClassListError(_("the class list {path} has no names in it").format(path=path))
    header = next(csv.reader([lines[0]]))
    columns = [cell.strip().lower() for cell in header]
    if len(columns) > 1 or columns == ["name"]:
        if "name" not in columns:
            raise ClassListError(
                _(
                    "the class list {path} looks like a CSV file but has no 'name' column "
                    "(its columns: {columns})"
                ).format(path=path, columns=", ".join(header))
            )
        at = columns.index("name")
        where = columns.index("folder") if "folder" in columns else None
        rows = csv.reader(io.StringIO("\n".join(lines[1:])))
        return [
            (row[at].strip(), row[where].strip() if where is not None and len(row) > where else "")
            for row in rows
            if len(row) > at and row[at].strip()
        ]
    return [(line.strip(), "") for line in lines]


def read_class_folders(path: str | Path) -> dict[str, Path]:
    """The home folder of each pupil the class list at ``path`` gives one (its ``folder``
    column; ``~`` is the home of whoever runs the command, and a relative folder is
    taken from the class list's own folder), by the name as the list writes it.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "class.csv").write_text("name,folder\\nAna María,/home/amaria\\nBo,\\n")
    >>> {name: str(home) for name, home in read_class_folders(folder / "class.csv").items()}
    {'Ana María': '/home/amaria'}
    """
    base = Path(path).parent
    folders: dict[str, Path] = {}
    for name, folder in _class_rows(path):
        if folder and name not in folders:
            folders[name] = base / Path(folder).expanduser()
    return folders


def read_class_list(path: str | Path) -> list[str]:
    """The names on the class list at ``path`` (one a line, or a CSV ``name`` column),
    in order, each once; raises :class:`ClassListError` saying what is wrong."""
    names = [name for name, _folder in _class_rows(path)]
    seen: set[str] = set()
    out = []
    for name in names:
        if name_key(name) not in seen:
            seen.add(name_key(name))
            out.append(name)
    return out


def skill_of(attempt: dict[str, Any]) -> str:
    """The skill a record practised: its ``skill``, else its set's title."""
    return practice_skill(attempt) or str(attempt.get("set") or _("(no set)"))


def practice_skill(attempt: dict[str, Any]) -> str | None:
    """The skill of a practice's record (its ``skill``), or ``None`` for a record with
    none: a puzzle of a set, the same question for everyone, or an older record."""
    skill = attempt.get("skill")
    if isinstance(skill, str) and skill.strip():
        return skill.strip()
    return None


def skill_title(name: str, kind: Any = None, level: Any = None) -> str:
    """What a person reads for the skill ``name``, in the language spoken now: its title
    in the catalogue (:data:`mathplay.puzzles.skills.SKILLS`), else the title of the
    generator's ``kind`` and ``level`` when the skill is named after them (a practice of
    a kind and a level, ``"convert-2"``), else the name itself."""
    from mathplay.errors import MathplayError
    from mathplay.puzzles.generate import level_title
    from mathplay.puzzles.skills import SKILLS

    if name in SKILLS:
        return SKILLS[name].title
    whole = isinstance(level, int) and not isinstance(level, bool)
    if isinstance(kind, str) and whole and name == f"{kind}-{level}":
        try:
            return level_title(kind, level)
        except MathplayError:
            pass
    return name


def skill_rows(attempts: Iterable[dict[str, Any]], pupils: Sequence[str]) -> list[dict[str, Any]]:
    """One row per pupil (``pupils``, as shown) per skill anyone practised, with the
    columns of :data:`SKILL_COLUMNS` (``title``: :func:`skill_title`, or the set's
    title); ``attempts`` in the order they were made."""
    skills: list[str] = []
    titles: dict[str, str] = {}
    # (pupil, skill) -> puzzle -> [attempts, first try right, hints, solution seen]
    done: dict[tuple[str, str], dict[str, list[Any]]] = {}
    last: dict[tuple[str, str], str] = {}
    tries: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for attempt in attempts:
        skill = skill_of(attempt)
        if skill not in skills:
            skills.append(skill)
            named = practice_skill(attempt)
            titles[skill] = (
                skill if named is None
                else skill_title(named, attempt.get("kind"), attempt.get("level"))
            )  # fmt: skip
        key = (name_key(str(attempt.get("who", ""))), skill)
        tries.setdefault(key, []).append(attempt)
        puzzles = done.setdefault(key, {})
        puzzle = str(attempt.get("puzzle"))
        hints = int(attempt.get("hints") or 0)
        seen = bool(attempt.get("solution_seen"))
        if puzzle not in puzzles:
            first = bool(attempt.get("right")) and hints == 0 and not seen
            puzzles[puzzle] = [0, first, 0, False]
        cell = puzzles[puzzle]
        cell[0] += 1
        cell[2] = max(cell[2], hints)
        cell[3] = cell[3] or seen
        if isinstance(attempt.get("when"), str):
            last[key] = max(last.get(key, ""), attempt["when"])
    rows = []
    for who in pupils:
        for skill in skills:
            key = (name_key(who), skill)
            cells = list(done.get(key, {}).values())
            memory = skill_memory(tries.get(key, []), skill)
            rows.append(
                {
                    "who": who,
                    "skill": skill,
                    "attempts": sum(c[0] for c in cells),
                    "right_first_try": sum(c[1] for c in cells),
                    "hints": sum(c[2] for c in cells),
                    "solutions_seen": sum(c[3] for c in cells),
                    "level": memory.level,
                    "last_active": last.get(key, ""),
                    "title": titles[skill],
                    "last_known": memory.last_known,
                    "review_due": memory.due,
                }
            )
    return rows


def skills_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The rows of :func:`skill_rows` as CSV, every cell safe in a spreadsheet."""
    from mathplay.classroom.cells import as_text

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SKILL_COLUMNS)
    for row in rows:
        writer.writerow([as_text(row[column]) for column in SKILL_COLUMNS])
    return out.getvalue()
