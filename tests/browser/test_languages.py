"""mathplay speaks the language chosen in JupyterLab's Settings → Language (by a click in
the menu, as a pupil or teacher would, not by code): the board's texts, buttons and
refusals are Spanish after choosing Español, Greek after choosing Ελληνικά.

The kernel is started before the language is chosen (the notebook opens first), so what
changes the board's words is the page's language, sent by the board's front end.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.labserver import Server, wait_for_idle_kernel, write_notebook
from tests.screenshots import shots

pytestmark = pytest.mark.browser

SHOTS = shots("languages")


@pytest.fixture
def fresh_lab(browser: Any) -> Iterator[Server]:
    """A JupyterLab of its own: choosing a language changes the server's settings."""
    with Server() as server:
        yield server


def choose_language(page: Any, native_name: str) -> None:
    """Settings → Language → the language, then "Change and reload", as a person does
    (the page reloads)."""
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator(".lm-Menu-item", has_text="Language").first.hover()
    page.locator(".lm-Menu-item", has_text=native_name).first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()  # "Change and reload"


def show_board(server: Server, page: Any, game: str, size: tuple[int, int]) -> Any:
    """Open a notebook that shows ``play(game)``, choose nothing, run it; the board."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.locator(".jp-Notebook .jp-Cell").first.wait_for()
    wait_for_idle_kernel(server, f"{game}.ipynb")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    board = page.locator(".mp-board-widget").first
    # A press that came while the page was still busy (two test workers, a lab just
    # reloaded for its language) runs nothing: run the cell again, as a child would.
    for attempt in range(3):
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Shift+Enter")
        try:
            board.wait_for(timeout=45_000)
            return board
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    return board


@pytest.mark.parametrize(
    ("game", "native", "lang", "words", "refusal"),
    [
        (
            "summy",
            "Español",
            "es",
            ["Jugar", "Descartar", "Pasar", "Pista", "Partida nueva", "Tus fichas"],
            re.compile(r"Coloca primero"),
        ),
        (
            "binary",
            "Ελληνικά",
            "el",
            ["Παίξε", "Υπόδειξη", "Νέο παιχνίδι", "Τα πλακίδιά σου"],
            re.compile(r"Βάλε πρώτα"),
        ),
    ],
)
def test_the_board_speaks_the_language_chosen_in_jupyterlabs_settings(
    fresh_lab: Server,
    page: Any,
    game: str,
    native: str,
    lang: str,
    words: list[str],
    refusal: re.Pattern[str],
) -> None:
    write_notebook(fresh_lab.root / f"{game}.ipynb", [f"import mathplay\nmathplay.play({game!r})"])
    page.goto(fresh_lab.url(f"{game}.ipynb"))
    wait_for_idle_kernel(fresh_lab, f"{game}.ipynb")  # the kernel starts in English
    choose_language(page, native)
    page.wait_for_function(
        "([lang]) => document.documentElement.lang.startsWith(lang)", arg=[lang], timeout=60_000
    )
    board = show_board(fresh_lab, page, game, (1024, 768))
    for word in words:
        page.wait_for_function(
            "([word]) => document.querySelector('.mp-board-widget').innerText.includes(word)",
            arg=[word],
            timeout=30_000,
        )
    text = board.inner_text()
    for english in ("Your tiles", "New game", "Hint", "Pass"):
        assert english not in text, f"{english!r} is still in English on the board"
    # A move pressed with nothing placed is refused, in the language.
    play = board.locator(".mp-action-play")
    assert play.inner_text() == words[0]
    play.click()
    page.wait_for_function(
        "() => (document.querySelector('.mp-board-widget .mp-message') || {}).innerText",
        timeout=30_000,
    )
    said = board.locator(".mp-message").first.inner_text()
    assert refusal.search(said) and not re.search(r"\b(the|your|tile)\b", said), said
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1024, 1366):
        page.set_viewport_size({"width": width, "height": 768})
        page.wait_for_timeout(300)  # the board fits itself to the new width
        page.screenshot(path=str(SHOTS / f"{game}-{lang}-{width}x768.png"))
        # Longer words do not push the side column out of the notebook.
        overflow = page.evaluate(
            "() => { const b = document.querySelector('.mp-board-widget');"
            " return b.scrollWidth - b.clientWidth; }"
        )
        assert overflow <= 1, f"the board is {overflow} px wider than its place at {width} px"


def test_a_greek_lesson_in_jupyterlab_set_to_greek(fresh_lab: Server, page: Any) -> None:
    """Lesson 0 in Greek, opened in a JupyterLab set to Ελληνικά in Settings: the name
    question, the puzzles, their buttons and the checker's reasons are Greek."""
    root = Path(__file__).resolve().parents[2] / "lessons" / "el"
    shutil.copy(root / "00-welcome.ipynb", fresh_lab.root)
    (fresh_lab.root / "puzzles").mkdir()
    shutil.copy(root / "puzzles" / "00-welcome.toml", fresh_lab.root / "puzzles")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(fresh_lab.url("00-welcome.ipynb"))
    wait_for_idle_kernel(fresh_lab, "00-welcome.ipynb")
    choose_language(page, "Ελληνικά")
    page.wait_for_function("() => document.documentElement.lang.startsWith('el')", timeout=60_000)
    wait_for_idle_kernel(fresh_lab, "00-welcome.ipynb")
    # Restart the kernel and run every cell: the toolbar's ⏩ button, then its dialog's
    # accept button (no words: the same in every language).
    page.locator(".jp-Notebook").first.wait_for()
    page.locator("jp-button[data-command='notebook:restart-run-all']").first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    first = page.locator(".mathplay-puzzles").first
    first.wait_for(timeout=120_000)
    page.get_by_text("Άσκηση 1 από 4.").first.wait_for(timeout=60_000)
    text = page.evaluate("document.body.innerText")
    for greek in ("Ισχύει αυτή η ισότητα;", "Έλεγχος", "Υπόδειξη", "3+4 κάνει 7, όχι 8"):
        assert greek in text, f"{greek!r} is not on the page"
    for english in ("Is this equation true?", "Your answer", "is 7, not 8"):
        assert english not in text, f"{english!r} is in English on the page"
    # A pupil answers the first puzzle wrongly: the feedback is Greek too.
    first.scroll_into_view_if_needed()
    first.locator(".mathplay-puzzles-choices button").first.click()
    feedback = first.locator(".mathplay-puzzles-feedback")
    page.wait_for_function(
        "(node) => node.innerText.trim().length > 0", arg=feedback.element_handle(), timeout=30_000
    )
    asked = feedback.inner_text()  # no name yet: the puzzle asks for it, in Greek
    assert "όνομά σου" in asked, asked
    name_box = first.locator("input[type=text]").last
    name_box.fill("Ελένη")
    name_box.press("Enter")
    page.wait_for_function(
        "(node) => node.innerText.includes('15')", arg=feedback.element_handle(), timeout=30_000
    )
    said = feedback.inner_text()  # the answer waiting for the name is checked now
    assert re.search(r"[α-ωά-ώ]{4,}", said) and not re.search(r"\b(the|is|not)\b", said), said
    SHOTS.mkdir(parents=True, exist_ok=True)
    first.screenshot(path=str(SHOTS / "lesson-00-el-puzzle-1024x768.png"))
    page.screenshot(path=str(SHOTS / "lesson-00-el-1024x768.png"))
