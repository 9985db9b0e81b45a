"""Focus that stays and one live region that says each change once (issue 74, points 4
and 6), in Voilà with a keyboard only.

- A button that replaces itself (Review, "Player 1 is ready", "Start the new game") hands
  the focus on to the next control a pupil needs (never ``<body>``, where a screen
  reader starts again at the top of the page), and the change is said.
- The board has one live region; the turn line is not a second one ("You to move" was
  said 8 times in one turn); Escape says in words that the tiles went back, and the
  keys line names it; a hinted square says "hint" once.

What would be said is recorded in the page: a ``MutationObserver`` on every live region
of the boards writes down each text a region shows after a change, in order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.labserver import Server, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("focus")

NOTEBOOK = """
from IPython.display import display
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.games.summy import Summy
from mathplay.widgets import BinaryBoard, SummyBoard
EMPTY9 = "\\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
HUMANS = ["human", "human"]
HANDS = ["1 + 1 = 1 0 x / ?", "1 0 1 0 = = 1 +"]

def summy():
    return SummyBoard(Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1), HUMANS,
                      threaded=False)

def place(board, square, token):
    hand = board.game.hands[board.game.to_move]
    used = {i for i, _t in board._tentative.values()}
    board.click_tile(next(i for i, t in enumerate(hand) if t == token and i not in used))
    board.click_square(*square)

handover = BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=HANDS), HUMANS, threaded=False,
                       handover=True)
handover.add_class("t-handover")
reviewed = summy()
for square, tile in [((4, 1), "3"), ((4, 2), "+"), ((4, 3), "4"), ((4, 5), "7")]:
    place(reviewed, square, tile)
reviewed.press("play")
reviewed.add_class("t-review")
keys = summy()
keys.add_class("t-keys")
hinted = summy()
for _level in range(3):
    hinted.press("hint")
hinted.add_class("t-hint")
display(handover, reviewed, keys, hinted)
"""

# Every text a live region of the boards shows after a change, in order, as
# [region's class, text]; started before the pupil does anything.
LISTEN = """() => {
  window.said = [];
  const regions = document.querySelectorAll(
    ".mp-board-widget [aria-live], .mp-board-widget [role=status], .mp-board-widget [role=alert]");
  for (const region of regions) {
    new MutationObserver(() => {
      const text = region.textContent.trim();
      if (text) window.said.push([region.className, text]);
    }).observe(region, {childList: true, characterData: true, subtree: true});
  }
  return regions.length;
}"""

FOCUSED = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return "body";
  return node.className + " | " + (node.getAttribute("aria-label") || node.textContent.trim());
}"""


@pytest.fixture(scope="module")
def voila(browser: Any) -> Iterator[Server]:
    server = Server(kind="voila", notebook="focus.ipynb")
    write_notebook(server.root / "focus.ipynb", [NOTEBOOK])
    with server:
        yield server


@pytest.fixture
def boards(browser: Any, voila: Server) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.goto(voila.url("focus.ipynb"))
    page.locator(".t-hint .mp-hint-tile").first.wait_for(timeout=120_000)
    yield page
    context.close()


def said(page: Any) -> list[str]:
    return [text for _region, text in page.evaluate("() => window.said")]


def press_button(page: Any, button: Any) -> None:
    """Focus ``button`` as Tab would and press Enter on it."""
    button.focus()
    page.keyboard.press("Enter")


def test_buttons_that_go_hand_the_focus_on_and_say_what_changed(boards: Any) -> None:
    from playwright.sync_api import expect

    page = boards
    page.evaluate(LISTEN)

    # "Player 1 is ready": the button goes, the tiles come; the focus is on the first tile.
    board = page.locator(".t-handover")
    press_button(page, board.get_by_role("button", name="Player 1 is ready"))
    expect(board.locator(".mp-tile").first).to_be_focused()
    expect(board.locator(".mp-announce")).to_contain_text("Player 1, here are your tiles")

    # Review: the game's buttons go, the review's come; the focus is on one of them.
    board = page.locator(".t-review")
    press_button(page, board.get_by_role("button", name="Review"))
    expect(board.locator(".mp-action-review_close")).to_be_visible()
    focused = page.evaluate(FOCUSED)
    assert re.search(r"mp-action-review_(next|back|close)", focused), focused
    expect(board.locator(".mp-announce")).to_contain_text("Move 1 of 1")
    # Back to the game: the review's buttons go; the focus goes back to the board.
    press_button(page, board.get_by_role("button", name="Back to the game"))
    expect(board.locator(".mp-square.mp-cursor")).to_be_focused()
    expect(board.locator(".mp-announce")).to_contain_text("Back to the game")

    # New game, then "Start the new game": the panel goes; the focus is on the board,
    # and a new game is said.
    board = page.locator(".t-keys")
    press_button(page, board.get_by_role("button", name="New game"))
    start = board.get_by_role("button", name="Start the new game")
    expect(start).to_be_visible()
    press_button(page, start)
    expect(start).to_be_hidden()
    expect(board.locator(".mp-square.mp-cursor")).to_be_focused()
    expect(board.locator(".mp-announce")).to_contain_text("new game")
    page.screenshot(path=str(SHOTS / "after-new-game.png"), full_page=True)
    print("said:", said(page))


def test_one_live_region_says_each_change_once(boards: Any) -> None:
    from playwright.sync_api import expect

    page = boards
    for board in page.locator(".mp-board-widget").all():
        live = board.locator("[aria-live], [role=status], [role=alert], [role=log]")
        assert live.count() == 1, board.evaluate("b => b.querySelectorAll('[aria-live]').length")
        assert board.locator(".mp-turn[aria-live]").count() == 0
    page.evaluate(LISTEN)

    # A turn by keyboard: the cursor to B5, three tiles typed, Escape, then typed again.
    board = page.locator(".t-keys")
    expect(board.locator(".mp-keys")).to_contain_text("Escape")
    board.locator(".mp-square.mp-cursor").focus()
    for key in ["ArrowLeft"] * 3 + ["3", "+", "4"]:
        page.keyboard.press(key)
    expect(board.locator(".mp-square.mp-tentative")).to_have_count(3)
    page.keyboard.press("Escape")
    expect(board.locator(".mp-square.mp-tentative")).to_have_count(0)
    expect(board.locator(".mp-announce")).to_contain_text("back in your hand")
    # To B5 from the row's edge, wherever Escape left the cursor, then 3 + 4 = 7.
    for key in ["ArrowLeft"] * 8 + ["ArrowRight", "3", "+", "4", "7"]:
        page.keyboard.press(key)
    expect(board.locator(".mp-square.mp-tentative")).to_have_count(4)
    page.keyboard.press("Enter")
    expect(board.locator(".mp-announce")).to_contain_text("3 + 4 = 7")
    page.wait_for_timeout(500)
    heard = said(page)
    print("said:", heard)
    to_move = [text for text in heard if "to move" in text]
    assert len(to_move) <= 1, heard
    assert len(heard) == len([t for i, t in enumerate(heard) if i == 0 or heard[i - 1] != t]), (
        f"a text said twice in a row: {heard}"
    )

    # A hinted square's name says "hint" once.
    names = page.locator(".t-hint .mp-square.mp-hinted").evaluate_all(
        "nodes => nodes.map((n) => n.getAttribute('aria-label'))"
    )
    assert names, "no hinted square"
    for name in names:
        assert len(re.findall(r"\bhint\b", name)) == 1, name
