"""A lesson as pupils meet it in Voilà (no code, cells run by themselves): the name is
asked once at the top and every part of the lesson knows it; a guided puzzle, the
practice and the recorded end check all work and are recorded under the pupil's name
and the lesson's name. The lesson is the one ``mathplay lessons new`` writes, which
follows the sequence every lesson follows."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from mathplay.lessons.template import new_lesson
from mathplay.puzzles import Puzzle
from mathplay.puzzles.kinds import KINDS
from tests.browser.labserver import Server
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("browser")


def solve(question: str) -> str:
    puzzle = Puzzle("shown", "missing", fields={"equation": question.strip()})
    return KINDS["missing"].solutions(puzzle, 1)[0]


def records(folder: Path, count: int, timeout: float = 30.0) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout
    found: list[dict[str, Any]] = []
    while time.monotonic() < deadline:
        found = [
            json.loads(line)
            for path in sorted(folder.glob("*.jsonl"))
            for line in path.read_text().splitlines()
        ]
        found = [row for row in found if "event" not in row]  # attempts, not Next lines
        if len(found) >= count:
            return found
        time.sleep(0.25)
    raise AssertionError(f"{count} records expected in {folder}, found {found}")


def test_a_lesson_in_voila_asks_the_name_once_and_records_every_part(
    browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="00-fractions.ipynb")
    kept = server.home / "records"
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(kept))
    new_lesson("fractions", server.root)
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    with server:
        page.goto(server.url("00-fractions.ipynb"))
        top = page.locator(".mathplay-lesson")
        name = top.get_by_role("textbox", name="Your name")
        expect(name).to_be_visible(timeout=90_000)
        expect(top).to_contain_text("Write your name in the box and press Enter")
        # The puzzles below wait for the name; none of them asks too. A guided puzzle
        # counts the guided puzzles only (the end check's are not among them).
        guided = page.locator(".mathplay-puzzles:not(.mathplay-lesson-check)").first
        expect(guided.get_by_text("Puzzle 1 of 3.")).to_be_visible()
        expect(guided.locator(".mathplay-puzzles-name")).to_be_hidden()
        name.fill("Ana")
        name.press("Enter")
        expect(top).to_contain_text("Hello Ana!")
        # The boxes lower down put themselves away: no "Your name" above every puzzle.
        expect(guided.locator(".mathplay-puzzles-name")).to_be_hidden()
        expect(page.locator(".mathplay-practice .mathplay-puzzles-name")).to_be_hidden()

        answer = guided.get_by_role("textbox", name="Your answer")
        answer.fill("4")
        answer.press("Enter")
        expect(guided.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")

        practice = page.locator(".mathplay-practice")
        expect(practice.get_by_text("Puzzle 1.")).to_be_visible()
        box = practice.get_by_role("textbox", name="Your answer")
        box.fill(solve(practice.locator("pre").first.inner_text()))
        box.press("Enter")
        expect(practice.locator(".mathplay-practice-streak")).to_contain_text("1 in a row")

        check = page.locator(".mathplay-lesson-check")
        expect(check).to_contain_text("end check")
        expect(check.get_by_text("Puzzle 1 of 3.")).to_be_visible()
        box = check.get_by_role("textbox", name="Your answer")
        box.fill("7")
        box.press("Enter")
        expect(check.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        box.press("Enter")
        expect(check.get_by_text("Puzzle 2 of 3.")).to_be_visible()
        # True or false: the verdict first (which side is bigger), then why.
        check.get_by_role("button", name="false: the left side is smaller").click()
        expect(check.locator(".mathplay-puzzles-feedback")).to_contain_text("Now say why")
        check.get_by_role("button", name="false: 12 - 5 is 7, not 8").click()
        expect(check.locator(".mathplay-puzzles-feedback")).to_contain_text("Right!")
        check.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "voila-lesson-check.png"))

        rows = records(kept, 4)
        assert {row["who"] for row in rows} == {"Ana"}
        assert {row["lesson"] for row in rows} == {"00-fractions"}
        sets = [row["set"] for row in rows]
        assert sets[0] == "Lesson 0: Fractions"
        assert sets[1].startswith("Practice: ")
        assert sets[2:] == ["Lesson 0: Fractions: end check"] * 2
        assert [row["right"] for row in rows] == [True] * 4
        assert not page.errors if hasattr(page, "errors") else True
    context.close()
