"""Per-answer feedback, the checker's warnings, and the checker's bugs found before."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.__main__ import main as mathplay_main
from mathplay.puzzles import check_text, load, parse, write
from mathplay.puzzles.format import Puzzle
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.validate import validate, warnings
from tests.puzzles.helpers import SUMMY_9, line_of, puzzle_file

ORDER = 'id = "o"\nkind = "missing"\nequation = "6 + 2 x 5 = _"\n'


# --- feedback.answers --------------------------------------------------------------------


def test_per_answer_feedback_is_read_and_shown_after_the_checkers_words() -> None:
    text = puzzle_file(
        ORDER + 'feedback.answers = { "40" = "Did you work from left to right? x comes first." }'
    )
    sheet = parse(text)
    puzzle = sheet.puzzles[0]
    assert puzzle.answer_feedback == {"40": "Did you work from left to right? x comes first."}
    kind = KINDS["missing"]
    for typed in ("40", " 040 ", "6 + 2 x 5 = 40"):  # normalised as the checker reads answers
        result = kind.check(puzzle, typed)
        assert result.note == "Did you work from left to right? x comes first."
        assert result.message.endswith(result.note)
        assert "You went from left to right" in result.message
    assert kind.check(puzzle, "41").note == ""
    assert kind.check(puzzle, "16").right and kind.check(puzzle, "16").note == ""
    assert check_text(text) == []
    assert parse(write(sheet)) == sheet


def test_per_answer_feedback_as_a_table_and_for_other_kinds() -> None:
    text = puzzle_file(
        'id = "c"\nkind = "convert"\nnumber = 13\nto = "binary"\n'
        '[puzzle.feedback.answers]\n"1011" = "Read your bits from the right."',
        'id = "t"\nkind = "target"\ntiles = "2 3 7"\ntarget = 23\n'
        'feedback.answers."7 x 3" = "Good start: what is left?"',
    )
    sheet = parse(text)
    assert check_text(text) == []
    convert, target = sheet.puzzles
    assert KINDS["convert"].check(convert, "01011").note == "Read your bits from the right."
    assert KINDS["target"].check(target, "7x3").note == "Good start: what is left?"


@pytest.mark.parametrize(
    ("answers", "needle", "words"),
    [
        ('{ "16" = "Yes!" }', '"16"', "'16' is right"),
        ('{ "sixteen" = "Use digits." }', '"sixteen"', "cannot be read"),
        ('{ "4o" = "Typo?" }', '"4o"', "cannot be read"),
    ],
)
def test_the_checker_reports_a_bad_answer_key_with_its_line(
    answers: str, needle: str, words: str
) -> None:
    text = puzzle_file(ORDER + "hints = []\nfeedback.answers = " + answers)
    (problem,) = check_text(text)
    assert words in problem.message and not problem.warning
    assert problem.line == line_of(text, needle)


def test_a_bad_answer_key_in_a_table_is_named_on_its_own_line() -> None:
    text = puzzle_file(ORDER + '[puzzle.feedback.answers]\n"40" = "L to R?"\n"16" = "Yes"')
    (problem,) = check_text(text)
    assert problem.line == line_of(text, '"16" = "Yes"')


def test_feedback_answers_must_be_texts() -> None:
    (problem,) = check_text(puzzle_file(ORDER + "feedback.answers = { 40 = 1 }"))
    assert "feedback.answers gives a text for each wrong answer" in problem.message


def test_right_and_wrong_feedback_still_work() -> None:
    text = puzzle_file(ORDER + 'feedback.right = "Well done!"\nfeedback.wrong = "Try again."')
    puzzle = parse(text).puzzles[0]
    assert puzzle.feedback == {"right": "Well done!", "wrong": "Try again."}
    (problem,) = check_text(puzzle_file(ORDER + 'feedback.rihgt = "Yes"'))
    assert "did you mean 'right'?" in problem.message


# --- warnings ------------------------------------------------------------------------------


def test_a_hint_with_the_answer_is_a_warning_not_an_error(tmp_path: Path, capsys) -> None:
    text = puzzle_file(ORDER + 'hints = ["Do x first.", "2 x 5 is 10, and 6 + 10 is 16."]')
    (problem,) = check_text(text, "w.toml")
    assert problem.warning and "hint 2 gives the answer away ('16')" in problem.message
    assert problem.line == line_of(text, "hints")
    assert str(problem).startswith("w.toml, line") and ": warning: hint 2" in str(problem)
    assert validate(parse(text)) == []  # the set can be used: load() and the widget open it
    path = tmp_path / "w.toml"
    path.write_text(text, encoding="utf-8")
    load(path)
    assert mathplay_main(["puzzles", "check", str(path)]) == 0
    assert "no errors, 1 warning." in capsys.readouterr().out


def test_numbers_shown_in_the_puzzle_are_not_the_answer_given_away() -> None:
    # 11 is in the equation itself: a hint that repeats it gives nothing away.
    text = puzzle_file(
        'id = "b"\nkind = "missing"\nequation = "11 + _ = 110"\nbase = 2\nhints = ["11 is 3."]'
    )
    assert check_text(text) == []


def test_a_fact_the_prompt_gives_is_not_the_answer_given_away() -> None:
    # A fact family: the 6 of 6 x 7 = 42 is what the pupil is to use for 42 : 7 = _.
    text = puzzle_file(
        'id = "f"\nkind = "missing"\nequation = "42 : 7 = _"\n'
        'prompt = "6 × 7 = 42. Finish the family."'
    )
    assert check_text(text) == []
    # The question answered, or an equation that is not true, still gives the answer away.
    for prompt in ("Is it 42 : 7 = 6?", "6 x 8 = 42."):
        text = puzzle_file(
            f'id = "f"\nkind = "missing"\nequation = "42 : 7 = _"\nprompt = "{prompt}"'
        )
        (problem,) = check_text(text)
        assert problem.warning and "the prompt gives the answer away: '6'" in problem.message


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('id = "f"\nkind = "missing"\nequation = "8 - _ = 3"\nprompt = "3, 5 and 8 go together."',
         "the prompt gives the answer away: '5'"),
        ('id = "c"\nkind = "convert"\nnumber = 13\nto = "binary"\nhints = ["It is 1101."]',
         "hint 1 gives the answer away ('1101')"),
        ('id = "b"\nkind = "bitwise"\nexpression = "NOT 0110"\nhints = ["0110 flipped is 1001."]',
         "hint 1 gives the answer away ('1001')"),
        ('id = "t"\nkind = "target"\ntiles = "2 3 7"\ntarget = 23\nhints = ["Try 3 x 7 + 2."]',
         "hint 1 gives the answer away ('3 x 7 + 2')"),
        # The solved equation written out gives away even a one-digit answer, or a sign.
        ('id = "d"\nkind = "missing"\nequation = "3 + _ = 7"\nanswer = "4"\n'
         'hints = ["It is 4 more, so 3 + 4 = 7."]', "hint 1 gives the answer away ('4')"),
        ('id = "o"\nkind = "which-operation"\nequation = "8 _ 2 = 16"\nanswer = "x"\n'
         'hints = ["16 is more than 8 + 2.", "So 8 × 2 = 16."]',
         "hint 2 gives the answer away ('x')"),
        (ORDER + 'feedback.wrong = "It is 16."', "feedback.wrong gives the answer away ('16')"),
        (ORDER + 'feedback.answers = { "40" = "No: 16." }',
         "feedback.answers '40' gives the answer away ('16')"),
        ('id = "s"\nkind = "move"\ngame = "summy"\nhand = "12+3"\n'
         'prompt = "Write your move like B5 across 1+2=3."\ndiagram = """\n' + SUMMY_9 + '\n"""',
         "the prompt gives the answer away: 'B5 across 1+2=3' is a right answer"),
    ],
)  # fmt: skip
def test_what_gives_the_answer_away_is_warned_about(body: str, words: str) -> None:
    problems = check_text(puzzle_file(body))
    assert [p.warning for p in problems] == [True], problems
    assert words in problems[0].message


def test_the_answer_box_never_shows_a_right_answer() -> None:
    text = puzzle_file(
        'id = "m"\nkind = "move"\ngame = "summy"\nhand = "12+3"\ndiagram = """\n'
        + SUMMY_9
        + '\n"""'
    )
    puzzle = parse(text).puzzles[0]
    kind = KINDS["move"]
    assert kind.placeholder(puzzle).startswith("your move, like ")
    assert kind.answers_in(puzzle, kind.placeholder(puzzle)) is None
    assert KINDS["missing"].placeholder(Puzzle("p", "missing")) == "your answer"


