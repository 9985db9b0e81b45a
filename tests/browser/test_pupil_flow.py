"""Lesson 05 as a pupil finishes it alone, in JupyterLab 4, Notebook 7 and Voilà, at
1024×768 (the website has its own test in tests/site/).

In each front end, in the real lesson notebook and its puzzle file:

- a Check before any name asks *in the puzzle* ("Who are you?" and a name box right
  there), and the answer that waited is recorded under the name given;
- fifty answers typed with no delay between keys and Enter pressed at once are recorded
  exactly as typed (the text is sent with Enter, never a shortened one);
- the practice shows its first puzzle and is answered to mastery; the end check records;
- after a reload (the next day, same browser) "Are you Zoë?" is asked where the pupil
  answers, Yes, and the answer is recorded;
- no line of the lesson's hidden code, and no maintainer line, is on the screen: only
  the one-line cells the lesson shows on purpose (``show-input``).

Screenshots land in ``test-results/browser/pupil-flow-*.png``.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom.where import set_current_lesson
from mathplay.lessons.runtime import OpenLesson
from mathplay.puzzles.kinds import KINDS
from mathplay.widgets.practice import Practice
from tests.browser.labserver import Server, open_and_run_all, wait_for_idle_kernel
from tests.browser.screen import assert_no_code_shows
from tests.screenshots import shots

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSON = "05-binary-numbers"
SHOTS = shots("browser")
NAME = "Zoë"
#: Wrong answers to "1011 = 1000 + _ + 1" in binary, typed as fast as a keyboard can.
FAST = [f"{n:b}" if n % 5 else f"{n:b} " for n in range(3, 53)]


def records(folder: Path, count: int, timeout: float = 60.0) -> list[dict[str, Any]]:
    """The records in ``folder``'s progress file, once there are ``count`` of them."""
    path = folder / "mathplay-progress.jsonl"
    deadline = time.monotonic() + timeout
    rows: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        if path.exists():
            rows = [json.loads(line) for line in path.read_text().splitlines() if line]
            rows = [row for row in rows if "event" not in row]  # attempts, not Next lines
            if len(rows) >= count:
                return rows
        time.sleep(0.25)
    raise AssertionError(f"{count} records expected, found {len(rows)}: {rows[-3:]}")


def open_lesson(page: Any, server: Server) -> None:
    """Open the lesson as the pupil does: Voilà runs it; in JupyterLab and Notebook 7
    the pupil presses Run All (once a kernel is really there)."""
    open_and_run_all(page, server, f"{LESSON}.ipynb")


def guided(page: Any, number: int) -> Any:
    """The guided puzzle ``number`` (from 1) of the lesson."""
    return (
        page.locator(".mathplay-puzzles:not(.mathplay-practice)")
        .filter(has_text=f"Puzzle {number} of 4.")
        .filter(has_not_text="end check")
    )


def type_and_enter(box: Any, text: str) -> None:
    """Type ``text`` with no delay between keys and press Enter at once."""
    box.click()
    box.press("Control+a")
    box.press("Backspace")
    box.press_sequentially(text, delay=0)
    box.press("Enter")


