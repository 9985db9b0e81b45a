"""The logic words a pupil reads follow their language's school: ΚΑΙ, Ή, ΟΧΙ
on a Greek Binary board, as on the Greek game's chips; DAN, ATAU, TAK on a Malay one;
AND, OR, NOT in English and Spanish. What is typed and the move notation stay English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mathplay
from mathplay import i18n
from mathplay.expr.pretty import pretty
from mathplay.games.binary import Binary
from mathplay.games.binary.game import EMPTY_DIAGRAM
from mathplay.widgets import BinaryBoard
from tests.widgets.test_binary_board import HANDS, fresh, place


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["AND", "OR", "NOT"]),
        ("es", ["AND", "OR", "NOT"]),
        ("el", ["ΚΑΙ", "Ή", "ΟΧΙ"]),
        ("ms", ["DAN", "ATAU", "TAK"]),
    ],
)
def test_the_chips_say_the_words_of_the_pupils_language(language: str, words: list[str]) -> None:
    board = fresh()  # hands "1 + 1 = 1 0 AND 0 ?" and "1 0 1 0 = = OR NOT x"
    i18n.set_language(language)  # the board draws its words again
    chips = [entry["t"] for entry in board.view["hand"]]
    assert chips == ["1", "+", "1", "=", "1", "0", words[0], "0", "?"]
    assert [entry["token"] for entry in board.view["hand"]][6] == "AND"  # the game's own
    place(board, (7, 7), "AND")  # chosen by its token, as the keys do
    (placed,) = board.view["tentative"]
    assert placed[1]["t"] == words[0]
    other = BinaryBoard(
        Binary.from_diagram(EMPTY_DIAGRAM, hands=list(reversed(HANDS))), threaded=False
    )  # its hand: "1 0 1 0 = = OR NOT x"
    assert [entry["t"] for entry in other.view["hand"]][6:9] == [*words[1:], "×"]


def test_the_checker_explains_in_them_and_reads_both() -> None:
    mathplay.set_language("el")
    assert "11 ΚΑΙ 10 = 10" in pretty("11 AND 10 = 10")
    result = mathplay.check("11 ΚΑΙ 10 = 10", base=2)
    assert result.holds
    explained = result.steps + result._repr_markdown_()
    assert "11 ΚΑΙ 10 = 10" in explained and "AND" not in explained, explained
    assert result.canonical == "11 AND 10 = 10"  # the notation stays English
    false = mathplay.check("11 AND 10 = 11", base=2)
    assert false.reason is not None and "ΚΑΙ" in false.reason and "AND" not in false.reason
    mathplay.set_language("ms")
    assert "1 DAN 1 = 1" in mathplay.check("1 AND 1 = 1", base=2).steps
    assert "TAK 1" in mathplay.check("NOT 1 = 0", base=2).steps
    mathplay.set_language("es")
    assert "1 AND 1 = 1" in mathplay.check("1 AND 1 = 1", base=2).steps
