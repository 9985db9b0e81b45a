"""Tiny files that used to hang the checker or end in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.__main__ import main as mathplay_main
from mathplay.puzzles import PuzzleFileError, check_file, check_text, load
from mathplay.puzzles.kinds import base
from mathplay.puzzles.kinds.base import MAX_TRIES, Budget
from tests.puzzles.helpers import line_of, puzzle_file


def only(problems: list) -> object:
    assert len(problems) == 1, problems
    return problems[0]


@pytest.fixture
def tries(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many candidates the searches of a test tried, all together."""
    count = [0]
    spend = Budget.spend

    def counted(self: Budget) -> None:
        count[0] += 1
        spend(self)

    monkeypatch.setattr(base.Budget, "spend", counted)
    return count


def bounded_check(text: str) -> list:
    """The problems of ``text``; the work is bounded by counting tries (``tries``), not
    by a clock: speed is measured in ``bench/``, never asserted in tests."""
    return check_text(text, "f.toml")


# --- 3: every search stops after MAX_TRIES tries, and says so ---------------------------

HUGE = 4611686018427387904
ELEVEN = " _ ".join(["1"] * 12) + " = 99999"
THIRTY_PLUS = ", ".join(['"+"'] * 30)
STOPPED = [
    pytest.param(
        f'id = "m"\nkind = "missing"\nequation = "_ AND 1 = 2"\nlargest = {HUGE}',
        "equation",
        id="missing-huge-largest",
    ),
    pytest.param(
        f'id = "m"\nkind = "missing"\nequation = "_ OR 0 = 3"\nlargest = {HUGE}\nunique = true',
        "equation",
        id="missing-huge-largest-unique",
    ),
    pytest.param(
        f'id = "w"\nkind = "which-operation"\nequation = "{ELEVEN}"',
        "equation",
        id="which-operation-11-blanks",
    ),
    pytest.param(
        'id = "t"\nkind = "target"\ntiles = "1 2 3 4 5 6"\ntarget = 99999\n'
        'operations = ["+", "-", "x", ":", "AND", "OR", "XOR"]',
        "tiles",
        id="target-6-tiles-7-operations",
    ),
]


@pytest.mark.parametrize(("body", "key"), STOPPED)
def test_a_search_stops_after_max_tries_and_says_so(body: str, key: str, tries: list) -> None:
    text = puzzle_file(body)
    problem = only(bounded_check(text))
    assert problem.line == line_of(text, f"{key} =")
    assert f"stopped looking after {MAX_TRIES} tries: make the puzzle smaller" in problem.message
    assert tries[0] == MAX_TRIES + 1


def test_a_huge_largest_is_fine_when_the_answer_is_small(tries: list) -> None:
    text = puzzle_file(
        f'id = "m"\nkind = "missing"\nequation = "_ OR 0 = 2"\nlargest = {HUGE}\nanswer = "2"'
    )
    assert check_text(text) == []
    assert tries[0] == 3


def test_one_blank_in_plus_minus_times_divide_is_worked_out_not_searched(tries: list) -> None:
    """``_ + 1 = 3`` needs no search, and ``_ + 1 = 0`` has no answer, however big largest is."""
    text = puzzle_file(
        f'id = "m"\nkind = "missing"\nequation = "_ + 1 = 3"\nlargest = {HUGE}\nunique = true'
    )
    assert check_text(text) == []
    problem = only(check_text(puzzle_file('id = "m"\nkind = "missing"\nequation = "_ + 1 = 0"')))
    assert "no solution" in problem.message
    assert tries[0] == 0


def test_repeated_operations_are_tried_once(tries: list) -> None:
    text = puzzle_file(
        f'id = "t"\nkind = "target"\ntiles = "1 2 3 4 5 6"\ntarget = 999999\n'
        f"operations = [{THIRTY_PLUS}]"
    )
    assert "no solution" in only(bounded_check(text)).message
    assert tries[0] == 6 + 30 + 120 + 360 + 720 + 720  # every order of the tiles, + only


