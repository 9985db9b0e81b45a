"""Translated lessons (``lessons/es/NN-name.md`` and their puzzle files) follow their
English lessons: ``mathplay lessons check`` finds every way one departs from it, and a
translated lesson speaks its language."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import mathplay
from mathplay import i18n
from mathplay.lessons.check import check_lesson, check_paths
from mathplay.lessons.source import find_lessons
from mathplay.puzzles import PuzzleFileError, load
from mathplay.puzzles.format import parse, write

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
TRANSLATED = sorted(
    path for language in ("es", "ms", "el") for path in (LESSONS / language).glob("[0-9]*.md")
)


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_lessons_check_finds_the_translations() -> None:
    found = find_lessons([LESSONS])
    assert TRANSLATED and set(TRANSLATED) <= set(found)
    count, problems = check_paths([LESSONS / "es"])
    assert count == len(list((LESSONS / "es").glob("[0-9]*.md")))
    assert [str(p) for p in problems if not p.warning] == []


@pytest.mark.parametrize("language", ["es", "ms", "el"])
def test_every_lesson_is_in_every_language(language: str) -> None:
    english = {path.name for path in LESSONS.glob("[0-9]*.md")}
    assert len(english) == 11
    assert {path.name for path in (LESSONS / language).glob("[0-9]*.md")} == english
    assert {path.name for path in (LESSONS / language).glob("[0-9]*.ipynb")} == {
        name.replace(".md", ".ipynb") for name in english
    }


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_translation_follows_its_english_lesson(path: Path) -> None:
    assert [str(p) for p in check_lesson(path) if not p.warning] == []
    sheet = load(path.parent / "puzzles" / f"{path.stem}.toml")
    assert sheet.language == path.parent.name


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """lesson 00 and its Spanish translation in a folder of their own."""
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "es" / "puzzles").mkdir(parents=True)
    for name in ("00-welcome.md", "puzzles/00-welcome.toml"):
        shutil.copy(LESSONS / name, tmp_path / name)
        shutil.copy(LESSONS / "es" / name, tmp_path / "es" / name)
    for path in (tmp_path / "00-welcome.md", tmp_path / "es" / "00-welcome.md"):
        check_paths([path])  # the notebooks are not the point here
    return tmp_path / "es"


def translation_problems(folder: Path) -> list[str]:
    return [
        p.message
        for p in check_lesson(folder / "00-welcome.md")
        if "notebook" not in p.message and not p.warning
    ]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_copy_of_the_translation_has_no_problem(copy: Path) -> None:
    assert translation_problems(copy) == []


def test_a_missing_code_cell_is_found(copy: Path) -> None:
    edit(copy / "00-welcome.md", "```{code-cell}\n:tags: [practice]\n\nlesson.practice()\n```", "")
    said = translation_problems(copy)
    assert any("has 11 code cells" in m or "code cells and" in m for m in said), said


def test_a_changed_code_cell_is_found(copy: Path) -> None:
    edit(copy / "00-welcome.md", 'mathplay.check("8x15=120")', 'mathplay.check("8x15=121")')
    assert any("not the one of" in m for m in translation_problems(copy))


def test_a_missing_goal_is_found(copy: Path) -> None:
    edit(
        copy / "00-welcome.md",
        "- cómo leer un tablero de juego, y cómo jugar tu primera partida.\n",
        "",
    )
    assert any("goals" in m for m in translation_problems(copy))


def test_a_changed_equation_in_the_puzzle_file_is_found(copy: Path) -> None:
    edit(copy / "puzzles" / "00-welcome.toml", 'equation = "5 + _ = 12"', 'equation = "6 + _ = 13"')
    said = translation_problems(copy)
    assert any("'welcome-missing' differs" in m for m in said), said


def test_a_missing_puzzle_and_a_missing_hint_are_found(copy: Path) -> None:
    toml = copy / "puzzles" / "00-welcome.toml"
    edit(toml, '    "¿Cuántos pasos hay de 5 a 10? ¿Y de 10 a 12?",\n', "")
    said = translation_problems(copy)
    assert any("'welcome-missing' differs" in m for m in said), said


def test_a_file_that_does_not_say_its_language_is_found(copy: Path) -> None:
    edit(copy / "puzzles" / "00-welcome.toml", 'language = "es"\n', "")
    assert any('language = "es"' in m for m in translation_problems(copy))


def test_a_translation_without_its_english_lesson_is_found(copy: Path) -> None:
    (copy.parent / "00-welcome.md").unlink()
    assert any("no English lesson" in m for m in translation_problems(copy))


def test_the_puzzle_file_says_its_language_and_keeps_it() -> None:
    sheet = load(LESSONS / "es" / "puzzles" / "00-welcome.toml")
    assert sheet.language == "es"
    assert parse(write(sheet)).language == "es"
    assert load(LESSONS / "puzzles" / "00-welcome.toml").language == ""


@pytest.mark.parametrize("value", ['"fr"', '"ES"', "3", '"es_ES"'])
def test_a_language_mathplay_does_not_have_is_refused_with_its_line(
    tmp_path: Path, value: str
) -> None:
    text = (LESSONS / "es" / "puzzles" / "00-welcome.toml").read_text(encoding="utf-8")
    path = tmp_path / "00-x.toml"
    path.write_text(text.replace('language = "es"', f"language = {value}"), encoding="utf-8")
    with pytest.raises(PuzzleFileError) as refused:
        load(path)
    said = str(refused.value)
    assert re.search(r"line 7\b", said) and '"es"' in said, said


def test_a_translated_lesson_speaks_its_language_unless_one_is_chosen() -> None:
    i18n.set_language("en")
    opened = mathplay.lesson("00", folder=LESSONS / "es" / "puzzles", show=False)
    assert mathplay.current_language() == "es"
    assert mathplay.check("3+4=8").reason == "3+4 da 7, no 8"
    assert "Escribe tu nombre" in opened.welcome.children[0].value
    mathplay.lesson("00", folder=LESSONS / "es" / "puzzles", show=False, language="el")
    assert mathplay.current_language() == "el"
    mathplay.lesson("00", folder=LESSONS / "puzzles", show=False)  # English: no change
    assert mathplay.current_language() == "el"
