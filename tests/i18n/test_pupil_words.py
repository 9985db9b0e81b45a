"""What a pupil types, in their language, is read: the Binary chips as the
chips show them (ΚΑΙ, DAN), the move's direction (horizontal, οριζόντια, mendatar),
true and false (verdad, betul, Σ, σωστο without its accent); and what is said back has no
English word passed into a translated sentence, no sentence twice, and the list
separator of the language (Greek's ";" is its question mark).

Reproduced before: "ΚΑΙ" and "DAN" were "not a Binary chip"; "H8 horizontal 3+4=7" was
"not a direction: write across or down"; "verdad", "betul", "Σ" were unreadable; a
Binary refusal said "en line"; "10011 in binary is 10011100011011, not 10011".
"""

from __future__ import annotations

import pytest

from mathplay.core.lines import split_line_move
from mathplay.core.squares import Direction
from mathplay.errors import NotationError
from mathplay.expr.pretty import WORDS_READ
from mathplay.games.binary.rules import read_hand, read_line
from mathplay.i18n import clauses, speaking
from mathplay.puzzles import load
from mathplay.puzzles.generate import generate
from mathplay.puzzles.kinds import KINDS
from tests.puzzles.feedback_harness import LESSONS


@pytest.mark.parametrize(
    ("typed", "chips"),
    [("1 ΚΑΙ 1 = 1", ["1", "AND", "1", "=", "1"]), ("1 και 0 = 0", ["1", "AND", "0", "=", "0"]),
     ("1 Ή 0 = 1", ["1", "OR", "0", "=", "1"]), ("όχι 0 = 1", ["NOT", "0", "=", "1"]),
     ("ΟΧΙ 1 = 0", ["NOT", "1", "=", "0"]), ("1 DAN 1 = 1", ["1", "AND", "1", "=", "1"]),
     ("1 atau 0 = 1", ["1", "OR", "0", "=", "1"]), ("TAK 0 = 1", ["NOT", "0", "=", "1"]),
     ("1 AND ?1 = 1", ["1", "AND", "?1", "=", "1"])],
)  # fmt: skip
def test_binary_chips_typed_as_the_chips_show_them(typed: str, chips: list[str]) -> None:
    assert read_line(typed) == chips


def test_a_hand_typed_in_greek_or_malay() -> None:
    assert read_hand("1 0 ? ΚΑΙ ATAU όχι") == ["1", "0", "?", "AND", "OR", "NOT"]


@pytest.mark.parametrize(
    ("language", "words"),
    [("es", ["en la línea", "no es una ficha"]), ("el", ["στη γραμμή"]),
     ("ms", ["dalam baris"]), ("en", ["in the line"])],
)  # fmt: skip
def test_a_binary_refusal_has_no_english_word_inside(language: str, words: list[str]) -> None:
    with speaking(language), pytest.raises(NotationError) as refused:
        read_line("1 FOO 1 = 1")
    message = str(refused.value)
    assert all(word in message for word in words), message
    if language != "en":
        assert " line " not in message and " hand " not in message, message


@pytest.mark.parametrize(
    ("typed", "direction"),
    [("across", Direction.ACROSS), ("DOWN", Direction.DOWN), ("horizontal", Direction.ACROSS),
     ("en vertical", Direction.DOWN), ("οριζόντια", Direction.ACROSS),
     ("ΚΑΘΕΤΑ", Direction.DOWN), ("καθετα", Direction.DOWN), ("mendatar", Direction.ACROSS),
     ("Menegak", Direction.DOWN)],
)  # fmt: skip
def test_the_direction_in_the_pupils_words(typed: str, direction: Direction) -> None:
    assert Direction.parse(typed) is direction


def test_a_spanish_move_as_the_board_writes_it() -> None:
    assert split_line_move("H8 en horizontal 3+4=7", 15) == ((7, 7), Direction.ACROSS, "3+4=7")
    with speaking("es"), pytest.raises(NotationError, match="horizontal o vertical"):
        split_line_move("H8 sideways 3+4=7", 15)


@pytest.mark.parametrize(
    ("typed", "verdict"),
    [("verdad", "true"), ("Verdadero", "true"), ("sí", "true"), ("betul", "true"),
     ("benar", "true"), ("Σ", "true"), ("σωστο", "true"), ("Σωστό", "true"),
     ("falso", "false"), ("salah", "false"), ("Λ", "false"), ("λάθος", "false"),
     ("ΛΑΘΟΣ", "false"), ("palsu", "false")],
)  # fmt: skip
def test_true_and_false_in_every_language(typed: str, verdict: str) -> None:
    puzzle = load(LESSONS / "01-equations.toml").puzzle("check-left-to-right")  # false
    kind = KINDS["true-or-false"]
    for language in ("en", "es", "el", "ms"):
        with speaking(language):
            result = kind.check(puzzle, typed)
        # Read: an answer, or "false" that asks for its reason next.
        assert result.readable or result.follow_up, (language, typed, result.message)
        said_false = "false" in result.answer
        assert said_false == (verdict == "false"), (language, typed, result.answer)