def test_the_answer_box_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    text = puzzle_file(ORDER)
    monkeypatch.setattr(type(KINDS["missing"]), "placeholder", lambda self, p: "like 16")
    (problem,) = warnings(parse(text))
    assert "the answer box shows 'like 16'" in problem.message


def test_every_shipped_and_lesson_file_is_clean() -> None:
    root = Path(__file__).resolve().parents[2]
    files = sorted(root.glob("mathplay/puzzles/sets/*.toml")) + sorted(
        root.glob("lessons/puzzles/*.toml")
    )
    assert len(files) == 18
    for path in files:
        assert check_text(path.read_text(encoding="utf-8"), str(path)) == [], path


# --- checker bugs --------------------------------------------------------


def test_an_answer_beyond_largest_is_found_when_the_equation_fixes_it() -> None:
    body = 'id = "k"\nkind = "missing"\nequation = "_ x 37 = 37037"'
    assert check_text(puzzle_file(body + '\nanswer = "1001"\nunique = true')) == []
    assert check_text(puzzle_file(body)) == []
    assert KINDS["missing"].solutions(parse(puzzle_file(body)).puzzles[0]) == ["1001"]
    # Worked out, not searched: any size, and in binary too.
    big = parse(puzzle_file('id = "b"\nkind = "missing"\nequation = "123456789 x _ + 1 = 1"'))
    assert KINDS["missing"].solutions(big.puzzles[0]) == ["0"]
    binary = 'id = "b"\nkind = "missing"\nbase = 2\nequation = "_ : 10 = 100000000000"'
    assert KINDS["missing"].solutions(parse(puzzle_file(binary)).puzzles[0]) == ["1000000000000"]
    none = 'id = "n"\nkind = "missing"\nequation = "12 : _ = 5"'
    assert "no solution" in check_text(puzzle_file(none))[0].message


