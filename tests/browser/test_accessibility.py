"""What a pupil with a screen reader, the keyboard alone or high contrast meets,
checked by axe-core in a real browser: no serious or critical finding inside mathplay's
outputs — the three boards (new game, mid-game, a review), the lessons — in JupyterLab's
light and dark themes.

Reproduced first, in JupyterLab at 1366×768 (serious or critical findings inside the
outputs): Summy board 226, Mixmath 238, Binary 332 (grid cells outside rows, square names
without their visible label, labels under 4.5:1), lessons 05 and 07: pictures without
words.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe import assert_accessible, count, describe, findings
from tests.browser.labserver import (
    Server,
    open_and_run_all,
    run_all,
    wait_for_idle_kernel,
    write_notebook,
)
from tests.screenshots import shots

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
SHOTS = shots("browser")
BOARDS = {
    "summy": 'import mathplay\nmathplay.play("summy", seed=3)',
    "mixmath": 'import mathplay\nmathplay.play("mixmath", seed=3)',
    "binary": 'import mathplay\nmathplay.play("binary", seed=3)',
}


def _open(page: Any, server: Server, name: str, cells: list[str]) -> Any:
    write_notebook(server.root / name, cells)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(server.url(name))
    run_all(page)
    board = page.locator(".mp-board-widget").first
    board.locator(".mp-square").last.wait_for(timeout=60_000)
    page.wait_for_timeout(500)
    return board


@pytest.mark.parametrize("game", list(BOARDS))
def test_a_new_board_has_no_serious_finding(page: Any, lab: Server, game: str) -> None:
    _open(page, lab, f"axe-{game}.ipynb", [BOARDS[game]])
    assert_accessible(page, f"{game}, a new game, JupyterLab light")


def measure(page: Any, where: str) -> int:
    found = findings(page)
    print(f"{where}: {count(found)} serious or critical\n{describe(found)}")
    return count(found)


def open_lesson(page: Any, server: Server, lesson: str) -> None:
    """The lesson ``lesson`` (its notebook and the puzzle files), run as a pupil does."""
    shutil.copy(LESSONS / f"{lesson}.ipynb", server.root)
    shutil.copytree(LESSONS / "puzzles", server.root / "puzzles", dirs_exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    open_and_run_all(page, server, f"{lesson}.ipynb")
    page.wait_for_timeout(1000)
    wait_for_idle_kernel(server, f"{lesson}.ipynb", timeout_s=120)
    page.wait_for_timeout(1500)


def test_every_lesson_has_no_serious_finding(page: Any, lab: Server) -> None:
    """Every lesson (and the teachers' 10), run top to bottom in JupyterLab: before, the
    pictures had no words (image-alt, 26 in all, 7 in lesson 07)."""
    serious = {}
    for lesson in sorted(p.stem for p in LESSONS.glob("*.ipynb")):
        open_lesson(page, lab, lesson)
        serious[lesson] = measure(page, lesson)
    assert serious == dict.fromkeys(serious, 0)


@pytest.mark.parametrize("front", ["dark_lab", "notebook7"])
def test_boards_and_lessons_elsewhere(page: Any, front: str, request: Any) -> None:
    """The boards and the lessons with pictures (05, 07) in JupyterLab's dark theme and in
    Notebook 7."""
    server: Server = request.getfixturevalue(front)
    for game, source in BOARDS.items():
        _open_anywhere(page, server, f"axe-{game}.ipynb", [source])
        assert_accessible(page, f"{game}, {front}")
    for lesson in ("05-binary-numbers", "07-bitwise-logic"):
        open_lesson(page, server, lesson)
        assert_accessible(page, f"{lesson}, {front}")


def _open_anywhere(page: Any, server: Server, name: str, cells: list[str]) -> None:
    write_notebook(server.root / name, cells)
    page.set_viewport_size({"width": 1366, "height": 768})
    open_and_run_all(page, server, name)
    page.locator(".mp-board-widget .mp-square").last.wait_for(timeout=60_000)
    page.wait_for_timeout(500)


KEYBOARD_GAME = """
from mathplay.games.summy import Summy
from mathplay.widgets import SummyBoard
EMPTY9 = "\\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
board = SummyBoard(Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1),
                   seats=["human", "computer:easy"])
