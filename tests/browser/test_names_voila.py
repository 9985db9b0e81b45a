"""In Voilà (no code cells, no kernel to edit) a pupil's name is asked by the widget,
recorded, and remembered by the browser: after a reload the page asks "Are you Ana?",
and "No, I am someone else" lets the next pupil on the same PC give their own name."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.labserver import Server, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("browser")


def whos(folder: Path, count: int, timeout: float = 30.0) -> list[str]:
    """The names in the records of ``folder``, once there are ``count`` records."""
    deadline = time.monotonic() + timeout
    found: list[str] = []
    while time.monotonic() < deadline:
        found = [
            json.loads(line)["who"]
            for path in sorted(folder.glob("*.jsonl"))
            for line in path.read_text().splitlines()
        ]
        if len(found) >= count:
            return found
        time.sleep(0.25)
    raise AssertionError(f"{count} records expected in {folder}, found {found}")


def test_voila_asks_the_name_records_it_and_asks_again_after_a_reload(browser: Any) -> None:
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="lesson.ipynb")
    records = server.home / "records"
    records.mkdir()
    write_notebook(
        server.root / "lesson.ipynb",
        [
            f"import os\nos.environ['MATHPLAY_PROGRESS_DIR'] = {str(records)!r}\nimport mathplay",
            'mathplay.PuzzleSet("arithmetic", only=[1])',
        ],
    )
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    with server:
        page.goto(server.url("lesson.ipynb"))
        puzzle = page.locator(".mathplay-puzzles").first
        name = puzzle.get_by_role("textbox", name="Your name")
        expect(name).to_be_visible(timeout=90_000)
        answer = puzzle.get_by_role("textbox", name="Your answer")
        feedback = puzzle.locator(".mathplay-puzzles-feedback")
        name.fill("Ana")
        name.press("Enter")
        answer.fill("4")
        answer.press("Enter")
        expect(feedback).to_contain_text("Right")
        assert whos(records, 1) == ["Ana"]

        # The same browser, a new kernel: asked, not taken silently.
        page.reload()
        question = page.get_by_text("Are you Ana?")
        expect(question).to_be_visible(timeout=90_000)
        expect(page.get_by_role("textbox", name="Your name")).to_be_hidden()
        page.screenshot(path=str(SHOTS / "voila-are-you-ana.png"))
        page.get_by_role("button", name="No, I am someone else").click()
        name = page.get_by_role("textbox", name="Your name")
        expect(name).to_be_visible()
        expect(name).to_have_value("")
        name.fill("Bo")
        name.press("Enter")
        page.get_by_role("textbox", name="Your answer").fill("4")
        page.get_by_role("textbox", name="Your answer").press("Enter")
        expect(page.locator(".mathplay-puzzles-feedback")).to_contain_text("Right")
        assert whos(records, 2) == ["Ana", "Bo"]

        # Bo comes back: one click and the records are his — his puzzle solved, with his
        # answer, and answering it again is no new record.
        page.reload()
        yes = page.get_by_role("button", name="Yes, I am Bo")
        expect(yes).to_be_visible(timeout=90_000)
        yes.click()
        expect(page.get_by_role("button", name="Yes, I am Bo")).to_be_hidden()
        feedback = page.locator(".mathplay-puzzles-feedback")
        expect(feedback).to_contain_text("You solved this puzzle before")
        expect(page.get_by_role("textbox", name="Your answer")).to_have_value("4")
        page.get_by_role("textbox", name="Your answer").press("Enter")
        expect(feedback).to_contain_text("already solved")
        page.screenshot(path=str(SHOTS / "voila-after-yes.png"))
        time.sleep(1)
        assert sorted(whos(records, 2)) == ["Ana", "Bo"]
    context.close()
