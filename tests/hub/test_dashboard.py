"""The dashboard's pages (mathplay/hub/dashboard.py) without a hub: the class's report with
its not-started pupils, the CSV files the CLI writes, a pupil's own page, the words in
the teacher's language, and nothing a pupil typed ever becoming markup."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

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


def term_records() -> list[dict[str, object]]:
    """:func:`records`, and a practice's answer and an end check's of each pupil."""
    found = records()
    for who, right in (("ana", True), ("ben", False)):
        found.append({"who": who, "set": "Practice: Two sides", "puzzle": "two-1",
                      "answer": "1", "right": right, "skill": "two-sides",
                      "lesson": "01-equations"})  # fmt: skip
        found.append({"who": who, "set": "Lesson 1: end check", "puzzle": "c-1",
                      "answer": "1", "right": right, "moment": "check", "questions": 4,
                      "lesson": "01-equations"})  # fmt: skip
    return found


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
    skills = list(
        csv.reader(io.StringIO(dashboard.csv_file(term_records(), ["ana", "ben", "cai"], "skills")))
    )
    assert tuple(skills[0]) == tuple(SKILL_COLUMNS)
    assert {row[1] for row in skills[1:]} == {"two-sides"}  # sets are no skills
    sets = list(
        csv.DictReader(
            io.StringIO(dashboard.csv_file(term_records(), ["ana", "ben", "cai"], "sets"))
        )
    )
    check = {r["who"]: (r["answered"], r["right"], r["questions"]) for r in sets
             if r["moment"] == "check"}  # fmt: skip
    assert check == {"ana": ("1", "1", "4"), "ben": ("1", "0", "4"), "cai": ("0", "0", "4")}
    book = list(
        csv.DictReader(
            io.StringIO(dashboard.csv_file(term_records(), ["ana", "ben", "cai"], "gradebook"))
        )
    )
    assert [(r["who"], r["01 end check"], r["01 practice"], r["01 skills mastered"])
            for r in book] == [("ana", "1/4", "started", "0/1"), ("ben", "0/4", "started", "0/1"),
                               ("cai", "", "", "0/1")]  # fmt: skip


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
        html, _ = dashboard.report(term_records(), ["ana", "ben", "cai"], -1)
    assert '<html lang="es">' in page and "Clase 7b" in page
    assert "Descargar la cuadrícula (CSV)" in page and "Todas las lecciones" in page
    assert "Esta página es para el profesor o la profesora de la clase" in refused
    assert "Niveles por destreza" in html


def test_a_class_name_cannot_break_the_page() -> None:
    page = dashboard.class_page('7b"><script>alert(1)</script>', [], None, PREFIX)
    assert "<script>alert(1)" not in page
    home = dashboard.teacher_home("mrs-k", ["<img src=x>"], PREFIX)
    assert "<img src=x>" not in home


def _flooded(puzzles: int) -> list[dict[str, object]]:
    """A class of three, and a fourth pupil who sent ``puzzles`` made-up puzzles."""
    store = RecordStore("sqlite://")
    made_up = [{"who": "eve", "set": "Adding", "puzzle": f"made-up-{n}", "answer": "1",
                "right": False} for n in range(puzzles)]  # fmt: skip
    store.add("eve", [json.dumps(record) for record in made_up])
    for who in ("ana", "ben", "cai"):
        store.add(who, [json.dumps({"who": who, "set": "Adding", "puzzle": f"add-{n}",
                                    "answer": "4", "right": True}) for n in range(3)])  # fmt: skip
    return store.records()


def test_a_flood_of_made_up_puzzles_does_not_fill_the_teachers_page() -> None:
    """The grid shows at most MOST_COLUMNS of a set, those tried by the most
    pupils (the class's real puzzles), and says the CSV has them all."""
    from mathplay.classroom.report_html import MOST_COLUMNS

    pupils = ["ana", "ben", "cai", "eve"]
    html = dashboard.report_html(_flooded(300), pupils)
    assert html.count('<th title="made-up-') == MOST_COLUMNS - 3
    for puzzle in ("add-0", "add-1", "add-2"):
        assert f'<th title="{puzzle}">' in html
    assert "This set has 303 puzzles: the grid shows the 80 tried by the most pupils." in html
    rows = list(csv.DictReader(io.StringIO(dashboard.csv_file(_flooded(300), pupils, "report"))))
    assert len({r["puzzle"] for r in rows}) == 303
    small = dashboard.report_html(_flooded(10), pupils)
    assert "This set has" not in small and small.count('<th title="made-up-') == 10


def _set_flood(sets: int) -> list[dict[str, object]]:
    """ana, ben and cai answer a lesson's set; eve sends ``sets`` records, each naming a
    set of its own (issue 72: the page had a grid and a wrong-answer list for each)."""
    made_up = [{"who": "eve", "set": f"Flood {n}", "puzzle": "q", "answer": str(n),
                "right": False} for n in range(sets)]  # fmt: skip
    lesson = [{"who": who, "set": "Adding", "puzzle": f"add-{n}", "answer": "3",
               "right": n % 2 == 0} for who in ("ana", "ben", "cai") for n in range(3)]  # fmt: skip
    return [*lesson[:5], *made_up, *lesson[5:]]


@pytest.mark.parametrize("mine", [False, True], ids=["class", "own page"])
def test_a_flood_of_made_up_sets_costs_the_page_no_more_than_a_lesson(
    mine: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the sets a page draws are summed up (MOST_SETS of them, those tried by the
    most pupils, then the latest): the page of a class with 5,000 made-up sets sums up
    what a lesson's does, says the CSV files have them all, and the CSV has every set."""
    from mathplay.classroom.report_html import MOST_SETS

    summed: list[int] = []
    real_summary_of = dashboard.summary_of

    def counting(attempts: list[dict[str, object]], *args: object, **kwargs: object) -> object:
        summed.append(len(attempts))
        return real_summary_of(attempts, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(dashboard, "summary_of", counting)
    records = _set_flood(5000)
    pupils = None if mine else ["ana", "ben", "cai", "eve"]
    with speaking("en"):
        html = dashboard.report_html(records, pupils)
    assert summed == [9 + MOST_SETS - 1]  # the lesson's nine answers and eve's latest sets
    assert html.count("<h3>Flood ") == MOST_SETS - 1
    assert "<h3>Flood 4999</h3>" in html and "<h3>Flood 0</h3>" not in html
    assert "<h3>Adding</h3>" in html
    assert "There are 5001 sets of puzzles: the page shows the 40 tried by the most pupils." in (
        html
    )
    assert len(html) < 200_000, len(html)
    if not mine:
        monkeypatch.setattr(dashboard, "summary_of", real_summary_of)
        rows = list(csv.DictReader(io.StringIO(dashboard.csv_file(records, pupils, "report"))))
        assert len({r["set"] for r in rows}) == 5001
    few = dashboard.report_html(_set_flood(10), pupils)
    assert "sets of puzzles: the page shows" not in few and few.count("<h3>Flood ") == 10


def test_a_report_made_in_a_worker_thread_speaks_its_own_language() -> None:
    """The service's reports are made in a thread while its requests are answered in
    another language: each speaks its own."""
    import threading

    from mathplay.i18n import _, current_language

    started, done = threading.Event(), threading.Event()
    heard: list[str] = []

    def worker() -> None:
        with speaking("es"):
            started.set()
            done.wait(10)
            heard.append(_("Skill levels"))

    thread = threading.Thread(target=worker)
    thread.start()
    assert started.wait(10)
    with speaking("el"):
        greek = _("Skill levels")
    english = _("Skill levels"), current_language()
    done.set()
    thread.join(10)
    assert heard == ["Niveles por destreza"]
    assert greek != "Skill levels" and english == ("Skill levels", "en")


def test_each_pupil_is_limited_alone_and_told_how_long_to_wait() -> None:
    from mathplay.hub.limits import LINES_BURST, LINES_PER_SECOND, REQUESTS_BURST, Limits

    now = [0.0]
    limits = Limits(clock=lambda: now[0])
    assert limits.wait("eve", LINES_BURST) == 0.0
    wait = limits.wait("eve", 100)
    assert wait == 100 / LINES_PER_SECOND and limits.wait("ana", 400) == 0.0
    now[0] += wait
    assert limits.wait("eve", 100) == 0.0
    assert [limits.wait("cai", 0) for _ in range(REQUESTS_BURST)] == [0.0] * REQUESTS_BURST
    assert limits.wait("cai", 0) == 1.0  # one request a second after the burst


def test_a_report_is_made_once_until_a_new_record_comes(tmp_path: Path) -> None:
    import asyncio

    from mathplay.hub.reports import Reports

    store = RecordStore(f"sqlite:///{tmp_path / 'records.sqlite'}")
    store.add("ana", [json.dumps({"who": "ana", "set": "S", "puzzle": "p1", "answer": "4",
                                  "right": True})])  # fmt: skip
    reports = Reports(store)

    async def polls() -> list[str]:
        row = store.last_row(["ana"])
        same = await asyncio.gather(
            *(reports.html(["ana", "ben"], True, None, "en", row) for _ in range(5))
        )
        store.add("ben", [json.dumps({"who": "ben", "set": "S", "puzzle": "p1", "answer": "5",
                                      "right": False})])  # fmt: skip
        newer = await reports.html(["ana", "ben"], True, None, "en", store.last_row(["ben"]))
        return [*same, newer]

    # In a thread of its own: the test session may run an event loop in this one (the
    # browser tests' Playwright), and asyncio.run refuses to start a second.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        pages = pool.submit(asyncio.run, polls()).result(60)
    reports.close()
    assert reports.made == 2  # five polls at once shared one report; the new row made one
    assert len(set(pages[:5])) == 1 and "Not started (1): ben." in pages[0]
    assert "Not started" not in pages[5]