@pytest.mark.parametrize("front_end", ["lab", "notebook", "voila"])
def test_lesson_05_as_a_pupil(browser: Any, front_end: str) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    server = Server(kind=front_end, notebook=f"{LESSON}.ipynb")
    shutil.copy(ROOT / "lessons" / f"{LESSON}.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{LESSON}.toml", server.root / "puzzles")
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    shot = SHOTS / f"pupil-flow-{front_end}"
    with server:
        open_lesson(page, server)

        # A Check before any name: asked right there, the answer waits, then counts.
        first = guided(page, 1)
        answer = first.locator(".mathplay-puzzles-answer input")
        type_and_enter(answer, "100")
        feedback = first.locator(".mathplay-puzzles-feedback")
        expect(feedback).to_contain_text("Who are you?")
        name = first.locator(".mathplay-puzzles-name input")
        expect(name).to_be_visible()
        name.scroll_into_view_if_needed()
        page.screenshot(path=f"{shot}-asked.png")
        name.fill(NAME)
        name.press("Enter")
        expect(feedback).to_contain_text("Not yet")
        rows = records(server.root, 1)
        assert [(r["who"], r["answer"]) for r in rows] == [(NAME, "100")]

        # Fifty answers typed at once: the records hold exactly what was typed.
        for text in FAST:
            type_and_enter(answer, text)
        rows = records(server.root, 1 + len(FAST))
        assert [r["answer"] for r in rows[1:]] == FAST
        assert {r["who"] for r in rows} == {NAME}

        # The practice shows its first puzzle, and is answered to mastery.
        twin = Practice.from_file(
            ROOT / "lessons" / "puzzles" / f"{LESSON}.toml", who=NAME, log=None
        )
        practice = page.locator(".mathplay-practice")
        practice.scroll_into_view_if_needed()
        # Lesson 05's practice deals its two skills in turn: "Puzzle 1: Binary → decimal."
        expect(practice.get_by_text(re.compile(r"^Puzzle 1: "))).to_be_visible()
        box = practice.locator(".mathplay-puzzles-answer input")
        for _ in range(4 * twin.goal):  # until mastered: every skill, and the goal in all
            puzzle = twin.puzzle
            question = KINDS[puzzle.kind].question(puzzle)
            expect(practice.locator("pre").first).to_have_text(question)
            right = puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0]
            type_and_enter(box, right)
            expect(practice.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
            twin.check(right)
            if twin.mastered:
                break
            type_and_enter(box, "")  # Enter again: the next puzzle
            twin.next()
        expect(practice.locator(".mathplay-practice-streak")).to_contain_text("Mastered")
        page.screenshot(path=f"{shot}-mastered.png")

        # Every cell has run: no hidden code and no maintainer line on the screen.
        assert_no_code_shows(page, ROOT / "lessons" / f"{LESSON}.ipynb")
        page.mouse.move(600, 400)
        page.mouse.wheel(0, -50_000)  # to the top, then to the cards
        page.mouse.wheel(0, 700)
        page.wait_for_timeout(800)
        page.screenshot(path=f"{shot}-no-code.png")

        # The end check records every item.
        try:
            sheet = OpenLesson(LESSON, folder=ROOT / "lessons" / "puzzles", log=None).check().sheet
        finally:
            set_current_lesson(None)
        assert sheet is not None
        end = page.locator(".mathplay-puzzles").filter(has_text="end check")
        end.scroll_into_view_if_needed()
        end_box = end.locator(".mathplay-puzzles-answer input")
        before = len(records(server.root, 1))
        for number, item in enumerate(sheet.puzzles, start=1):
            expect(end).to_contain_text(f"Puzzle {number} of {len(sheet.puzzles)}.")
            type_and_enter(end_box, item.answer or "")
            expect(end.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
            end.get_by_role("button", name="Next").click()
        rows = records(server.root, before + len(sheet.puzzles))
        checked = [r for r in rows if str(r.get("set", "")).endswith("end check")]
        assert [(r["puzzle"], r["right"]) for r in checked] == [
            (item.id, True) for item in sheet.puzzles
        ]

        # The next day, same browser: "Are you Zoë?" where the pupil answers, Yes.
        if front_end != "voila":
            # A fresh kernel, as the next day would have.
            page.goto("about:blank")
            _restart_kernels(server)
        open_lesson(page, server)
        third = guided(page, 3)
        third_box = third.locator(".mathplay-puzzles-answer input")
        third_box.scroll_into_view_if_needed()
        type_and_enter(third_box, "110")
        question = third.locator(".mathplay-name-question")
        expect(question).to_contain_text(f"Are you {NAME}?")
        expect(third.locator(".mathplay-puzzles-feedback")).to_contain_text("Is that your name?")
        page.screenshot(path=f"{shot}-returning.png")
        third.get_by_role("button", name=f"Yes, I am {NAME}").click()
        expect(third.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        rows = records(server.root, len(rows) + 1)
        assert (rows[-1]["who"], rows[-1]["puzzle"], rows[-1]["answer"]) == (
            NAME,
            "binary-six",
            "110",
        )
        # The lesson goes on where Zoë left it: the practice still mastered,
        # the end check finished with her answers and its review, not open again.
        practice = page.locator(".mathplay-practice")
        expect(practice.locator(".mathplay-practice-streak")).to_contain_text("Mastered")
        expect(practice).to_contain_text("Welcome back!")
        end = page.locator(".mathplay-puzzles").filter(has_text="end check")
        expect(end).to_contain_text(f"{len(sheet.puzzles)} of {len(sheet.puzzles)} answered")
        expect(end.locator(".mathplay-puzzles-review")).to_contain_text("Your answers")
        expect(end.locator(".mathplay-puzzles-answer input")).to_be_hidden()
        end.scroll_into_view_if_needed()
        page.screenshot(path=f"{shot}-came-back.png")
        # Reloaded again: the third puzzle is solved now, with her answer.
        if front_end != "voila":
            page.goto("about:blank")
            _restart_kernels(server)
        open_lesson(page, server)
        top = page.locator(".mathplay-lesson")
        expect(top).to_contain_text(f"Are you {NAME}?")  # asked at the top of the lesson
        top.get_by_role("button", name=f"Yes, I am {NAME}").click()
        third = guided(page, 3)
        third.scroll_into_view_if_needed()
        expect(third.locator(".mathplay-puzzles-feedback")).to_contain_text(
            "You solved this puzzle before"
        )
        expect(third.locator(".mathplay-puzzles-answer input")).to_have_value("110")
    context.close()


def _restart_kernels(server: Server) -> None:
    """Shut every kernel of the server down (the pupil comes back the next day)."""
    import urllib.request

    base = f"http://127.0.0.1:{server.port}/api/sessions"
    with urllib.request.urlopen(f"{base}?token={server.token}", timeout=10) as response:
        sessions = json.load(response)
    for session in sessions:
        request = urllib.request.Request(
            f"{base}/{session['id']}?token={server.token}", method="DELETE"
        )
        urllib.request.urlopen(request, timeout=10).close()


@pytest.mark.parametrize("front_end", ["lab", "notebook"])
def test_after_a_reload_with_a_new_kernel_the_lesson_says_what_to_press(
    browser: Any, front_end: str
) -> None:
    """The next day the kernel is new and the saved widgets are gone ("Error displaying
    widget"): the lesson's top says in words what to press; after Run All the widgets
    are back and the note is hidden again."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    server = Server(kind=front_end)
    shutil.copy(ROOT / "lessons" / f"{LESSON}.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{LESSON}.toml", server.root / "puzzles")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    note = page.locator(".mathplay-stale-note")
    with server:
        open_lesson(page, server)
        expect(page.locator(".mathplay-puzzles-answer input").first).to_be_visible()
        expect(note.first).to_be_hidden()  # the widgets are alive: no note
        page.keyboard.press("Escape")
        page.keyboard.press("Control+s")  # saved with its outputs, as autosave does
        page.wait_for_timeout(2_000)
        page.goto("about:blank")
        _restart_kernels(server)
        page.goto(server.url(f"{LESSON}.ipynb"))
        expect(page.get_by_text("Error displaying widget").first).to_be_visible()
        expect(note.first).to_be_visible()
        expect(note.first).to_contain_text("choose Run All Cells")
        page.screenshot(path=str(SHOTS / f"pupil-flow-{front_end}-reloaded.png"))
        wait_for_idle_kernel(server, f"{LESSON}.ipynb", timeout_s=90)
        page.locator(".jp-Notebook").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        expect(page.locator(".mathplay-puzzles-answer input").first).to_be_visible()
        expect(note.first).to_be_hidden()
    context.close()


@pytest.mark.parametrize("front_end", ["lab", "notebook"])
def test_a_lesson_opened_unrun_says_what_to_press_and_stays_at_its_top(
    browser: Any, front_end: str
) -> None:
    """Opened as it is saved (unrun), the lesson's first line says what to press; after
    Run All Cells the widgets are there, the line is gone and the page is still at the
    lesson's top (JupyterLab moves it to the last cell), with the name box in view."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)
    server = Server(kind=front_end)
    shutil.copy(ROOT / "lessons" / f"{LESSON}.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{LESSON}.toml", server.root / "puzzles")
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    start = page.locator(".mathplay-stale-note").filter(has_text="To start:")
    with server:
        page.goto(server.url(f"{LESSON}.ipynb"))
        expect(start).to_be_visible(timeout=90_000)
        expect(start).to_be_in_viewport()
        expect(start).to_contain_text("open the Run menu")
        expect(start).to_contain_text("choose Run All Cells")
        page.screenshot(path=str(SHOTS / f"unrun-{front_end}.png"))
        wait_for_idle_kernel(server, f"{LESSON}.ipynb", timeout_s=90)
        page.locator(".jp-Notebook").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        name_box = page.locator(".mathplay-lesson .mathplay-puzzles-name input")
        expect(name_box).to_be_visible()
        wait_for_idle_kernel(server, f"{LESSON}.ipynb", timeout_s=90)
        page.wait_for_timeout(3_000)  # the page settles (its last cells drawn)
        expect(start).to_be_hidden()
        heading = page.get_by_role("heading", name="Lesson 5: Binary numbers").first
        expect(heading).to_be_in_viewport()
        expect(name_box).to_be_in_viewport()
        page.screenshot(path=str(SHOTS / f"unrun-{front_end}-after-run-all.png"))
        # The pupil's own scrolling is theirs: the lesson does not pull them back.
        page.mouse.move(500, 500)
        page.mouse.wheel(0, 3_000)
        page.wait_for_timeout(1_500)
        expect(heading).not_to_be_in_viewport()
    context.close()


def test_a_game_against_the_computer_waits_for_the_pupil_the_next_day(browser: Any) -> None:
    """Lesson 00's game in JupyterLab: Zoë passes once (the computer plays), the kernel
    is gone the next day; after Run All and "Are you Zoë?" → Yes, the board asks "Go on
    with your game of Summy from earlier today?", and Yes puts her game back."""
    from playwright.sync_api import expect

    from mathplay.classroom.where import safe_file_name

    expect.set_options(timeout=60_000)
    lesson = "00-welcome"
    server = Server(kind="lab")
    shutil.copy(ROOT / "lessons" / f"{lesson}.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(ROOT / "lessons" / "puzzles" / f"{lesson}.toml", server.root / "puzzles")
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    kept = server.root / f"mathplay-game-{safe_file_name(NAME)}-summy.json"

    def run_all() -> None:
        open_and_run_all(page, server, f"{lesson}.ipynb")

    with server:
        run_all()
        type_and_enter(page.locator(".mathplay-lesson .mathplay-puzzles-name input"), NAME)
        board = page.locator(".mathplay-game .mp-board-widget")  # "Play a whole game"
        board.scroll_into_view_if_needed()
        board.get_by_role("button", name="Pass", exact=True).click()
        deadline = time.monotonic() + 30
        while not kept.exists() and time.monotonic() < deadline:
            time.sleep(0.25)
        saved = json.loads(kept.read_text())
        assert saved["who"] == NAME and saved["seats"][0] == "human"
        moves = json.loads(saved["save"])["history"]
        assert moves[0].startswith("pass") or moves[0] == "pass"
        page.keyboard.press("Escape")
        page.keyboard.press("Control+s")
        page.wait_for_timeout(1_000)
        page.goto("about:blank")
        _restart_kernels(server)

        run_all()  # the next day
        top = page.locator(".mathplay-lesson")
        expect(top.locator(".mathplay-name-question")).to_contain_text(f"Are you {NAME}?")
        top.get_by_role("button", name=f"Yes, I am {NAME}").click()
        offer = page.locator(".mathplay-game-offer")
        offer.scroll_into_view_if_needed()
        expect(offer).to_contain_text("Go on with your game of Summy from earlier today?")
        offer.scroll_into_view_if_needed()
        expect(offer).to_be_in_viewport()
        page.wait_for_timeout(500)  # JupyterLab draws the cells now in view
        page.screenshot(path=str(SHOTS / "game-waits-offer.png"))
        offer.get_by_role("button", name="Yes, go on").click()
        expect(offer).to_be_hidden()
        expect(board).to_contain_text("Here is your game again")
        board.scroll_into_view_if_needed()
        # Only the game's board asked: the lesson's example boards are not games.
        expect(page.locator(".mathplay-game-offer")).to_have_count(1)
        page.screenshot(path=str(SHOTS / "game-waits-back.png"))
    context.close()
