"""A teacher's page for every lesson: timings, goals and curriculum, what to say, what to
watch for, and the end check with its answers.

Each lesson ``lessons/NN-name.md`` has a companion file ``lessons/teacher/NN-name.toml``
that a teacher edits::

    start = "What to say at the start."
    end = "What to say at the end."
    misconceptions = ["A mistake to watch for.", ...]

    [[section]]                 # one per "## " heading of the lesson, in its order
    title = "The binary cards"
    minutes = 10
    optional = true             # the game: not counted in the 45 minutes

    [[goal]]
    text = "Convert between binary and decimal."
    curriculum = [{ framework = "england-computing-ks3", line = "…" }]

``mathplay lessons build`` writes the page ``lessons/teacher/NN-name.md`` from it (with
the end check's items and their answers taken from the lesson's puzzle file by the
checker, never typed by hand); ``mathplay lessons check`` checks it: every key known,
the sections those of the lesson, the minutes of the parts that are not optional adding
up to :data:`CLASS_MINUTES`, every framework one of :data:`FRAMEWORKS`, and the page up
to date.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from mathplay.i18n import _, _n
from mathplay.lessons.problem import LessonProblem
from mathplay.lessons.source import Lesson

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "CLASS_MINUTES",
    "FRAMEWORKS",
    "TeacherPage",
    "check_teacher",
    "lesson_title",
    "page_path",
    "page_text",
    "read_teacher",
    "teacher_path",
    "write_page",
]

#: The length of a class, in minutes.
CLASS_MINUTES = 45
#: The curriculum frameworks a goal may cite, by key, with the name a teacher knows. Only
#: lines stated word for word in these documents are cited (docs/lessons.md).
FRAMEWORKS = {
    "england-maths-ks2": "England, national curriculum: mathematics, key stage 2 (2013)",
    "england-computing-ks3": "England, national curriculum: computing, key stage 3 (2013)",
    "csta-2017": "CSTA K–12 Computer Science Standards (2017)",
}
_TOP_KEYS = {"start", "end", "misconceptions", "section", "goal"}


@dataclass
class TeacherPage:
    """What a teacher's companion file says."""

    start: str = ""
    end: str = ""
    misconceptions: list[str] = field(default_factory=list)
    #: (title, minutes, optional)
    sections: list[tuple[str, int, bool]] = field(default_factory=list)
    #: (goal, [(framework key, line)])
    goals: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)


def teacher_path(lesson: Lesson) -> Path:
    """The companion file of ``lesson``: ``teacher/NN-name.toml`` beside it."""
    return lesson.path.parent / "teacher" / (lesson.path.stem + ".toml")


def page_path(lesson: Lesson) -> Path:
    """The teacher's page built from it: ``teacher/NN-name.md``."""
    return teacher_path(lesson).with_suffix(".md")


def _headings(lesson: Lesson) -> list[str]:
    titles = []
    for cell in lesson.cells:
        if cell.kind != "markdown":
            continue
        for line in cell.source.splitlines():
            if line.startswith("## "):
                titles.append(line[3:].strip())
    return titles


