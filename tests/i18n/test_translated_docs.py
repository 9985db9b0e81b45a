"""The essentials of the teachers' docs in each language (``docs/es/README.md`` …): every
link in them leads to a file, every ``mathplay`` command they show exists, and the puzzle
file they show passes the checker, in its language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mathplay.__main__ import main
from mathplay.puzzles import check_text
from mathplay.puzzles.format import read_text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("es", "ms", "el")


def _doc(language: str) -> str:
    return (ROOT / "docs" / language / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_link_leads_to_a_file(language: str) -> None:
    links = re.findall(r"\]\(([^)#]+)\)", _doc(language))
    assert len(links) >= 6
    for link in links:
        assert (ROOT / "docs" / language / link).resolve().is_file(), link


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_command_shown_exists(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    commands = set(re.findall(r"mathplay (lessons|puzzles|progress|site) ([a-z]+)", _doc(language)))
    assert {group for group, _ in commands} == {"lessons", "puzzles", "progress", "site"}
    for group, command in sorted(commands):
        with pytest.raises(SystemExit) as done:
            main([group, command, "--help"])
        assert done.value.code == 0, (group, command)
    capsys.readouterr()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_puzzle_file_shown_is_right_and_in_its_language(language: str) -> None:
    (toml,) = re.findall(r"```toml\n(.*?)```", _doc(language), re.DOTALL)
    assert check_text(toml, f"docs/{language}/README.md") == []
    sheet, problems = read_text(toml)
    assert problems == [] and sheet.language == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_four_subjects_are_there(language: str) -> None:
    text = _doc(language)
    for english in ("lessons.md", "puzzles.md", "classroom.md", "site.md"):
        assert f"(../{english})" in text
    for shown in (f"lessons/{language}/", "mathplay puzzles check", "progress report",
                  "site build", "MATHPLAY_PROGRESS_DIR"):  # fmt: skip
        assert shown in text, shown
