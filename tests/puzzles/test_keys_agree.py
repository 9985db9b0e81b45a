"""Keys that agree: one move per puzzle.

Wherever a move puzzle's answer is shown (a printed key's "Answer:" line and the line
that explains it, a teacher's page, the end check's review, the last step of the hint
ladder), it is the same move: the author's ``answer`` when there is one, else a move
that goes the way the prompt asks ("goes down"). The checker reports a prompt that asks
for one way while the answer goes the other, on the answer's line.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from mathplay import PuzzleSet
from mathplay.__main__ import main
from mathplay.i18n import _, speaking
from mathplay.lessons.source import read_lesson
from mathplay.lessons.teacher import page_text, read_teacher
from mathplay.puzzles import check_text
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.kinds.move import asked_direction
from mathplay.puzzles.moments import CHECK
from mathplay.puzzles.printed import print_items, worksheet_html
from mathplay.puzzles.validate import load, shipped_sets
from tests.puzzles.helpers import SUMMY_9, line_of, puzzle_file

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
LESSON_FILES = sorted((LESSONS / "puzzles").glob("[0-9][0-9]-*.toml"))
TRANSLATED = sorted(LESSONS.glob("[a-z][a-z]/puzzles/[0-9][0-9]-*.toml"))
SETS = [str(path) for path in LESSON_FILES] + shipped_sets()
#: A key's answer line, then the line that explains it ("Play <move>: …"); a Summy
#: move has no ": " in it (its division sign is a ":" with no space after it).
KEY_ITEM = re.compile(r"Answer: ((?:(?!Answer:).)+?) Play (.+?): ")


def _moves(sheet: object) -> list[object]:
    return [p for p in sheet.puzzles if p.kind == "move"]  # type: ignore[attr-defined]


def _direction(move: str) -> str | None:
    words = move.split()
    return words[1] if len(words) > 2 and words[1] in ("across", "down") else None


def _pdf_text(pdf: Path) -> str:
    assert shutil.which("pdftotext"), (
        "install Debian's poppler-utils (apt-get install poppler-utils)"
    )
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True)
    return " ".join(out.stdout.decode().split())  # wrapped lines read as one


def _key_pairs(text: str) -> list[tuple[str, str]]:
    return [(a.strip(), b.strip()) for a, b in KEY_ITEM.findall(text)]


@pytest.mark.parametrize("lesson", ["00-welcome", "04-summy"])
def test_a_printed_keys_answer_and_explanation_name_one_move(lesson: str, tmp_path: Path) -> None:
    source = LESSONS / "puzzles" / f"{lesson}.toml"
    pdf = tmp_path / "key.pdf"
    assert main(["puzzles", "print", str(source), "--answers", "-o", str(pdf)]) == 0
    pairs = _key_pairs(_pdf_text(pdf))
    sheet = load(str(source))
    assert len(pairs) == len(_moves(sheet)) > 0
    for (answer, explained), puzzle in zip(pairs, _moves(sheet)):
        assert answer == explained, (puzzle.id, answer, explained)
        # The author's answer is the one shown.
        assert " ".join(answer.split()) == " ".join(puzzle.answer.split()), puzzle.id


def test_lesson_zeros_end_check_move_goes_down_in_its_key(tmp_path: Path) -> None:
    source = LESSONS / "puzzles" / "00-welcome.toml"
    pdf = tmp_path / "key.pdf"
    assert main(["puzzles", "print", str(source), "--answers", "-o", str(pdf)]) == 0
    text = _pdf_text(pdf)
    item = text[text.index("This time, try one that goes down") :]
    answer, explained = _key_pairs(item)[0]
    assert _direction(answer) == _direction(explained) == "down", (answer, explained)


@pytest.mark.parametrize("source", SETS, ids=[Path(s).stem for s in SETS])
def test_every_move_items_key_names_one_move(source: str) -> None:
    sheet = load(source)
    page = unescape(re.sub(r"<[^>]+>", " ", worksheet_html(sheet, answers=True)))
    pairs = _key_pairs(" ".join(page.split()))
    moves = _moves(sheet)
    assert len(pairs) == len(moves)
    for (answer, explained), puzzle in zip(pairs, moves):
        assert answer == explained, (puzzle.id, answer, explained)
        if puzzle.answer:
            assert " ".join(answer.split()) == " ".join(puzzle.answer.split()), puzzle.id
        way = asked_direction(KINDS["move"].prompt(puzzle))
        if way is not None:
            assert _direction(answer) == way, (puzzle.id, answer)


ALL_FILES = [str(path) for path in LESSON_FILES + TRANSLATED] + shipped_sets()


@pytest.mark.parametrize("source", ALL_FILES, ids=[str(Path(s).relative_to(ROOT)) if "/" in s else s
                                                   for s in ALL_FILES])  # fmt: skip
def test_the_ladders_solution_and_the_review_show_the_keys_move(source: str) -> None:
    sheet = load(source)
    kind = KINDS["move"]
    with speaking(sheet.language or None):
        items = {item.id: item for item in print_items(sheet)}
        for puzzle in _moves(sheet):
            # The key prints the move in the words of the board's log (B5 mendatar
            # 2+3=5), as the hints write it.
            shown = items[puzzle.id].shown_answer
            ladder = kind.hint_ladder(puzzle)
            assert shown in ladder[-1], (puzzle.id, shown, ladder[-1])
            assert items[puzzle.id].why == ladder[-1]
            way = _direction(items[puzzle.id].answer)
            if way is not None and not puzzle.hints:
                # The kind's own steps lead to that move: "… going down" (in every
                # language, with the word of the board's log: en vertical, menegak).
                other = {"down": "across", "across": "down"}[way]
                steps = " ".join(ladder[:-1])
                assert f" {_(way)}" in steps and _(other) not in steps, (puzzle.id, ladder)
            if puzzle.answer:
                assert items[puzzle.id].answer == kind.check(puzzle, puzzle.answer).answer


@pytest.mark.slow
@pytest.mark.parametrize("source", ALL_FILES, ids=[str(Path(s).relative_to(ROOT)) if "/" in s else s
                                                   for s in ALL_FILES])  # fmt: skip
def test_the_end_checks_review_shows_the_keys_move(source: str) -> None:
    sheet = load(source)
    with speaking(sheet.language or None):
        items = {item.id: item for item in print_items(sheet)}
    puzzles = PuzzleSet(sheet, who="Ana", log=None, moment=CHECK, language=sheet.language or "en")
    while not puzzles.finished:
        puzzles.next()
    review = unescape(puzzles.review.value)
    for puzzle in _moves(sheet):
        item = items[puzzle.id]
        assert f"{item.shown_answer}</" in review and item.why in review, puzzle.id


def test_lesson_zeros_review_and_teachers_page_show_the_down_move() -> None:
    sheet = load(str(LESSONS / "puzzles" / "00-welcome.toml"))
    puzzles = PuzzleSet(sheet, who="Ana", log=None, moment=CHECK, language="en")
    while not puzzles.finished:
        puzzles.next()
    review = unescape(puzzles.review.value)
    asked = review[review.index("<b>Question 8.</b>") :]
    assert "E2 down 7-3=4" in asked and "across" not in asked
    lesson = read_lesson(LESSONS / "00-welcome.md")
    page, problems = read_teacher(lesson)
    assert page is not None and not problems
    text = page_text(lesson, page)
    assert "**E2 down 7-3=4**" in text and "across" not in text.split("end check")[-1]


# --- the checker ------------------------------------------------------------------------


def _move_file(prompt: str, answer: str | None, hand: str = "73-4x812") -> str:
    body = (
        f'id = "m"\nkind = "move"\nprompt = "{prompt}"\ngame = "summy"\n'
        f'diagram = """\n{SUMMY_9}\n"""\nhand = "{hand}"\ngoal = "any"'
    )
    if answer is not None:
        body += f'\nanswer = "{answer}"'
    return puzzle_file(body)


ASKS_DOWN = [
    "Make a true sum through the = (E5). This time, try one that goes down.",
    "Haz una operación verdadera que pase por el = del centro (E5). Esta vez, prueba con una "
    "que vaya down (en vertical).",
    "Buat jumlah yang benar melalui = di tengah (E5). Kali ini, cuba satu yang bergerak down "
    "(menegak).",
    "Φτιάξε μια πράξη που ισχύει και περνά από το = στη μέση (E5). Αυτή τη φορά, δοκίμασε μία "
    "που πηγαίνει down (κάθετα).",
    "Esta vez, haz una que vaya hacia abajo, en vertical.",
    "Kali ini, buat satu yang menegak.",
    "Αυτή τη φορά, φτιάξε μία κάθετα.",
]
ASKS_ACROSS = [
    "Make a sum that goes across the table.",
    "Haz una operación en horizontal.",
    "Buat satu jumlah mendatar.",
    "Φτιάξε μια πράξη οριζόντια.",
]
ASKS_NOTHING = [
    "Make a true sum. Write the first square, across or down, and the sum.",
    "Escribe la primera casilla, across (en horizontal) o down (en vertical), y la operación.",
    "Tulis petak pertama, across (mendatar) atau down (menegak), dan jumlah itu.",
    "Γράψε το πρώτο τετράγωνο, across (οριζόντια) ή down (κάθετα), και την πράξη.",
    "Cross the sum on the table with a sum that scores at least 22 points.",
    "Find a move and write it down.",
    "",
]


@pytest.mark.parametrize("prompt", ASKS_DOWN)
def test_a_prompt_that_asks_for_down(prompt: str) -> None:
    assert asked_direction(prompt) == "down"


@pytest.mark.parametrize("prompt", ASKS_ACROSS)
def test_a_prompt_that_asks_for_across(prompt: str) -> None:
    assert asked_direction(prompt) == "across"


@pytest.mark.parametrize("prompt", ASKS_NOTHING)
def test_a_prompt_that_asks_for_no_direction(prompt: str) -> None:
    assert asked_direction(prompt) is None


@pytest.mark.parametrize("prompt", ASKS_DOWN[:4])
def test_the_checker_reports_an_answer_that_goes_the_other_way(prompt: str) -> None:
    text = _move_file(prompt, "B5 across 4x3=12")
    (problem,) = check_text(text, "m.toml")
    assert problem.source == "m.toml" and problem.puzzle == "m"
    assert problem.line == line_of(text, "answer =")
    assert "down" in problem.message and "B5 across 4x3=12" in problem.message
    assert not problem.warning
    # The same puzzle with an answer that goes down, or a prompt that asks nothing: fine.
    assert check_text(_move_file(prompt, "E2 down 7-3=4")) == []
    assert check_text(_move_file("Make a true sum through the =.", "B5 across 4x3=12")) == []


def test_the_checker_reports_a_direction_no_move_goes() -> None:
    # With the = on the bottom row (E9), every sum of 1, 2, + and 3 goes across.
    rows = [" ".join(["."] * 9)] * 8 + [". . . . = . . . ."]
    text = _move_file("Make one that goes down.", None, hand="12+3")
    text = text.replace(SUMMY_9, "\n".join(rows))
    problems = check_text(text, "m.toml")
    assert len(problems) == 1, problems
    assert problems[0].line == line_of(text, "prompt =") and "down" in problems[0].message


def test_the_checker_and_the_cli_on_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.toml"
    path.write_text(_move_file(ASKS_DOWN[0], "B5 across 4x3=12"), encoding="utf-8")
    assert main(["puzzles", "check", str(path)]) == 1
    out = capsys.readouterr()
    said = out.out + out.err
    assert f"{path}, line {line_of(path.read_text(), 'answer =')}, puzzle 'm'" in said
    assert "goes down" in said


def test_the_shipped_lessons_have_no_answer_against_their_prompt() -> None:
    for path in LESSON_FILES + TRANSLATED:
        sheet = load(str(path))  # load() raises on any problem
        for puzzle in _moves(sheet):
            way = asked_direction(puzzle.prompt or "")
            if way is not None and puzzle.answer:
                assert _direction(puzzle.answer) == way, (path, puzzle.id)
