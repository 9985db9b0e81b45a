"""The binary cards in a real JupyterLab at 1024×768 and 1366×768 (and in Voilà): cards
flipped by mouse and by keyboard, "make 5" done, what the screen says and where the cards
are. Screenshots land in ``test-results/cards/``."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.axe import assert_accessible
from tests.browser.labserver import Server, run_all, write_notebook
from tests.browser.screen import inside
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SCREENS = shots("cards")
LOG = "cards-progress.jsonl"
CELLS = ["import mathplay", f"mathplay.BinaryCards(log={LOG!r})"]
# Boxes as [left, top, right, bottom] in the window.
MEASURE = """widget => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  return {
    window: [0, 0, window.innerWidth, window.innerHeight],
    panel: box(widget.closest('.jp-WindowedPanel-outer') || document.body),
    cards: Array.from(widget.querySelectorAll('.mp-card')).map(box),
    labels: Array.from(widget.querySelectorAll('.mp-card-label')).map(box),
    actions: box(widget.querySelector('.mp-cards-actions')),
    sum: box(widget.querySelector('.mp-cards-sum')),
    feedback: box(widget.querySelector('.mp-cards-feedback')),
  };
}"""


def attempts(path: Path, count: int, timeout: float = 20.0) -> list[dict[str, Any]]:
    """The attempts in the log, once there are ``count`` of them."""
    deadline = time.monotonic() + timeout
    rows: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        if path.exists():
            rows = [json.loads(line) for line in path.read_text().splitlines()]
            if len(rows) >= count:
                return rows
        time.sleep(0.2)
    raise AssertionError(f"{count} attempts expected in {path}, found {rows}")


def show_file_browser(page: Any, shown: bool) -> None:
    from playwright.sync_api import expect

    if page.locator("#jp-left-stack").is_visible() != shown:
        page.locator('.jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id="filebrowser"]').click()
    expect(page.locator("#jp-left-stack")).to_be_visible(visible=shown)


def check_fits(widget: Any, window: str) -> dict[str, Any]:
    """Scroll the widget to the top of the notebook; every card, its label, the sum and
    Check are inside the window and the notebook panel."""
    widget.evaluate("w => w.closest('.jp-OutputArea-output').scrollIntoView({block: 'start'})")
    widget.page.wait_for_timeout(300)  # the scroll
    box = widget.evaluate(MEASURE)
    print(window, {k: v for k, v in box.items() if k in ("panel", "cards", "actions")})
    assert len(box["cards"]) == 5
    for part in [*box["cards"], *box["labels"], box["actions"], box["sum"]]:
        assert inside(part, box["window"]), f"{part} is not in the {window} window"
        assert inside(part, box["panel"]), f"{part} is not in the notebook {box['panel']}"
    widths = {round(card[2] - card[0]) for card in box["cards"]}
    assert len(widths) == 1 and min(widths) >= 60, widths  # one size, big enough to tap
    lefts = [card[0] for card in box["cards"]]
    assert lefts == sorted(lefts), "the cards are in one row, 16 on the left"
    return box


def test_make_5_with_mouse_and_keyboard(browser: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    log = lab.root / LOG
    log.unlink(missing_ok=True)
    SCREENS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    write_notebook(lab.root / "cards.ipynb", CELLS)
    page.goto(lab.url("cards.ipynb"))
    run_all(page)
    widget = page.locator(".mp-cards-widget")
    cards = widget.locator("button.mp-card")
    expect(cards).to_have_count(5)
    show_file_browser(page, True)  # the narrower notebook: about 700 px

    # Each card is a toggle button with a name; every card starts face down.
    sixteen = widget.get_by_role("button", name="Card with 16 dots, face down")
    expect(sixteen).to_have_attribute("aria-pressed", "false")
    expect(widget.locator(".mp-card-label")).to_have_text(
        ["16 dots", "8 dots", "4 dots", "2 dots", "1 dot"]
    )
    expect(widget.locator(".mp-card-back-text").first).to_have_text("face down")
    expect(widget.locator(".mp-cards-prompt")).to_have_text(
        "Make 5 with the cards, then press Check."
    )
    expect(widget.locator(".mp-cards-sum")).to_have_text("0")
    expect(widget.get_by_role("group", name="Binary cards")).to_be_visible()
    # Each card holds its dots, all of them (shown when it is face up).
    expect(cards.nth(0).locator("circle")).to_have_count(16)
    expect(cards.nth(4).locator("circle")).to_have_count(1)
    expect(cards.nth(0).locator(".mp-card-face")).to_be_hidden()

    # No name yet: the box asks for it, and a check waits for it, then counts.
    name = widget.get_by_role("textbox", name="Your name")
    expect(name).to_be_visible()
    check = widget.get_by_role("button", name="Check", exact=True)
    check.click()
    feedback = widget.locator(".mp-cards-feedback")
    expect(feedback).to_contain_text("Who are you? Write your name in the box at the top")
    expect(feedback).to_have_attribute("aria-live", "polite")
    name.fill("Ana")
    name.press("Enter")
    expect(feedback).to_contain_text("✗ Not yet.")  # the cards that waited: 0, not 5

    # By mouse: the 8 card up; a wrong check explains the pupil's own cards.
    cards.nth(1).click()
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(1)).to_have_accessible_name("Card with 8 dots, face up")
    expect(widget.locator(".mp-cards-sum")).to_have_text("8")
    expect(widget.locator(".mp-cards-bits")).to_have_text("01000")
    check.click()
    expect(feedback).to_contain_text("✗ Not yet.")
    expect(feedback).to_contain_text(
        "Your cards show 8, and you need 5. The 8-dot card alone has more than 5 dots"
    )
    assert "00101" not in feedback.inner_text()
    page.screenshot(path=str(SCREENS / "cards-1024x768-wrong.png"))
    assert_accessible(page, "the cards, a wrong answer explained")
    cards.nth(1).click()
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "false")

    # By keyboard: Tab from the name box to the first card, Tab on to the 4 card, Space
    # turns it; the arrow keys move to the 1 card, Space turns it. The focus stays.
    name.focus()
    page.keyboard.press("Tab")
    expect(cards.nth(0)).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(cards.nth(2)).to_be_focused()
    page.keyboard.press("Space")
    expect(cards.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(2)).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(cards.nth(4)).to_be_focused()
    page.keyboard.press("Space")
    expect(cards.nth(4)).to_have_accessible_name("Card with 1 dot, face up")
    page.keyboard.press("ArrowLeft")
    expect(cards.nth(3)).to_be_focused()
    expect(widget.locator(".mp-cards-sum")).to_have_text("4 + 1 = 5")
    expect(widget.locator(".mp-cards-bits")).to_have_text("00101")
    expect(widget.locator(".mp-card-bit")).to_have_text(["0", "0", "1", "0", "1"])
    pressed = [cards.nth(i).get_attribute("aria-pressed") for i in range(5)]
    assert pressed == ["false", "false", "true", "false", "true"]
    expect(cards.nth(2).locator(".mp-card-face")).to_be_visible()
    expect(cards.nth(1).locator(".mp-card-back-text")).to_be_visible()
    outline = cards.nth(3).evaluate("n => getComputedStyle(n).outlineStyle")
    assert outline == "solid", "the card with the keyboard focus is outlined"
    page.screenshot(path=str(SCREENS / "cards-1024x768-keyboard.png"))

    check.click()
    expect(feedback).to_contain_text("✓ Right!")
    expect(feedback).to_contain_text("4 + 1 = 5. In binary 5 is 00101")
    next_button = widget.get_by_role("button", name="Next challenge", exact=True)
    expect(next_button).to_be_focused()  # Check is gone: the focus moved on
    assert_accessible(page, "the cards, a right answer")
    rows = attempts(log, 3)
    assert [(r["who"], r["puzzle"], r["answer"], r["right"]) for r in rows] == [
        ("Ana", "make-5", "00000", False),
        ("Ana", "make-5", "01000", False),
        ("Ana", "make-5", "00101", True),
    ]

    check_fits(widget, "1024x768")
    page.screenshot(path=str(SCREENS / "cards-1024x768.png"))
    widget.screenshot(path=str(SCREENS / "cards-widget-1024x768.png"))

    page.set_viewport_size({"width": 1366, "height": 768})
    check_fits(widget, "1366x768")
    page.screenshot(path=str(SCREENS / "cards-1366x768.png"))

    # The next challenge: the cards are face down again, the heading says which one.
    next_button.click()
    expect(widget.locator(".mp-cards-heading")).to_have_text("Challenge 2 of 8: Make 7")
    expect(cards.nth(2)).to_have_attribute("aria-pressed", "false")
    show_file_browser(page, False)
    page.set_viewport_size({"width": 1024, "height": 768})
    check_fits(widget, "1024x768, no file browser")
    assert errors == []
    context.close()


def test_a_question_and_eight_cards_fit(browser: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    cells = [
        "import mathplay",
        "mathplay.BinaryCards(['one way 6'], log=None)",
        "mathplay.BinaryCards([], n=8, log=None)",
    ]
    write_notebook(lab.root / "cards-more.ipynb", cells)
    page.goto(lab.url("cards-more.ipynb"))
    run_all(page)
    one_way, eight = (
        page.locator(".mp-cards-widget").nth(0),
        page.locator(".mp-cards-widget").nth(1),
    )
    expect(eight.locator("button.mp-card")).to_have_count(8)
    show_file_browser(page, True)
    for index in (2, 3):
        one_way.locator("button.mp-card").nth(index).click()
    expect(one_way.locator(".mp-cards-sum")).to_have_text("4 + 2 = 6")
    one_way.get_by_role("button", name="Check", exact=True).click()
    answers = one_way.get_by_role("group", name="Choose your answer")
    expect(answers.get_by_role("button")).to_have_text(["Yes", "No"])
    expect(answers.get_by_role("button", name="Yes")).to_be_focused()
    answers.get_by_role("button", name="No").click()
    expect(one_way.locator(".mp-cards-feedback")).to_contain_text(
        "There is only one way to make 6."
    )
    eight.get_by_role("button", name="Card with 128 dots, face down").click()
    expect(eight.locator(".mp-cards-sum")).to_have_text("128")
    eight.evaluate("w => w.closest('.jp-OutputArea-output').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    box = eight.evaluate(MEASURE)
    assert len(box["cards"]) == 8
    for card in box["cards"]:
        assert inside(card, box["panel"]) and inside(card, box["window"]), card
    labels = eight.locator(".mp-card-label")
    for index in range(8):  # each label is inside its card's width, whole
        label = labels.nth(index).evaluate(
            "n => [n.scrollWidth <= n.clientWidth, n.getBoundingClientRect().left,"
            " n.getBoundingClientRect().right]"
        )
        assert label[0] and box["cards"][index][0] - 1 <= label[1], (index, label)
        assert label[2] <= box["cards"][index][2] + 1, (index, label)
    page.screenshot(path=str(SCREENS / "cards-8-1024x768.png"))
    one_way.screenshot(path=str(SCREENS / "cards-one-way.png"))
    context.close()


def test_voila_shows_the_cards(page: Any, browser: Any) -> None:
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="cards.ipynb")
    write_notebook(
        server.root / "cards.ipynb", ["import mathplay", "mathplay.BinaryCards(log=None)"]
    )
    with server:
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(server.url("cards.ipynb"))
        widget = page.locator(".mp-cards-widget")
        widget.locator("button.mp-card").last.wait_for(timeout=90_000)
        widget.locator("button.mp-card").nth(2).click()
        widget.locator("button.mp-card").nth(4).focus()
        page.keyboard.press("Enter")
        expect(widget.locator(".mp-cards-sum")).to_have_text("4 + 1 = 5")
        widget.get_by_role("button", name="Check", exact=True).click()
        expect(widget.locator(".mp-cards-feedback")).to_contain_text("✓ Right!")
        page.screenshot(path=str(SCREENS / "cards-voila-1024x768.png"))


def test_the_cards_in_the_dark_theme(browser: Any, dark_lab: Server) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    write_notebook(dark_lab.root / "cards-dark.ipynb", ["import mathplay", CELLS[1]])
    page.goto(dark_lab.url("cards-dark.ipynb"))
    run_all(page)
    widget = page.locator(".mp-cards-widget")
    cards = widget.locator("button.mp-card")
    expect(cards).to_have_count(5)
    cards.nth(0).click()
    cards.nth(3).click()
    expect(widget.locator(".mp-cards-sum")).to_have_text("16 + 2 = 18")
    colours = widget.evaluate(
        """w => {
          const look = (n) => getComputedStyle(n);
          const up = w.querySelector('.mp-card-up'), down = w.querySelector('.mp-card-down');
          const dot = w.querySelector('.mp-card-up circle');
          return {up: look(up).backgroundColor, dot: look(dot).fill,
                  down: look(down).backgroundImage, text: look(w).color};
        }"""
    )
    assert colours["up"] != colours["dot"], colours  # the dots show on the card
    assert "repeating-linear-gradient" in colours["down"], colours  # stripes face down
    widget.get_by_role("textbox", name="Your name").fill("Ana")
    widget.get_by_role("textbox", name="Your name").press("Enter")
    widget.get_by_role("button", name="Check", exact=True).click()
    expect(widget.locator(".mp-cards-feedback")).to_contain_text("Not yet")
    page.screenshot(path=str(SCREENS / "cards-dark-1024x768.png"))
    assert_accessible(page, "the cards, dark theme, a wrong answer")
    context.close()
