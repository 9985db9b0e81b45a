"""A decimal typed for a blank: 3,5 (the decimal comma of Spanish and Greek)
and 3.5 are both told they are not whole numbers, not "write one number"; two blanks
still take two numbers with a comma between them."""

from __future__ import annotations

import pytest

from mathplay import check, i18n
from mathplay.errors import ExpressionError
from mathplay.puzzles import Puzzle
from mathplay.puzzles.kinds import KINDS

ONE = Puzzle("one", "missing", fields={"equation": "6 + _ = 10"})
TWO = Puzzle("two", "missing", fields={"equation": "_ + _ = 10"})


@pytest.mark.parametrize("answer", ["3,5", "3.5", " 3,5 "])
def test_a_decimal_is_not_a_whole_number_with_either_mark(answer: str) -> None:
    result = KINDS["missing"].check(ONE, answer)
    assert not result.right and not result.readable
    assert "is not a whole number" in result.message and "one number" not in result.message


def test_two_blanks_still_take_two_numbers() -> None:
    assert KINDS["missing"].check(TWO, "3,7").right
    assert KINDS["missing"].check(TWO, "3, 7").right


def test_the_checker_names_a_decimal_in_the_pupils_language() -> None:
    try:
        i18n.set_language("es")
        with pytest.raises(ExpressionError, match=r"3,5, en la posición 5, es un número decimal"):
            check("7:2=3,5")
    finally:
        i18n.set_language("en")


def test_a_puzzle_is_read_once_and_an_edited_one_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checking many answers reads the equation once; a puzzle edited in place (a
    teacher's page rebuilt) is read again, never judged by what it said before."""
    kind = KINDS["missing"]
    reads = []
    read = type(kind)._read

    def counted(self: object, puzzle: Puzzle) -> object:
        reads.append(puzzle.fields["equation"])
        return read(self, puzzle)  # type: ignore[arg-type]

    monkeypatch.setattr(type(kind), "_read", counted)
    puzzle = Puzzle("edited", "missing", fields={"equation": "40 + _ = 47"}, answer="7")
    for answer in ["1", "2", "3", "7", "6"]:
        kind.check(puzzle, answer)
    assert reads == ["40 + _ = 47"]
    assert kind.check(puzzle, "7").right
    puzzle.fields["equation"] = "40 + _ = 49"
    puzzle.answer = "9"
    assert not kind.check(puzzle, "7").right and kind.check(puzzle, "9").right
    assert reads == ["40 + _ = 47", "40 + _ = 49"]
    # The numbers that give the answer away are the new puzzle's: its feedback on a
    # wrong answer may say 7 now, and never says 9.
    assert "9" not in kind.check(puzzle, "8").message.replace("49", "")
