"""Nothing English on a pupil's screen, in each of the seeds' languages: what
a pupil sees and what a screen reader says — the text of mathplay's outputs and the
accessible names, titles and placeholders in them — on a Binary and a Summy board (after
a hint and a refusal), in a finished game's review and in lesson 07 (after a wrong answer
and a hint), in Voilà.

Reproduced before: the special squares' labels (DL, TW) and names ("casilla double
word"), a Binary refusal "… en line …", the logic words of the questions and the
feedback (AND, OR in a Greek sentence).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser.labserver import Server, write_notebook
from tests.english_words import english_in
from tests.screenshots import shots

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
SHOTS = shots("browser")
#: Everything mathplay shows in Voilà, and what a screen reader says of it.
SEEN = """() => {
  const parts = [];
  for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
    parts.push(out.innerText);
    for (const e of out.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      for (const a of ['aria-label', 'title', 'alt', 'placeholder']) {
        if (e.getAttribute(a)) parts.push(e.getAttribute(a));
      }
    }
  }
  return parts.join('\\n');
}"""
LANGUAGES = ["es", "el", "ms"]
#: A Binary game played to its end by two computers, on a board for a pupil to review.
REVIEW_GAME = """
from mathplay.ai.players import make_player
from mathplay.tournament import play_game
from mathplay.widgets import BinaryBoard
game = play_game(mathplay.Binary(seed=4), [make_player("easy", 1), make_player("medium", 2)])
BinaryBoard(game, ["human", "computer"])
"""


def assert_nothing_english(page: Any, language: str, shot: str) -> None:
    """What the page shows and says has no English word; its screenshot is kept."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"no-english-{shot}-{language}.png"))
    seen = page.evaluate(SEEN)
    assert len(seen) > 1000, seen  # mathplay's words were read
    found = english_in(seen, language)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_boards_say_nothing_in_english(browser: Any, language: str) -> None:
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="boards.ipynb")
    write_notebook(
        server.root / "boards.ipynb",
        [f'import mathplay\nmathplay.set_language("{language}")',
         'mathplay.play("binary", seed=3)', 'mathplay.play("summy", seed=3)'],
    )  # fmt: skip
    with server:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.url("boards.ipynb"))
        boards = page.locator(".mp-board-widget")
        expect(boards).to_have_count(2, timeout=120_000)
        for index in range(2):
            board = boards.nth(index)
            board.locator(".mp-square").last.wait_for(timeout=60_000)
            board.locator(".mp-action-hint").click()  # a hint, in words
            expect(board.locator(".mp-message")).not_to_be_empty()
            board.locator(".mp-action-play").click()  # nothing placed: a refusal
            page.wait_for_timeout(800)
        assert_nothing_english(page, language, "boards")
        page.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_review_says_nothing_in_english(browser: Any, language: str) -> None:
    """A finished game's review: the move played, the best there was and why, the
    players' names, the buttons, the outlined squares' names."""
    from playwright.sync_api import expect

    server = Server(kind="voila", notebook="review.ipynb")
    write_notebook(
        server.root / "review.ipynb",
        [f'import mathplay\nmathplay.set_language("{language}")', REVIEW_GAME],
    )
    with server:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.url("review.ipynb"))
        board = page.locator(".mp-board-widget").first
        board.locator(".mp-square").last.wait_for(timeout=120_000)
        assert_nothing_english(page, language, "game-over")
        board.locator(".mp-action-review").click()
        expect(board.locator(".mp-square.mp-hinted").first).to_be_visible(timeout=30_000)
        board.locator(".mp-action-review_next").click()
        page.wait_for_timeout(800)
        assert_nothing_english(page, language, "review")
        again = board.locator(".mp-action-review_try")  # on the pupil's own turns only
        for _step in range(6):
            if again.is_enabled():
                break
            board.locator(".mp-action-review_next").click()
            page.wait_for_timeout(500)
        again.click()
        page.wait_for_timeout(800)
        assert_nothing_english(page, language, "review-try")
        page.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_07_says_nothing_in_english(browser: Any, language: str) -> None:
    from playwright.sync_api import expect

    lesson = "07-bitwise-logic"
    server = Server(kind="voila", notebook=f"{lesson}.ipynb")
    shutil.copy(LESSONS / language / f"{lesson}.ipynb", server.root)
    (server.root / "puzzles").mkdir()
    shutil.copy(LESSONS / language / "puzzles" / f"{lesson}.toml", server.root / "puzzles")
    with server:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(server.url(f"{lesson}.ipynb"))
        expect(page.locator(".mathplay-lesson-check")).to_be_visible(timeout=180_000)
        top = page.locator(".mathplay-lesson")
        name = top.locator("input").first
        name.fill("Zoë")
        name.press("Enter")
        guided = page.locator(
            ".mathplay-puzzles:not(.mathplay-practice):not(.mathplay-lesson-check)"
        )
        card = next(
            guided.nth(i)
            for i in range(guided.count())
            if guided.nth(i).locator("input.mp-answer-input").is_visible()
        )
        box = card.locator("input.mp-answer-input")
        box.fill("2")
        box.press("Enter")
        feedback = card.locator(".mathplay-puzzles-feedback [role=status]")
        expect(feedback).not_to_be_empty()
        card.locator(".mathplay-puzzles-hint").first.click()
        expect(card.locator(".mathplay-puzzles-hints [role=status]")).not_to_be_empty()
        card.scroll_into_view_if_needed()
        assert_nothing_english(page, language, "lesson07")
        page.close()
