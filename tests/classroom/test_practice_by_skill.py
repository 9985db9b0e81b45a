"""A practice draws each pupil their own questions, so the report shows
it by skill, never one pupil's question standing for the whole class's; the rows of one
pupil (the CSV) keep that pupil's own questions and the skill. A puzzle of a set (the same
question for everyone, no ``skill``) stays one column per puzzle, as before."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from mathplay.classroom import progress
from mathplay.classroom.report import CSV_COLUMNS
from tests.classroom.practice_class import (
    CHECK,
    CHECK_QUESTION,
    PRACTICE,
    PRACTICE_ATTEMPTS,
    PUPILS,
    QUESTIONS,
    SKILL,
    write_practice_class,
)

OLD_COLUMNS = ("who", "set", "puzzle", "attempts", "solved", "first_try", "hints",
               "solution_seen", "seconds", "wrong_answers")  # fmt: skip
LABEL = "Binary → decimal (practice)"


def _summary(tmp_path: Path, **options: object) -> progress.Summary:
    return progress.summary(write_practice_class(tmp_path / "class.jsonl", **options))  # type: ignore[arg-type]


def _section(page: str, heading: str) -> str:
    """The part of an HTML report under ``heading``, up to the next heading."""
    start = page.index(heading)
    end = re.search(r"<h[234]>", page[start + len(heading) :])
    return page[start : start + len(heading) + end.start()] if end else page[start:]


def test_the_text_report_shows_the_practice_as_its_skill(tmp_path: Path) -> None:
    text = str(_summary(tmp_path))
    line = (
        f"{LABEL}: 3 of 5 pupils right at the first try at every question; "
        "7 of 9 questions right at the first try, 8 solved; wrong: 10001, 3"
    )
    assert line in text, text
    assert "binary-to-decimal-3:" not in text and "binary-to-decimal-1:" not in text
    assert f"Puzzles: 1={LABEL}" in text  # one column: the skill
    assert "q1: 1 of 2 right at the first try, 1 solved; wrong: 6" in text  # a set's puzzle
    practice = text[text.index(f"Set: {PRACTICE}") : text.index("Puzzles:")]
    grid = {line.split()[0]: line.split()[1] for line in practice.splitlines()
            if line.split() and line.split()[0] in PUPILS}  # fmt: skip
    # Every question right at the first try, one with help, one not solved yet.
    assert grid == {"Ana": "✓", "Ben": "✓", "Cai": "+", "Dee": "✓", "Eve": "✗"}
    for question in QUESTIONS:  # no pupil's question stands for the class
        assert question not in text


def test_hardest_and_by_puzzle_are_by_skill(tmp_path: Path) -> None:
    s = _summary(tmp_path)
    ids = [(r["set"], r["id"]) for r in s.by_puzzle]
    assert ids == [(PRACTICE, SKILL), (CHECK, "q1")]
    practice = next(r for r in s.hardest if r["skill"] == SKILL)
    assert practice["puzzle"] == f"{PRACTICE}: {LABEL}"
    assert (practice["tried by"], practice["first try"], practice["solved"]) == (5, 3, 4)
    assert (practice["questions"], practice["questions right"], practice["questions solved"]) == (
        9, 7, 8,
    )  # fmt: skip
    assert practice["wrong answers"] == "10001, 3"
    check = next(r for r in s.hardest if r["id"] == "q1")
    assert check["skill"] == "" and check["puzzle"] == f"{CHECK}: q1"
    # Ranked by the share of questions right at the first try (q1: 1 of 2; practice: 7 of 9).
    assert [r["id"] for r in s.hardest] == ["q1", SKILL]
    assert s.questions == {(CHECK, "q1"): CHECK_QUESTION}  # only a question shared by all


def test_the_html_report_never_gives_one_pupils_question_to_the_class(tmp_path: Path) -> None:
    page = _summary(tmp_path).to_html("6B")
    hardest = _section(page, "The puzzles the class found hardest")
    assert LABEL in hardest and "each pupil their own questions (9 in all)" in hardest
    assert CHECK_QUESTION in hardest  # the end check's question is the same for everyone
    for question in QUESTIONS:
        assert question not in hardest
    assert "binary-to-decimal-" not in hardest
    # The grid: one column for the skill; each pupil's own questions on their own square.
    grid = _section(page, f"<h3>{PRACTICE}</h3>")
    assert grid.count("<th title=") == 1 and LABEL in grid
    for who, _puzzle, question, _answers in PRACTICE_ATTEMPTS:
        square = re.search(rf'title="{who}, {re.escape(LABEL)}: [^"]*"', grid)
        assert square is not None and question in square.group(0), (who, question)
        others = [q for w, _p, q, _a in PRACTICE_ATTEMPTS if w != who and q != question]
        assert not any(q in square.group(0) for q in others)
    # The wrong answers: each beside the question it answered and who typed it.
    wrong = page[page.index("Wrong answers typed") :]
    practice = wrong[wrong.index(f"<b>{LABEL}</b>") : wrong.index("</ul></li>")]
    cai = '<code>binary 10001 in decimal = ?</code>: <code>10001</code> ×1 <span class="mp-muted">'
    assert f"<li>{cai}(Cai)</span></li>" in practice
    eve = '<code>binary 1111 in decimal = ?</code>: <code>3</code> ×1 <span class="mp-muted">'
    assert f"<li>{eve}(Eve)</span></li>" in practice


def test_the_csv_keeps_each_pupils_own_questions_and_the_skill(tmp_path: Path) -> None:
    s = _summary(tmp_path)
    out = s.to_csv(tmp_path / "class.csv")
    with open(out, newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        assert tuple(reader.fieldnames or ())[: len(OLD_COLUMNS)] == OLD_COLUMNS
        assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
        assert {"skill", "question"} <= set(reader.fieldnames or ())
        rows = list(reader)
    practice = [r for r in rows if r["set"] == PRACTICE]
    # One row per pupil per question they were asked: their own, never another's.
    expected = sorted((who, puzzle, question) for who, puzzle, question, _a in PRACTICE_ATTEMPTS)
    assert sorted((r["who"], r["puzzle"], r["question"]) for r in practice) == expected
    assert {r["skill"] for r in practice} == {SKILL}
    cai = next(r for r in practice if r["who"] == "Cai" and r["puzzle"].endswith("-3"))
    assert (cai["attempts"], cai["first_try"], cai["wrong_answers"]) == ("2", "false", "10001")
    # The end check's puzzle: a row for every pupil, its one question, no skill.
    check = {r["who"]: r for r in rows if r["set"] == CHECK}
    assert sorted(check) == PUPILS
    assert {(r["puzzle"], r["question"], r["skill"]) for r in check.values()} == {
        ("q1", CHECK_QUESTION, "")
    }
    assert check["Cai"]["attempts"] == "0"


def test_a_pupil_who_never_practised_gets_one_row_for_the_skill(tmp_path: Path) -> None:
    path = write_practice_class(tmp_path / "class.jsonl", with_check=False)
    s = progress.summary(path, class_list=[*PUPILS, "Fay"])
    fay = [r for r in s.rows if r["who"] == "Fay"]
    assert [(r["puzzle"], r["skill"], r["question"], r["attempts"], r["status"]) for r in fay] == [
        ("", SKILL, "", 0, "not tried")
    ]
    assert s.by_puzzle.rows[0]["tried by"] == 5  # Fay did not try
    assert "Fay    ·" in str(s)


def test_the_skills_csv_is_one_row_per_pupil_per_skill_with_its_title(tmp_path: Path) -> None:
    s = _summary(tmp_path)
    rows = list(csv.DictReader(io.StringIO((s.to_skills_csv(tmp_path / "s.csv")).read_text())))
    practice = {r["who"]: r for r in rows if r["skill"] == SKILL}
    assert sorted(practice) == PUPILS
    assert {r["title"] for r in practice.values()} == {"Binary → decimal"}
    assert [practice[who]["right_first_try"] for who in PUPILS] == ["2", "2", "1", "2", "0"]
    assert [practice[who]["attempts"] for who in PUPILS] == ["2", "2", "3", "2", "1"]
    # The end check is no skill (no level, no review): a score and a date of its own.
    assert not any(r["skill"] == CHECK for r in rows)
    check = {r["who"]: r for r in s.set_rows() if r["set"] == CHECK}
    assert sorted(check) == PUPILS and check["Ana"]["title"] == CHECK
    assert all("review_due" not in r and "level" not in r for r in check.values())


def test_older_records_without_a_skill_stay_per_puzzle(tmp_path: Path) -> None:
    s = _summary(tmp_path, old=True)
    old = [r for r in s.by_puzzle if r["set"] == "Practice: Converting, level 2"]
    assert [(r["id"], r["skill"], r["tried by"]) for r in old] == [("convert-2-1", "", 1)]
    assert "Practice: Converting, level 2: convert-2-1: 1 of 1" in str(s)


def test_the_chart_has_a_column_for_the_skill(tmp_path: Path) -> None:
    from mathplay.classroom.report_chart import chart_data

    s = _summary(tmp_path)
    data = chart_data(s)
    assert data.columns == [(PRACTICE, SKILL), (CHECK, "q1")]
    assert data.shares == [60.0, 50.0]  # 3 of 5 pupils; 1 of 2
    svg = s.chart(format="svg")
    assert "Binary → decimal" in str(svg._repr_svg_())


def test_a_practice_driven_in_python_is_reported_by_skill(tmp_path: Path) -> None:
    """The records a real ``Practice`` writes: different questions for each pupil, one
    column for the skill."""
    from mathplay.widgets.practice import Practice

    log = tmp_path / "class.jsonl"
    for who in ("Ana", "Ben", "Cai"):
        practice = Practice(skills=["binary-to-decimal"], who=who, log=log, goal=2)
        for n in range(2):
            practice.answer_box.value = str(practice.puzzle.answer) if n == 0 else "0"
            practice.check_button.click()
            practice.next_button.click()
    s = progress.summary(log)
    assert [r["id"] for r in s.by_puzzle] == [SKILL]
    assert s.by_puzzle.rows[0]["puzzle"] == LABEL
    assert s.by_puzzle.rows[0]["questions"] == 6
    asked = [(r["who"], r["question"]) for r in s.rows]
    assert len(set(asked)) == 6 and all(question for _who, question in asked)
    text = str(s)
    assert f"{LABEL}: 0 of 3 pupils right at the first try at every question" in text