board
"""


def test_a_whole_turn_by_keyboard_alone_at_200_percent(browser: Any) -> None:
    """Voilà at 200 % zoom on a 1366×768 screen (683×384 CSS pixels): Tab reaches the
    board, arrows move on it, typed tiles go down, Escape takes this turn's tiles back,
    Enter plays; the screen reader's live region says the pupil's move, the computer's
    move and the scores; axe finds nothing serious at any step."""
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="keys.ipynb")
    write_notebook(server.root / "keys.ipynb", [KEYBOARD_GAME])
    with server:
        context = browser.new_context(viewport={"width": 683, "height": 384},
                                      device_scale_factor=2)  # fmt: skip
        page = context.new_page()
        page.goto(server.url("keys.ipynb"))
        board = page.locator(".mp-board-widget").first
        board.locator(".mp-square").last.wait_for(timeout=120_000)
        for _ in range(80):  # Tab, as a pupil would, until the board's cursor square
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.classList.contains('mp-square')"):
                break
        focused = board.locator(".mp-square:focus")
        expect(focused).to_have_attribute("data-name", "E5")  # the start square
        expect(focused).to_have_attribute("aria-label", re.compile(r"^E5, .*start square"))
        grid = board.get_by_role("grid")
        expect(grid.get_by_role("row")).to_have_count(10)  # the letters, then 9 rows
        assert_accessible(page, "a new game, keyboard, 200 %")
        for key in ["ArrowLeft"] * 3:
            page.keyboard.press(key)
        for key in ["3", "+", "4"]:
            page.keyboard.press(key)
        expect(board.locator(".mp-square.mp-tentative")).to_have_count(3)
        page.keyboard.press("Escape")  # takes this turn's tiles back
        expect(board.locator(".mp-square.mp-tentative")).to_have_count(0)
        expect(board.locator(".mp-tile-used")).to_have_count(0)
        page.keyboard.press("ArrowLeft")  # from D5, where Escape left the cursor ...
        for _ in range(4):
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowRight")  # ... to B5, from the row's edge
        expect(board.locator(".mp-square:focus")).to_have_attribute("data-name", "B5")
        for key in ["3", "+", "4", "7"]:
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        announce = board.locator(".mp-announce")
        expect(announce).to_have_attribute("role", "status")
        expect(announce).to_contain_text("3 + 4 = 7")
        said = announce.inner_text()
        # Then the computer's whole turn, in words, with the scores after it.
        expect(announce).to_contain_text(re.compile(r"^Computer \(easy\)"), timeout=60_000)
        expect(announce).to_contain_text(re.compile(r"Scores: You 14, Computer \(easy\) \d+\.$"))
        print(f"the live region said: {said!r}, then {announce.inner_text()!r}")
        page.screenshot(path=str(SHOTS / "keyboard-200.png"))
        assert_accessible(page, "mid-game, keyboard, 200 %")
        context.close()


WHOLE_GAME = KEYBOARD_GAME.replace('"computer:easy"', '"human"')


def test_a_whole_game_by_keyboard_alone_at_200_percent(browser: Any) -> None:
    """Two pupils at one keyboard play a Summy game from its first move to its end in
    Voilà at 200 % zoom: the first sum by keys, then passes (Tab to Pass, Enter) until
    three whole rounds of passes end the game (D-S5b: the last pass is warned of first,
    and Enter again passes); the live region says each turn, the warning and the end with
    the scores, and the end is on the screen in words."""
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="whole.ipynb")
    write_notebook(server.root / "whole.ipynb", [WHOLE_GAME])
    with server:
        context = browser.new_context(viewport={"width": 683, "height": 384},
                                      device_scale_factor=2)  # fmt: skip
        page = context.new_page()
        page.goto(server.url("whole.ipynb"))
        board = page.locator(".mp-board-widget").first
        board.locator(".mp-square").last.wait_for(timeout=120_000)
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.classList.contains('mp-square')"):
                break
        for _ in range(3):
            page.keyboard.press("ArrowLeft")
        for key in ["3", "+", "4", "7"]:
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        announce = board.locator(".mp-announce")
        expect(announce).to_contain_text("3 + 4 = 7")
        expect(announce).to_contain_text(re.compile(r"Scores: Player 1 14, Player 2 0\.$"))
        said = [announce.inner_text()]
        for _ in range(80):  # Tab on to the Pass button
            page.keyboard.press("Tab")
            name = page.evaluate("() => document.activeElement.textContent.trim()")
            if name == "Pass":
                break
        for turn in range(6):  # three whole rounds of passes
            page.keyboard.press("Enter")
            expect(announce).not_to_have_text(said[-1])
            said.append(announce.inner_text())
            if turn < 5:
                expect(announce).to_contain_text("pass")
        # The last pass would end the game: the board says so first, in the live region
        # too, and Enter again passes.
        expect(announce).to_contain_text("Careful: this ends the game")
        page.keyboard.press("Enter")
        expect(announce).not_to_have_text(said[-1])
        said.append(announce.inner_text())
        print("the live region said, in turn:", *said, sep="\n  ")
        expect(announce).to_contain_text(re.compile(r"Scores: Player 1 14, Player 2 0\.$"))
        over = board.locator(".mp-over")
        expect(over).to_be_visible()
        expect(over).to_contain_text("Player 1")
        page.screenshot(path=str(SHOTS / "keyboard-whole-game.png"))
        assert_accessible(page, "a whole game, keyboard, 200 %")
        context.close()


THEMED = [
    'import mathplay\nmathplay.play("binary", seed=3)',
    'mathplay.play("mixmath", seed=3)',
    'from mathplay import PuzzleSet\nPuzzleSet("bitwise", who="Zoë", log=None)',
]


def test_dark_theme_and_forced_colours_at_200_percent(browser: Any, dark_lab: Server) -> None:
    """JupyterLab's dark theme at 200 % zoom on 1366×768, then forced colours (Windows
    high contrast): the Binary and Mixmath boards (labels such as DL, TW, 2×) and a
    puzzle with wrong and right feedback shown. axe finds nothing serious in either; the
    screenshots (test-results/browser/contrast-*.png) are looked at by a person."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 683, "height": 384},
                                  device_scale_factor=2)  # fmt: skip
    page = context.new_page()
    write_notebook(dark_lab.root / "themed.ipynb", THEMED)
    open_and_run_all(page, dark_lab, "themed.ipynb")
    boards = page.locator(".mp-board-widget")
    expect(boards).to_have_count(2, timeout=60_000)
    boards.nth(1).locator(".mp-square").last.wait_for(timeout=60_000)
    card = page.locator(".mathplay-puzzles").first
    box = card.get_by_role("textbox", name="Your answer")
    box.scroll_into_view_if_needed()
    box.click()
    page.keyboard.type("2", delay=0)
    page.keyboard.press("Enter")
    said = card.locator(".mathplay-puzzles-feedback [role=status]")
    expect(said).to_contain_text("Not yet")
    page.wait_for_timeout(500)
    for mode in ("dark", "forced"):
        if mode == "forced":
            page.emulate_media(forced_colors="active")
            page.wait_for_timeout(300)
        # What is on the screen (JupyterLab scrolls the notebook inside its own panel).
        for index, game in enumerate(("binary", "mixmath")):
            boards.nth(index).locator(".mp-square").nth(16 * 6).scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"contrast-{mode}-{game}.png"))
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"contrast-{mode}-puzzle.png"))
        assert_accessible(page, f"boards and a puzzle, JupyterLab {mode}, 200 %")
    context.close()