def test_a_misspelt_common_key_gets_a_suggestion() -> None:
    (problem,) = check_text(puzzle_file(ORDER + 'hint = ["Do x first."]'))
    assert "'hint' is not a key of missing puzzles (did you mean 'hints'?)" in problem.message


@pytest.mark.parametrize(
    ("equation", "quoted"),
    [
        ("3 + _", "'3 + _' has no '='"),
        ("3 + ___ = 7 +", "'+' at position 13 has no number after it"),
    ],
)
def test_a_broken_equation_is_quoted_as_written(equation: str, quoted: str) -> None:
    (problem,) = check_text(puzzle_file(f'id = "q"\nkind = "missing"\nequation = "{equation}"'))
    assert quoted in problem.message
    assert "3 + 1" not in problem.message


@pytest.mark.parametrize(
    ("kind", "fields", "answer"),
    [
        ("missing", {"equation": "0110 AND 1010 = _", "base": 2}, "10"),
        ("missing", {"equation": "0110 AND 1010 = _", "base": 2}, "0010"),
        ("missing", {"equation": "_1 + 1 = 10", "base": 2}, "0"),
        ("missing", {"equation": "_ = 100 + 10", "base": 2}, "0110"),
        ("true-or-false", {"equation": "0110 = 110", "base": 2}, "true"),
        ("which-operation", {"equation": "0110 _ 0011 = 0010", "base": 2}, "AND"),
        ("convert", {"number": 6, "to": "binary"}, "0110"),
        ("bitwise", {"expression": "0110 AND 1010"}, "0010"),
        ("missing", {"equation": "_ + 15 = 40"}, "025"),
    ],
)
def test_leading_zeros_count_for_nothing_where_the_value_counts(
    kind: str, fields: dict, answer: str
) -> None:
    puzzle = Puzzle("z", kind, fields=fields)
    assert KINDS[kind].check(puzzle, answer).right
    assert check_text(puzzle_file(_body(kind, fields, answer))) == []


