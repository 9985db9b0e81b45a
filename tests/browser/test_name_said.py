"""A name typed or confirmed is said, and "Yes, I am Ana" hands the focus on (issue 74,
points 4 and 6), in Voilà with a keyboard only.

The name box shows the name once it is given, and nothing said it: a pupil with a screen
reader did not know it was taken. "Yes, I am Ana" hides itself once pressed; the focus
fell to ``<body>``, where a screen reader starts again at the top of the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.labserver import Server, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("focus")


def test_a_name_given_is_said_and_yes_hands_the_focus_to_the_name(browser: Any) -> None:
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="name.ipynb")
    records = server.home / "records"
    records.mkdir()
    write_notebook(
        server.root / "name.ipynb",
        [
            f"import os\nos.environ['MATHPLAY_PROGRESS_DIR'] = {str(records)!r}\nimport mathplay",
            'mathplay.PuzzleSet("arithmetic", only=[1])',
        ],
    )
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    with server:
        page.goto(server.url("name.ipynb"))
        puzzle = page.locator(".mathplay-puzzles").first
        name = puzzle.get_by_role("textbox", name="Your name")
        expect(name).to_be_visible(timeout=90_000)
        said = puzzle.locator(".mathplay-name-said [role=status]")
        name.fill("Ana")
        name.press("Enter")
        expect(said).to_have_text("Thank you, Ana: your work is kept under your name.")
        # Read out, never seen: the box shows the name.
        assert said.evaluate("n => n.getBoundingClientRect().width") <= 1

        # The same browser after a reload: "Are you Ana?", answered by keyboard.
        page.reload()
        yes = page.get_by_role("button", name="Yes, I am Ana")
        expect(yes).to_be_visible(timeout=90_000)
        yes.focus()
        page.keyboard.press("Enter")
        expect(yes).to_be_hidden()
        name = page.locator(".mathplay-puzzles").first.get_by_role("textbox", name="Your name")
        expect(name).to_be_focused()
        expect(name).to_have_value("Ana")
        expect(page.locator(".mathplay-name-said [role=status]").first).to_contain_text("Ana")
        page.screenshot(path=str(SHOTS / "voila-after-yes-focus.png"))
    context.close()


def test_voilas_page_says_the_language_the_lesson_speaks(browser: Any) -> None:
    """Voilà's page says ``lang="en"`` whatever it shows: a Malay page was read with an
    English voice. The page's ``lang`` is the kernel's language once mathplay is shown."""
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="bahasa.ipynb")
    write_notebook(
        server.root / "bahasa.ipynb",
        [
            'import mathplay\nmathplay.set_language("ms")',
            'mathplay.PuzzleSet("arithmetic", only=[1])',
        ],
    )
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    with server:
        page.goto(server.url("bahasa.ipynb"))
        expect(page.locator(".mathplay-puzzles").first).to_be_visible(timeout=90_000)
        expect(page.locator("html")).to_have_attribute("lang", "ms")
    context.close()