def test_the_boards_in_voila(browser: Any) -> None:
    server = Server(kind="voila", notebook="boards.ipynb")
    write_notebook(server.root / "boards.ipynb", list(BOARDS.values()))
    with server:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.url("boards.ipynb"))
        page.locator(".mp-board-widget").nth(2).locator(".mp-square").last.wait_for(timeout=120_000)
        page.wait_for_timeout(1000)
        assert_accessible(page, "the three boards, Voilà")
        page.close()


def test_the_class_report_page(browser: Any, tmp_path: Path) -> None:
    """The HTML page ``mathplay progress report --html`` writes for the teacher."""
    import json
    import subprocess
    import sys

    records = tmp_path / "class.jsonl"
    lines = [{"who": who, "set": "Adding", "puzzle": f"add-{n}", "answer": str(n + ok),
              "right": bool(ok), "lesson": "01-equations", "hints": 1 - ok}
             for who in ("Ana", "Ben", "Cai") for n in range(4) for ok in (0, 1)]  # fmt: skip
    records.write_text("".join(json.dumps(line) + "\n" for line in lines))
    page_file = tmp_path / "report.html"
    subprocess.run([sys.executable, "-m", "mathplay", "progress", "report", str(records),
                    "--html", str(page_file)], check=True, capture_output=True)  # fmt: skip
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(page_file.as_uri())
    assert_accessible(page, "the class report (HTML)", include=["html"])
    page.close()
