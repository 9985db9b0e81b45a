"""The boards in a real browser: JupyterLab (light and dark themes) and Voilà.

Each test opens a notebook showing a board, plays by clicking tiles and squares, and
checks what a student sees: the score, the squares' text and the engine's reasons.
The screenshots the README shows go to ``docs/images/`` only when they are made on
purpose (``tests/screenshots.py``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.labserver import Server, run_all, write_notebook
from tests.screenshots import docs_images, shots

pytestmark = pytest.mark.browser

SUMMY = """
from mathplay.games.summy import Summy
from mathplay.widgets import SummyBoard
EMPTY9 = "\\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
board = SummyBoard(Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1))
board
"""
MIXMATH = """
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath
from mathplay.widgets import MixmathBoard
board = MixmathBoard(Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1", "2 4 6 8"]))
board
"""
BINARY = """
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.widgets import BinaryBoard
board = BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 + 1 = 1 0 AND 0 ?", "1 0"]))
board
"""


def open_board(page: Any, server: Server, name: str, source: str) -> Any:
    write_notebook(server.root / name, [source])
    page.goto(server.url(name))
    run_all(page)
    board = page.locator(".mp-board-widget").first
    board.locator(".mp-square").last.wait_for()
    return board


def square(board: Any, name: str) -> Any:
    return board.locator(f'.mp-square[data-name="{name}"]')


def click_tile(board: Any, text: str) -> None:
    board.locator(".mp-tile-free, .mp-tile-selected").filter(
        has=board.page.locator(".mp-tile-text", has_text=text)
    ).first.click()


def place(board: Any, name: str, text: str) -> None:
    click_tile(board, text)
    square(board, name).click()
    from playwright.sync_api import expect

    expect(square(board, name)).to_have_class(re.compile("mp-tentative|mp-filled"))


def test_summy_refused_then_legal_move_by_clicks(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, lab, "summy.ipynb", SUMMY)
    expect(square(board, "E5")).to_have_attribute("aria-label", "E5, plain square, start square, =")
    expect(square(board, "A1")).to_have_attribute("aria-label", "A1, plain square, empty")
    # The hand's tiles stay the same buttons while the board redraws: one made again
    # between a fast child's press and release lost the click (seen in a tournament).
    hand = "[...document.querySelectorAll('.mp-board-widget .mp-hand .mp-tile')]"
    page.evaluate(f"() => {{ window.mpHand = {hand}; }}")
    for name, text in [("B5", "3"), ("C5", "+"), ("D5", "4"), ("F5", "2")]:
        place(board, name, text)
    assert page.evaluate(f"() => {{ const now = {hand}; return window.mpHand.length === now.length"
                         " && window.mpHand.every((t, i) => t.isConnected && t === now[i]); }"
                         ), "the hand's tiles were made again"  # fmt: skip
    expect(board.locator(".mp-hand .mp-tile-used")).to_have_count(4)
    board.locator(".mp-action-play").click()
    expect(board.locator(".mp-message")).to_have_text("Not allowed: 3 + 4 is 7, not 2.")
    expect(board.locator(".mp-message-error")).to_be_visible()
    expect(square(board, "F5")).to_have_class(re.compile("mp-tentative"))
    expect(board.locator(".mp-score-value").first).to_have_text("0")
    board.screenshot(path=str(docs_images() / "summy-refused-move.png"))
    square(board, "F5").click()  # take the 2 back
    expect(square(board, "F5")).to_have_attribute("aria-label", "F5, plain square, empty")
    place(board, "F5", "7")
    board.locator(".mp-action-play").click()
    expect(board.locator(".mp-score-value").first).to_have_text("14")
    expect(square(board, "F5")).to_have_attribute("aria-label", "F5, plain square, 7, last move")
    expect(board.locator(".mp-log-line")).to_have_text(
        ["1. Player 1: 3 + 4 = 7 across from B5, +14"]
    )
    expect(board.locator(".mp-turn")).to_have_text("Player 2 to move")
    board.screenshot(path=str(docs_images() / "summy-board-light.png"))
    assert_accessible(page, "Summy mid-game, JupyterLab light")
    assert page.errors == []


def test_summy_keyboard_play(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, lab, "summy-keys.ipynb", SUMMY)
    square(board, "A1").click()
    for key in ["ArrowDown"] * 4 + ["ArrowRight"]:
        page.keyboard.press(key)
    expect(square(board, "B5")).to_be_focused()
    # Each typed tile moves the cursor on to the right, over the = already on E5.
    for key, after in [("3", "C5"), ("+", "D5"), ("4", "F5")]:
        page.keyboard.press(key)
        expect(square(board, after)).to_be_focused()
    page.keyboard.press("8")
    expect(board.locator(".mp-message")).to_have_text("There is no 8 in your hand.")
    expect(square(board, "F5")).to_be_focused()
    page.keyboard.press("7")
    expect(square(board, "F5")).to_have_class(re.compile("mp-tentative"))
    expect(square(board, "G5")).to_be_focused()
    page.keyboard.press("Backspace")
    expect(square(board, "F5")).not_to_have_class(re.compile("mp-tentative"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("7")
    page.keyboard.press("Enter")
    expect(board.locator(".mp-score-value").first).to_have_text("14")


def test_summy_dark_theme(page: Any, dark_lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, dark_lab, "summy-dark.ipynb", SUMMY)
    for name, text in [("B5", "3"), ("C5", "+"), ("D5", "4"), ("F5", "7")]:
        place(board, name, text)
    board.locator(".mp-action-play").click()
    expect(board.locator(".mp-score-value").first).to_have_text("14")
    background = board.evaluate("node => getComputedStyle(node).backgroundColor")
    channels = [int(x) for x in background[background.index("(") + 1 : -1].split(",")[:3]]
    assert sum(channels) < 200, f"the board should be dark in the dark theme: {background}"
    board.screenshot(path=str(docs_images() / "summy-board-dark.png"))
    assert_accessible(page, "Summy mid-game, JupyterLab dark")
    # Windows high contrast (forced colours): every square, label and tile still there.
    page.emulate_media(forced_colors="active")
    board.screenshot(path=str(shots("browser") / "summy-forced-colours.png"))
    assert_accessible(page, "Summy mid-game, forced colours")


def test_mixmath_placement_and_refusal(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, lab, "mixmath.ipynb", MIXMATH)
    expect(square(board, "G4")).to_have_attribute("aria-label", "G4, plus square, empty")
    click_tile(board, "12")
    square(board, "G6").click()
    expect(board.locator(".mp-message-error")).to_contain_text("12")
    expect(square(board, "G6")).to_have_attribute("aria-label", "G6, plain square, empty")
    click_tile(board, "3")
    square(board, "G6").click()
    expect(board.locator(".mp-score-value").first).to_have_text("3")
    expect(square(board, "G6")).to_have_attribute("aria-label", "G6, plain square, 3, last move")
    board.locator(".mp-action-end").click()
    expect(board.locator(".mp-turn")).to_have_text("Player 2 to move")
    board.screenshot(path=str(docs_images() / "mixmath-board-light.png"))
    assert_accessible(page, "Mixmath mid-game, JupyterLab light")


def test_binary_line_with_a_blank(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, lab, "binary.ipynb", BINARY)
    expect(square(board, "A1")).to_have_attribute("aria-label", "A1, TW, triple word square, empty")
    for name, text in [("H8", "1"), ("I8", "+"), ("J8", "1"), ("K8", "="), ("L8", "1")]:
        place(board, name, text)
    click_tile(board, "?")
    square(board, "M8").click()
    board.locator('.mp-blank-choice[data-value="0"]').click()
    expect(square(board, "M8")).to_have_attribute(
        "aria-label", "M8, plain square, a blank as 0, 0 points, placed this turn, not played yet"
    )
    board.locator(".mp-action-play").click()
    expect(board.locator(".mp-score-value").first).not_to_have_text("0")
    expect(board.locator(".mp-log-line")).to_have_count(1)
    board.screenshot(path=str(docs_images() / "binary-board-light.png"))
    assert_accessible(page, "Binary mid-game, JupyterLab light")


def test_voila_shows_a_playable_board(page: Any, browser: Any) -> None:
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="board.ipynb")
    write_notebook(server.root / "board.ipynb", [SUMMY])
    with server:
        page.goto(server.url("board.ipynb"))
        board = page.locator(".mp-board-widget").first
        board.locator(".mp-square").last.wait_for(timeout=90_000)
        for name, text in [("B5", "3"), ("C5", "+"), ("D5", "4"), ("F5", "7")]:
            place(board, name, text)
        board.locator(".mp-action-play").click()
        expect(board.locator(".mp-score-value").first).to_have_text("14")


def test_a_computer_seat_moves_by_itself(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    source = (
        "from mathplay.widgets import play\n"
        "board = play('summy', seats=['computer:medium', 'human'], seed=4, size=9)\n"
        "board"
    )
    board = open_board(page, lab, "computer.ipynb", source)
    expect(board.locator(".mp-log-line")).to_have_count(1)
    expect(board.locator(".mp-turn")).to_have_text("You to move")
    expect(board.locator(".mp-message")).to_contain_text("Computer (medium): ")
    board.locator(".mp-action-pass").click()
    expect(board.locator(".mp-log-line")).to_have_count(3)
    expect(board.locator(".mp-turn")).to_have_text("You to move")


def test_a_finished_game_shows_the_outcome_and_a_chart(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    source = (
        "from mathplay.widgets import play\n"
        "board = play('summy', seats=['computer', 'computer'], seed=4, size=9,"
        " threaded=False)\n"
        "board"
    )
    board = open_board(page, lab, "over.ipynb", source)
    expect(board.locator(".mp-message-over")).to_contain_text("wins with")
    expect(board.locator(".mp-over-text")).to_have_count(0)  # said once, in the message
    expect(board.locator(".mp-turn")).to_have_text("Game over")
    expect(board.locator(".mp-chart polyline")).to_have_count(2)
    expect(board.locator(".mp-action-play")).to_be_disabled()
    board.screenshot(path=str(docs_images() / "summy-game-over.png"))
    assert_accessible(page, "a finished game with its chart, JupyterLab light")
    square(board, "I9").click()
    expect(board.locator(".mp-message")).to_have_text(
        "The game is over: press New game to play again."
    )
    expect(board.locator(".mp-over-text")).to_contain_text("wins with")


def test_hint_and_the_new_game_panel(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    board = open_board(page, lab, "panel.ipynb", SUMMY)
    board.locator(".mp-action-hint").click()
    expect(board.locator(".mp-message-hint")).not_to_be_empty()
    board.locator(".mp-action-new").click()
    panel = board.locator(".mp-options-form")
    expect(panel.locator(".mp-option-seat3")).to_be_hidden()
    panel.locator(".mp-option-players select").select_option(label="3")
    expect(panel.locator(".mp-option-seat3")).to_be_visible()
    panel.locator(".mp-option-seat3 select").select_option(label="Computer (easy)")
    panel.locator(".mp-option-size select").select_option(label="11")
    panel.locator(".mp-start").click()
    expect(board.locator(".mp-square")).to_have_count(121)
    expect(board.locator(".mp-score")).to_have_count(3)
    expect(board.locator(".mp-score-name").nth(2)).to_contain_text("Computer (easy)")
    expect(panel).to_have_count(0)


def test_summy_board_in_notebook_7(page: Any, notebook7: Server) -> None:
    """Notebook 7 (the classic-style interface): the board renders and plays."""
    from playwright.sync_api import expect

    from tests.browser.labserver import wait_for_idle_kernel

    write_notebook(notebook7.root / "summy-nb7.ipynb", [SUMMY])
    page.goto(notebook7.url("summy-nb7.ipynb"))
    page.locator(".jp-Notebook").first.wait_for()
    wait_for_idle_kernel(notebook7, "summy-nb7.ipynb")
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    board = page.locator(".mp-board-widget").first
    board.locator(".mp-square").last.wait_for()
    for name, text in [("B5", "3"), ("C5", "+"), ("D5", "4"), ("F5", "7")]:
        place(board, name, text)
    board.locator(".mp-action-play").click()
    expect(board.locator(".mp-score-value").first).to_have_text("14")
    expect(board.locator(".mp-log-line")).to_have_text(
        ["1. Player 1: 3 + 4 = 7 across from B5, +14"]
    )
    # Notebook 7's own start-up code reports a settings-schema error in this temporary
    # home; only errors from anything else (the board's code) would be ours.
    assert [e for e in page.errors if "notebook_core" not in e] == []


TIMED = """
import time
from mathplay.classroom.shared_games import SharedGame
from mathplay.widgets.play_with import play_with

class OneGame:
    '''The class's game service for ana, with 13 seconds left for her move.'''
    shared = SharedGame.new("g1", "summy", ["ana", "ben"], 21, size=9)
    def start(self, game, classmates, **options):
        return {**self.shared.view_for("ana"), "seconds_left": 13}
    def view(self, game_id, version=None):
        time.sleep(600 if version is not None else 0)
        return {**self.shared.view_for("ana"), "seconds_left": 13}
    def games(self):
        return []
    def move(self, game_id, notation, version):
        return self.shared.play("ana", notation, version)

board = play_with("ben", "summy", service=OneGame())
board
"""


def test_a_timed_move_counts_down_and_says_when_ten_seconds_are_left(
    page: Any, lab: Server
) -> None:
    """A tournament's time per move on the board: a countdown the eye reads (role
    timer, not read out each second), marked when short, said aloud at 10 s."""
    from playwright.sync_api import expect

    board = open_board(page, lab, "timed.ipynb", TIMED)
    timer = board.locator(".mp-timer")
    expect(timer).to_have_attribute("role", "timer")
    expect(timer).to_have_text(re.compile(r"^Time left for this move: 0:1[0-3]$"))
    expect(timer).to_have_text("Time left for this move: 0:09", timeout=10_000)
    expect(timer).to_have_class(re.compile("mp-timer-short"))
    expect(board.locator(".mp-announce")).to_have_text("10 seconds left for this move.")
    board.screenshot(path=str(shots("browser") / "timed-move.png"))
    assert_accessible(page, "a timed move, JupyterLab light")
    # Playing stops it: the board is the other pupil's turn, with no countdown.
    board.locator(".mp-action-pass").click()
    expect(timer).to_be_hidden()