@pytest.mark.parametrize("language", ["en", "es", "el", "ms"])
def test_the_binary_number_typed_back_is_told_so(language: str) -> None:
    puzzle = generate("convert", 2, 1, seed=1).puzzles[0]
    kind = KINDS["convert"]
    binary = kind.question(puzzle).split()[1]
    assert set(binary) <= {"0", "1"} and len(binary) >= 4
    with speaking(language):
        result = kind.check(puzzle, binary)
    assert not result.right
    assert result.message.count(binary) == 1, result.message  # never "… is 1001110…, not …"
    english = {"en": "in binary again", "es": "en binario", "el": "στο δυαδικό",
               "ms": "dalam perduaan"}[language]  # fmt: skip
    assert english in result.message


def test_greek_separates_clauses_with_its_semicolon() -> None:
    with speaking("el"):
        assert clauses() == "· "
    for language in ("en", "es", "ms"):
        with speaking(language):
            assert clauses() == "; "


@pytest.mark.parametrize(("language", "word"), [("el", "ΚΑΙ"), ("ms", "DAN")])
def test_one_set_of_logic_words_on_a_puzzle(language: str, word: str) -> None:
    """Before: the chips said ΚΑΙ and DAN, the questions, the buttons and the feedback AND
    ("1100 Ή 1010 = 1110: χρησιμοποίησες OR, αλλά το σύμβολο είναι ΚΑΙ. Το AND δίνει 1…").
    Now the question, the buttons, the feedback and the hints of a puzzle say the
    language's words, and a button picked is recorded as the choice it stands for."""
    import re

    from mathplay import PuzzleSet
    from mathplay.puzzles import Worksheet

    english = re.compile(r"(?<![\w])(AND|OR|NOT)(?![\w])")
    with speaking(language):
        bitwise = generate("bitwise", 4, 1, seed=1).puzzles[0]
        which = generate("which-operation", 4, 1, seed=1).puzzles[0]
        shown = PuzzleSet(Worksheet("Logic", [bitwise, which]), who="Zoë", log=None)
        theirs = set(WORDS_READ[language].values())
        assert not english.search(shown.heading.value), shown.heading.value
        question = shown.question.value
        assert any(w in question for w in theirs) and not english.search(question), question
        shown.check("1")
        shown.hint()
        for text in (shown.feedback.value, shown.hint_area.value):
            assert not english.search(text), text
        shown.next()
        buttons = shown.choice_row.choices
        assert word in buttons and "AND" not in buttons, buttons
        shown.choice_row.pick(buttons.index(word) + 1)
        assert "✓" in shown.feedback.value, shown.feedback.value  # read as AND: right
        assert not english.search(shown.feedback.value), shown.feedback.value


def test_a_greek_binary_board_says_its_own_logic_words() -> None:
    import mathplay

    with speaking("el"):
        board = mathplay.play("binary", seed=3)
        board._turns.submit("H8 across 1 AND 0 = 1")  # a chip the hand does not hold
        message = str(board.view["message"])
    assert "ΚΑΙ" in message and "AND" not in message, message


@pytest.mark.parametrize(("language", "word"), [("el", "ΚΑΙ"), ("ms", "DAN"), ("en", "AND")])
def test_the_pictures_say_the_chips_logic_words(language: str, word: str) -> None:
    """Lesson 07's truth tables and bit-by-bit pictures: before, "πίνακας αληθείας του AND"."""
    from mathplay.render.bits import bitwise_of, truth_table_of

    with speaking(language):
        table = truth_table_of("AND")
        sums = bitwise_of(12, 10, "AND")
    assert word in table.title and word in table.header[-1], table
    assert word in sums.title and word in sums.subtitle, sums
    if language != "en":
        assert "AND" not in table.title + sums.title + sums.subtitle + table.header[-1]


@pytest.mark.parametrize(("language", "word"), [("el", "ΟΧΙ"), ("ms", "TAK")])
def test_the_drawn_operator_is_the_chips_word(language: str, word: str) -> None:
    """The sign drawn beside the bits (before: NOT on a Malay lesson 07's picture)."""
    from mathplay.render.svg_bits import bitwise_picture

    with speaking(language):
        svg = bitwise_picture("1100", None, "NOT").svg
    assert f">{word}<" in svg and ">NOT<" not in svg