def read_teacher(lesson: Lesson) -> tuple[TeacherPage | None, list[LessonProblem]]:
    """The companion file of ``lesson`` (``None`` when there is none), and every
    problem with it."""
    path = teacher_path(lesson)
    name = str(path)
    if not path.exists():
        return None, []  # a lesson may have none (mathplay's own lessons all have one)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError) as error:
        return None, [
            LessonProblem(name, 1, _("cannot be read as TOML: {error}").format(error=error))
        ]
    problems: list[LessonProblem] = []

    def problem(message: str) -> None:
        problems.append(LessonProblem(name, 1, message))

    for key in sorted(set(data) - _TOP_KEYS):
        problem(_("unknown key {key!r}; a teacher's page has {keys}").format(
            key=key, keys=", ".join(sorted(_TOP_KEYS))))  # fmt: skip
    page = TeacherPage()
    for key in ("start", "end"):
        value = data.get(key, "")
        if not isinstance(value, str) or not value.strip():
            problem(_("{key} must say, in a sentence or two, what to tell the class").format(
                key=key))  # fmt: skip
        else:
            setattr(page, key, value.strip())
    misconceptions = data.get("misconceptions", [])
    if not isinstance(misconceptions, list) or not all(isinstance(m, str) for m in misconceptions):
        problem(_("misconceptions must be a list of sentences"))
    else:
        page.misconceptions = [m.strip() for m in misconceptions if m.strip()]
    sections = data.get("section", [])
    for entry in sections if isinstance(sections, list) else []:
        title, minutes = entry.get("title"), entry.get("minutes")
        optional = entry.get("optional", False)
        if (
            not isinstance(title, str)
            or not isinstance(minutes, int)
            or minutes < 0
            or (not isinstance(optional, bool))
        ):
            problem(_("each [[section]] has a title, whole minutes and maybe optional = true"))
            continue
        page.sections.append((title, minutes, optional))
    headings = _headings(lesson)
    titles = [title for title, _m, _o in page.sections]
    for title in titles:
        if title not in headings:
            problem(_("the section {title!r} is not a '## ' heading of {lesson}").format(
                title=title, lesson=lesson.name))  # fmt: skip
    missing = [heading for heading in headings if heading not in titles]
    if missing:
        problem(_("these sections of the lesson have no minutes: {titles}").format(
            titles=", ".join(repr(t) for t in missing)))  # fmt: skip
    total = sum(minutes for _t, minutes, optional in page.sections if not optional)
    if page.sections and total != CLASS_MINUTES:
        problem(_(
            "the sections that are not optional take {total} minutes, not a class's {minutes}"
        ).format(total=total, minutes=CLASS_MINUTES))  # fmt: skip
    goals = data.get("goal", [])
    for entry in goals if isinstance(goals, list) else []:
        text = entry.get("text")
        links = entry.get("curriculum", [])
        if not isinstance(text, str) or not isinstance(links, list):
            problem(_("each [[goal]] has a text and a curriculum list"))
            continue
        cited = []
        for link in links:
            framework = link.get("framework") if isinstance(link, dict) else None
            line = link.get("line") if isinstance(link, dict) else None
            if framework not in FRAMEWORKS or not isinstance(line, str):
                problem(_("a curriculum line names a framework of {known} and its line").format(
                    known=", ".join(FRAMEWORKS)))  # fmt: skip
                continue
            cited.append((framework, line))
        page.goals.append((text, cited))
    if not page.goals:
        problem(_("give at least one [[goal]] with its curriculum lines"))
    return page, problems


def _end_check(lesson: Lesson) -> list[tuple[str, str]]:
    """The end check's questions and their answers, as the checker finds them."""
    from mathplay.puzzles.model import PuzzleFileError
    from mathplay.puzzles.printed import print_items
    from mathplay.puzzles.validate import load

    path = lesson.path.parent / "puzzles" / (lesson.path.stem + ".toml")
    try:
        sheet = load(path)
    except (PuzzleFileError, OSError):
        return []
    items = {item.id: item for item in print_items(sheet)}
    return [(items[i].question, items[i].shown_answer) for i in sheet.check if i in items]


def _skill_title(name: str) -> str:
    """A skill of a practice, as a teacher reads it (``"convert-2"``: the level's title)."""
    from mathplay.puzzles.generate import level_title
    from mathplay.puzzles.skills import SKILLS

    if name in SKILLS:
        return SKILLS[name].title
    kind, _sep, level = name.rpartition("-")
    try:
        return level_title(kind, int(level))
    except (ValueError, KeyError):
        return name


