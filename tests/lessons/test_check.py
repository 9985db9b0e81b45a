"""``mathplay lessons check``: problems as FILE:LINE: message, for equations, puzzles, notebooks."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mathplay.__main__ import main
from mathplay.lessons.check import check_lesson, check_paths
from mathplay.lessons.notebook import write_notebook
from mathplay.lessons.source import read_lesson

FRONT = """\
---
jupytext:
  formats: ipynb,md:myst
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
{extra}---

"""
PUZZLES = """\
title = "Test"

[[puzzle]]
id = "first"
kind = "missing"
equation = "3 + _ = 7"
answer = "4"

[[puzzle]]
id = "second"
kind = "missing"
equation = "2 x _ = 8"
answer = "4"
"""
LOAD = """
```{code-cell}
your_name = ""
lesson_set = mathplay.puzzles.load("puzzles/01-test.toml")
def puzzle(number):
    return mathplay.PuzzleSet(lesson_set, only=[number], who=your_name or None)
```
"""


def write_lesson(
    folder: Path, body: str, *, base: int | None = None, puzzles: str = PUZZLES
) -> Path:
    """A lesson ``01-test.md`` in ``folder`` with ``body``, its puzzle file and its notebook."""
    extra = f"mathplay:\n  base: {base}\n" if base else ""
    path = folder / "01-test.md"
    path.write_text(FRONT.format(extra=extra) + textwrap.dedent(body), encoding="utf-8")
    (folder / "puzzles").mkdir(exist_ok=True)
    (folder / "puzzles" / "01-test.toml").write_text(puzzles, encoding="utf-8")
    write_notebook(read_lesson(path))
    return path


def line_of(path: Path, text: str) -> int:
    """The line of the file ``path`` where ``text`` is (it must be there once)."""
    lines = [number for number, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    assert len(lines) == 1, lines
    return lines[0]


def problems(path: Path) -> list[str]:
    return [str(problem) for problem in check_lesson(path)]


def test_a_false_equation_in_a_sentence(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\nFirst 2 + 2 = 4.\nThen 3 + 4 = 8, they say.\n")
    assert problems(path) == [
        f"{path}:{line_of(path, '3 + 4 = 8')}: 3 + 4 = 8 is not true: 3+4 is 7, not 8. "
        "Correct it, or if it is false on purpose, write "
        "<!-- false on purpose: 3 + 4 = 8 --> before it"
    ]


def test_a_false_equation_in_a_code_span(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\nThe sum `8x15=121` is long.\n")
    (problem,) = check_lesson(path)
    assert (problem.path, problem.line) == (str(path), line_of(path, "8x15=121"))
    assert problem.message.startswith("8x15=121 is not true: ")


def test_a_false_equation_in_a_fenced_diagram(tmp_path: Path) -> None:
    body = """\
    # Lesson

    A board:

    ```
    . . . . . . .
    . 6 3 : 7 = 9
    . . . . . . .
    . 2 x 5 = 1 1
    ```
    """
    path = write_lesson(tmp_path, body)
    (problem,) = check_lesson(path)
    assert (problem.path, problem.line) == (str(path), line_of(path, ". 2 x 5 = 1 1"))
    assert problem.message.startswith("2 x 5 = 1 1 is not true: ")


def test_a_false_sum_in_columns(tmp_path: Path) -> None:
    body = """\
    # Lesson

    ```
      1 0 1
    +   1 1
    -------
      1 1 1
    ```
    """
    path = write_lesson(tmp_path, body, base=2)
    (problem,) = check_lesson(path)
    assert problem.line == line_of(path, "  1 0 1")
    assert problem.message.startswith("101 + 11 = 111 is not true in base 2: ")


def test_a_false_equation_in_a_code_cell(tmp_path: Path) -> None:
    body = """\
    # Lesson

    ```{code-cell}
    :tags: [demo]

    %matplotlib inline
    import mathplay
    mathplay.check("2+2=5")
    ```
    """
    path = write_lesson(tmp_path, body)
    assert problems(path) == [
        f"{path}:{line_of(path, '2+2=5')}: 2+2=5 is not true: 2+2 is 4, not 5. Correct it, "
        "or if it is false on purpose, end the line with # false on purpose"
    ]


def test_the_code_cell_s_base_and_order_are_used(tmp_path: Path) -> None:
    body = """\
    # Lesson

    ```{code-cell}
    mathplay.check("1+1=10", base=2)
    mathplay.check("2+3x4=20", order="left-to-right")
    mathplay.check("1+1=10")
    ```
    """
    path = write_lesson(tmp_path, body, base=2)
    (problem,) = check_lesson(path)
    assert problem.line == line_of(path, 'mathplay.check("1+1=10")')
    assert "1+1 is 2, not 10" in problem.message


def test_equations_marked_false_on_purpose_are_accepted(tmp_path: Path) -> None:
    body = """\
    # Lesson

    <!-- false on purpose: 3+4=8 -->
    A wrong one: `3+4=8`. Another, in a list:

    1. Why is `2+2=5` wrong? <!-- false on purpose: 2+2=5 -->

    <!-- false on purpose: 1 + 1 = 3 -->
    ```
    . . 1 + 1 = 3 . .
    ```

    ```{code-cell}
    mathplay.check("3+4=8")  # false on purpose
    ```
    """
    path = write_lesson(tmp_path, body)
    assert problems(path) == []


def test_a_true_equation_marked_false_on_purpose_is_a_problem(tmp_path: Path) -> None:
    body = """\
    # Lesson

    <!-- false on purpose: 3+4=7 -->
    So `3+4=7`.

    ```{code-cell}
    mathplay.check("3+4=7")  # false on purpose
    x = 1  # false on purpose
    ```
    """
    path = write_lesson(tmp_path, body)
    assert [(problem.line, problem.message) for problem in check_lesson(path)] == [
        (
            line_of(path, "So `3+4=7`"),
            "3+4=7 is marked false on purpose, but it is true: remove the mark",
        ),
        (
            line_of(path, 'check("3+4=7")'),
            "3+4=7 is marked false on purpose, but it is true: remove the mark",
        ),
        (line_of(path, "x = 1"), '"# false on purpose", but this line checks no written equation'),
    ]


def test_a_comment_that_names_an_equation_not_there(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\n<!-- false on purpose: 3+4=8 -->\nNo sum here.\n")
    (problem,) = check_lesson(path)
    assert problem.line == line_of(path, "<!--")
    assert "3+4=8" in problem.message


def test_the_base_comes_from_the_front_matter(tmp_path: Path) -> None:
    body = "# Lesson\n\nIn binary 1 + 1 = 10, and 8 + 4 + 1 = 13 in decimal.\n"
    assert problems(write_lesson(tmp_path, body, base=2)) == []
    (problem,) = check_lesson(write_lesson(tmp_path, body))
    assert problem.message.startswith("1 + 1 = 10 is not true: ")


def test_one_equation_can_have_its_own_base(tmp_path: Path) -> None:
    body = (
        "# Lesson\n\n| game | sum |\n| --- | --- |\n| Binary | `1+1=10` <!-- base 2: 1+1=10 --> |\n"
    )
    assert problems(write_lesson(tmp_path, body)) == []


def test_a_bad_base_in_the_front_matter(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n", base=2)
    path.write_text(path.read_text().replace("base: 2", "base: 8"))
    (problem,) = check_lesson(path)
    assert (problem.line, "base: 10 or base: 2" in problem.message) == (
        line_of(path, "base: 8"),
        True,
    )


def test_puzzle_cells_show_puzzles_the_file_has(tmp_path: Path) -> None:
    body = LOAD + textwrap.dedent("""
    ```{code-cell}
    :tags: [puzzle]

    puzzle(2)
    ```

    ```{code-cell}
    :tags: [puzzle]

    puzzle(3)
    ```

    ```{code-cell}
    :tags: [check]

    mathplay.PuzzleSet(lesson_set, only=["first", "third"])
    ```
    """)
    path = write_lesson(tmp_path, body)
    toml = tmp_path / "puzzles" / "01-test.toml"
    check_cell = line_of(path, 'only=["first"')
    assert problems(path) == [
        f"{path}:{line_of(path, 'puzzle(3)')}: puzzle(3), but {toml} has 2 puzzles (first, second)",
        f"{path}:{check_cell}: puzzle('third'), but {toml} has 2 puzzles (first, second)",
    ]


def test_a_missing_puzzle_file(tmp_path: Path) -> None:
    body = LOAD.replace("01-test.toml", "02-none.toml") + "\n```{code-cell}\npuzzle(1)\n```\n"
    path = write_lesson(tmp_path, body)
    (problem,) = check_lesson(path)
    assert problem.line == line_of(path, "02-none.toml")
    assert problem.message.startswith("there is no puzzle file puzzles/02-none.toml")


def test_a_puzzle_with_no_set_loaded(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\n```{code-cell}\npuzzle(1)\n```\n")
    (problem,) = check_lesson(path)
    assert "no puzzle set is loaded before it" in problem.message


def test_a_puzzle_file_s_problems_are_reported_under_its_own_file_and_line(
    tmp_path: Path,
) -> None:
    wrong = PUZZLES.replace('answer = "4"\n', 'answer = "5"\n', 1)
    path = write_lesson(tmp_path, LOAD + "\n```{code-cell}\npuzzle(1)\n```\n", puzzles=wrong)
    toml = tmp_path / "puzzles" / "01-test.toml"
    (problem,) = check_lesson(path)
    assert (problem.path, problem.line) == (str(toml), line_of(toml, 'answer = "5"'))
    assert problem.message.startswith("puzzle 'first': the answer '5' is not right")


def test_a_cell_tagged_puzzle_must_show_one(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\n```{code-cell}\n:tags: [puzzle]\n\nx = 1\n```\n")
    (problem,) = check_lesson(path)
    assert problem.line == line_of(path, "x = 1")
    assert "tagged puzzle but shows no puzzle" in problem.message


def test_a_practice_needs_a_kind_and_level_that_exist(tmp_path: Path) -> None:
    body = '# Lesson\n\n```{code-cell}\nmathplay.Practice("missing", 99)\n```\n'
    (problem,) = check_lesson(write_lesson(tmp_path, body))
    assert problem.message.startswith("Practice('missing', 99): missing has the levels 1,")


def test_a_code_cell_that_is_not_python(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\n```{code-cell}\nx = 1\ny = (\n```\n")
    (problem,) = check_lesson(path)
    assert problem.message.startswith("this code cell is not Python")


def test_the_notebook_must_be_built(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\nText.\n")
    assert problems(path) == []
    path.write_text(path.read_text() + "\nMore text.\n")
    offer = "run mathplay lessons check --build (it builds the notebook, then checks)"
    assert problems(path) == [f"{path}:1: 01-test.ipynb is not up to date with this file: {offer}"]
    path.with_suffix(".ipynb").unlink()
    assert problems(path) == [f"{path}:1: there is no notebook 01-test.ipynb yet: {offer}"]


def test_editing_then_checking_with_build_is_one_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Following the docs (edit, check, build), the first check always failed."""
    from mathplay.__main__ import main

    path = write_lesson(tmp_path, "# Lesson\n\nText.\n")
    path.write_text(path.read_text() + "\nMore text.\n")
    assert main(["lessons", "check", str(path)]) == 1
    assert main(["lessons", "check", "--build", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {path.with_suffix('.ipynb')}" in out
    assert out.rstrip().endswith("1 lesson checked, no problems")
    # A real problem is still one: built, and reported.
    path.write_text(path.read_text() + "\nSo `3 + 4 = 8`.\n")
    assert main(["lessons", "check", "--build", str(path)]) == 1
    assert "3 + 4 = 8 is not true" in capsys.readouterr().out


def test_check_paths_takes_files_and_folders(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\nText.\n")
    (tmp_path / "notes.md").write_text("Not a lesson: 3 + 4 = 8.\n")
    assert check_paths([tmp_path]) == (1, [])
    assert check_paths([path, tmp_path]) == (1, [])


def test_the_command_says_so_when_all_is_well(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_lesson(tmp_path, "# Lesson\n\nSo 3 + 4 = 7.\n")
    assert main(["lessons", "check", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "1 lesson checked, no problems\n"


def test_the_command_reports_problems_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_lesson(tmp_path, "# Lesson\n\nSo 3 + 4 = 8.\n")
    assert main(["lessons", "check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:{line_of(path, '3 + 4 = 8')}: 3 + 4 = 8 is not true")
    assert out[-1] == "1 lesson checked: 1 problem to fix"


def test_the_command_refuses_a_path_that_is_not_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lessons", "check", str(tmp_path / "none")]) == 2
    assert "there is no file or folder" in capsys.readouterr().err


SETUP = """
```{code-cell}
:tags: [hide-input]

import mathplay
lesson = mathplay.lesson("01")
```
"""


def test_the_setup_line_loads_the_lesson_s_puzzles(tmp_path: Path) -> None:
    body = SETUP + textwrap.dedent("""
    ```{code-cell}
    :tags: [puzzle]

    lesson.puzzle(2)
    ```

    ```{code-cell}
    :tags: [puzzle]

    lesson.puzzle("third")
    ```
    """)
    path = write_lesson(tmp_path, body)
    toml = tmp_path / "puzzles" / "01-test.toml"
    assert problems(path) == [
        f"{path}:{line_of(path, 'third')}: puzzle('third'), but {toml} has 2 puzzles"
        " (first, second)",
    ]


def test_practice_and_check_need_their_tables(tmp_path: Path) -> None:
    body = (
        SETUP + "\n```{code-cell}\nlesson.practice()\n```\n\n```{code-cell}\nlesson.check()\n```\n"
    )
    path = write_lesson(tmp_path, body)
    said = problems(path)
    assert len(said) == 2
    assert said[0].startswith(f"{path}:{line_of(path, 'lesson.practice()')}: lesson.practice()")
    assert said[1].startswith(f"{path}:{line_of(path, 'lesson.check()')}: lesson.check(), but")
    with_tables = (
        PUZZLES + '\n[practice]\nkind = "missing"\nlevel = 2\n\n[check]\npuzzles = ["second"]\n'
    )
    path = write_lesson(tmp_path, body, puzzles=with_tables)
    assert problems(path) == []


def test_a_lesson_with_no_puzzle_file(tmp_path: Path) -> None:
    path = write_lesson(tmp_path, SETUP.replace('"01"', '"07"'))
    (problem,) = check_lesson(path)
    assert problem.line == line_of(path, "mathplay.lesson")
    assert problem.message.startswith("there is no puzzle file puzzles/07-….toml")
