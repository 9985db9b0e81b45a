"""Every text of the three boards can be read: contrast measured in the page, not by axe.

axe-core checks colour contrast only on screen, and inside JupyterLab's and Notebook 7's
notebook panels (``contain: strict``) it puts the text in none of its result lists: "0
findings" there proved nothing (issue 74: Binary's ``TL`` was 3.12:1, Mixmath's hint
tile 3.54:1, and every test passed). This test measures it itself, from the computed
styles: each text's colour, with the opacity of it and its ancestors, blended over the
background it really sits on (walking up through transparent backgrounds), and the WCAG
ratio: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Each special square's
fill (a start square's ring) must stand 3:1 against the plain squares around it.

The boards show what a pupil meets: special squares, tiles with points played on them,
tiles placed this turn with a blank, a picked tile, and hint level 3's tiles; in
JupyterLab's light and dark themes, Notebook 7 and Voilà.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest

from tests.browser.labserver import Server, open_and_run_all, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SETUP = """
from IPython.display import display
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.games.mixmath import EMPTY_BOARD, Mixmath
from mathplay.games.summy import Summy
from mathplay.widgets import BinaryBoard, MixmathBoard, SummyBoard
EMPTY9 = "\\n".join(" ".join("=" if (r, c) == (4, 4) else "." for c in range(9)) for r in range(9))
HUMANS = ["human", "human"]

def place(board, square, token):
    hand = board.game.hands[board.game.to_move]
    used = {i for i, _t in board._tentative.values()}
    chip = "?" if token.startswith("?") else token
    board.click_tile(next(i for i, t in enumerate(hand) if t == chip and i not in used))
    board.click_square(*square)
    if chip == "?":
        board.choose_blank(token[1:])

def hinted(board):
    for _level in range(3):
        board.press("hint")
    return board
"""
# Per game: a board after a move played, with hint level 3's tiles shown, and a board
# with tiles placed this turn (a blank among them) and a tile picked.
BOARDS = {
    "summy": """
played = SummyBoard(Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1), HUMANS,
                    threaded=False)
for square, tile in [((4, 1), "3"), ((4, 2), "+"), ((4, 3), "4"), ((4, 5), "7")]:
    place(played, square, tile)
played.press("play")
display(hinted(played))
placing = SummyBoard(Summy.from_diagram(EMPTY9, hands=["3+47x12", "5+5=10-2"], seed=1), HUMANS,
                     threaded=False)
for square, tile in [((4, 1), "3"), ((4, 2), "x")]:
    place(placing, square, tile)
placing.click_tile(3)
display(placing)
""",
    "mixmath": """
played = MixmathBoard(Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1", "2 4 6 8"]),
                      HUMANS, threaded=False)
place(played, (5, 6), "?3")
display(hinted(played))
placing = MixmathBoard(Mixmath.from_diagram(EMPTY_BOARD, hands=["3 5 10 12 ? 7 1", "2 4 6 8"]),
                       HUMANS, threaded=False)
placing.click_tile(1)
display(placing)
""",
    "binary": """
HANDS = ["1 + 1 = 1 0 x / ?", "1 0 1 0 = = 1 +"]
played = BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=HANDS), HUMANS, threaded=False)
for col, tile in zip(range(7, 13), ["1", "+", "1", "=", "1", "0"]):
    place(played, (7, col), tile)
played.press("play")
display(hinted(played))
placing = BinaryBoard(Binary.from_diagram(EMPTY_DIAGRAM, hands=HANDS), HUMANS, threaded=False)
for col, tile in zip(range(7, 12), ["1", "x", "?1", "=", "1"]):
    place(placing, (7, col), tile)
