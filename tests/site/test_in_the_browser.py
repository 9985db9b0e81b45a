"""The lessons' website in headless chromium: built by ``mathplay site build``, served
on 127.0.0.1, and reaching nothing else.

The home page starts lesson 00 and links every lesson and the teachers' pages; every
lesson runs with no failing cell (its pictures are SVG, since Pyodide has no matplotlib);
on each game's Play notebook a pupil's move gets the computer's reply; Save my results downloads the
pupil's records. Screenshots and the measured times land in ``tests/site/.screenshots``.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom.collect import collect
from mathplay.classroom.records import read_attempts
from mathplay.site.contents import GAMES
from tests.browser.screen import parts_in_view
from tests.site.conftest import SCREENSHOTS
from tests.site.lite import CELL_SECONDS, open_notebook

pytestmark = pytest.mark.site

LESSONS_FOLDER = Path(__file__).resolve().parents[2] / "lessons"
#: Every English lesson notebook, and one translated lesson per language, as paths in
#: the site. A translation keeps its English lesson's code cells as they are (tests/
#: lessons/test_translations.py holds it) and nbval runs every translation in Python;
#: here one per language shows its catalogue and its puzzle file at work in Pyodide
#: (the Malay lesson 0 is answered as a pupil in test_languages_on_the_site.py).
TRANSLATED_ON_THE_SITE = ("es/09-binary-game.ipynb", "el/05-binary-numbers.ipynb",
                          "ms/03-mixmath.ipynb")  # fmt: skip
LESSONS = sorted(
    path.relative_to(LESSONS_FOLDER).as_posix()
    for path in LESSONS_FOLDER.glob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts
) + list(TRANSLATED_ON_THE_SITE)


def _timings(name: str, marks: dict[str, float]) -> None:
    """Keep the measured seconds (printed, and in .screenshots/timings.json)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / "timings.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    known[name] = marks
    path.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
    print(f"{name}: {marks}")


def test_the_home_page_links_the_lessons_and_the_teachers_pages(lite_page: Any) -> None:
    """What a teacher finds on the home page: every lesson and Play page by name, and the
    teachers' pages (a page per lesson, without the end check's answers)."""
    from playwright.sync_api import expect

    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(page.base_url)
    expect(page.get_by_role("heading", name="mathplay: lessons and games")).to_be_visible()
    start = page.get_by_role("link", name="Start the first lesson")
    expect(start).to_be_in_viewport()
    expect(page.get_by_role("link", name="Lesson 5: Binary numbers", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Play Mixmath", exact=True)).to_be_visible()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "home-page.png"), full_page=True)
    page.get_by_role("link", name="A page per lesson").click()
    expect(page.get_by_role("heading", name="mathplay: the teachers’ pages")).to_be_visible()
    page.get_by_role("link", name="Lesson 5: Binary numbers").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "For the teacher: Lesson 5: Binary numbers"
    )
    expect(page.get_by_text("A 45-minute class")).to_be_visible()
    expect(page.get_by_text("The answers are not on this website")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "teachers-05.png"), full_page=True)
    page.get_by_role("link", name="Open the lesson").click()
    page.wait_for_function(_HAS_NOTEBOOK, arg="05-binary-numbers.ipynb", timeout=120_000)
    assert page.off_site == [] and page.errors == []


_HAS_NOTEBOOK = """path => Array.from(document.querySelectorAll('.lm-TabBar-tabLabel'))
  .some((tab) => tab.textContent.trim() === path)"""


