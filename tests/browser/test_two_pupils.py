"""Two pupils on one screen, and by turns through a game code, in a real browser
(JupyterLab, 1024×768): the hand-over screen hides the rack (no tile in the page), the
button shows it; the New game panel gives this game's code and opens a friend's."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.labserver import Server, open_and_run_all, run_all, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("two-pupils")
CELL = """
import mathplay
board = mathplay.play("summy", seats=["human", "human"], names=["Ana", "Ben"], seed=3, size=9)
board
"""


def test_the_hand_over_screen_and_the_game_code(page: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1024, "height": 768})
    write_notebook(lab.root / "two-pupils.ipynb", [CELL])
    page.goto(lab.url("two-pupils.ipynb"))
    run_all(page)
    board = page.locator(".mp-board-widget").first
    board.locator(".mp-square").last.wait_for(timeout=90_000)
    message = board.locator(".mp-message")
    expect(message).to_contain_text("Ana's turn: press the button when Ana is ready.")
    expect(board.locator(".mp-hand-title")).to_have_text("Ana's tiles are hidden")
    assert board.locator(".mp-hand .mp-tile").count() == 0  # not in the page at all
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hand-over-1024x768.png"))
    assert_accessible(page, "the hand-over screen, JupyterLab light")
    board.locator(".mp-square").first.click()
    expect(message).to_have_text("First press “Ana is ready”.")
    board.get_by_role("button", name="Ana is ready").click()
    expect(board.locator(".mp-hand .mp-tile")).to_have_count(8)
    expect(message).to_have_text("Ana, here are your tiles. It is your turn.")
    board.get_by_role("button", name="Pass").click()
    expect(board.locator(".mp-hand-title")).to_have_text("Ben's tiles are hidden")
    assert board.locator(".mp-hand .mp-tile").count() == 0
    # The New game panel: this game's code, to send to a friend.
    board.get_by_role("button", name="New game").click()
    code_box = board.get_by_label("This game's code: copy it and send it to your friend")
    expect(code_box).to_have_value(re.compile(r"^MP2-[0-9A-Z-]+$"), timeout=30_000)
    code_box.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "game-code-panel-1024x768.png"))
    assert_accessible(page, "the New game panel with the game code, JupyterLab light")
    code = code_box.input_value()
    # A friend's code (here this game's own): opened on the board, every move checked.
    board.get_by_label("A game code from your friend").fill(code)
    board.get_by_role("button", name="Open the game in the code").click()
    expect(message).to_contain_text("Here is the game from the code. Ben to move.")
    expect(board.locator(".mp-hand-title")).to_have_text("Ben's tiles are hidden")
    # A code with a letter changed is refused in words, and the game stays.
    board.get_by_role("button", name="New game").click()
    changed = code[:-2] + ("11" if code.endswith("00") else "00")
    board.get_by_label("A game code from your friend").fill(changed)
    board.get_by_role("button", name="Open the game in the code").click()
    expect(message).to_contain_text("This game code is not right")
    expect(board.locator(".mp-log-line")).to_have_count(1)


@pytest.mark.parametrize("front_end", ["notebook", "voila"])
def test_the_hand_over_and_the_code_in_notebook_7_and_voila(browser: Any, front_end: str) -> None:
    """The same screens where pupils also meet a board: Notebook 7 and Voilà, at
    1024×768, 1366×768 and 150 % zoom: the rack hidden (no tile in the page) until
    "Ana is ready", then her 8 tiles; the New game panel's code, opened again."""
    from playwright.sync_api import expect

    from tests.browser.test_layout import WINDOWS

    name = "two-pupils-elsewhere.ipynb"
    server = Server(kind=front_end, notebook=name)
    write_notebook(server.root / name, [CELL])
    with server:
        for window, (width, height, _browser_open, zoom) in WINDOWS.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=zoom
            )
            page = context.new_page()
            open_and_run_all(page, server, name)
            board = page.locator(".mp-board-widget").first
            board.locator(".mp-square").last.wait_for(timeout=120_000)
            where = f"{front_end} at {window}"
            expect(board.locator(".mp-hand-title")).to_have_text("Ana's tiles are hidden")
            assert board.locator(".mp-hand .mp-tile").count() == 0, where
            board.get_by_role("button", name="Ana is ready").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"hand-over-{front_end}-{window}.png"))
            assert_accessible(page, f"the hand-over screen, {where}")
            board.get_by_role("button", name="Ana is ready").click()
            expect(board.locator(".mp-hand .mp-tile")).to_have_count(8)
            board.get_by_role("button", name="New game").click()
            code_box = board.get_by_label("This game's code: copy it and send it to your friend")
            expect(code_box).to_have_value(re.compile(r"^MP2-[0-9A-Z-]+$"), timeout=30_000)
            code_box.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"game-code-{front_end}-{window}.png"))
            assert_accessible(page, f"the New game panel with the game code, {where}")
            board.get_by_label("A game code from your friend").fill(code_box.input_value())
            board.get_by_role("button", name="Open the game in the code").click()
            expect(board.locator(".mp-message")).to_contain_text("Here is the game from the code")
            context.close()
