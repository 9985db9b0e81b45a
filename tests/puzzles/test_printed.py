"""Printable worksheets and answer keys.

Every lesson's puzzle file and every shipped set is printed as a worksheet and a key, in
PDF and HTML. The PDFs are turned into page images with poppler's ``pdftoppm`` and read
back with ``pdftotext`` (Debian's ``poppler-utils``, which ``.ci/run`` installs): every
page is the paper's size with nothing drawn in its margins, the text is real text (each
question can be found in it), the worksheet holds no answer and no hint, and the key's
answers are the checker's.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from matplotlib.image import imread

from mathplay.__main__ import main
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.printed import PAPERS, print_items, worksheet_html, worksheet_pdf
from mathplay.puzzles.validate import load, shipped_sets

ROOT = Path(__file__).resolve().parents[2]
LESSON_FILES = sorted((ROOT / "lessons" / "puzzles").glob("[0-9][0-9]-*.toml"))
SETS = [str(path) for path in LESSON_FILES] + shipped_sets()


def _poppler() -> None:
    missing = [tool for tool in ("pdftoppm", "pdftotext") if not shutil.which(tool)]
    assert not missing, (
        f"install Debian's poppler-utils for {missing} (apt-get install poppler-utils)"
    )


def _text(pdf: Path) -> str:
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True)
    return " ".join(out.stdout.decode().split())  # wrapped lines read as one


def _pages(pdf: Path, folder: Path) -> list[np.ndarray]:
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(folder / "page")], check=True)
    return [imread(path) for path in sorted(folder.glob("page-*.png"))]


@pytest.mark.parametrize("source", SETS, ids=[Path(s).stem for s in SETS])
def test_the_keys_answers_are_the_checkers(source: str) -> None:
    sheet = load(source)
    items = print_items(sheet)
    assert [item.id for item in items] == [puzzle.id for puzzle in sheet.puzzles]
    for item, puzzle in zip(items, sheet.puzzles):
        assert KINDS[puzzle.kind].check(puzzle, item.answer).right, (puzzle.id, item.answer)
        assert item.why and "\n" not in item.why


#: Every lesson on A4; Letter for two lessons (one with boards), to keep the test short.
PAPER_CASES = [(str(path), "a4") for path in LESSON_FILES] + [
    (str(path), "letter") for path in LESSON_FILES if path.stem[:2] in ("03", "05")
]


@pytest.mark.parametrize(
    ("source", "paper"), PAPER_CASES, ids=[f"{Path(s).stem}-{p}" for s, p in PAPER_CASES]
)
@pytest.mark.slow
def test_each_lessons_worksheet_and_key_as_pdf(source: str, paper: str, tmp_path: Path) -> None:
    _poppler()
    sheet = load(source)
    items = print_items(sheet)
    width_in, height_in = PAPERS[paper]
    for answers in (False, True):
        pdf = tmp_path / f"{'key' if answers else 'sheet'}.pdf"
        count = worksheet_pdf(sheet, pdf, answers=answers, paper=paper)
        folder = tmp_path / pdf.stem
        folder.mkdir()
        pages = _pages(pdf, folder)
        assert len(pages) == count >= 1
        for page in pages:
            # The paper's size (40 dpi), and nothing drawn in a 0.4-inch margin.
            assert abs(page.shape[1] - width_in * 40) <= 1
            assert abs(page.shape[0] - height_in * 40) <= 1
            edge = 16
            for strip in (page[:edge], page[:, :edge], page[:, -edge:]):
                assert strip[..., :3].min() > 0.95, "ink in the margin"
        text = _text(pdf)
        assert sheet.title in text
        for item in items:
            # Real text: each question can be searched for (as wrapped, word by word).
            assert item.question.split()[0] in text
        if answers:
            for item in items:
                assert " ".join(f"Answer: {item.shown_answer}".split()) in text, item.id
        else:
            assert "Name:" in text and "answer key" not in text
            for item in items:
                assert " ".join(item.why.split()) not in text, "a worksheet explains nothing"
            for puzzle in sheet.puzzles:
                for hint in puzzle.hints:
                    assert hint not in text, "a worksheet shows no hints"


def test_a_worksheet_in_html_prints_each_puzzle_whole() -> None:
    sheet = load(str(ROOT / "lessons" / "puzzles" / "03-mixmath.toml"))
    page = worksheet_html(sheet)
    assert "@page { size: A4" in page and "break-inside: avoid" in page
    assert page.count('class="mp-item"') == len(sheet.puzzles)
    assert page.count("<svg") == len(sheet.puzzles)  # every move puzzle's board, drawn
    key = worksheet_html(sheet, answers=True, paper="letter")
    assert "size: letter" in key and "<svg" not in key
    for item in print_items(sheet):
        assert f'<span class="mp-answer">{item.shown_answer}</span>' in key


def test_the_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lessons = ROOT / "lessons"
    assert main(["lessons", "print", "05", "--folder", str(lessons), "-o", str(tmp_path)]) == 0
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == ["05-binary-numbers-key.pdf", "05-binary-numbers-worksheet.pdf"]
    assert main(["lessons", "print", "5", "--folder", str(lessons), "-o", str(tmp_path)]) == 1
    assert "there is no lesson 5" in capsys.readouterr().err
    out = tmp_path / "bits.html"
    assert main(["puzzles", "print", "bitwise", "--answers", "-o", str(out)]) == 0
    assert "answer key" in out.read_text()
    # A file with problems is not printed: its key would be wrong.
    bad = tmp_path / "bad.toml"
    bad.write_text('title = "Bad"\n[[puzzle]]\nid = "a"\nkind = "missing"\n'
                   'equation = "6 x _ = 72"\nanswer = "13"\n')  # fmt: skip
    assert main(["puzzles", "print", str(bad), "-o", str(tmp_path / "bad.pdf")]) == 1
    assert "the answer '13' is not right" in capsys.readouterr().err
    assert not (tmp_path / "bad.pdf").exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", ["Nombre:", "Fecha:", "Respuesta:"]),
        ("ms", ["Nama:", "Tarikh:", "Jawapan:"]),
        ("el", ["Όνομα:", "Ημερομηνία:", "Απάντηση:"]),
    ],
)
def test_a_translated_lessons_worksheet_is_in_its_language(
    language: str, words: list[str], tmp_path: Path
) -> None:
    """A Spanish lesson's worksheet says "Nombre:", not "Name:", whatever the teacher's
    own language: its puzzle file says its language (``language = "es"``)."""
    _poppler()
    folder = ROOT / "lessons" / language
    assert main(["lessons", "print", "05", "--folder", str(folder), "-o", str(tmp_path)]) == 0
    text = _text(tmp_path / "05-binary-numbers-worksheet.pdf")
    for word in words:
        assert word in text
    assert "Name:" not in text and "Answer:" not in text and "in binary" not in text
    sheet = load(str(folder / "puzzles" / "05-binary-numbers.toml"))
    assert f'<html lang="{language}">' in worksheet_html(sheet, answers=True)
    # The teacher's own language is back afterwards.
    from mathplay import i18n

    assert i18n.current_language() == "en"
