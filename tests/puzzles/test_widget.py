"""The puzzle widget, driven from Python through whole sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathplay import PuzzleSet
from mathplay.classroom import names as pupil_names
from mathplay.puzzles import Puzzle, Worksheet, load
from mathplay.puzzles.kinds import KINDS
from tests.puzzles.helpers import line_of, puzzle_file

# What a puzzle set's record holds (its moment and size are for the teacher's term view).
KEYS = {"who", "when", "set", "seed", "lesson", "notebook", "puzzle", "question", "answer",
        "right", "hints", "solution_seen", "seconds", "version",
        "moment", "questions"}  # fmt: skip


@pytest.fixture(autouse=True)
def _nobody() -> None:
    """Every test starts in a kernel where no pupil has written a name yet."""
    pupil_names.set_pupil(None)


def pick(view, text: str) -> None:
    """Click the choice ``text`` as the browser does (a message from the front end)."""
    choices = view.choice_row.choices
    assert text in choices, (text, choices)
    view.choice_row._handle_custom_msg({"event": "pick", "index": choices.index(text)}, [])


def press_enter(view) -> None:
    """Enter in the answer box, as the browser sends it."""
    view.answer_box._handle_custom_msg({"event": "submit"}, [])


def right_answer(ps: PuzzleSet) -> str:
    puzzle = ps.puzzle
    return puzzle.answer or KINDS[puzzle.kind].solutions(puzzle, 1)[0]


def pick_right(view) -> None:
    """Click the right choice, and the right reason when one is asked for next."""
    kind, puzzle = KINDS[view.puzzle.kind], view.puzzle
    for choice in view.choice_row.choices:
        result = kind.check(puzzle, choice)
        if result.right or result.follow_up:
            pick(view, choice)
            if result.follow_up:
                pick(view, kind.solutions(puzzle, 1)[0])
            return
    raise AssertionError(("no right choice", view.choice_row.choices))


def answer(ps: PuzzleSet, text: str) -> None:
    """Answer as a student would: click the matching choice, or type and press Check."""
    if ps.choice_row.choices:
        if text == "*":
            pick_right(ps)
        else:
            pick(ps, text)
    else:
        ps.answer_box.value = right_answer(ps) if text == "*" else text
        ps.check_button.click()


def attempts(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_whole_set_wrong_hint_then_right(tmp_path: Path) -> None:
    log = tmp_path / "progress.jsonl"
    ps = PuzzleSet("arithmetic", who="Ana", log=log)
    total = len(load("arithmetic").puzzles)
    assert ps.progress_bar.max == total and ps.progress_bar.value == 0
    assert "0 of 8 solved" in ps.progress_label.value
    assert "3 + _ = 7" in ps.question.value and "Puzzle 1 of 8" in ps.heading.value
    assert ps.name_box.layout.display == "none"

    ps.answer_box.value = "5"
    ps.check_button.click()
    assert "3 + 5 is 8, not 7" in ps.feedback.value and "✗ Not yet." in ps.feedback.value
    assert "Count on your fingers" in ps.feedback.value  # the teacher's feedback
    assert ps.progress_bar.value == 0

    ladder = ps.kind.hint_ladder(ps.puzzle)  # teacher's hints, the kind's, the solution
    for _step in ladder:
        ps.hint_button.click()
    assert "Count up from 3" in ps.hint_area.value
    assert "What do you add to 3 to make 7?" in ps.hint_area.value  # the kind's own hint
    assert "Both sides are 7" in ps.hint_area.value  # the checker's steps come last
    ps.hint_button.click()
    assert "no more hints" in ps.hint_area.value
    assert ps.hints_used == len(ladder)

    ps.answer_box.value = "4"
    ps.check_button.click()
    assert "✓ Right!" in ps.feedback.value and ps.progress_bar.value == 1
    ps.next_button.click()
    assert ps.feedback.value == "" and ps.hint_area.value == "" and ps.answer_box.value == ""

    seen_kinds = set()
    while not ps.finished:
        seen_kinds.add(ps.puzzle.kind)
        answer(ps, "*")
        assert "✓ Right!" in ps.feedback.value, (ps.puzzle.id, ps.feedback.value)
        ps.next_button.click()
    assert seen_kinds == {"missing", "true-or-false", "which-operation", "target"}
    assert ps.progress_bar.value == total
    assert "★ Well done! You solved the whole set: 8 of 8." in ps.heading.value
    assert ps.check_button.disabled and ps.next_button.disabled

    rows = attempts(log)
    assert len(rows) == total + 1
    assert rows[0] == {**rows[0], "who": "Ana", "puzzle": "add-1", "answer": "5",
                       "right": False, "hints": 0, "set": "Adding and subtracting"}  # fmt: skip
    assert rows[1]["right"] is True and rows[1]["hints"] == len(ladder)
    assert all(set(r) == KEYS for r in rows)
    assert [r["solution_seen"] for r in rows[:2]] == [False, True]


def test_choices_show_for_choice_kinds_only() -> None:
    ps = PuzzleSet("order-of-operations", who="Bo", log=None)
    assert ps.puzzle.kind == "true-or-false"
    assert ps.answer_box.layout.display == "none" and ps.check_button.layout.display == "none"
    labels = list(ps.choice_row.choices)
    assert labels == ["true", "false: the left side is smaller", "false: the left side is bigger"]
    answer(ps, "true")
    assert "are not the same. Work out each side again" in ps.feedback.value
    assert "14" not in ps.feedback.value  # the left side's value would give the answer away
    # The right verdict leads to the reasons, asked after it: they cannot give it away.
    answer(ps, "false: the left side is smaller")
    assert "Now say why" in ps.feedback.value and "Not yet" not in ps.feedback.value
    assert sorted(ps.choice_row.choices) == [
        "false: + comes before x",
        "false: the signs go from left to right",
        "false: x comes before +",
    ]
    answer(ps, "false: the signs go from left to right")
    assert "not for that reason" in ps.feedback.value
    answer(ps, "false: x comes before +")
    assert "✓ Right!" in ps.feedback.value
    ps.next_button.click()
    assert ps.puzzle.kind == "missing"
    assert ps.answer_box.layout.display != "none" and ps.choice_row.layout.display == "none"


def test_move_puzzles_show_the_board(tmp_path: Path) -> None:
    log = tmp_path / "moves.jsonl"
    ps = PuzzleSet("summy", who="Cy", log=log)
    assert ps.board.value.startswith("<svg")
    assert "12+3" in ps.question.value.replace(" ", "") or "1 2 + 3" in ps.question.value
    answer(ps, "B5 across 1+2=4")
    assert "not allowed" in ps.feedback.value
    answer(ps, "what")
    assert "can&#x27;t read that move" in ps.feedback.value
    for _ in range(4):
        ps.hint_button.click()
    assert "Look near" in ps.hint_area.value and "Play B5 across 1+2=3" in ps.hint_area.value
    answer(ps, "b5 across 1 + 2 = 3")
    assert "✓ Right!" in ps.feedback.value
    while not ps.finished:
        ps.next_button.click()
        if ps.finished:
            break
        assert ps.board.value.startswith("<svg")
        answer(ps, "*")
        assert "✓ Right!" in ps.feedback.value
    assert ps.progress_bar.value == 3


@pytest.mark.parametrize("name", ["mixmath", "binary", "binary-numbers", "bitwise"])
def test_other_sets_can_be_solved(name: str) -> None:
    ps = PuzzleSet(name, who="Di", log=None)
    while not ps.finished:
        answer(ps, "*")
        assert "✓ Right!" in ps.feedback.value, (ps.puzzle.id, ps.feedback.value)
        ps.next_button.click()
    assert ps.progress_bar.value == ps.progress_bar.max


def test_empty_answer_and_name_box(tmp_path: Path) -> None:
    log = tmp_path / "p.jsonl"
    ps = PuzzleSet("arithmetic", log=log)
    assert ps.name_box.layout.display != "none"
    ps.check_button.click()
    assert "Type your answer first" in ps.feedback.value
    assert not log.exists()
    ps.name_box.value = "  Eve "
    answer(ps, "4")
    assert attempts(log)[0]["who"] == "Eve"


def test_bad_file_shows_problems_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    content = puzzle_file('id = "a"\nkind = "missing"\nequation = "3 + _ = 7"\nanswer = 5')
    bad.write_text(content)
    ps = PuzzleSet(bad)
    assert ps.sheet is None and len(ps.problems) == 1
    text = ps.children[0].value
    line = line_of(content, "answer")
    assert "tell your teacher" in text and f"bad.toml, line {line}, puzzle &#x27;a&#x27;" in text
    missing = PuzzleSet("no-such-set")
    assert "shipped sets are" in missing.children[0].value


def test_unwritable_log_does_not_break_the_widget(tmp_path: Path) -> None:
    ps = PuzzleSet("arithmetic", who="F", log=tmp_path / "no" / "dir" / "p.jsonl")
    answer(ps, "4")
    assert "✓ Right!" in ps.feedback.value and ps.log_error


def test_a_worksheet_is_checked_before_it_is_shown() -> None:
    good = load("bitwise")
    one = Worksheet(good.title, [good.puzzles[0]])
    ps = PuzzleSet(one, who="G", log=None)
    assert ps.progress_bar.max == 1 and "1011 AND 0110" in ps.question.value
    bad = Worksheet("Bad", [Puzzle("x", "nonsense")])
    shown = PuzzleSet(bad, log=None)
    assert shown.sheet is None and "unknown kind" in shown.children[0].value
    odd = PuzzleSet(42, log=None)  # type: ignore[arg-type]
    assert "not int" in odd.children[0].value


def test_too_long_answers_are_refused_kindly(tmp_path: Path) -> None:
    ps = PuzzleSet("binary-numbers", who="H", log=tmp_path / "p.jsonl")
    ps.answer_box.value = "1" * 5000
    ps.check_button.click()
    assert "too long" in ps.feedback.value
    convert = load("binary-numbers").puzzle("to-decimal-1")
    assert "too long" in KINDS["convert"].check(convert, "9" * 5000).message


def test_only_shows_one_puzzle_without_set_navigation(tmp_path) -> None:
    from mathplay import PuzzleSet

    single = PuzzleSet("arithmetic", only=[2], log=tmp_path / "log.jsonl")
    assert single.sheet is not None and len(single.sheet.puzzles) == 1
    assert single.next_button.layout.display == "none"
    assert single.name_box.layout.display != "none"  # the name is not known: it is asked
    assert "Puzzle 2 of 8." in single.heading.value
    wrong = PuzzleSet("arithmetic", only=[99], log=None)
    assert wrong.sheet is None
    assert "no puzzle 99" in wrong.children[0].value


def test_the_end_of_a_set_cheers_only_a_whole_set_right() -> None:
    ps = PuzzleSet("arithmetic", who="Ana", log=None)
    assert ps._end_words(8, 8) == "★ Well done! You solved the whole set: 8 of 8."
    assert ps._end_words(3, 8) == "You reached the end of the set: 3 of 8 solved."
    nothing = ps._end_words(0, 8)
    assert "★" not in nothing and "No puzzle is solved yet" in nothing
