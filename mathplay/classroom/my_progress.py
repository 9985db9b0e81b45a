"""A pupil's own page: what they have done, which skills are due for review, and what
comes next — from their own records (:mod:`mathplay.classroom.resume`) and the one rule
of skills over the weeks (:mod:`mathplay.classroom.spaced`).

``mathplay.my_progress()`` shows it in a notebook (as HTML, so Voilà and the website
show it too); ``my_progress(...).text`` is the same in plain words.

>>> import tempfile, os
>>> from datetime import datetime, timedelta, timezone
>>> from mathplay.classroom.records import record
>>> log = os.path.join(tempfile.mkdtemp(), "p.jsonl")
>>> then = datetime(2026, 12, 1, 10, tzinfo=timezone.utc)
>>> for n in range(3):
...     record(log, who="Ana", puzzle_set="Practice: AND", puzzle=f"and-{n}", answer="1",
...            right=True, when=then, lesson="07-bitwise-logic", extra={"skill": "and"})
>>> page = my_progress("Ana", log, now=then + timedelta(days=2))
>>> print(page.text)  # doctest: +NORMALIZE_WHITESPACE
Ana's progress
Lessons: lesson 7: 3 puzzles right, 1 of 1 skill mastered.
Skills: AND: mastered, last shown on December 1, 2026; review due now.
Next: review AND (a practice in any lesson shows it); then lesson 7.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from mathplay.classroom.resume import History
from mathplay.classroom.roster import GRADEBOOK_FIRST, gradebook_rows, skill_title
from mathplay.classroom.spaced import SkillMemory, skills_of
from mathplay.classroom.where import DEFAULT_LOG
from mathplay.i18n import _, _n, clauses, date_words

__all__ = ["MyProgress", "my_progress"]

_END_CHECK = re.compile(r": end check$")


@dataclass
class MyProgress:
    """What one pupil has done: by lesson, by skill, and what comes next."""

    pupil: str
    now: datetime
    #: lesson -> (puzzles right, end check answered)
    lessons: dict[str, tuple[int, int]] = field(default_factory=dict)
    skills: list[tuple[str, SkillMemory]] = field(default_factory=list)
    #: lesson -> its three gradebook cells, the teacher's numbers (end check ``3/4``,
    #: practice ``mastered``/``started``, skills mastered ``2/3``; empty: none)
    book: dict[str, tuple[str, str, str]] = field(default_factory=dict)

    @property
    def due(self) -> list[str]:
        """The titles of the skills due for review now."""
        return [title for title, memory in self.skills if memory.is_due(self.now)]

    @property
    def next_lesson(self) -> int | None:
        """The number of the lesson to go on with: the furthest lesson worked in, while
        its end check is not taken, else the one after it."""
        worked = {int(name[:2]): checked for name, (_right, checked) in self.lessons.items()
                  if name[:2].isdigit()}  # fmt: skip
        if not worked:
            return None
        furthest = max(worked)
        return furthest + 1 if worked[furthest] else furthest

    def _skill_line(self, title: str, memory: SkillMemory) -> str:
        words = _(memory.level)
        if memory.last_known:
            words += ", " + _("last shown on {date}").format(date=_day_words(memory.last_known))
        if memory.is_due(self.now):
            words += clauses() + _("review due now")
        elif memory.due:
            days = max(1, (_when(memory.due) - self.now).days + 1)
            words += clauses() + _n(
                "next review in {n} day", "next review in {n} days", days
            ).format(n=days)
        return f"{title}: {words}"

    def _lesson_line(self, name: str) -> str:
        right, checked = self.lessons[name]
        lesson = _("lesson {n}").format(n=int(name[:2])) if name[:2].isdigit() else name
        line = _n("{lesson}: {n} puzzle right", "{lesson}: {n} puzzles right", right).format(
            lesson=lesson, n=right
        )
        score, practice, skills = self.book.get(name, ("", "", ""))
        if score:
            got, _sep, of = score.partition("/")
            line += ", " + _("end check: {right} of {questions} right").format(
                right=got, questions=of
            )
        elif checked:
            line += ", " + _n("end check: {n} answer", "end check: {n} answers", checked).format(
                n=checked
            )
        if practice == "mastered":
            line += ", " + _("practice mastered")
        if skills:
            known, _sep, of = skills.partition("/")
            line += ", " + _n(
                "{known} of {n} skill mastered", "{known} of {n} skills mastered", int(of)
            ).format(known=known, n=of)
        return line

    def _next(self) -> str:
        parts = []
        if self.due:
            parts.append(
                _("review {skills} (a practice in any lesson shows it)").format(
                    skills=", ".join(self.due)
                )
            )
        if self.next_lesson is not None:
            parts.append(_("lesson {n}").format(n=self.next_lesson))
        if not parts:
            return _("go on with the lesson you are on")
        return _("; then ").join(parts)

    @property
    def text(self) -> str:
        """The page in plain words, one part a line."""
        lines = [_("{name}'s progress").format(name=self.pupil)]
        if not self.lessons and not self.skills:
            lines.append(_("Nothing yet: answer a puzzle of a lesson, and it shows here."))
            return "\n".join(lines)
        between = clauses()
        if self.lessons:
            lessons = between.join(self._lesson_line(n) for n in sorted(self.lessons))
            lines.append(_("Lessons: {lessons}.").format(lessons=lessons))
        if self.skills:
            skills = between.join(self._skill_line(t, m) for t, m in self.skills)
            lines.append(_("Skills: {skills}.").format(skills=skills))
        lines.append(_("Next: {next}.").format(next=self._next()))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = html.escape(_("{name}'s progress").format(name=self.pupil))
        if not self.lessons and not self.skills:
            body = "<p>{}</p>".format(
                html.escape(_("Nothing yet: answer a puzzle of a lesson, and it shows here."))
            )
            return f'<section class="mathplay-my-progress"><h3>{head}</h3>{body}</section>'
        lessons = "".join(f"<li>{html.escape(self._lesson_line(n))}</li>"
                          for n in sorted(self.lessons))  # fmt: skip
        skills = "".join(f"<li>{html.escape(self._skill_line(t, m))}</li>"
                         for t, m in self.skills)  # fmt: skip
        return (
            f'<section class="mathplay-my-progress"><h3>{head}</h3>'
            + (f"<h4>{html.escape(_('Lessons'))}</h4><ul>{lessons}</ul>" if lessons else "")
            + (f"<h4>{html.escape(_('Skills'))}</h4><ul>{skills}</ul>" if skills else "")
            + f"<h4>{html.escape(_('Next'))}</h4><p>{html.escape(self._next())}</p></section>"
        )

    def __repr__(self) -> str:
        return self.text


def _day_words(text: str) -> str:
    """The day of a record's time (``2026-11-26T…``) as a sentence writes it."""
    try:
        return date_words(datetime.fromisoformat(text).date())
    except ValueError:
        return text[:10]