def test_the_authors_answer_shows_a_solution_when_the_search_stops() -> None:
    big = (
        'id = "t"\nkind = "target"\ntiles = "1 2 3 4 5 6"\ntarget = 721\n'
        'operations = ["+", "-", "x", ":", "AND", "OR", "XOR"]'
    )
    assert check_text(puzzle_file(big + '\nanswer = "6 x 5 x 4 x 3 x 2 + 1"')) == []
    assert "stopped looking" in only(check_text(puzzle_file(big))).message


def test_too_many_blanks_are_refused_before_any_search(tries: list) -> None:
    text = puzzle_file('id = "w"\nkind = "missing"\nequation = "' + "_ + " * 25 + '1 = 1"')
    assert "at most 20" in only(check_text(text)).message
    assert tries[0] == 0


# --- 4: what the parser or a kind could not take is a problem, not a traceback ----------

DIGITS = "9" * 5000
ROWS = [" ".join(["."] * 14)] * 14
ROWS[6], ROWS[7] = ". . . . . . 1 2 . . . . . .", ". . . . . . 3 4 . . . . . ."


def mixmath(diagram: list[str], hand: str) -> str:
    board = "\n".join(diagram)
    head = 'id = "m"\nkind = "move"\ngame = "mixmath"\n'
    return head + f'diagram = """\n{board}\n"""\nhand = "{hand}"'


def wide(game: str, rows: int) -> str:
    board = [" ".join(["."] * 27)] * rows
    board[rows - 1] = " ".join(["."] * 26 + ["?"])
    return (
        f'id = "x"\nkind = "move"\ngame = "{game}"\ndiagram = """\n'
        + "\n".join(board)
        + ('\n"""\nhand = "1+1"')
    )


BAD_DATA = [
    pytest.param(
        'id = "b"\nkind = "bitwise"\nexpression = "12 AND 10"',
        "expression",
        "'12' has digits other than 0 and 1",
        id="bitwise-decimal-digits",
    ),
    pytest.param(
        f'id = "t"\nkind = "target"\ntiles = "1 2"\ntarget = "{DIGITS}"',
        "target =",
        "target has 5000 digits; a number in a puzzle has at most 64",
        id="target-5000-digits",
    ),
    pytest.param(
        f'id = "c"\nkind = "convert"\nnumber = "{DIGITS}"\nto = "binary"',
        "number",
        "number has 5000 digits",
        id="convert-5000-digits",
    ),
    pytest.param(
        f'id = "c"\nkind = "convert"\nnumber = "{"9" * 30}"\nto = "binary"',
        "number",
        "binary digits, and an answer can have at most 64",
        id="convert-answer-too-long",
    ),
    pytest.param(
        mixmath(ROWS, "5 " + DIGITS), "hand", "the hand is too long", id="mixmath-hand-5000"
    ),
    pytest.param(
        mixmath([DIGITS + " " + " ".join(["."] * 13), *ROWS[1:]], "5 7"),
        '"""',
        "row 1 of the diagram: '9999999999…' is too long for one square",
        id="mixmath-diagram-5000",
    ),
    pytest.param(
        wide("summy", 27), "diagram", "the diagram has 27 rows", id="summy-27-rows-bad-cell"
    ),
    pytest.param(
        wide("binary", 9),
        '"""',
        "row 1 of the diagram has 27 cells; a board has at most 26 columns",
        id="binary-27-columns-bad-cell",
    ),
]


@pytest.mark.parametrize(("body", "needle", "message"), BAD_DATA)
def test_bad_data_is_a_problem_on_its_line(body: str, needle: str, message: str) -> None:
    text = puzzle_file(body)
    problem = only(check_text(text, "f.toml"))
    assert message in problem.message
    wanted = line_of(text, needle) + (1 if needle == '"""' else 0)
    assert problem.line == wanted


def test_one_bad_puzzle_does_not_hide_the_others() -> None:
    text = puzzle_file(
        'id = "b"\nkind = "bitwise"\nexpression = "12 AND 10"',
        'id = "a"\nkind = "missing"\nequation = "3 + _ = 7"\nanswer = "5"',
    )
    assert [p.puzzle for p in check_text(text)] == ["b", "a"]


