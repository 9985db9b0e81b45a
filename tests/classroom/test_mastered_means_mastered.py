"""One meaning of "Mastered" over a term: a pupil who answers a lesson's practice right
until it says Mastered has every skill of that practice mastered, by the one rule of
:mod:`mathplay.classroom.spaced`, wherever it is read (the skills CSV, the teacher's
dashboard, the pupil's own page), and the skills come back for review a day later in
another practice. Every lesson 00-10, with dated records standing for the day that
passes.

Before, the practices of lessons 00-02 and 05-09 said "Mastered" while the skill rule,
which wants 3 puzzles right per skill, left their skills "familiar" or "practising", so
no review ever came.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from mathplay.classroom import names
from mathplay.classroom.my_progress import my_progress
from mathplay.classroom.report import summary
from mathplay.classroom.roster import skill_title, skills_csv
from mathplay.classroom.spaced import PRACTICE_MASTERED, PRACTICE_SKILLS, skills_of
from mathplay.classroom.where import set_current_lesson
from mathplay.hub.dashboard import report_html
from mathplay.puzzles.practice_run import REVIEW_EVERY
from mathplay.widgets.practice import Practice
from tests.answering import answer_right

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "puzzles"
FILES = sorted(LESSONS.glob("[0-9][0-9]-*.toml"))


@pytest.fixture(autouse=True)
def _nobody_known() -> None:
    names.set_pupil(None)
    yield
    names.set_pupil(None)
    set_current_lesson(None)


def _master(practice: Practice) -> int:
    """Answer right, at the first try, until the practice says Mastered; how many."""
    for answered in range(1, 60):
        answer_right(practice)
        if practice.mastered:
            return answered
        practice.next_button.click()
    raise AssertionError("the practice never said Mastered")


def _a_day_ago(log: Path, hours: float = 25) -> list[dict]:
    """The records, moved ``hours`` back: the day that passes."""
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    for entry in entries:
        then = datetime.fromisoformat(entry["when"]) - timedelta(hours=hours)
        entry["when"] = then.isoformat(timespec="milliseconds")
    log.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    return entries


def test_every_lesson_has_a_practice() -> None:
    assert [f.name[:2] for f in FILES] == [f"{n:02d}" for n in range(11)]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_a_practice_mastered_makes_its_skills_mastered_and_due_a_day_later(
    path: Path, tmp_path: Path
) -> None:
    log = tmp_path / "progress.jsonl"
    set_current_lesson(path.stem)  # as mathplay.lesson("NN") does
    practice = Practice.from_file(path, who="Ana", log=log)
    assert not practice.problems
    own = [skill.name for skill in practice.skills]
    answered = _master(practice)
    assert "Mastered" in practice.status.value

    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == answered  # one record an answer
    (last,) = [line for line in lines if line.get(PRACTICE_MASTERED)]
    assert last is lines[-1] and last[PRACTICE_SKILLS] == own

    # Right after: every skill mastered, no review due yet (the pupil's own page).
    memories = skills_of(lines)
    assert {name: memories[name].level for name in own} == dict.fromkeys(own, "mastered")
    today = my_progress("Ana", log)
    assert today.due == []

    # A day later (25 hours): each skill due for review, read the same everywhere.
    entries = _a_day_ago(log)
    titles = [skill_title(s.name, s.kind, s.level) for s in practice.skills]
    page = my_progress("Ana", log)
    assert sorted(page.due) == sorted(titles)
    for title in titles:
        assert f"{title}: mastered, last shown on" in page.text
    rows = {r["skill"]: r for r in summary(log).skill_rows() if r["who"] == "Ana"}
    assert {name: rows[name]["level"] for name in own} == dict.fromkeys(own, "mastered")
    for name in own:
        due = datetime.fromisoformat(rows[name]["review_due"])
        known = datetime.fromisoformat(rows[name]["last_known"])
        assert round((due - known).total_seconds() / 3600) == 24
    exported = list(csv.DictReader(io.StringIO(skills_csv(list(rows.values())))))
    assert {r["skill"]: r["level"] for r in exported} == dict.fromkeys(own, "mastered")
    teacher = report_html(entries, ["Ana", "Ben"])
    table = teacher[teacher.index('class="mp-skills"') :]
    for title in titles:
        assert f"<td>Ana</td><td>{title}</td><td>mastered</td>" in table.replace("&gt;", ">")

    # And the review comes, in a practice of another lesson.
    later = Practice(kind="missing", level=1, who="Ana", log=log)
    reviews = []
    for _ in range(len(own) * (REVIEW_EVERY + 1) + 1):
        if "Review:" in later.heading.value:
            reviews.append(later.run.reviewing.name)
        answer_right(later)
        later.next_button.click()
    assert sorted(reviews) == sorted(own)


def test_the_next_lesson_is_the_one_being_worked_in_until_its_end_check(tmp_path: Path) -> None:
    """Half-way through lesson 09's practice, after lesson 05's end check, the next lesson
    is 9 (before: "Next: lesson 6"); once 09's end check is taken, 10."""
    from mathplay.classroom.records import record

    log = tmp_path / "progress.jsonl"
    record(
        log,
        who="Ana",
        puzzle_set="Lesson 5: end check",
        puzzle="c1",
        answer="1",
        right=True,
        lesson="05-binary-numbers",
        extra={"moment": "check", "questions": 4},
    )
    record(log, who="Ana", puzzle_set="Practice: moves", puzzle="binary-sign-1", answer="1",
           right=True, lesson="09-binary-game", extra={"skill": "binary-sign"})  # fmt: skip
    page = my_progress("Ana", log)
    assert page.next_lesson == 9 and page.text.endswith("Next: lesson 9.")
    assert "lesson 5: 1 puzzle right, end check: 1 of 4 right" in page.text
    record(
        log,
        who="Ana",
        puzzle_set="Lesson 9: end check",
        puzzle="c1",
        answer="1",
        right=False,
        lesson="09-binary-game",
        extra={"moment": "check", "questions": 3},
    )
    assert my_progress("Ana", log).next_lesson == 10


def test_the_term_view_by_goal_from_the_command(tmp_path: Path) -> None:
    """``progress report --goals-csv OUT --lessons DIR``: a row per pupil per goal of each
    lesson (03 and 04 too), with the goal's skills mastered and end-check questions right."""
    from mathplay.__main__ import main
    from mathplay.classroom.goals import GOAL_COLUMNS, read_lesson_goals

    log = tmp_path / "progress.jsonl"
    set_current_lesson("05-binary-numbers")
    _master(Practice.from_file(LESSONS / "05-binary-numbers.toml", who="Ana", log=log))
    goals = read_lesson_goals(LESSONS)
    assert {"03-mixmath", "04-summy", "05-binary-numbers"} <= set(goals)
    out = tmp_path / "goals.csv"
    args = ["progress", "report", str(log), "--goals-csv", str(out), "--lessons", str(LESSONS)]
    assert main(args) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert list(rows[0]) == list(GOAL_COLUMNS)
    five = [r for r in rows if r["lesson"] == "05-binary-numbers"]
    assert len(five) == len(goals["05-binary-numbers"])
    for row in five:  # every skill of lesson 05 is mastered; its end check not taken
        got, _sep, of = row["skills_mastered"].partition("/")
        assert got == of != "0" and row["check_right"].startswith("0/")
        assert row["review_due"] > row["last_known"] != ""
    assert len({r["goal"] for r in rows if r["lesson"] == "03-mixmath"}) == 3
    assert main(["progress", "report", str(log), "--goals-csv", str(out)]) == 1  # no DIR
