"""Reflow at 320 CSS px (WCAG 1.4.10, a 1280 px screen at 400 % zoom), issue 74 point 5.

- A 15 × 15 board in Voilà needs more than 320 px: it scrolls inside its own box, both
  ways, not cut off by the page (``overflow-x: hidden`` left columns L-O out of reach);
  the turn line, the Play button and the rack stay in view with it; moving the cursor to
  column O by keyboard scrolls the grid's box, not the page, and the row numbers stay.
- Every control of the board is at least 24 × 24 px, and its focus ring at least 2 px.
- The dashboard's pupil × puzzle grid, which scrolls sideways at 320 px, can be reached by
  keyboard (axe ``scrollable-region-focusable``) and has a name.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.axe import findings
from tests.browser.labserver import Server, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("reflow")

NOTEBOOK = """
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.widgets import BinaryBoard
HANDS = ["1 + 1 = 1 0 x / ?", "1 0 1 0 = = 1 +"]
board = BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=HANDS), ["human", "human"],
                    threaded=False)
board
"""

# Boxes [left, top, right, bottom] of the board's parts in the window, and the page's and
# the grid box's scrolling.
PARTS = """root => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const gridBox = root.querySelector(".mp-grid-box");
  const style = getComputedStyle(gridBox);
  const focused = document.activeElement;
  return {
    turn: box(root.querySelector(".mp-turn")),
    play: box(root.querySelector(".mp-action-play")),
    hand: box(root.querySelector(".mp-hand")),
    gridBox: box(gridBox),
    focused: focused.dataset.name || focused.className,
    focusedBox: box(focused),
    rowNumber: box([...root.querySelectorAll(".mp-coord")].find((n) => n.textContent === "8")),
    overflow: [style.overflowX, style.overflowY],
    scroll: [gridBox.scrollLeft, gridBox.scrollWidth, gridBox.clientWidth,
             gridBox.scrollHeight, gridBox.clientHeight],
    pageWidth: document.scrollingElement.scrollWidth,
    window: [window.innerWidth, window.innerHeight],
  };
}"""

# Every control of the board a pointer aims at, smaller than 24 × 24 px.
SMALL_TARGETS = """root => [...root.querySelectorAll(
    "button, select, summary, input, textarea, [tabindex='0']")]
  .filter((n) => n.getClientRects().length && !n.closest(".mp-grid"))
  .map((n) => [n.className || n.tagName, n.getBoundingClientRect()])
  .filter(([, r]) => r.width < 24 || r.height < 24)
  .map(([name, r]) => `${name}: ${Math.round(r.width)} x ${Math.round(r.height)}`)"""


def within(inner: list[float], outer: list[float]) -> bool:
    return (
        inner[0] >= outer[0] - 0.5
        and inner[1] >= outer[1] - 0.5
        and inner[2] <= outer[2] + 0.5
        and inner[3] <= outer[3] + 0.5
    )


@pytest.fixture
def narrow(browser: Any) -> Iterator[Any]:
    server = Server(kind="voila", notebook="reflow.ipynb")
    write_notebook(server.root / "reflow.ipynb", [NOTEBOOK])
    with server:
        context = browser.new_context(viewport={"width": 320, "height": 640})
        page = context.new_page()
        page.goto(server.url("reflow.ipynb"))
        page.locator(".mp-board-widget .mp-square").last.wait_for(timeout=120_000)
        yield page
        context.close()


def test_the_board_scrolls_inside_itself_at_320_px(narrow: Any) -> None:
    page = narrow
    board = page.locator(".mp-board-widget").first
    board.evaluate("root => root.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / "binary-320-start.png"))
    parts = board.evaluate(PARTS)
    print(json.dumps(parts))
    screen = [0, 0, *parts["window"]]
    assert parts["pageWidth"] <= 320, "the page scrolls sideways"
    assert parts["overflow"] == ["auto", "auto"], parts["overflow"]
    _left, scroll_width, client_width, _height, _shown = parts["scroll"]
    assert scroll_width > client_width, "the grid fits: nothing to scroll (not a test)"
    for part in ("turn", "play", "hand", "gridBox"):
        assert within(parts[part], screen), f"{part} is out of view: {parts[part]}"

    # The keyboard: the cursor from the start square H8 to O8, the last column.
    board.locator(".mp-square.mp-cursor").focus()
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    parts = board.evaluate(PARTS)
    print(json.dumps(parts))
    page.screenshot(path=str(SHOTS / "binary-320-column-O.png"))
    assert parts["focused"] == "O8"
    assert parts["scroll"][0] > 0, "the grid's box did not scroll"
    assert within(parts["focusedBox"], parts["gridBox"]), parts
    assert within(parts["focusedBox"], screen), parts
    for part in ("turn", "play", "hand", "rowNumber"):
        assert within(parts[part], screen), f"{part} went out of view: {parts[part]}"
    # The row number stays at the box's left edge, beside the squares it numbers.
    assert parts["rowNumber"][0] <= parts["gridBox"][0] + 8, parts["rowNumber"]
    assert parts["pageWidth"] <= 320

    # The wheel (and touch) scroll the box too: it is not overflow hidden.
    board.locator(".mp-grid-box").evaluate("box => { box.scrollLeft = 0; }")
    board.locator(".mp-grid-box").hover()
    page.mouse.wheel(200, 0)
    page.wait_for_timeout(300)
    assert board.locator(".mp-grid-box").evaluate("box => box.scrollLeft") > 0

    assert board.evaluate(SMALL_TARGETS) == []
    # The action buttons' focus ring: at least 2 px, by keyboard.
    board.locator(".mp-action-pass").focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [document.activeElement.className, s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert ring[1] != "none" and ring[2] >= 2, ring


def dashboard_page() -> str:
    """The class's page of the dashboard with its grid as the service sends it."""
    from mathplay.hub import dashboard

    records = [
        {
            "who": who,
            "set": "Equations",
            "puzzle": f"eq-{n}",
            "answer": "4",
            "right": n % 2 == 0,
            "question": "3 + _ = 7",
            "lesson": "01-equations",
        }
        for who in ("ana", "ben", "cai", "dora")
        for n in range(1, 13)
    ]
    grid, _news = dashboard.report(records, ["ana", "ben", "cai", "dora"], -1)
    page = dashboard.class_page("7b", ["01-equations"], None, "/services/mathplay-records/")
    # The script fetches the grid from the service; here it is put in place as it would.
    page = page.replace("<script>", "<script>window.fetch = () => new Promise(() => {});")
    marker = "<p>Loading the answers…</p>"
    assert marker in page
    return page.replace(marker, grid)


def test_the_dashboards_grid_scrolls_and_is_reached_by_keyboard(browser: Any) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.set_content(dashboard_page())
    live = page.locator("#mp-live")
    sideways = live.evaluate("n => [n.scrollWidth, n.clientWidth]")
    assert sideways[0] > sideways[1], f"the grid fits at 320 px: nothing to test {sideways}"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320
    found = findings(page, ["main"])
    print(json.dumps(found, indent=1)[:2000])
    assert [v["id"] for v in found if v["id"] == "scrollable-region-focusable"] == []
    assert live.get_attribute("tabindex") == "0"
    assert (live.get_attribute("aria-label") or "").strip()
    # By keyboard: Tab reaches it, and the arrows scroll it.
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "mp-live":
            break
    assert page.evaluate("document.activeElement.id") == "mp-live"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert live.evaluate("n => n.scrollLeft") > 0
    ring = live.evaluate(
        "n => [getComputedStyle(n).outlineStyle, getComputedStyle(n).outlineWidth]"
    )
    assert ring[0] != "none" and float(ring[1].rstrip("px")) >= 2, ring
    page.screenshot(path=str(SHOTS / "dashboard-320.png"), full_page=True)
    context.close()
