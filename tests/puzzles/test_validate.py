"""The validator finds each class of mistake, on the right line; the CLI reports them."""

from __future__ import annotations

from pathlib import Path

import pytest

from mathplay.__main__ import main as mathplay_main
from mathplay.puzzles import PuzzleFileError, check_file, check_text, load, parse, shipped_sets
from tests.puzzles.helpers import SUMMY_9, line_of, puzzle_file


def only(problems: list) -> object:
    assert len(problems) == 1, problems
    return problems[0]


def test_wrong_answer() -> None:
    text = puzzle_file('id = "a"\nkind = "missing"\nequation = "3 + _ = 7"\nanswer = "5"')
    problem = only(check_text(text, "w.toml"))
    assert problem.line == line_of(text, "answer")
    assert problem.puzzle == "a" and problem.source == "w.toml"
    assert "3 + 5 is 8, not 7" in problem.message and "change it to 4" in problem.message


@pytest.mark.parametrize(
    ("body", "answer_line"),
    [
        ('kind = "true-or-false"\nequation = "2 + 2 = 5"\nanswer = "true"', True),
        ('kind = "convert"\nnumber = 5\nto = "binary"\nanswer = "110"', True),
        ('kind = "bitwise"\nexpression = "1100 OR 0011"\nanswer = "1110"', True),
        ('kind = "which-operation"\nequation = "6 _ 3 = 2"\nanswer = "x"', True),
        ('kind = "target"\ntiles = "1 2 3"\ntarget = 6\nanswer = "1 + 2"', True),
    ],
)
def test_wrong_answers_of_every_kind(body: str, answer_line: bool) -> None:
    text = puzzle_file('id = "k"\n' + body)
    problem = only(check_text(text, "k.toml"))
    assert problem.line == line_of(text, "answer")
    assert "is not right" in problem.message


def test_true_or_false_answer_with_reasons_is_fine() -> None:
    text = puzzle_file(
        'id = "t"\nkind = "true-or-false"\nequation = "2 + 2 = 5"\nanswer = "false"\n'
        'why = ["2 + 2 is 4", "5 is odd"]'
    )
    assert check_text(text) == []


def test_no_solution() -> None:
    text = puzzle_file('id = "n"\nkind = "missing"\nequation = "_ + 5 = 2"')
    problem = only(check_text(text, "n.toml"))
    assert problem.line == line_of(text, "equation")
    assert "no solution" in problem.message


def test_no_solution_for_a_move() -> None:
    body = f'id = "m"\nkind = "move"\ngame = "summy"\ndiagram = """\n{SUMMY_9}\n"""\n'
    text = puzzle_file(body + 'hand = "1+2"\ngoal = "at-least"\npoints = 50')
    problem = only(check_text(text, "m.toml"))
    assert problem.line == line_of(text, "game =")
    assert "no solution" in problem.message


def test_not_unique() -> None:
    text = puzzle_file('id = "u"\nkind = "missing"\nequation = "_ x 0 = 0"\nunique = true')
    problem = only(check_text(text, "u.toml"))
    assert problem.line == line_of(text, "unique")
    assert "more than one solution" in problem.message and "'0' and '1'" in problem.message


def test_unique_on_a_kind_that_has_many_ways() -> None:
    text = puzzle_file('id = "t"\nkind = "target"\ntiles = "2 3"\ntarget = 5\nunique = true')
    problem = only(check_text(text, "t.toml"))
    assert problem.line == line_of(text, "unique") and "remove that line" in problem.message


def test_bad_diagram_names_the_row_line() -> None:
    rows = SUMMY_9.splitlines()
    rows[6] = ". . . . . . . ."  # one cell short
    diagram = "\n".join(rows)
    body = f'id = "d"\nkind = "move"\ngame = "summy"\ndiagram = """\n{diagram}\n"""\nhand = "1"'
    text = puzzle_file(body)
    problem = only(check_text(text, "d.toml"))
    lines = text.splitlines()
    assert lines[problem.line - 1] == ". . . . . . . ."
    assert "row 7" in problem.message


def test_bad_diagram_token_names_the_row_line() -> None:
    rows = SUMMY_9.splitlines()
    rows[2] = ". . Q . . . . . ."
    body = 'id = "d"\nkind = "move"\ngame = "summy"\ndiagram = """\n' + "\n".join(rows)
    text = puzzle_file(body + '\n"""\nhand = "1"')
    problem = only(check_text(text, "d.toml"))
    assert problem.line == line_of(text, ". . Q")
    assert "C3" in problem.message