def _goal_lines(lesson: Lesson) -> list[str]:
    """Every goal of the lesson, with the skills of the practice that practise it and
    the end check's questions that test it (the puzzle file's goal map)."""
    from mathplay.lessons.goals import goal_map, lesson_goals

    mapped = goal_map(lesson)
    if not mapped:
        return []
    path = lesson.path.parent / "puzzles" / (lesson.path.stem + ".toml")
    order: list[str] = []
    try:
        from mathplay.puzzles.validate import load

        order = load(path).check
    except Exception:  # a broken file is reported by its own check
        order = []
    out = ["", f"## {_('What the pupils learn, practise and are checked on')}", ""]
    for number, (goal, _line) in enumerate(lesson_goals(lesson), start=1):
        entry = next((e for e in mapped if _same(goal, e["text"])), None)
        if entry is None:
            out.append(f"{number}. **{goal}**")
            continue
        skills = ", ".join(_skill_title(name) for name in entry["skills"]) or "-"
        numbers = [str(order.index(pid) + 1) for pid in entry["check"] if pid in order]
        out.append(
            f"{number}. **{goal}**: "
            + _n(
                "practised in: {skills}; checked by end-check question {questions}",
                "practised in: {skills}; checked by end-check questions {questions}",
                len(numbers),
            ).format(skills=skills, questions=", ".join(numbers) or "-")
        )
    return out


def _same(one: str, other: str) -> bool:
    from mathplay.lessons.goals import same_goal

    return same_goal(one, other)


def lesson_title(lesson: Lesson) -> str:
    """The lesson's title: its first "# " heading (else the file's name)."""
    return next(
        (c.source.splitlines()[0][2:] for c in lesson.cells if c.source.startswith("# ")),
        lesson.path.stem,
    )


def page_text(lesson: Lesson, page: TeacherPage) -> str:
    """The teacher's page, as Markdown."""
    title = lesson_title(lesson)
    out = [
        f"# {_('For the teacher')}: {title}",
        "",
        _("*Made from `{source}` by `mathplay lessons build`; edit that file.* "
          "The lesson: [`{lesson}`](../{lesson}).").format(
            source=teacher_path(lesson).name, lesson=lesson.path.name),
        "",
        f"## {_('Goals and the curriculum')}",
        "",
    ]  # fmt: skip
    for text, cited in page.goals:
        out.append(f"- **{text}**")
        for framework, line in cited:
            out.append(f"  - {FRAMEWORKS[framework]}: “{line}”")
    out += _goal_lines(lesson)
    out += ["", f"## {_('A 45-minute class')}", "", _("| section | minutes |"), "| --- | --- |"]
    for section, minutes, optional in page.sections:
        note = _(" (optional, or at home)") if optional else ""
        out.append(f"| {section}{note} | {minutes} |")
    total = sum(minutes for _t, minutes, optional in page.sections if not optional)
    out += [f"| **{_('in class')}** | **{total}** |", ""]
    out += [f"## {_('At the start, say')}", "", page.start, ""]
    out += [f"## {_('Watch for')}", ""]
    out += [f"- {item}" for item in page.misconceptions] + [""]
    checked = _end_check(lesson)
    if checked:
        out += [f"## {_('The end check, with its answers')}", ""]
        out += [f"{n}. `{q}`: **{a}**" for n, (q, a) in enumerate(checked, start=1)] + [""]
    out += [f"## {_('At the end, say')}", "", page.end, ""]
    return "\n".join(out)


def write_page(lesson: Lesson) -> bool:
    """Write the teacher's page of ``lesson`` (when it has a companion file without
    problems); ``True`` if the file changed."""
    page, problems = read_teacher(lesson)
    if page is None or problems:
        return False
    path = page_path(lesson)
    text = page_text(lesson, page)
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def check_teacher(lesson: Lesson) -> list[LessonProblem]:
    """Every problem with the teacher's page of ``lesson``, and whether it is built."""
    page, problems = read_teacher(lesson)
    if page is None or problems:
        return problems
    path = page_path(lesson)
    try:
        current = path.read_text(encoding="utf-8")
    except OSError:
        current = None
    if current != page_text(lesson, page):
        return [LessonProblem(str(teacher_path(lesson)), 1, _(
            "{page} is not up to date: run mathplay lessons check --build"
        ).format(page=path.name))]  # fmt: skip
    return []
