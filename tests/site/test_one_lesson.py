"""The site's one-lesson script and start line (mathplay/site/onelesson.py), with no
browser: where the script goes in JupyterLite's page, and which notebooks get the line.
(tests/site/test_pupil_on_the_site.py shows both at work in chromium.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathplay.site.build import _one_lesson_at_a_time
from mathplay.site.contents import gather
from mathplay.site.onelesson import LESSON_NAME, MARK, START_CELL_ID, lab_page
from mathplay.site.tools import SiteError

CHECKOUT = Path(__file__).resolve().parents[2]

#: The shape of JupyterLite 0.8's lab/index.html loader.
PAGE = """<script>
      (async function () {
        const { pathname, origin, search, hash } = window.location;
        await import(
          '../config-utils.js?_=c9f706b'
        );
      }.call(this));
    </script>"""


def test_the_script_runs_before_jupyterlab_loads() -> None:
    page = lab_page(PAGE)
    assert page.index(MARK) < page.index("config-utils.js")
    assert page.count(MARK) == 1 and lab_page(page) == page
    assert "indexedDB" in page and '["statedb", "default"]' in page
    assert "sessions.shutdown" in page and "widget.dispose()" in page


def test_a_page_without_the_loader_fails_the_build(tmp_path: Path) -> None:
    lab = tmp_path / "index.html"
    lab.write_text("<html><script src='other.js'></script></html>")
    with pytest.raises(SiteError, match="one-lesson script"):
        _one_lesson_at_a_time(lab, ["en"], "en")
    lab.write_text(PAGE)
    _one_lesson_at_a_time(lab, ["en", "es"], "en")
    page = lab.read_text()
    assert '"All lessons"' in page and '"Todas las lecciones"' in page
    assert MARK in lab.read_text()


@pytest.mark.parametrize(
    ("path", "lesson"),
    [
        ("05-binary-numbers.ipynb", True),
        ("es/05-numeros-binarios.ipynb", True),
        ("play-summy.ipynb", False),
        ("my-lessons/deep/05-x.ipynb", False),
        ("05-binary-numbers.md", False),
        ("5-short.ipynb", False),
    ],
)
def test_which_notebooks_are_lessons(path: str, lesson: bool) -> None:
    assert bool(LESSON_NAME.match(path)) is lesson


def test_every_lesson_on_the_site_starts_with_what_to_press(tmp_path: Path) -> None:
    into = tmp_path / "site"
    extra = tmp_path / "mine"
    extra.mkdir()
    (extra / "mine.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    gather(CHECKOUT / "lessons", [extra], into, say=lambda _text: None)
    lessons = sorted(into.glob("[0-9][0-9]-*.ipynb"))
    assert len(lessons) >= 10
    for path in lessons:
        cells = json.loads(path.read_text())["cells"]
        assert cells[0]["id"] == START_CELL_ID, path.name
        assert "Run All Cells" in "".join(cells[0]["source"])
        assert [c["id"] for c in cells].count(START_CELL_ID) == 1
    for path in [into / "play-summy.ipynb", into / "mine.ipynb"]:
        cells = json.loads(path.read_text())["cells"]
        assert all(c.get("id") != START_CELL_ID for c in cells), path.name


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ms", "**Untuk mula:**"),
        ("el", "**Για να ξεκινήσεις:**"),
        ("es", "**Para empezar:**"),
        (None, "**To start:**"),
    ],
)
def test_a_translated_lessons_start_line_is_in_its_language(
    language: str | None, words: str
) -> None:
    from mathplay import i18n
    from mathplay.site.onelesson import with_start_line

    before = i18n.current_language()
    notebook = with_start_line({"cells": []}, language)
    assert words in "".join(notebook["cells"][0]["source"])
    assert i18n.current_language() == before  # the language spoken is given back


def test_the_site_gives_each_translated_lesson_its_start_line(tmp_path: Path) -> None:
    files = gather(CHECKOUT / "lessons", [], tmp_path, say=lambda _text: None)
    translated = [name for name in files if LESSON_NAME.match(name) and "/" in name]
    assert {name.split("/")[0] for name in translated} >= {"es", "ms", "el"}
    for name in translated:
        cell = json.loads((tmp_path / name).read_text(encoding="utf-8"))["cells"][0]
        assert cell["id"] == START_CELL_ID
        assert "To start" not in "".join(cell["source"]), name
