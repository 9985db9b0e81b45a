"""The review on the board in a real browser, at 1024×768 in JupyterLab: a game
of each kind played to the end, then "See what you could have played": the turn, the best
move outlined on the board and the reason in words; Next by the keyboard (Tab to the
button, Enter); "Try this turn again" and a move played on the copy (Summy)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.labserver import Server, run_all, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("review")
GAME = """
import mathplay
from mathplay.ai.players import make_player
from mathplay.tournament import play_game
from mathplay.widgets import {board}
game = play_game(mathplay.{cls}(seed=4), [make_player("easy", 1), make_player("medium", 2)])
board = {board}(game, ["human", "computer"])
board
"""
KINDS = {
    "summy": ("Summy", "SummyBoard"),
    "mixmath": ("Mixmath", "MixmathBoard"),
    "binary": ("Binary", "BinaryBoard"),
}


@pytest.mark.parametrize("name", list(KINDS))
def test_a_finished_game_reviewed_on_the_board(page: Any, lab: Server, name: str) -> None:
    from playwright.sync_api import expect

    cls, board_type = KINDS[name]
    page.set_viewport_size({"width": 1024, "height": 768})
    write_notebook(lab.root / f"review-{name}.ipynb", [GAME.format(cls=cls, board=board_type)])
    page.goto(lab.url(f"review-{name}.ipynb"))
    run_all(page)
    board = page.locator(".mp-board-widget").first
    board.locator(".mp-square").last.wait_for(timeout=90_000)
    board.get_by_role("button", name="See what you could have played").click()
    message = board.locator(".mp-message")
    expect(message).to_contain_text("The best there was:", timeout=30_000)
    expect(message).to_contain_text(re.compile(r"Move \d+ of \d+: you played"))
    expect(board.locator(".mp-turn, .mp-top").first).to_contain_text("Review: move")
    outlined = board.locator(".mp-square.mp-hinted")
    assert outlined.count() >= 1  # the best move, outlined on the board
    label = outlined.first.get_attribute("aria-label") or ""
    assert "the best move" in label or "hint" in label, label
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-review-1024x768.png"))
    assert_accessible(page, f"{name}, the review, JupyterLab light")
    # Try this turn again: the tiles of then come back to play; then back to the review.
    board.get_by_role("button", name="Try this turn again").click()
    expect(message).to_contain_text("Back to that turn, with the same tiles")
    expect(board.locator(".mp-square.mp-hinted")).to_have_count(0)  # find it yourself
    page.screenshot(path=str(SHOTS / f"{name}-try-again-1024x768.png"))
    board.get_by_role("button", name="Back to the review").click()
    expect(message).to_contain_text("You are back in the review.")
    said = message.inner_text()
    # Next by the keyboard: the button takes focus and Enter presses it.
    following = board.get_by_role("button", name="Next ▶")
    following.focus()
    page.keyboard.press("Enter")
    expect(message).not_to_have_text(said)
    # The game is not played on in the review: a click on the board is refused in words.
    board.locator(".mp-square").first.click()
    expect(message).to_contain_text("This is the review")
    board.get_by_role("button", name="Back to the game").click()
    expect(board.get_by_role("button", name="See what you could have played")).to_be_visible()


@pytest.mark.parametrize("front_end", ["notebook", "voila"])
def test_the_review_in_notebook7_and_voila_at_150_percent(browser: Any, front_end: str) -> None:
    """A 1366×768 screen at 150 % zoom (911×512 CSS pixels): the review opens, says the
    best move in words and outlines it, in Notebook 7 and in Voilà (code hidden)."""
    from playwright.sync_api import expect

    source = GAME.format(cls="Binary", board="BinaryBoard")
    server = Server(kind=front_end, notebook="review.ipynb")
    write_notebook(server.root / "review.ipynb", [source])
    context = browser.new_context(viewport={"width": 911, "height": 512}, device_scale_factor=1.5)
    page = context.new_page()
    try:
        with server:
            page.goto(server.url("review.ipynb"))
            if front_end == "notebook":
                page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
                page.wait_for_timeout(1500)  # the kernel starts
                page.locator(".jp-Notebook .jp-Cell").first.click()
                page.keyboard.press("Shift+Enter")
            board = page.locator(".mp-board-widget").first
            board.locator(".mp-square").last.wait_for(timeout=120_000)
            board.get_by_role("button", name="See what you could have played").click()
            message = board.locator(".mp-message")
            expect(message).to_contain_text("The best there was:", timeout=30_000)
            assert board.locator(".mp-square.mp-hinted").count() >= 1
            SHOTS.mkdir(parents=True, exist_ok=True)
            board.locator(".mp-message").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"binary-review-{front_end}-150.png"))
    finally:
        context.close()