def test_the_front_page_opens_lesson_00(lite_page: Any) -> None:
    from playwright.sync_api import expect

    notebook = open_notebook(lite_page, "00-welcome.ipynb", front_page=True)
    # The lesson's app page, its cells already run by the page.
    assert lite_page.url == lite_page.base_url + "lab/index.html?path=00-welcome.ipynb&app=1"
    expect(lite_page.locator(".jp-Notebook").first).to_be_visible()
    failed = notebook.errors()
    assert not failed, failed
    board = lite_page.locator(".mp-board-widget").last
    board.locator(".mp-square").last.wait_for()
    notebook.mark("board_visible")
    lite_page.locator(".jp-NotebookPanel .jp-WindowedPanel-outer").first.evaluate(
        "node => node.scrollTo(0, 0)"
    )
    lite_page.wait_for_timeout(500)
    SCREENSHOTS.mkdir(exist_ok=True)
    lite_page.screenshot(path=str(SCREENSHOTS / "lesson-00.png"))
    notebook.marks["downloaded_mb"] = round(sum(lite_page.received.values()) / 1e6, 1)
    _timings("lesson 00 from the front page", notebook.marks)
    # The watch sees the kernel worker's requests too: Pyodide and, on this first visit,
    # Python's quick start (mathplay/site/snapshot.py) in place of the wheels, all local.
    names = [url.split("?")[0] for url in lite_page.requests]
    quick = [url for url in names if re.search(r"/mathplay-start-[0-9a-f]+\.bin\.gz$", url)]
    wheels = [url for url in names if url.endswith(".whl")]
    assert quick or any("/mathplay-" in url for url in wheels), names
    assert notebook.execute("import os; print(os.environ.get('MATHPLAY_QUICK_START'))").strip() == (
        "snapshot" if quick else "None"
    )
    assert any(url.endswith("pyodide.asm.wasm") for url in lite_page.requests)
    assert lite_page.errors == []


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_runs(lite_page: Any, lesson: str) -> None:
    notebook = open_notebook(lite_page, lesson)
    cells = notebook.run_all()
    _timings(f"lesson {lesson}", notebook.marks)
    wrong = []
    for number, cell in enumerate(cells, start=1):
        head = cell.source.strip().splitlines()[0][:60] if cell.source.strip() else ""
        if cell.error:
            wrong.append(f"code cell {number} ({head!r}) fails: {cell.error}")
        # A warning is a pupil's pink box too (lesson 10's sample records were refused
        # with one, and the lesson drew an empty table).
        warned = [o.get("text", "") for o in cell.outputs
                  if o.get("output_type") == "stream" and o.get("name") == "stderr"]  # fmt: skip
        if any(str(text).strip() for text in warned):
            wrong.append(f"code cell {number} ({head!r}) warns: {''.join(map(str, warned))[:300]}")
    # The pictures are SVG here (there is no matplotlib in Pyodide): keep the first.
    picture = lite_page.locator(".jp-RenderedSVG:visible, .jp-OutputArea-output svg:visible").first
    if picture.count():
        picture.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(exist_ok=True)
        picture.screenshot(path=str(SCREENSHOTS / f"picture-{Path(lesson).stem}.png"))
    assert not wrong, "\n".join(wrong)
    assert lite_page.errors == []


#: Asked in the kernel after the Play cell: a move of the pupil's that uses no blank,
#: as (square, tile as shown) pairs, or None when the hand has none.
_FIND_MOVE = """
import json as _json
from collections import Counter as _Counter
from mathplay.core.squares import square_name as _name
_board = _
_shown = {tile["token"]: tile["t"] for tile in _board.view["hand"]}
_hand = _Counter(tile["token"] for tile in _board.view["hand"])
def _pairs(move):
    if hasattr(move, "placed"):
        spots = dict(zip(move.squares, move.tokens))
        return [(_name(square), spots[square]) for square in move.placed]
    return [(_name(move.square), move.token)]
_found = None
for _move in sorted(_board.game.legal_moves(), key=str):
    _pairs_of = _pairs(_move)
    _blank = getattr(_move, "is_blank", False)
    if not _Counter(token for _sq, token in _pairs_of) - _hand and not _blank:
        _found = [(square, _shown[token]) for square, token in _pairs_of]
        break
print(_json.dumps(_found))
"""


