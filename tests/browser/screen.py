"""What a pupil sees on the screen: no code but the lines a lesson shows on purpose.

Shared by the browser tests (JupyterLab, Notebook 7, Voilà) and the website's tests.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def hidden_code_lines(notebook: Path) -> tuple[set[str], set[str]]:
    """The lines of code a pupil must not see, and the lines shown on purpose."""
    cells = json.loads(notebook.read_text())["cells"]
    hidden: set[str] = set()
    shown: set[str] = set()
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        lines = {line.strip() for line in "".join(cell["source"]).splitlines() if line.strip()}
        if "show-input" in cell["metadata"].get("tags", []):
            shown |= lines
        else:
            hidden |= lines
    return hidden - shown, shown


def assert_no_code_shows(page: Any, notebook: Path) -> None:
    """Nothing on the screen is code the lesson hides, or a line for maintainers."""
    hidden, shown = hidden_code_lines(notebook)
    assert len(hidden) > 10 and shown  # the lesson has both kinds
    text = page.evaluate("document.body.innerText")
    seen = sorted(line for line in hidden if line in text)
    assert seen == [], f"code on a pupil's screen: {seen}"
    assert "This notebook is made from" not in text and "lessons build" not in text
    previews = page.locator(".jp-InputPlaceholder .jp-PlaceholderText").all_inner_texts()
    assert [preview for preview in previews if preview.strip()] == []
    editors = page.locator(".jp-CodeCell .jp-InputArea .cm-content").all()
    open_code = {editor.inner_text().strip() for editor in editors if editor.is_visible()}
    assert open_code - {""} <= shown, open_code - shown


#: A board's parts as boxes [left, top, right, bottom] in the window, with the notebook
#: panel it scrolls in, a square's width and the coordinates' font size.
MEASURE = """board => {
  const box = (node) => {
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const panel = board.closest('.jp-WindowedPanel-outer');
  const square = board.querySelector('.mp-square');
  return {
    panel: box(panel),
    grid: box(board.querySelector('.mp-grid')),
    hand: box(board.querySelector('.mp-hand')),
    primary: box(board.querySelector('.mp-action-play, .mp-action-end')),
    message: box(board.querySelector('.mp-message')),
    side: box(board.querySelector('.mp-side')),
    legend: box(board.querySelector('.mp-squares-legend')),
    cell: square.getBoundingClientRect().width,
    coord: parseFloat(getComputedStyle(board.querySelector('.mp-coord')).fontSize),
  };
}"""


def inside(inner: list[float], outer: list[float], slack: float = 0.5) -> bool:
    """Whether the box ``inner`` lies within ``outer`` (half a pixel of rounding)."""
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def overlap(a: list[float], b: list[float]) -> bool:
    """Whether the boxes ``a`` and ``b`` overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


#: The parts of a board a pupil needs in view together to play a move.
PLAY_PARTS = ("grid", "hand", "primary", "message")


def parts_in_view(board: Any) -> dict[str, bool]:
    """For each of ``PLAY_PARTS``, whether it is inside the notebook's panel."""
    box = board.evaluate(MEASURE)
    return {part: inside(box[part], box["panel"]) for part in PLAY_PARTS}