def test_bad_hand_and_illegal_position() -> None:
    body = f'id = "h"\nkind = "move"\ngame = "summy"\ndiagram = """\n{SUMMY_9}\n"""\n'
    text = puzzle_file(body + 'hand = "1111111111"')
    problem = only(check_text(text, "h.toml"))
    assert problem.line == line_of(text, "hand")
    wrong_size = "\n".join(" ".join(["."] * 8) for _ in range(8))
    text = puzzle_file(f'id = "s"\nkind = "move"\ngame = "summy"\ndiagram = """\n{wrong_size}"""\n'
                       'hand = "1"')  # fmt: skip
    problem = only(check_text(text, "s.toml"))
    assert "8×8" in problem.message and problem.line == line_of(text, "diagram")


def test_unknown_kind() -> None:
    text = puzzle_file('id = "x"\nkind = "fill-in"\nequation = "1 + _ = 2"')
    problem = only(check_text(text, "x.toml"))
    assert problem.line == line_of(text, "kind")
    assert "unknown kind 'fill-in'" in problem.message and "missing" in problem.message


def test_unknown_key_and_bad_value() -> None:
    text = puzzle_file('id = "x"\nkind = "missing"\nequaton = "1 + _ = 2"')
    problem = only(check_text(text, "x.toml"))
    assert problem.line == line_of(text, "equaton") and "did you mean 'equation'" in problem.message
    text = puzzle_file('id = "y"\nkind = "convert"\nnumber = 5\nto = "binry"')
    problem = only(check_text(text, "y.toml"))
    assert problem.line == line_of(text, "binry") and "did you mean 'binary'" in problem.message
    text = puzzle_file('id = "z"\nkind = "missing"\nequation = "3 + _ = 7 )"')
    problem = only(check_text(text, "z.toml"))
    assert problem.line == line_of(text, "equation") and "cannot be read" in problem.message


def test_every_problem_of_a_file_is_listed_in_line_order() -> None:
    text = puzzle_file(
        'id = "a"\nkind = "missing"\nequation = "3 + _ = 7"\nanswer = "5"',
        'id = "b"\nkind = "nope"',
        'id = "c"\nkind = "missing"\nequation = "_ x 0 = 0"\nunique = true',
    )
    problems = check_text(text, "many.toml")
    assert [p.puzzle for p in problems] == ["a", "b", "c"]
    assert [p.line for p in problems] == sorted(p.line for p in problems)


@pytest.mark.parametrize("name", shipped_sets())
def test_shipped_sets_pass(name: str) -> None:
    assert check_file(name) == []
    assert load(name).puzzles


def test_shipped_sets_cover_kinds_and_games() -> None:
    assert {"arithmetic", "order-of-operations", "binary-numbers", "bitwise"} <= set(shipped_sets())
    kinds = {p.kind for name in shipped_sets() for p in load(name).puzzles}
    assert kinds == {
        "missing", "true-or-false", "which-operation", "target", "convert", "bitwise", "move"
    }  # fmt: skip
    games = {p.fields["game"] for n in shipped_sets() for p in load(n).puzzles if p.kind == "move"}
    assert games == {"summy", "mixmath", "binary"}


def test_load_raises_with_every_problem() -> None:
    with pytest.raises(PuzzleFileError) as caught:
        load("no-such-set")
    assert "arithmetic" in str(caught.value)


def test_cli_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.toml"
    good.write_text(puzzle_file('id = "a"\nkind = "missing"\nequation = "3 + _ = 7"'))
    bad = tmp_path / "bad.toml"
    text = puzzle_file('id = "a"\nkind = "missing"\nequation = "3 + _ = 7"\nanswer = "5"')
    bad.write_text(text)
    assert mathplay_main(["puzzles", "check", str(good)]) == 0
    assert "1 puzzles, all fine" in capsys.readouterr().out
    assert mathplay_main(["puzzles", "check", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}, line {line_of(text, 'answer')}, puzzle 'a': the answer '5'" in out
    assert mathplay_main(["puzzles", "check", str(tmp_path / "missing.toml")]) == 1
    assert "no such file" in capsys.readouterr().out
    broken = tmp_path / "broken.toml"
    broken.write_text('title = "T\n')
    assert mathplay_main(["puzzles", "check", str(broken)]) == 1
    assert "line 1" in capsys.readouterr().out


def test_the_documented_example_passes_check() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "puzzles.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    sheet = parse(example)
    assert {p.kind for p in sheet.puzzles} == {
        "missing", "true-or-false", "which-operation", "target", "convert", "bitwise", "move"
    }  # fmt: skip
    assert check_text(example, "docs/puzzles.md") == []


def test_binary_game_missing_is_a_clear_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle file for a game this version does not have (written for a newer one)."""
    from mathplay.puzzles.kinds import move

    games = {name: info for name, info in move.GAMES_INFO.items() if name != "binary"}
    monkeypatch.setattr(move, "GAMES_INFO", games)
    problems = check_file("binary")
    assert problems and all("not available in this version" in p.message for p in problems)
    assert problems[0].line == line_of(
        (Path(__file__).parents[2] / "mathplay/puzzles/sets/binary.toml").read_text(), "game ="
    )