@pytest.mark.parametrize("game", GAMES)
def test_a_move_on_each_board_gets_the_computers_reply(lite_page: Any, game: str) -> None:
    from playwright.sync_api import expect

    notebook = open_notebook(lite_page, f"play-{game}.ipynb")
    board = lite_page.locator(".mp-board-widget").first
    move = None
    for _deal in range(10):  # a dealt hand can have no move: deal again, as a pupil would
        cells = notebook.run_all()
        assert not [c.error for c in cells if c.error], cells
        board.locator(".mp-square").last.wait_for()
        notebook.marks.setdefault("board_visible", notebook.mark("board_visible"))
        # The computer may be dealt the first turn (Mixmath draws for it): wait for ours.
        expect(board.locator(".mp-turn")).to_contain_text(
            "You to move", timeout=CELL_SECONDS * 1000
        )
        move = json.loads(notebook.execute(_FIND_MOVE).strip().splitlines()[-1])
        if move:
            break
    assert move, f"no playable hand in 10 deals of {game}"
    for square, shown in move:
        tile = board.locator(".mp-tile-free").filter(
            has=lite_page.locator(".mp-tile-text", has_text=re.compile(f"^{re.escape(shown)}$"))
        )
        tile.first.click()
        board.locator(f'.mp-square[data-name="{square}"]').click()
        expect(board.locator(f'.mp-square[data-name="{square}"]')).to_have_class(
            re.compile("mp-tentative|mp-filled")
        )
    computer_lines = board.locator(".mp-log-line", has_text="Computer")
    before = computer_lines.count()
    action = board.locator(".mp-action-end" if game == "mixmath" else ".mp-action-play")
    expect(action).to_be_enabled()
    clicked = time.perf_counter()
    action.click()
    expect(board.locator(".mp-log-line", has_text="You")).not_to_have_count(0)
    # The computer's reply: a new line of the computer's in the log, and our turn again.
    expect(computer_lines).not_to_have_count(before, timeout=CELL_SECONDS * 1000)
    expect(board.locator(".mp-turn")).to_contain_text("You to move", timeout=CELL_SECONDS * 1000)
    notebook.marks["computer_replied_after_s"] = round(time.perf_counter() - clicked, 2)
    # On a school laptop's 1024×768 the board fits the notebook panel: grid, hand, the
    # primary button and the message in view together once the board is scrolled up.
    lite_page.set_viewport_size({"width": 1024, "height": 768})
    board.evaluate("b => b.closest('.jp-OutputArea-output').scrollIntoView({block: 'start'})")
    lite_page.wait_for_timeout(500)  # the resize observer's frame
    fits = parts_in_view(board)
    lite_page.screenshot(path=str(SCREENSHOTS / f"play-{game}-1024x768.png"))
    assert all(fits.values()), fits
    board.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(exist_ok=True)
    board.screenshot(path=str(SCREENSHOTS / f"play-{game}.png"))
    # With no server, two friends play by turns with the game's code: the New game panel
    # gives it, and a friend's code opens (every move checked) on the website too.
    board.get_by_role("button", name="New game").click()
    code_box = board.get_by_label("This game's code: copy it and send it to your friend")
    expect(code_box).to_have_value(re.compile(r"^MP2-[0-9A-Z-]+$"), timeout=CELL_SECONDS * 1000)
    code = code_box.input_value()
    code_box.scroll_into_view_if_needed()
    lite_page.screenshot(path=str(SCREENSHOTS / f"play-{game}-game-code.png"))
    board.get_by_label("A game code from your friend").fill(code)
    board.get_by_role("button", name="Open the game in the code").click()
    expect(board.locator(".mp-message")).to_contain_text("Here is the game from the code")
    expect(board.locator(".mp-log-line")).not_to_have_count(0)
    _timings(f"play {game}", notebook.marks)
    assert lite_page.errors == []


def test_save_my_results_downloads_the_records(lite_page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    notebook = open_notebook(lite_page, "00-welcome.ipynb")
    lite_page.evaluate(
        """() => { const model = window.__panel.content.model;
        model.sharedModel.insertCell(model.cells.length, {cell_type: 'code',
          source: 'import mathplay\\nmathplay.PuzzleSet("arithmetic", only=[1, 2])'}); }"""
    )
    cell = notebook.run_cell(notebook.cell_count() - 1)
    assert not cell.error, cell.error
    puzzles = lite_page.locator(".mathplay-puzzles").last
    name = puzzles.locator(".mathplay-puzzles-name input")
    name.fill("Ana")
    name.press("Enter")
    answer = puzzles.locator(".mathplay-puzzles-answer input")
    for typed in ("4", "99"):
        answer.fill(typed)
        answer.press("Enter")
        expect(puzzles.locator(".mathplay-puzzles-feedback")).to_contain_text(
            "Right" if typed == "4" else "Not yet"
        )
        puzzles.locator("button.mathplay-puzzles-next").click()
    save = puzzles.get_by_role("button", name="Save my results")
    expect(save).to_be_visible()
    with lite_page.expect_download() as waiting:
        save.focus()
        lite_page.keyboard.press("Enter")  # the keyboard works as well as a click
    download = waiting.value
    assert download.suggested_filename == "mathplay-results-ana.jsonl"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    lines = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
    assert [(e["who"], e["answer"], e["right"]) for e in lines] == [
        ("Ana", "4", True),
        ("Ana", "99", False),
    ]
    expect(puzzles.locator(".mp-save-note")).to_contain_text("Saved 2 answers")
    in_browser = notebook.execute("print(open('mathplay-progress.jsonl').read(), end='')")
    assert saved.read_text(encoding="utf-8") == in_browser
    result = collect([saved], tmp_path / "class.jsonl")
    assert result.records == 2
    attempts, bad = read_attempts(tmp_path / "class.jsonl")
    assert bad == 0 and [a["answer"] for a in attempts] == ["4", "99"]
    assert lite_page.errors == []


def test_the_watch_sees_a_request_off_the_site(lite_page: Any) -> None:
    """The check above is real: a request to another host is caught (then forgiven)."""
    lite_page.goto(lite_page.base_url + "index.html")
    lite_page.evaluate("() => fetch('http://example.invalid/x').catch(() => null)")
    lite_page.wait_for_timeout(500)
    assert any("example.invalid" in request for request in lite_page.off_site)
    lite_page.off_site.clear()
