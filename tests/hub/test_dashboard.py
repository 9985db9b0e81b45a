"""The dashboard's pages (mathplay/hub/dashboard.py) without a hub: the class's report with
its not-started pupils, the CSV files the CLI writes, a pupil's own page, the words in
the teacher's language, and nothing a pupil typed ever becoming markup."""

from __future__ import annotations

import csv
import io
import json

import pytest

from mathplay.classroom.report import CSV_COLUMNS
from mathplay.classroom.roster import SKILL_COLUMNS
from mathplay.hub import dashboard
from mathplay.hub.store import RecordStore
from mathplay.i18n import speaking

pytestmark = pytest.mark.hub

PREFIX = "/services/mathplay-records/"


def records() -> list[dict[str, object]]:
    store = RecordStore("sqlite://")
    for who, answer, right in (("ana", "4", True), ("ben", "<b>5</b>", False)):
        line = json.dumps({"who": who, "set": "Adding", "puzzle": "add-1", "answer": answer,
                           "right": right, "question": "3 + _ = 7",
                           "lesson": "01-equations"})  # fmt: skip
        store.add(who, [line])
    return store.records()


def test_the_class_report_names_who_has_not_started() -> None:
    html, news = dashboard.report(records(), ["ana", "ben", "cai"], -1)
    assert "Not started (1): cai." in html and news == ""
    assert "&lt;b&gt;5&lt;/b&gt;" in html and "<b>5</b>" not in html  # typed text, not markup
    _, news = dashboard.report(records(), ["ana", "ben", "cai"], 1)
    assert news == "New answers from ben."


def test_the_csv_files_are_the_clis() -> None:
    rows = list(csv.reader(io.StringIO(dashboard.csv_file(records(), ["ana", "ben", "cai"],
                                                          "report"))))  # fmt: skip
    assert tuple(rows[0]) == CSV_COLUMNS
    assert sorted(row[0] for row in rows[1:]) == ["ana", "ben", "cai"]
    skills = list(csv.reader(io.StringIO(dashboard.csv_file(records(), ["ana", "ben", "cai"],
                                                            "skills"))))  # fmt: skip
    assert tuple(skills[0]) == tuple(SKILL_COLUMNS)


def test_a_pupils_page_is_about_them_only() -> None:
    mine = [r for r in records() if r["who"] == "ana"]
    html, _ = dashboard.report(mine, None, -1)
    assert "ana" in html and "ben" not in html
    assert "found hardest" not in html and "Not started" not in html
    empty, _ = dashboard.report([], None, -1)
    assert "No answers yet" in empty


def test_the_pages_speak_the_teachers_language() -> None:
    with speaking("es"):
        page = dashboard.class_page("7b", ["01-equations"], None, PREFIX, "x")
        refused = dashboard.error_page(403, PREFIX)
        html, _ = dashboard.report(records(), ["ana", "ben", "cai"], -1)
    assert '<html lang="es">' in page and "Clase 7b" in page
    assert "Descargar la cuadrícula (CSV)" in page and "Todas las lecciones" in page
    assert "Esta página es para el profesor o la profesora de la clase" in refused
    assert "Niveles por destreza" in html


def test_a_class_name_cannot_break_the_page() -> None:
    page = dashboard.class_page('7b"><script>alert(1)</script>', [], None, PREFIX)
    assert "<script>alert(1)" not in page
    home = dashboard.teacher_home("mrs-k", ["<img src=x>"], PREFIX)
    assert "<img src=x>" not in home
