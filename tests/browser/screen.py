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