def _when(text: str) -> datetime:
    found = datetime.fromisoformat(text)
    return found if found.tzinfo else found.astimezone()


def my_progress(
    who: str | None = None,
    log: str | Path | None = DEFAULT_LOG,
    *,
    now: datetime | None = None,
) -> MyProgress:
    """``who``'s own page (the pupil whose name this kernel knows, if not given), from
    their records in ``log`` (as the widgets write them); ``now`` is the time the
    reviews are due against (the clock, if not given)."""
    from mathplay.classroom.names import current_pupil

    pupil = (who or current_pupil() or "").strip()
    when = now or datetime.now().astimezone()
    found = MyProgress(pupil or _("You"), when)
    if not pupil:
        return found
    history = History.of(pupil, log)
    for entry in history.entries:
        lesson = entry.get("lesson")
        if not isinstance(lesson, str) or not lesson:
            continue
        right, checked = found.lessons.get(lesson, (0, 0))
        name = str(entry.get("set_key") or entry.get("set") or "")
        if _END_CHECK.search(name):
            checked += 1
        right += bool(entry.get("right"))
        found.lessons[lesson] = (right, checked)
    columns, rows = gradebook_rows(history.entries, [pupil])
    for lesson in found.lessons:
        number = columns[columns.index(GRADEBOOK_FIRST) + 1 :]
        cells = [rows[0].get(c, "") for c in number if c.split(" ", 1)[0] == lesson[:2]]
        if len(cells) == 3:
            found.book[lesson] = (str(cells[0]), str(cells[1]), str(cells[2]))
    for name, memory in skills_of(history.entries).items():
        attempt: dict[str, Any] = next((e for e in history.entries if e.get("skill") == name), {})
        found.skills.append((skill_title(name, attempt.get("kind"), attempt.get("level")), memory))
    return found
