"""A teacher's report and a pupil's own page in the language they read: the
class grid, its key and its titles, and "my progress", from lesson 10's made-up records
of each translation.

Before: the translations' sample records named the set in English ("Lesson 1: the
order of operations" in a Spanish, Greek or Malay report)."""

from __future__ import annotations

import html
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from mathplay.classroom import report
from mathplay.classroom.my_progress import my_progress
from mathplay.i18n import set_language
from tests.english_words import english_in

LESSONS = Path(__file__).resolve().parents[2] / "lessons"


def shown(page: str) -> str:
    """The words of an HTML page and of its titles and labels, without its styles."""
    page = re.sub(r"<style.*?</style>", "", page, flags=re.DOTALL)
    labels = re.findall(r'(?:title|aria-label|alt)="([^"]*)"', page)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page) + "\n" + "\n".join(labels))


@pytest.fixture
def language(request: pytest.FixtureRequest) -> object:
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize("language", ["es", "el", "ms"], indirect=True)
def test_the_report_and_my_progress_say_nothing_in_english(language: str) -> None:
    records = LESSONS / language / "puzzles" / "sample-progress.jsonl"
    page = shown(report.summary(records)._repr_html_())
    assert len(page) > 500
    assert english_in(page, language) == []
    mine = my_progress("Ana", records, now=datetime(2026, 11, 30, tzinfo=timezone.utc))
    page = shown(mine._repr_html_())
    assert "Ana" in page and len(page) > 80
    assert english_in(page, language) == []
