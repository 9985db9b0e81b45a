"""The puzzle-file format: parse with line numbers, write, and round trips."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathplay.errors import MathplayError
from mathplay.puzzles import shipped_sets
from mathplay.puzzles.format import (
    Puzzle,
    PuzzleFileError,
    Worksheet,
    parse,
    read_file,
    read_text,
    write,
)
from mathplay.puzzles.generate import generate
from mathplay.puzzles.validate import resolve
from tests.puzzles.helpers import SUMMY_9, line_of, puzzle_file

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def test_parse_reads_common_keys_and_lines() -> None:
    text = puzzle_file(
        """
        id = "add-1"
        kind = "missing"
        prompt = "Fill it in."
        equation = "3 + _ = 7"
        answer = 4
        unique = true
        hints = ["Count up.", "3 + 4 is 7."]
        feedback.right = "Well done!"
        feedback.wrong = "Count again."
        """
    )
    sheet = parse(text, "t.toml")
    puzzle = sheet.puzzles[0]
    assert sheet.title == "Test set" and sheet.level == 1
    assert puzzle.answer == "4"  # a number is read as text
    assert puzzle.unique is True
    assert puzzle.hints == ("Count up.", "3 + 4 is 7.")
    assert puzzle.feedback == {"right": "Well done!", "wrong": "Count again."}
    assert puzzle.fields == {"equation": "3 + _ = 7"}
    assert puzzle.line == line_of(text, "[[puzzle]]")
    assert puzzle.line_of("answer") == line_of(text, "answer")
    assert puzzle.line_of("equation") == line_of(text, "equation")


def test_feedback_as_plain_text_is_the_wrong_feedback() -> None:
    text = puzzle_file('id = "a"\nkind = "missing"\nequation = "1 + _ = 2"\nfeedback = "Hm."')
    assert parse(text).puzzles[0].feedback == {"wrong": "Hm."}


def test_kind_names_are_forgiving() -> None:
    text = puzzle_file('id = "a"\nkind = "True_or False"\nequation = "1 + 1 = 2"')
    assert parse(text).puzzles[0].kind == "true-or-false"


@pytest.mark.parametrize(
    ("text", "needle", "words"),
    [
        ('title = "T"\n[[puzzle]]\nid = "a"\nkind = "missing\n', 'kind = "missing', "TOML"),
        ('title = "T"\nlevl = 2\n[[puzzle]]\nid = "a"\nkind = "x"\n', "levl", "'level'"),
        ('title = "T"\n[[puzzle]]\nkind = "missing"\n', "[[puzzle]]", "no id"),
        ('title = "T"\n[[puzzle]]\nid = "a"\nkind = "x"\nhints = 3\n', "hints", "list"),
        ('title = "T"\n[[puzzle]]\nid = "a"\nkind = "x"\nunique = "yes"\n', "unique", "true"),
    ],
)
def test_format_problems_name_the_line(text: str, needle: str, words: str) -> None:
    with pytest.raises(PuzzleFileError) as caught:
        parse(text, "bad.toml")
    problem = caught.value.problems[0]
    assert problem.line == line_of(text, needle)
    assert words in problem.message
    assert str(problem).startswith(f"bad.toml, line {problem.line}")
    assert isinstance(caught.value, MathplayError)


def test_duplicate_ids_point_at_both_lines() -> None:
    text = puzzle_file('id = "a"\nkind = "convert"', 'id = "a"\nkind = "convert"')
    _sheet, problems = read_text(text, "d.toml")
    second = [n for n, line in enumerate(text.splitlines(), 1) if "[[puzzle]]" in line][1]
    assert problems[0].line == second
    assert f"line {line_of(text, '[[puzzle]]')}" in problems[0].message


def test_no_title_and_no_puzzles() -> None:
    _sheet, problems = read_text("level = 1\n", "e.toml")
    messages = " ".join(p.message for p in problems)
    assert "title" in messages and "no puzzles" in messages


def test_missing_file_and_not_utf8(tmp_path) -> None:
    with pytest.raises(PuzzleFileError, match="no such file"):
        read_file(tmp_path / "nothere.toml")
    latin = tmp_path / "latin.toml"
    latin.write_bytes('title = "Caf\xe9"'.encode("latin-1"))
    with pytest.raises(PuzzleFileError, match="UTF-8"):
        read_file(latin)


@pytest.mark.parametrize("name", shipped_sets())
def test_shipped_sets_round_trip(name: str) -> None:
    text, _ = read_file(resolve(name))
    sheet = parse(text, name)
    again = parse(write(sheet), name)
    assert again == sheet
    assert write(again) == write(sheet)


def test_diagram_is_written_as_multiline_string() -> None:
    puzzle = Puzzle("m", "move", fields={"game": "summy", "diagram": SUMMY_9, "hand": "12+3"})
    text = write(Worksheet("Moves", [puzzle]))
    assert '"""\n. . . . . . . . .\n' in text
    assert parse(text).puzzles[0].fields["diagram"] == SUMMY_9


def test_generated_sets_round_trip() -> None:
    sheet = generate("true-or-false", 3, 4, seed=3)
    assert parse(write(sheet)) == sheet


_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@settings(max_examples=150, deadline=None)
@given(
    title=_text.filter(lambda s: s.strip() != ""),
    prompt=_text,
    hints=st.lists(_text, max_size=3),
    answer=st.none() | _text,
    wrong=_text,
    diagram=st.lists(_text, min_size=1, max_size=4).map("\n".join),
    level=st.none() | st.integers(-5, 99),
    unique=st.booleans(),
)
def test_round_trip_any_text(title, prompt, hints, answer, wrong, diagram, level, unique) -> None:
    puzzle = Puzzle(
        "p-1",
        "move",
        prompt,
        {"diagram": diagram, "points": 3, "tiles": ["1", "2"]},
        answer,
        unique,
        tuple(hints),
        {"wrong": wrong} if wrong else {},
    )
    sheet = Worksheet(title, [puzzle], level, description=prompt)
    text = write(sheet)
    tomllib.loads(text)  # valid TOML
    assert parse(text) == sheet