placing.click_tile(7)
display(placing)
""",
}

# In the page: every text of one board, with its ratio and what it is, in words.
MEASURE = """root => {
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a] = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [r, g, b, a === undefined ? 1 : a];
  };
  const over = (top, below) => {  // top (with alpha) composited over an opaque colour
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1);
  };
  // The opaque colour behind an element: its background and its ancestors', composited
  // bottom up (a transparent background shows its parent's); white behind the page.
  const backdrop = (node) => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const opacity = (node) => {
    let o = 1;
    for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      o *= Number(getComputedStyle(n).opacity);
    }
    return o;
  };
  const luminance = (c) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const hex = (c) => "#" + c.slice(0, 3)
    .map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  // A square's kind, as its classes say it (mp-triple-word, mp-hinted …).
  const kind = (square) => [...square.classList]
    .filter((k) => !["mp-square", "mp-cursor", "mp-start-square"].includes(k)).join(" ");
  const what = (node) => {
    const square = node.closest(".mp-square");
    const where = square ? ` on a square (${kind(square)})` : "";
    const kinds = [["mp-square-label", "square label"], ["mp-hint-tile", "hint tile"],
      ["mp-points", "points"], ["mp-tile-text", "tile text"], ["mp-coord", "coordinate"]];
    for (const [cls, word] of kinds) if (node.classList.contains(cls)) return word + where;
    if (node.closest(".mp-squares-legend")) {
      if (!node.classList.contains("mp-squares-legend-swatch")) return "legend text";
      return `legend swatch (${node.className.replace(/mp-squares-legend-swatch ?/, "")})`;
    }
    if (node.closest(".mp-hand")) return "hand tile";
    return node.className ? `text (${node.className})` : `text <${node.tagName.toLowerCase()}>`;
  };
  root.querySelectorAll("details").forEach((d) => { d.open = true; });
  const found = [];
  for (const node of root.querySelectorAll("*")) {
    if (node.closest("svg, .mp-announce")) continue;
    if (node.closest("button:disabled, [aria-disabled='true']")) continue;  // inactive
    const text = [...node.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent)
      .join("").trim();
    if (!text || !node.getClientRects().length) continue;
    const style = getComputedStyle(node);
    if (style.visibility !== "visible") continue;
    const colour = parse(style.color);
    colour[3] *= opacity(node);
    const behind = backdrop(node);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (size >= 18.66 && bold);
    found.push({
      what: what(node), at: node.closest(".mp-square")?.dataset.name || "", text,
      ratio: ratio(over(colour, behind), behind), needs: large ? 3 : 4.5,
      fg: hex(colour) + (colour[3] < 1 ? ` × ${colour[3].toFixed(2)}` : ""), bg: hex(behind),
      size: `${Math.round(size * 10) / 10} px${bold ? " bold" : ""}`,
    });
  }
  // A special square's fill (a start square's ring) against the plain squares around it.
  const plain = root.querySelector(".mp-square.mp-plain:not(.mp-filled):not(.mp-tentative)");
  const plainColour = backdrop(plain);
  for (const square of root.querySelectorAll(".mp-square:not(.mp-plain), .mp-start-square")) {
    if (square.matches(".mp-filled, .mp-tentative")) continue;
    let colour = backdrop(square);
    let part = "fill";
    if (square.matches(".mp-plain.mp-start-square, .mp-start")) {
      colour = parse(getComputedStyle(square).boxShadow) || colour;
      part = "ring";
    }
    found.push({
      what: `square ${part} (${kind(square)}) against a plain square`, at: square.dataset.name,
      text: "", ratio: ratio(colour, plainColour), needs: 3,
      fg: hex(colour), bg: hex(plainColour), size: "",
    });
  }
  return found;
}"""


def measure(board: Any) -> list[dict[str, Any]]:
    board.scroll_into_view_if_needed()
    # Hint level 3's tiles fade in one after another: measured once all are in.
    board.page.wait_for_function(
        "root => root.getAnimations({subtree: true}).every((a) => a.playState !== 'running')",
        arg=board.element_handle(),
    )
    result: list[dict[str, Any]] = board.evaluate(MEASURE)
    return result


def in_words(game: str, host: str, entry: dict[str, Any], squares: list[str]) -> str:
    """One measurement as a sentence, with the squares it was found on."""
    text = f" {entry['text']!r}" if entry["text"] else ""
    size = f" ({entry['size']})" if entry["size"] else ""
    on = f", on {len(squares)} squares: {' '.join(squares)}" if squares else ""
    return (
        f"{game} ({host}): {entry['what']}{text}: {entry['fg']} on {entry['bg']} "
        f"{entry['ratio']:.2f}:1{size}, needs {entry['needs']}:1{on}"
    )


def grouped(entries: list[dict[str, Any]]) -> list[tuple[dict[str, Any], list[str]]]:
    """The measurements alike but for the square they are on, once each (lowest first),
    with those squares."""
    groups: dict[tuple[Any, ...], tuple[dict[str, Any], list[str]]] = {}
    for entry in entries:
        key = tuple(entry[k] for k in ("what", "text", "fg", "bg", "size", "needs"))
        _first, squares = groups.setdefault(key, (entry, []))
        if entry["at"] and entry["at"] not in squares:
            squares.append(entry["at"])
    return sorted(groups.values(), key=lambda group: group[0]["ratio"])


#: Where the boards are measured: JupyterLab light and dark, Notebook 7 and Voilà (the
#: website's Play pages are JupyterLab's, with the same CSS).
HOSTS = ["lab-light", "lab-dark", "notebook7", "voila"]


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("game", ["summy", "mixmath", "binary"])
def test_every_text_of_the_boards_can_be_read(
    page: Any, request: pytest.FixtureRequest, game: str, host: str
) -> None:
    name = f"contrast-{game}.ipynb"
    with ExitStack() as stack:
        if host == "voila":
            server = Server(kind="voila", notebook=name)
            write_notebook(server.root / name, [SETUP, BOARDS[game]])
            stack.enter_context(server)
        else:
            fixture = {"lab-light": "lab", "lab-dark": "dark_lab", "notebook7": "notebook7"}
            server = request.getfixturevalue(fixture[host])
            write_notebook(server.root / name, [SETUP, BOARDS[game]])
        open_and_run_all(page, server, name)
        check_boards(page, game, host)


def check_boards(page: Any, game: str, host: str) -> None:
    boards = page.locator(".mp-board-widget")
    boards.nth(1).locator(".mp-square").last.wait_for(timeout=120_000)
    page.locator(".mp-hint-tile").first.wait_for()
    assert boards.count() == 2
    entries: list[dict[str, Any]] = []
    for index in range(2):
        board = boards.nth(index)
        entries += measure(board)
        board.screenshot(path=str(shots("contrast") / f"{game}-{host}-{index}.png"))
    kinds = {entry["what"].split(" on a ")[0].split(" (")[0] for entry in entries}
    measured = grouped(entries)
    # The figures, lowest first, for the record (pytest -s prints them).
    for entry, squares in measured:
        print(in_words(game, host, entry, squares[:6]))
    failures = [
        in_words(game, host, entry, squares)
        for entry, squares in measured
        if entry["ratio"] < entry["needs"]
    ]
    # What was measured: the boards really showed labels, tiles, hint tiles and the key.
    wanted = {"tile text", "hint tile", "legend text", "legend swatch", "coordinate"}
    wanted |= {"points"} if game == "binary" else set()
    wanted |= {"square label"} if game != "summy" else set()
    assert wanted <= kinds, f"not measured: {wanted - kinds}"
    assert failures == [], "text too faint to read:\n" + "\n".join(failures)
    # Notebook 7's own bundle throws one error of its own while it starts (its settings
    # "schema"); any other error in the page is the board's.
    assert [e for e in page.errors if "/static/notebook/" not in e] == []
