"""The pupil's language in the other front ends: Notebook 7 with its language
picked in its Settings menu, at 150 % zoom, and again after a reload; a Spanish lesson in
Voilà (whose page says English whatever the pupil speaks), answered, then reloaded as a
pupil coming back would."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from mathplay.i18n import _, speaking
from tests.browser.labserver import Server, wait_for_idle_kernel, write_notebook
from tests.browser.test_languages import SHOTS, choose_language

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def _spanish(message: str, **values: str) -> str:
    with speaking("es"):
        return _(message).format(**values)


def test_notebook7_in_spanish_at_150_percent_and_after_a_reload(browser: Any) -> None:
    """A 1366×768 screen at 150 % zoom (911×512 CSS pixels drawn 1.5 times): Settings →
    Language → Español in Notebook 7, the board in Spanish; the page reloaded and the cell
    run again, the board is still Spanish and still fits."""
    from playwright.sync_api import expect

    with Server(kind="notebook") as server:
        write_notebook(server.root / "summy.ipynb", ["import mathplay\nmathplay.play('summy')"])
        context = browser.new_context(
            viewport={"width": 911, "height": 512}, device_scale_factor=1.5
        )
        page = context.new_page()
        try:
            page.goto(server.url("summy.ipynb"))
            wait_for_idle_kernel(server, "summy.ipynb")  # the kernel starts in English
            choose_language(page, "Español")
            page.wait_for_function(
                "() => document.documentElement.lang.startsWith('es')", timeout=60_000
            )
            words = [_spanish("Play"), _spanish("New game"), _spanish("Your tiles")]
            for attempt in ("first", "after a reload"):
                wait_for_idle_kernel(server, "summy.ipynb")
                page.locator(".jp-Notebook .jp-Cell").first.click()
                page.keyboard.press("Shift+Enter")
                board = page.locator(".mp-board-widget").last
                board.wait_for(timeout=90_000)
                for word in words:
                    expect(board).to_contain_text(word, timeout=30_000)
                expect(board).to_have_attribute("lang", "es")  # for screen readers
                text = board.inner_text()
                for english in ("Your tiles", "New game", "Hint"):
                    assert english not in text, f"{english!r} in English ({attempt})"
                overflow = page.evaluate(
                    "() => { const b = [...document.querySelectorAll('.mp-board-widget')].pop();"
                    " return b.scrollWidth - b.clientWidth; }"
                )
                assert overflow <= 1, f"the board is {overflow} px too wide ({attempt})"
                SHOTS.mkdir(parents=True, exist_ok=True)
                name = "first" if attempt == "first" else "reloaded"
                page.screenshot(path=str(SHOTS / f"notebook7-summy-es-150-{name}.png"))
                page.reload()
                page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
                assert page.evaluate("document.documentElement.lang").startswith("es")
        finally:
            context.close()


def test_a_spanish_lesson_in_voila_and_the_pupil_coming_back(browser: Any) -> None:
    """Voilà's page says ``en``; the lesson's puzzle file says ``es``: the page's ``lang``
    becomes ``es`` (a screen reader's voice), the name question, the puzzles and the
    feedback are Spanish. Reloaded (the next day, the same browser), the lesson asks
    "¿Eres Lucía?" in Spanish."""
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="00-welcome.ipynb")
    shutil.copy(LESSONS / "es" / "00-welcome.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(LESSONS / "es" / "puzzles" / "00-welcome.toml", server.root / "puzzles")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    try:
        with server:
            page.goto(server.url("00-welcome.ipynb"))
            top = page.locator(".mathplay-lesson")
            name = top.get_by_role("textbox", name=_spanish("Your name"))
            expect(name).to_be_visible(timeout=120_000)
            # Voilà's page said "en" over it (issue 74): now the lesson's language.
            expect(page.locator("html")).to_have_attribute("lang", "es")
            first = page.locator(".mathplay-puzzles").first
            expect(first).to_contain_text(_spanish("Puzzle {n} of {total}.", n="1", total="4"))
            # A screen reader reads the puzzle with a Spanish voice: its card says "es".
            expect(first).to_have_attribute("lang", "es")
            assert "Is this equation true?" not in first.inner_text()
            name.fill("Lucía")
            name.press("Enter")
            expect(top).to_contain_text(
                _spanish(
                    "Hello {name}! Your answers are kept under your name for your teacher.",
                    name="Lucía",
                )
            )
            first.scroll_into_view_if_needed()
            first.get_by_role("button", name=_spanish("true")).click()  # 9 + 5 = 15: false
            feedback = first.locator(".mathplay-puzzles-feedback")
            # Told to work each side out (not which side is bigger: that is a button).
            expect(feedback).to_contain_text("9 + 5 = 15")
            said = feedback.inner_text()
            assert "Not yet" not in said and " is " not in said, said
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "voila-lesson-00-es-1024x768.png"))
            # The pupil comes back: the page is loaded again, a new kernel runs it.
            page.reload()
            question = _spanish("Are you {name}?", name="Lucía")
            expect(page.locator(".mathplay-lesson")).to_contain_text(question, timeout=120_000)
            yes = page.get_by_role("button", name=_spanish("Yes, I am {name}", name="Lucía"))
            expect(yes.first).to_be_visible()
            page.screenshot(path=str(SHOTS / "voila-lesson-00-es-reloaded.png"))
    finally:
        context.close()
