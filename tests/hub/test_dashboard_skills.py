"""On the live dashboard: a practice's records, stored by the records
service as the pupils' kernels send them, show on the class's page (the HTML of
``report.json``) and in its CSV files by skill, each pupil's own question kept beside
their own answers only."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from mathplay.hub import dashboard
from mathplay.hub.store import RecordStore
from tests.classroom.practice_class import (
    CHECK_QUESTION,
    PRACTICE,
    PRACTICE_ATTEMPTS,
    PUPILS,
    QUESTIONS,
    SKILL,
    write_practice_class,
)

pytestmark = pytest.mark.hub

LABEL = "Binary → decimal (practice)"
CLASS = [who.lower() for who in PUPILS]


def stored(tmp_path: Path) -> list[dict[str, object]]:
    """The class's records as the service keeps them: each line sent by its pupil."""
    path = write_practice_class(tmp_path / "class.jsonl")
    store = RecordStore("sqlite://")
    for line in path.read_text(encoding="utf-8").splitlines():
        who = json.loads(line)["who"].lower()
        store.add(who, [line])
    return store.records()


def test_the_class_page_shows_the_practice_by_skill(tmp_path: Path) -> None:
    html, _news = dashboard.report(stored(tmp_path), CLASS, -1)
    start = html.index("The puzzles the class found hardest")
    hardest = html[start : html.index("<h3>", start + 10)]
    assert LABEL in hardest and CHECK_QUESTION in hardest
    assert "binary-to-decimal-" not in hardest
    for question in QUESTIONS:
        assert question not in hardest
    for who, _puzzle, question, _answers in PRACTICE_ATTEMPTS:  # on the pupil's own square
        square = re.search(rf'title="{who.lower()}, {re.escape(LABEL)}: [^"]*"', html)
        assert square is not None and question in square.group(0)
    levels = html[html.index("Skill levels") :]
    assert "<td>Binary → decimal</td>" in levels and f"<td>{SKILL}</td>" not in levels
    # When each skill was last shown to be known, and its next review.
    assert "<th>last shown known</th><th>next review</th>" in levels


def test_the_class_csv_files_keep_each_pupils_own_questions(tmp_path: Path) -> None:
    records = stored(tmp_path)
    rows = list(csv.DictReader(io.StringIO(dashboard.csv_file(records, CLASS, "report"))))
    practice = [r for r in rows if r["set"] == PRACTICE]
    assert sorted((r["who"], r["question"]) for r in practice) == sorted(
        (who.lower(), question) for who, _p, question, _a in PRACTICE_ATTEMPTS
    )
    assert {r["skill"] for r in practice} == {SKILL}
    skills = list(csv.DictReader(io.StringIO(dashboard.csv_file(records, CLASS, "skills"))))
    assert sorted(r["who"] for r in skills if r["skill"] == SKILL) == CLASS
    assert {r["title"] for r in skills if r["skill"] == SKILL} == {"Binary → decimal"}


def test_a_pupils_own_page_shows_their_own_questions(tmp_path: Path) -> None:
    mine = [r for r in stored(tmp_path) if r["who"] == "cai"]
    html, _news = dashboard.report(mine, None, -1)
    assert LABEL in html
    assert "binary 10001 in decimal = ?" in html and "binary 11111 in decimal = ?" in html
    hers = {q for w, _p, q, _a in PRACTICE_ATTEMPTS if w == "Cai"}
    others = {q for w, _p, q, _a in PRACTICE_ATTEMPTS if w != "Cai"} - hers
    assert others and not any(question in html for question in others)
