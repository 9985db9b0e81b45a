"""The board's layout in a real JupyterLab: it fits small school laptops, zooms, explains its
squares, and its chips' text fits.

Window sizes: 1024×768 and 1366×768 with JupyterLab's file browser open, and 150 % page
zoom on a 1366×768 screen; Notebook 7 and Voilà at the same sizes. Everything is measured
with bounding boxes after scrolling the board's output to the top of the notebook panel
(or of Voilà's window). The screenshots the docs show go to ``docs/images/`` only when
they are made on purpose (``tests/screenshots.py``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.labserver import Server, open_and_run_all, run_all, write_notebook
from tests.browser.screen import MEASURE, inside, overlap
from tests.screenshots import docs_images

pytestmark = pytest.mark.browser

# name: (width, height, file browser open, page zoom). 150 % page zoom on a 1366×768
# screen is a 911×512 CSS-pixel window drawn at 1.5 device pixels per CSS pixel.
WINDOWS = {
    "1024x768": (1024, 768, True, 1.0),
    "1366x768": (1366, 768, True, 1.0),
    "1366x768-150": (911, 512, False, 1.5),
}
LEGEND = {
    "summy": ["★"],
    "mixmath": ["★", "2×", "3×", "+", "−", "×", "÷"],
    "binary": ["★", "DL", "TL", "DW", "TW"],
}
SCREENSHOTS = {
    ("summy", "1024x768"): "board-1024x768.png",
    ("mixmath", "1024x768"): "board-1024x768-mixmath.png",
    ("binary", "1366x768"): "board-1366x768-binary.png",
    ("summy", "1366x768-150"): "board-1366x768-150-summy.png",
    ("mixmath", "1366x768-150"): "board-1366x768-150-mixmath.png",
}
BOX = "n => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
# Every filled square: the text's and the points' boxes, and whether the text overflows.
CHIPS = """board => Array.from(board.querySelectorAll('.mp-square.mp-filled')).map((sq) => {
  const box = (node) => {
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const text = sq.querySelector('.mp-tile-text');
  return {
    name: sq.dataset.name, label: text.textContent, square: box(sq), text: box(text),
    points: box(sq.querySelector('.mp-points')), scroll: text.scrollWidth,
    room: sq.clientWidth,
  };
})"""


def open_in_window(browser: Any, server: Server, name: str, cells: list[str], window: str):
    """A page of ``window`` size showing the notebook's boards, the file browser open or
    closed as that window size says, the first board's output scrolled to the top."""
    width, height, file_browser, zoom = WINDOWS[window]
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=zoom
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    write_notebook(server.root / name, cells)
    page.goto(server.url(name))
    run_all(page)
    boards = page.locator(".mp-board-widget")
    boards.first.locator(".mp-square").last.wait_for()
    page.locator(".mp-board-widget").nth(len(cells) - 1).locator(".mp-square").last.wait_for()
    if page.locator("#jp-left-stack").is_visible() != file_browser:
        tab = '.jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id="filebrowser"]'
        page.locator(tab).click()  # the open tab's button closes the sidebar, and opens it
    from playwright.sync_api import expect

    expect(page.locator("#jp-left-stack")).to_be_visible(visible=file_browser)
    scroll_to(boards.first)
    return context, page, boards


def scroll_to(board: Any) -> None:
    board.evaluate("b => b.closest('.jp-OutputArea-output').scrollIntoView({block: 'start'})")
    board.page.wait_for_timeout(300)  # the resize observer's frame, the scroll


def cell_size(board: Any) -> float:
    return float(board.locator(".mp-square").first.evaluate("n => n.offsetWidth"))


BOARDS = {
    "summy": "mathplay.play('summy', seed=3)",
    "mixmath": "mathplay.play('mixmath', seed=3)",
    "binary": "mathplay.play('binary', seed=3)",
}


@pytest.mark.parametrize("window", list(WINDOWS))
@pytest.mark.parametrize("board_name", list(BOARDS))
def test_the_whole_default_board_is_in_view(
    browser: Any, lab: Server, board_name: str, window: str
):
    from playwright.sync_api import expect

    game = board_name.removesuffix("15")
    source = f"import mathplay\n{BOARDS[board_name]}"
    context, page, boards = open_in_window(
        browser, lab, f"fit-{board_name}-{window}.ipynb", [source], window
    )
    board = boards.first
    box = board.evaluate(MEASURE)
    print(
        game,
        window,
        {k: v if k in ("cell", "coord") else [round(x) for x in v] for k, v in box.items()},
    )
    for part in ("grid", "hand", "primary", "message"):
        assert inside(box[part], box["panel"]), f"{part} {box[part]} is not in {box['panel']}"
    assert box["side"][0] >= box["grid"][2], "the side column sits beside the board"
    assert 24 <= box["cell"] <= 45 and box["coord"] >= 11
    # The keyboard cursor starts on the start square, where the first move goes.
    expect(board.locator('.mp-square[tabindex="0"]')).to_have_class(re.compile("mp-start-square"))
    # The legend names every kind of special square, in words.
    legend = board.locator(".mp-squares-legend-item")
    expect(legend.locator(".mp-squares-legend-swatch")).to_have_text(LEGEND[game])
    image = SCREENSHOTS.get((board_name, window))
    if image:
        page.screenshot(path=str(docs_images() / image))
    # The key is open when it fits on the screen down to its last line, else folded to its
    # "What the squares do" button, which opens it.
    title = board.locator(".mp-squares-legend-title")
    expect(title).to_have_text("What the squares do")
    if board.locator(".mp-squares-legend[open]").count():
        assert inside(box["legend"], box["panel"]), f"legend {box['legend']} not in the panel"
    else:
        print("legend folded")
        assert inside(title.evaluate(BOX), box["panel"])
        title.focus()
        page.keyboard.press("Enter")
        expect(legend.first).to_be_visible()
    if game == "binary":
        expect(legend.nth(3)).to_have_text("DW double word: the whole line scores twice")
    if game == "mixmath":
        expect(legend.nth(3)).to_contain_text("must be a sum")
        expect(board.locator(".mp-squares-legend-note")).to_have_text(
            "After a tile on a sign square you may draw one extra tile."
        )
        # Nothing to end yet: the primary button is disabled, looks it and says it.
        end = board.locator(".mp-action-end")
        expect(end).to_be_disabled()
        expect(end).to_have_attribute("aria-disabled", "true")
        expect(end).to_have_css("cursor", "not-allowed")
        exchange = board.locator(".mp-action-exchange")
        expect(exchange).to_have_attribute("aria-disabled", "false")
        colours = [b.evaluate("n => getComputedStyle(n).backgroundColor") for b in (end, exchange)]
        assert colours[0] != colours[1]
    assert page.errors == []
    context.close()


TILES = {
    # Every chip that has a long label or points; Mixmath's longest numbers (and 100, in
    # case a variant ever makes one); Summy's signs.
    "binary": ["AND", "OR", "NOT", "XOR", "x", "/", "?AND", "?1", "1", "=", "-"],
    "mixmath": ["100", "90", "63", "7", "?12", "?5", "0"],
    "summy": ["1", "+", "x", ":", "=", "-"],
}


@pytest.mark.parametrize("game", ["binary", "mixmath", "summy"])
def test_chip_text_fits_its_square(browser: Any, lab: Server, game: str) -> None:
    from playwright.sync_api import expect

    source = (
        "import mathplay\n"
        "from mathplay.widgets import view\n"
        f"board = mathplay.play({game!r}, seed=3)\n"
        "cells = list(board.view['cells'])\n"
        f"for i, token in enumerate({TILES[game]!r}):\n"
        "    cells[i] = view.tile_entry(token, board.show, board.points)\n"
        "board.view = {**board.view, 'cells': cells}\n"
        "board"
    )
    context, _page, boards = open_in_window(
        browser, lab, f"chips-{game}.ipynb", [source], "1024x768"
    )
    board = boards.first
    expect(board.locator(".mp-square.mp-filled .mp-tile-text").first).to_have_text(re.compile("."))
    # At the fitted size, then at the smallest square the fit ever makes.
    for size in (None, 24):
        if size is not None:
            board.evaluate(f"b => b.style.setProperty('--mp-cell', '{size}px')")
        chips = board.evaluate(CHIPS)
        assert len(chips) >= len(TILES[game])
        for chip in chips:
            where = f"{chip['label']} on {chip['name']} ({size or 'fitted'} px)"
            assert chip["scroll"] <= chip["room"], where
            assert inside(chip["text"], chip["square"]), where
            if chip["points"]:
                assert inside(chip["points"], chip["square"]), where
                assert not overlap(chip["text"], chip["points"]), where
    board.evaluate("b => b.style.removeProperty('--mp-cell')")
    if game == "binary":
        board.locator(".mp-grid").screenshot(path=str(docs_images() / "binary-chips.png"))
    context.close()


def test_zoom_changes_the_squares_and_is_remembered(browser: Any, lab: Server) -> None:
    from playwright.sync_api import expect

    cells = [
        "import mathplay\na = mathplay.play('summy', seed=3)\na",
        "b = mathplay.play('summy', seed=4)\nb",
    ]
    context, page, boards = open_in_window(browser, lab, "zoom.ipynb", cells, "1024x768")
    first, second = boards.nth(0), boards.nth(1)
    fitted = cell_size(first)
    zoom = first.locator(".mp-zoom")
    expect(zoom).to_have_attribute("aria-label", "Board size")
    expect(zoom.locator(".mp-zoom-value")).to_have_text("100 %")
    zoom.get_by_role("button", name="Bigger board").click()
    expect(zoom.locator(".mp-zoom-value")).to_have_text("110 %")
    assert cell_size(first) > fitted
    for _ in range(5):  # below the fitted size, for a projector at 150 % page zoom
        zoom.get_by_role("button", name="Smaller board").click()
    expect(zoom.locator(".mp-zoom-value")).to_have_text("60 %")
    smaller = cell_size(first)
    assert smaller < 28
    assert cell_size(second) == smaller  # the other board of the same game follows
    # A new board in the same page starts at the zoom chosen.
    second.evaluate("b => { b.dataset.old = 'yes'; }")
    page.locator(".jp-Cell").nth(1).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    fresh = page.locator(".mp-board-widget:not([data-old])").nth(1)
    fresh.locator(".mp-square").last.wait_for()
    expect(fresh.locator(".mp-zoom-value")).to_have_text("60 %")
    assert cell_size(fresh) == smaller
    assert page.errors == []
    context.close()


BINARY = """
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.widgets import BinaryBoard
board = BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=["1 + 1 = 1 0 AND 0 ?", "1 0"]))
board
"""


def test_typing_moves_the_cursor_on_and_a_blank_is_a_row_of_buttons(
    browser: Any, lab: Server
) -> None:
    from playwright.sync_api import expect

    context, page, boards = open_in_window(browser, lab, "keys.ipynb", [BINARY], "1366x768")
    board = boards.first

    def square(name: str) -> Any:
        return board.locator(f'.mp-square[data-name="{name}"]')

    square("H8").click()  # no tile picked: the cursor moves, and no error
    expect(board.locator(".mp-message")).to_have_text(
        "Pick a chip from your hand, then click a square."
    )
    expect(board.locator(".mp-message-error")).to_have_count(0)
    expect(square("H8")).to_be_focused()
    for key, name, after in [("1", "H8", "I8"), ("+", "I8", "J8")]:
        page.keyboard.press(key)
        expect(square(name)).to_have_class(re.compile("mp-tentative"))
        expect(square(after)).to_be_focused()
    page.keyboard.press("?")
    prompt = "Which value does the blank on J8 stand for?"
    expect(board.locator(".mp-blank-prompt")).to_have_text(prompt)
    expect(board.get_by_text("Which value does the blank")).to_have_count(1)  # said once
    choices = board.locator(".mp-blank-choice")
    expect(choices).to_have_text(["0", "1", "+", "−", "×", "÷", "AND", "OR", "NOT", "="])
    expect(board.locator(".mp-blank-choices")).to_have_attribute("role", "group")
    expect(choices.first).to_be_focused()
    expect(board.locator(".mp-action-cancel")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(choices.nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    expect(square("J8")).to_have_attribute(
        "aria-label", "J8, plain square, a blank as 1, 0 points, placed this turn, not played yet"
    )
    expect(board.locator(".mp-blank-choice")).to_have_count(0)
    expect(square("K8")).to_be_focused()
    assert page.errors == []
    context.close()


HINTED = """
from mathplay.games.summy import Summy
from mathplay.widgets import SummyBoard
EMPTY9 = "\\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
board = SummyBoard(Summy.from_diagram(EMPTY9, hands=["3x4=12+5", "9-2=7"], seed=1))
board
"""


def test_a_refusal_reads_in_words_and_the_last_hint_shows_the_tiles(
    browser: Any, lab: Server
) -> None:
    """What a child sees: a refused sum in plain words with ×, and hint level 3 putting
    its tiles on the board one after another."""
    from playwright.sync_api import expect

    context, page, boards = open_in_window(browser, lab, "words.ipynb", [HINTED], "1024x768")
    board = boards.first

    def square(name: str) -> Any:
        return board.locator(f'.mp-square[data-name="{name}"]')

    for name, tile in [("B5", "3"), ("C5", "×"), ("D5", "4"), ("F5", "5")]:
        board.locator(".mp-tile-free").filter(
            has_text=re.compile(f"^{re.escape(tile)}")
        ).first.click()
        square(name).click()
    board.locator(".mp-action-play").click()
    expect(board.locator(".mp-message")).to_have_text("Not allowed: 3 × 4 is 12, not 5.")
    assert not re.search(r"\([SMB]\d", board.locator(".mp-message").inner_text())
    for name in ["B5", "C5", "D5", "F5"]:
        square(name).click()  # take the tiles back
    for _level in range(3):
        board.locator(".mp-action-hint").click()
    expect(board.locator(".mp-message-hint")).to_contain_text("×")
    ghosts = board.locator(".mp-hint-tile")
    expect(ghosts).not_to_have_count(0)
    page.wait_for_timeout(2500)  # every tile has appeared
    shown = ghosts.all_inner_texts()
    assert "×" in shown or "+" in shown
    assert all(float(g.evaluate("n => getComputedStyle(n).opacity")) > 0.9 for g in ghosts.all())
    first = board.locator(".mp-square.mp-hinted").first
    assert "hint: try" in (first.get_attribute("aria-label") or "")
    board.screenshot(path=str(docs_images() / "summy-hint-tiles.png"))
    assert page.errors == []
    context.close()


# The visible room for a board: the notebook's scrolling panel (Notebook 7), else the
# window (Voilà's page scrolls as a whole).
ROOM = """board => {
  const panel = board.closest('.jp-WindowedPanel-outer');
  if (panel) {
    const r = panel.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  }
  return [0, 0, window.innerWidth, window.innerHeight];
}"""


@pytest.mark.parametrize("front_end", ["notebook", "voila"])
def test_the_boards_fit_in_notebook_7_and_voila(browser: Any, front_end: str) -> None:
    """The three boards at 1024×768, 1366×768 and 150 % zoom: once a board is scrolled to
    the top, its grid, hand, Play and message are in view together."""
    from playwright.sync_api import expect

    name = "fit-boards.ipynb"
    games = ["summy", "mixmath", "binary"]
    server = Server(kind=front_end, notebook=name)
    write_notebook(server.root / name, ["import mathplay"] + [BOARDS[game] for game in games])
    with server:
        for window, (width, height, _browser_open, zoom) in WINDOWS.items():
            context = browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=zoom
            )
            page = context.new_page()
            open_and_run_all(page, server, name)
            boards = page.locator(".mp-board-widget")
            expect(boards).to_have_count(3, timeout=120_000)
            for index, game in enumerate(games):
                board = boards.nth(index)
                board.locator(".mp-square").last.wait_for()
                board.evaluate("b => b.scrollIntoView({block: 'start'})")
                page.wait_for_timeout(300)
                room = board.evaluate(ROOM)
                box = board.evaluate(MEASURE)
                where = f"{game} in {front_end} at {window}"
                for part in ("grid", "hand", "primary", "message"):
                    assert inside(box[part], room), f"{where}: {part} {box[part]} not in {room}"
                assert box["cell"] >= 24, where
                if game == "binary":
                    page.screenshot(path=str(docs_images() / f"board-{front_end}-{window}.png"))
            context.close()
