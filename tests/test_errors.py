"""Errors in a notebook: a few plain lines (IPython's ``_render_traceback_``), never a
traceback; in plain Python they are raised exactly as before."""

from __future__ import annotations

from typing import Any

import pytest

import mathplay
from mathplay import ExpressionError, IllegalMoveError, MathplayError, NotationError

IPython = pytest.importorskip("IPython")


@pytest.fixture(scope="module")
def shell() -> Any:
    from IPython.testing.globalipapp import start_ipython

    ip = start_ipython()
    ip.run_cell("import mathplay")
    return ip


def shown(shell: Any, cell: str) -> str:
    """What a notebook shows when ``cell`` fails (IPython prints the error)."""
    from IPython.utils.capture import capture_output

    with capture_output() as captured:
        result = shell.run_cell(cell)
    assert not result.success
    return captured.stdout + captured.stderr


def assert_short_and_plain(output: str) -> list[str]:
    lines = [line for line in output.splitlines() if line.strip()]
    assert 1 <= len(lines) <= 3, output
    assert "Traceback" not in output and ".py" not in output and "File " not in output
    assert "Error" not in output  # no exception class names either
    return lines


def test_a_malformed_equation_shows_the_text_a_caret_and_the_message(shell: Any) -> None:
    lines = assert_short_and_plain(shown(shell, 'mathplay.check("3+=7")'))
    assert lines == ["3+=7", " ^", "'+' at position 2 has no number after it"]


def test_a_misspelt_game_suggests_the_right_one(shell: Any) -> None:
    (line,) = assert_short_and_plain(shown(shell, 'mathplay.play("sumy")'))
    # "… summy, mixmath and binary.", or with plug-ins' games "… binary, tens."
    assert line.startswith("there is no game 'sumy': did you mean 'summy'? The games are summy")


def test_an_illegal_move_is_one_line_without_the_rule_id(shell: Any) -> None:
    cell = 'g = mathplay.Summy(seed=1, size=9, first_hand="playable")\ng.play("E1 down 7x6=42")'
    (line,) = assert_short_and_plain(shown(shell, cell))
    assert "E1 down 7x6=42 is not allowed" in line
    assert "(S" not in line


def test_other_errors_keep_their_traceback(shell: Any) -> None:
    assert "Traceback" in shown(shell, 'int("x")')


def test_plain_python_raises_as_before() -> None:
    with pytest.raises(ExpressionError) as caught:
        mathplay.check("3+=7")
    assert str(caught.value) == "'+' at position 2 has no number after it"
    assert caught.value.position == 1 and caught.value.text == "3+=7"
    error = IllegalMoveError("B5 already holds 1, not 3 (S3)", rule="S3")
    assert str(error) == "B5 already holds 1, not 3 (S3)"


@pytest.mark.parametrize(
    ("error", "lines"),
    [
        (MathplayError("there is no move to undo"), ["there is no move to undo"]),
        (NotationError("a hand holds at most 8 (D-S3d)"), ["a hand holds at most 8"]),
        (ExpressionError("too long", text="1+1=2"), ["too long"]),  # no position
        (ExpressionError("x", text="", position=0), ["x"]),  # nothing to point at
        (ExpressionError("'=' at end", text="3+4=", position=4), ["3+4=", "    ^", "'=' at end"]),
        (ExpressionError("m", text="1+1\n2++2=4", position=6), ["2++2=4", "  ^", "m"]),
    ],
)
def test_rendering_table(error: MathplayError, lines: list[str]) -> None:
    assert error._render_traceback_() == lines


def test_a_long_text_shows_the_part_around_the_fault() -> None:
    text = "1+" * 100 + "+1" * 100 + "=2"
    error = ExpressionError("two operators in a row", text=text, position=200)
    line, caret, message = error._render_traceback_()
    assert len(line) <= 62 and line.startswith("…") and line.endswith("…")
    assert line[caret.index("^")] == "+" and line[caret.index("^") - 1] == "+"
    assert message == "two operators in a row"
