"""The class, live, on a real JupyterHub: the ``mathplay-records`` service.

JupyterHub from PyPI with configurable-http-proxy from npm, PostgreSQL from Debian's
packages (a throwaway server in a temp dir), and the service started by the hub from the
config in docs/classroom.md. ana and ben log in through the hub's login page in chromium
and answer a puzzle in a lesson; mrs-k, their teacher, watches the class's dashboard in
another browser context: both answers appear with no reload, cai (in the class, never
logged in) is "not started". A pupil gets 403 for the class's page and files and sees
only their own answers; a forged record naming another pupil is stored under the
sender's hub name; the service killed mid-lesson is started again by the hub and the
answer given meanwhile arrives: every line of the pupils' files is in the database once.

Screenshots: ``tests/hub/.screenshots/dashboard-teacher.png`` (1366×768),
``dashboard-pupil.png`` and ``dashboard-denied.png``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom.report import CSV_COLUMNS
from mathplay.classroom.roster import SKILL_COLUMNS
from mathplay.hub.store import RecordStore
from tests.browser.axe import SERIOUS, count, describe, findings
from tests.browser.labserver import launch, run_all, write_notebook
from tests.hub.conftest import _cannot, _proxy
from tests.hub.hubserver import log_in
from tests.hub.postgres import Postgres, postgres_bin
from tests.hub.records_hub import CLASS, SERVICE, TEACHER, RecordsHub
from tests.screenshots import shots

pytestmark = [pytest.mark.hub, pytest.mark.browser]

SCREENSHOTS = shots("hub")
NOTEBOOK = "07-records.ipynb"
CELLS = [
    "import os\n"
    'print("records go to:", os.environ.get("MATHPLAY_RECORDS_URL"),'
    ' "| token:", bool(os.environ.get("JUPYTERHUB_API_TOKEN")))',
    'import mathplay\nmathplay.PuzzleSet("arithmetic", only=[1, 2])',
]
RIGHT = "4"  # puzzle 1 of the arithmetic set: 3 + ? = 7


@pytest.fixture(scope="module")
def postgres(hub_requirements: None) -> Iterator[Postgres]:
    if postgres_bin() is None:
        _cannot("PostgreSQL is not installed (apt-get install postgresql)")
    with Postgres() as server:
        yield server


@pytest.fixture(scope="module")
def records_hub(postgres: Postgres) -> Iterator[RecordsHub]:
    with RecordsHub(postgres.url, _proxy()) as hub:
        yield hub
        hub.remember_pids()


def file_lines(hub: RecordsHub, user: str) -> list[str]:
    """Every record line in the pupil's progress folder."""
    folder = hub.homes / user / "mathplay-progress"
    return [line for path in sorted(folder.glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]  # fmt: skip


def stored(hub: RecordsHub, user: str) -> list[dict[str, Any]]:
    return RecordStore(hub.db_url).records([user])


def wait_until(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not in {seconds} s: {what}")
        time.sleep(0.3)


def answer(page: Any, puzzle_number: int, text: str) -> str:
    from playwright.sync_api import expect

    puzzle = page.locator(".mathplay-puzzles").first
    expect(puzzle.get_by_text(f"Puzzle {puzzle_number} of")).to_be_visible()
    box = puzzle.locator(".mathplay-puzzles-answer input")
    box.fill(text)
    box.press("Enter")
    feedback = puzzle.locator(".mathplay-puzzles-feedback")
    expect(feedback).not_to_be_empty()
    return str(feedback.inner_text())


def open_lesson(page: Any, user: str) -> None:
    from playwright.sync_api import expect

    page.wait_for_url(f"**/user/{user}/lab**", timeout=120_000)
    page.locator(".jp-DirListing-item", has_text=NOTEBOOK).dblclick()
    run_all(page, timeout_ms=90_000)
    env = page.locator(".jp-OutputArea-output").filter(has_text="records go to:")
    expect(env).to_contain_text("/services/mathplay-records/ | token: True")


def _the_lesson(hub: RecordsHub, seen: dict[str, Any]) -> None:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=60_000)
    SCREENSHOTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            pupils = {user: log_in(browser, hub, user) for user in ("ana", "ben")}
            teacher = log_in(browser, hub, TEACHER, f"{SERVICE}class/{CLASS}", (1366, 768))
            expect(teacher.get_by_role("heading", name=f"Class {CLASS}")).to_be_visible()
            grid = teacher.locator("#mp-live")
            expect(grid).to_contain_text("Not started (3): ana, ben, cai.")
            teacher.evaluate("window.mathplayNotReloaded = true")
            for user, page in pupils.items():
                open_lesson(page, user)
            seen["ana feedback"] = answer(pupils["ana"], 1, RIGHT)
            seen["ben feedback"] = answer(pupils["ben"], 1, "5")
            # The teacher's page, not reloaded, shows both answers as they came.
            expect(grid).to_contain_text("Not started (1): cai.")
            expect(grid.locator("td.mp-c[title^='ana, ']").first).to_contain_text("✓")
            expect(grid.locator("td.mp-c[title^='ben, ']").first).to_contain_text("✗")
            expect(grid).to_contain_text("5")  # ben's wrong answer, in "Wrong answers typed"
            # The lesson the answers came from is now in the class's lessons.
            expect(teacher.get_by_role("link", name="07-records")).to_be_visible()
            assert teacher.evaluate("window.mathplayNotReloaded") is True
            seen["status"] = teacher.locator("#mp-status").inner_text()
            teacher.screenshot(path=str(SCREENSHOTS / "dashboard-teacher.png"), full_page=True)
            seen["teacher's page, axe"] = findings(teacher, ["html"])
            seen["teacher errors"] = list(teacher.errors)
            for path in ("report.csv", "skills.csv"):
                response = teacher.request.get(f"{hub.service_url}class/{CLASS}/{path}")
                seen[f"teacher's {path}"] = (response.status, response.text())

            # A pupil: their own answers only; a class's page is refused.
            ana = pupils["ana"]
            own = ana.context.new_page()
            own.goto(hub.service_url)
            expect(own.get_by_role("heading", name="Your answers, ana")).to_be_visible()
            expect(own.locator("#mp-live")).to_contain_text("ana")
            seen["ana's page"] = own.locator("#mp-live").inner_text()
            own.screenshot(path=str(SCREENSHOTS / "dashboard-pupil.png"))
            seen["pupil's page, axe"] = findings(own, ["html"])
            refused = own.goto(f"{hub.service_url}class/{CLASS}")
            seen["ana's class page"] = refused.status if refused else None
            expect(own.get_by_role("heading")).to_contain_text("for the class's teacher")
            own.screenshot(path=str(SCREENSHOTS / "dashboard-denied.png"))
            for path in ("report.json", "report.csv", "skills.csv"):
                response = own.request.get(f"{hub.service_url}class/{CLASS}/{path}")
                seen[f"ana's {path}"] = response.status

            # The service stops answering mid-lesson (frozen, so the hub does not start
            # another at once); ben answers again: his answer waits in his file. Then the
            # service dies, the hub starts it again, and ben's kernel sends what waited.
            before, lines_before = len(stored(hub, "ben")), len(file_lines(hub, "ben"))
            seen["service pids"] = hub.service_pids()
            for pid in seen["service pids"]:
                os.kill(pid, signal.SIGSTOP)
            seen["ben again"] = answer(pupils["ben"], 1, RIGHT)
            wait_until(lambda: len(file_lines(hub, "ben")) > lines_before, 30, "ben's new line")
            time.sleep(2)  # the kernel has tried to send it by now
            seen["ben's lines while down"] = len(file_lines(hub, "ben"))
            seen["ben stored while down"] = len(stored(hub, "ben"))
            for pid in seen["service pids"]:
                os.kill(pid, signal.SIGKILL)
            hub.wait_for_service(90)
            seen["restarted pids"] = hub.service_pids()
            wait_until(lambda: len(stored(hub, "ben")) > before, 90,
                       "ben's answer given while the service was down")  # fmt: skip
            expect(grid.locator("td.mp-c[title^='ben, ']").first).to_contain_text(
                "+", timeout=60_000
            )
        finally:
            browser.close()


@pytest.fixture(scope="module")
def lesson(records_hub: RecordsHub) -> dict[str, Any]:
    for user in ("ana", "ben"):
        write_notebook(records_hub.home(user) / NOTEBOOK, CELLS)
    seen: dict[str, Any] = {}
    try:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(_the_lesson, records_hub, seen).result()
    except Exception as error:
        raise AssertionError(f"{error}\n--- the hub's log ---\n{records_hub.log_tail()}") from error
    finally:
        records_hub.remember_pids()
    return seen


def test_the_teacher_sees_both_answers_live(lesson: dict[str, Any]) -> None:
    assert "Right!" in lesson["ana feedback"]
    assert "Right!" not in lesson["ben feedback"]
    assert lesson["status"].startswith("New answers from"), lesson["status"]
    assert lesson["teacher errors"] == []


def test_the_teachers_csv_files_are_the_clis(lesson: dict[str, Any]) -> None:
    status, text = lesson["teacher's report.csv"]
    rows = list(csv.reader(io.StringIO(text)))
    assert status == 200 and tuple(rows[0]) == CSV_COLUMNS
    assert sorted({row[0] for row in rows[1:]}) == ["ana", "ben", "cai"]
    status, text = lesson["teacher's skills.csv"]
    assert status == 200 and tuple(next(csv.reader(io.StringIO(text)))) == tuple(SKILL_COLUMNS)


def test_the_dashboard_has_no_serious_accessibility_finding(lesson: dict[str, Any]) -> None:
    """axe-core on the teacher's class page (with both answers) and a pupil's own page."""
    for page in ("teacher's page, axe", "pupil's page, axe"):
        serious = [v for v in lesson[page] if v["impact"] in SERIOUS]
        assert not serious, f"{page}: {count(serious)} serious or critical\n{describe(serious)}"


def test_a_pupil_sees_only_their_own_answers(lesson: dict[str, Any]) -> None:
    assert "ana" in lesson["ana's page"] and "ben" not in lesson["ana's page"]
    assert lesson["ana's class page"] == 403
    for path in ("report.json", "report.csv", "skills.csv"):
        assert lesson[f"ana's {path}"] == 403, path


def test_no_record_lost_or_twice_when_the_service_restarts(
    lesson: dict[str, Any], records_hub: RecordsHub
) -> None:
    assert lesson["service pids"], "the records service's process was not found"
    assert lesson["restarted pids"] and not set(lesson["restarted pids"]) & set(
        lesson["service pids"]
    ), "the hub did not start the service again"
    assert lesson["ben stored while down"] < lesson["ben's lines while down"]
    for user in ("ana", "ben"):
        lines = file_lines(records_hub, user)
        count = len(lines)
        wait_until(lambda u=user, n=count: len(stored(records_hub, u)) == n, 60,
                   f"all of {user}'s lines stored")  # fmt: skip
        rows = stored(records_hub, user)
        assert sorted(json.dumps(r["answer"]) for r in rows) == sorted(
            json.dumps(json.loads(line).get("answer")) for line in lines
        )
        assert {r["who"] for r in rows} == {user}


def test_a_forged_record_is_stored_under_the_senders_hub_name(records_hub: RecordsHub) -> None:
    token = records_hub.token_for("ana")
    forged = json.dumps({"who": "ben", "set": "Forged", "puzzle": "1", "answer": "99",
                         "right": True, "lesson": "07-records"})  # fmt: skip
    status, answer_ = records_hub.call("POST", SERVICE + "api/records", token,
                                       {"lines": [forged]})  # fmt: skip
    assert status == 200 and answer_["pupil"] == "ana" and answer_["stored"] == 1, answer_
    rows = [r for r in RecordStore(records_hub.db_url).records() if r.get("set") == "Forged"]
    assert [(r["who"], r["typed_who"]) for r in rows] == [("ana", "ben")]
    # Without a token, or with one the hub does not know: nothing is stored.
    for bad in ("", "not-a-token"):
        status, _ = records_hub.call("POST", SERVICE + "api/records", bad, {"lines": [forged]})
        assert status in (401, 403), status
    assert (
        len([r for r in RecordStore(records_hub.db_url).records() if r.get("set") == "Forged"]) == 1
    )


def test_a_pupil_on_another_machine_goes_on_where_they_left_off(
    records_hub: RecordsHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The records the service holds come back to a pupil whose machine (or
    home) has none — her guided puzzle solved, her end check where she left it — and
    only hers."""
    from mathplay.classroom import resume
    from mathplay.widgets.puzzle_set import PuzzleSet

    token = records_hub.token_for("ana")
    solved = json.dumps({"who": "ana", "when": "2026-12-01T10:00:00+00:00",
                         "set": "Adding and subtracting", "puzzle": "add-1", "answer": "4",
                         "right": True, "hints": 0, "lesson": "07-records"})  # fmt: skip
    status, answer_ = records_hub.call("POST", SERVICE + "api/records", token,
                                       {"lines": [solved]})  # fmt: skip
    assert status == 200 and answer_["stored"] == 1, answer_
    status, mine = records_hub.call("GET", SERVICE + "api/records", token)
    assert status == 200 and mine["pupil"] == "ana"
    assert {(r["puzzle"], r["answer"]) for r in mine["records"]} >= {("add-1", "4")}
    assert {r["who"] for r in mine["records"]} == {"ana"}  # hers only
    status, _ = records_hub.call("GET", SERVICE + "api/records", "")
    assert status in (401, 403)

    # Her kernel on a new machine: no progress file, the hub's variables set.
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", token)
    monkeypatch.setenv("MATHPLAY_RECORDS_URL", records_hub.service_url)
    monkeypatch.setattr(resume, "_FROM_SERVICE", {})
    again = PuzzleSet("arithmetic", only=[1], log=tmp_path / "new-home.jsonl")
    assert again.solved_now and again.answer_box.value == "4"
    assert "You solved this puzzle before" in again.feedback.value
    # Another pupil of the class gets none of it (cai, who never answered: ben solved
    # this puzzle himself earlier in this module).
    monkeypatch.setenv("JUPYTERHUB_USER", "cai")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", records_hub.token_for("cai"))
    monkeypatch.setattr(resume, "_FROM_SERVICE", {})
    assert not PuzzleSet("arithmetic", only=[1], log=tmp_path / "cai.jsonl").solved_now