def _body(kind: str, fields: dict, answer: str) -> str:
    lines = ['id = "z"', f'kind = "{kind}"', f'answer = "{answer}"']
    lines += [f"{k} = {v!r}".replace("'", '"') for k, v in fields.items()]
    return "\n".join(lines)


def test_base_10_equations_keep_the_no_leading_zeros_rule() -> None:
    (problem,) = check_text(puzzle_file('id = "z"\nkind = "missing"\nequation = "07 + _ = 9"'))
    assert "starts with 0" in problem.message


@pytest.mark.parametrize(
    ("answer", "words"),
    [("7 x 3 + 3", "You used 3 2 times, but you have only one tile 3."),
     ("2 x 2 x 2", "You used 2 3 times, but you have only one tile 2.")],
)  # fmt: skip
def test_tile_counts_are_singular_or_plural(answer: str, words: str) -> None:
    puzzle = Puzzle("t", "target", fields={"tiles": "2 3 7", "target": 23})
    message = KINDS["target"].check(puzzle, answer).message
    assert words in message and "(s)" not in message
    two = Puzzle("t", "target", fields={"tiles": "2 2 7", "target": 23})
    assert "but you have only 2 tiles 2." in KINDS["target"].check(two, "2 x 2 x 2").message


def test_true_or_false_feedback_does_not_give_the_verdict_away() -> None:
    # Three buttons: saying "it is true" (or which side is bigger) after a wrong pick
    # would leave one button, the answer.
    puzzle = Puzzle("t", "true-or-false", fields={"equation": "3 + 4 = 7"})
    message = KINDS["true-or-false"].check(puzzle, "false: the left side is bigger").message
    assert "3 + 4 = 7" in message and "is true" not in message and "Both sides" not in message


def test_pupil_messages_use_times_and_divide_signs() -> None:
    puzzle = Puzzle("d", "missing", fields={"equation": "24 : _ = 4"})
    message = KINDS["missing"].check(puzzle, "0").message
    assert "24 ÷ 0" in message and ":" not in message.split(",", 1)[1]
    assert "24 ÷ 4" in KINDS["missing"].explain(Puzzle("d", "missing", fields={
        "equation": "24 : _ = 6"}))  # fmt: skip


def test_wrong_messages_say_so_in_words() -> None:
    # The widget puts ❌ before a message: the words must say it without the mark.
    cases = [
        ("missing", {"equation": "3 + _ = 7"}, "5", "is not true"),
        ("which-operation", {"equation": "8 _ 2 = 16"}, "+", "is not true"),
        ("convert", {"number": 13, "to": "binary"}, "1100", "not 13"),
        ("convert", {"number": "1101", "to": "decimal"}, "12", "not 1101"),
        ("bitwise", {"expression": "1011 AND 0110"}, "11", "is not 11"),
        ("target", {"tiles": "2 3 7", "target": 23}, "2 x 7 + 3", "Not quite"),
    ]
    for kind, fields, answer, words in cases:
        assert words in KINDS[kind].check(Puzzle("w", kind, fields=fields), answer).message


def test_a_hint_in_markdown_says_hint() -> None:
    from mathplay.ai.hints import Hint

    assert Hint(1, "Look at E5.")._repr_markdown_() == "💡 Hint: Look at E5."