NESTED = [
    pytest.param("x = " + "[" * 3000 + "]" * 3000, "nested more than 50 deep", id="arrays"),
    pytest.param("x = " + "{a=" * 3000 + "1" + "}" * 3000, "nested more than 50 deep", id="tables"),
    pytest.param("a." * 20_000 + "a = 1", "more than 50 parts", id="dotted-key"),
    pytest.param("[" + "a." * 60 + "a]\nb = 1", "more than 50 parts", id="dotted-table"),
    pytest.param(f"x = {DIGITS}", "5000 characters long", id="integer-5000-digits"),
    pytest.param("x = 0x" + "f" * 4000, "4002 characters long", id="hex-4000-digits"),
]


@pytest.mark.parametrize(("line", "message"), NESTED)
def test_the_raw_text_is_looked_at_before_parsing(line: str, message: str) -> None:
    text = 'title = "T"\n# a comment [[[[\nd = "text [[[[ {{{{ a.a.a"\n' + line + "\n"
    problem = only(check_text(text, "f.toml"))  # refused before the TOML parser runs
    assert message in problem.message and problem.line == 4 and problem.source == "f.toml"


def test_nesting_within_the_limits_is_fine() -> None:
    text = puzzle_file(
        'id = "a"\nkind = "missing"\nequation = "3 + _ = 7"\nfeedback.right = "Yes"\n'
        'hints = [["a"]]'
    )
    assert "hints are a list of texts" in only(check_text(text)).message


def test_a_big_file_is_refused_before_parsing(tmp_path: Path) -> None:
    text = 'title = "T"\n' + "# padding\n" * 30_000
    assert "at most 200000" in only(check_text(text, "big.toml")).message
    path = tmp_path / "huge.toml"
    path.write_text(text * 4)
    assert "at most 200 kB" in only(check_file(path)).message


def test_a_literal_string_with_three_quotes_keeps_the_line_numbers() -> None:
    text = puzzle_file(
        "id = 'a'\nkind = 'missing'\nprompt = 'say \"\"\" here'\n"
        'equation = "3 + _ = 7"\nanswer = "5"',
        "id = 'b'\nkind = 'missing'\nequation = '3 + _ = 7'\nanswer = '6'",
    )
    assert [p.line for p in check_text(text)] == [line_of(text, '"5"'), line_of(text, "'6'")]


@pytest.mark.parametrize(
    "prompt",
    ["'''a \"\"\" b'''", '"""a \\""" b"""', '"a \\"\\"\\" b"', "'''a\nb'''"],
)
def test_strings_that_hold_quotes_keep_the_line_numbers(prompt: str) -> None:
    text = puzzle_file(f'id = "a"\nkind = "missing"\nprompt = {prompt}\nequation = "3+_=7"')
    text += '\n[[puzzle]]\nid = "b"\nkind = "missing"\nequation = "_ + 5 = 2"\n'
    assert [p.line for p in check_text(text)] == [line_of(text, "_ + 5 = 2")]


def test_a_line_separator_in_a_string_does_not_shift_lines() -> None:
    text = puzzle_file('id = "a"\nkind = "missing"\nprompt = "a\u2028b"\nequation = "_+5=2"')
    assert only(check_text(text)).line == text.split("\n").index('equation = "_+5=2"') + 1


def test_the_command_reports_each_case_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = []
    for number, body in enumerate([p.values[0] for p in BAD_DATA + STOPPED]):
        path = tmp_path / f"f{number}.toml"
        path.write_text(puzzle_file(body), encoding="utf-8")
        files.append(str(path))
    for number, param in enumerate(NESTED):
        path = tmp_path / f"n{number}.toml"
        path.write_text('title = "T"\n' + param.values[0] + "\n", encoding="utf-8")
        files.append(str(path))
    assert mathplay_main(["puzzles", "check", *files]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert out.out.count("problem to fix") == len(files)
    with pytest.raises(PuzzleFileError):
        load(files[0])
