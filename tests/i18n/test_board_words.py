"""Every sentence of the games in the pupil's language (issue 75): moves and directions in
the words of the board's log, squares by the legend's labels, commands and answers as a
pupil of Spain, Malaysia or Greece types them, the review speaking to the pupil, dates
and counts as the language writes them.

Before: over seeded games of the three games, the hints at levels 2 and 3 said "en
across", "ke arah down", "Mainkan B8 across …" (40 sentences per language in six
games); refusals "B5 across 2+3=5 no está permitido"; praise "Betul! B5 across 1+2=3";
a Binary hint "las casillas DW y TW" where the board says PD y PT; "lepas", "pasar",
"πάσο", "tukar 3 7" refused; "falsa", "ισχύει", "tak", "Verdadero." not read; the review
"Tú jugó", "Εσύ έπαιξε"; "dari 2026-12-01"; Malay "1 soalan" for any count."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from mathplay import Binary, Mixmath, Summy, i18n
from mathplay.ai.players import GreedyPlayer
from mathplay.ai.review import shown
from mathplay.classroom import saved_games
from mathplay.core.squares import Special, with_labels
from mathplay.core.typed_words import (
    ANSWERS,
    COMMANDS,
    answer_said,
    command_said,
    plain,
    words,
)
from mathplay.errors import MathplayError
from mathplay.games.mixmath.moves import Draw, EndTurn, Exchange, parse_move
from mathplay.games.move_words import move_said
from mathplay.i18n import _, speaking
from mathplay.puzzles.format import Puzzle
from mathplay.puzzles.kinds import KINDS
from mathplay.puzzles.kinds.move import Move
from tests.puzzles.helpers import SUMMY_9

LANGUAGES = ("es", "ms", "el")
#: The English game words a Spanish, Malay or Greek pupil must never read.
ENGLISH = re.compile(r"\b(across|down|DW|TW|DL|TL|pass|exchange|discard)\b", re.IGNORECASE)
#: The review's "you" in the third person (Tú jugó, Εσύ έπαιξε).
THIRD_PERSON_YOU = re.compile(r"\bTú jugó\b|Εσύ έπαιξε\b|\bKamu bermain\b")
LOCALE = Path(__file__).resolve().parents[2] / "mathplay" / "locale"

GAMES: dict[str, Callable[[int], Any]] = {
    "summy": lambda seed: Summy(seed=seed, size=11),
    "binary": lambda seed: Binary(seed=seed),
    "mixmath": lambda seed: Mixmath(seed=seed),
}
SEEDS = (0, 1, 2)
TURNS = 6


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def english(texts: list[str]) -> list[str]:
    return [text for text in texts if ENGLISH.search(text)]


def played(name: str, seed: int) -> tuple[Any, list[str]]:
    """A seeded game played a few turns by the greedy player, and every hint at every
    level before each turn, in each language."""
    game = GAMES[name](seed)
    player = GreedyPlayer()
    said: list[str] = []
    for _turn in range(TURNS):
        if game.is_over:
            break
        for language in LANGUAGES:
            with speaking(language):
                said.extend(f"{language}: {game.hint(level=level).text}" for level in (1, 2, 3))
        player.play_turn(game)
    return game, said


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hints_and_the_review_say_no_english_game_word(name: str) -> None:
    """Before: 40 hints per language in six games held across/down (level 2: "en
    across", "ke arah down"; level 3: "Mainkan B8 across …")."""
    found: list[str] = []
    for seed in SEEDS:
        game, said = played(name, seed)
        found += english(said)
        for language in LANGUAGES:
            with speaking(language):
                for turn in game.review().turns:
                    best = [shown(turn.best[0])] if turn.best else []
                    found += english([turn.reason, shown(turn.played), *best])
    assert found == [], "\n".join(found[:20])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hint_writes_the_move_as_the_log_does_and_the_game_reads_it_back(
    language: str,
) -> None:
    game = Summy(seed=1, size=11)
    with speaking(language):
        three = game.hint(level=3)
        two = game.hint(level=2).text
        way = _(str(three.move.direction))
        said = move_said(three.move)
    assert way in three.text and way in two and said in three.text
    assert said != str(three.move)  # "C6 mendatar 3+6=9", not "C6 across 3+6=9"
    copy = game.copy()
    assert copy.play(said) == three.score  # typed back as the hint writes it


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_refusals_say_the_move_in_the_pupils_words(name: str, language: str) -> None:
    """Before: "B8 across 1 + 1 = 1 no está permitido", "la jugada está vacía: escribe …
    exchange … o pass", Mixmath's "juega pass o exchange"."""
    game = GAMES[name](1)
    tries = ["", "?", "Z99 nonsense"]
    if name == "mixmath":
        tries += ["end", "challenge"]
    else:
        best = game.hint(level=3).move
        other = "down" if str(best.direction) == "across" else "across"
        square, _way, line = str(best).split(" ", 2)
        tries += [f"{square} {other} {line}", f"{square} {best.direction} {line}0"]
    refusals = []
    with speaking(language):
        for text in tries:
            try:
                game.copy().play(text)
            except MathplayError as error:
                refusals.append(str(error))
    assert len(refusals) == len(tries)
    assert english(refusals) == [], refusals


@pytest.mark.parametrize("language", LANGUAGES)
def test_praise_after_a_right_move_says_it_in_the_pupils_words(language: str) -> None:
    """Before: "Betul! B5 across 1+2=3 ialah langkah yang sah"."""
    puzzle = Puzzle("p", "move", fields={"game": "summy", "diagram": SUMMY_9, "hand": "12+3"})
    kind = KINDS["move"]
    assert isinstance(kind, Move)
    with speaking(language):
        typed = f"B5 {_('across')} 1+2=3"  # as the log writes it: the pupil types it back
        result = kind.check(puzzle, typed)
        wrong = kind.check(puzzle, "B5 across 1+2=4")
    assert result.right, result.message
    assert _in(language, "across") in result.message
    assert english([result.message, wrong.message]) == []


def _in(language: str, word: str) -> str:
    with speaking(language):
        return _(word)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_binary_hint_names_the_squares_the_board_shows(language: str) -> None:
    """Before: "las casillas DW y TW", "petak DW dan TW", "τετράγωνα DW και TW"."""
    kind = KINDS["move"]
    with speaking(language):
        hints = [with_labels(_(hint)) for each in kind.level_hints.values() for hint in each]
        labels = [Special.DOUBLE_WORD.label, Special.TRIPLE_WORD.label]
    squares = [hint for hint in hints if labels[0] in hint]
    assert squares and all(labels[1] in hint for hint in squares)
    assert english(hints) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_command_word_of_the_language_is_a_move(language: str) -> None:
    """Before: "tukar 3 7", "lepas", "pasar", "πάσο" were refused ("… draw, end,
    exchange, pass")."""
    for idea, listed in COMMANDS.items():
        for word in words(listed, language):
            for typed in (word, word.capitalize() + "."):
                assert command_said(typed) == (idea, ""), (typed, idea)
    with speaking(language):
        said = {idea: words(listed)[0] for idea, listed in COMMANDS.items()}
    assert said["pass"] != "pass" and said["exchange"] != "exchange"
    summy, binary, mixmath = Summy(seed=0, size=11), Binary(seed=0), Mixmath(seed=0)
    assert summy.copy().play(said["pass"]) == 0
    assert summy.copy().play(f"{said['discard']} {summy.hands[0][0]}.") == 0
    assert binary.copy().play(said["pass"].upper() + ".") == 0
    chips = " ".join(binary.hands[0][:2])
    assert binary.copy().play(f"{said['exchange']} {chips}") == 0
    assert mixmath.copy().play(said["pass"]) == 0
    assert parse_move(f"{said['exchange']} 3 7") == Exchange(("3", "7"))
    assert parse_move(said["draw"]) == Draw() and parse_move(said["end"] + ".") == EndTurn()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_true_and_false_word_of_the_language_is_read(language: str) -> None:
    for idea, listed in ANSWERS.items():
        for word in words(listed, language):
            for typed in (word, word.upper(), word + "."):
                assert answer_said(typed) == idea, (typed, idea)


@pytest.mark.parametrize(
    ("answer", "right"),
    [
        ("falsa", False),
        ("Falsa.", False),
        ("verdadera", True),
        ("cierta", True),
        ("no es cierta", False),
        ("ισχύει", True),
        ("δεν ισχύει", False),
        ("Σωστό.", True),
        ("tak", False),
        ("tidak betul", False),
        ("bukan", False),
        ("Betul.", True),
        ("true.", True),
    ],
)
def test_true_or_false_reads_the_answers_as_typed(answer: str, right: bool) -> None:
    """Before: "falsa", "ισχύει", "tak" and any answer with a full stop were not read."""
    kind = KINDS["true-or-false"]
    holds = Puzzle("t", "true-or-false", fields={"equation": "2 + 3 = 5"})
    fails = Puzzle("f", "true-or-false", fields={"equation": "2 + 3 = 6"})
    on_true, on_false = kind.check(holds, answer), kind.check(fails, answer)
    assert on_true.right is right
    said = "true" if right else "false"
    assert on_true.answer == said and str(on_false.answer).startswith(said), on_false.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_review_speaks_to_the_pupil(name: str, language: str) -> None:
    """Before: "Jugada 1 de 2: Tú jugó …", "Εσύ έπαιξε …"."""
    from mathplay.widgets import BinaryBoard, MixmathBoard, SummyBoard
    from tests.widgets.conftest import front_end

    boards = {"summy": SummyBoard, "binary": BinaryBoard, "mixmath": MixmathBoard}
    game = GAMES[name](1)
    player = GreedyPlayer()
    for _turn in range(4):
        player.play_turn(game)
    i18n.set_language(language)
    board = boards[name](game, ["human", "computer"], threaded=False)
    front_end(board, event="action", id="review")
    said = []
    for _step in range(min(4, len(game.history))):
        said.append(board.view["message"])
        front_end(board, event="action", id="review_next")
    yours = {"es": "jugaste", "ms": "kamu bermain", "el": "έπαιξες"}[language]
    assert any(yours in text for text in said), said
    assert [text for text in said if THIRD_PERSON_YOU.search(text)] == []
    assert english(said) == []


@pytest.mark.parametrize(
    ("language", "month"), [("es", "diciembre"), ("ms", "Disember"), ("el", "Δεκεμβρίου")]
)
def test_a_date_in_a_sentence_is_the_languages(language: str, month: str) -> None:
    """Before: "dari 2026-12-01"."""
    then = datetime(2026, 12, 1, 16, 0).astimezone()
    saved = saved_games.SavedGame("Ana", "summy", Summy(seed=0), ["human", "computer"], then)
    with speaking(language):
        said = saved_games.offer_words(saved, now=then + timedelta(days=9))
    assert month in said and not re.search(r"\d{4}-\d\d-\d\d", said), said


def test_a_one_form_language_keeps_every_placeholder_of_its_plurals() -> None:
    """Malay has one plural form: its only msgstr[0] must say {n}, never a literal 1
    (before: "1 soalan sudah dibuat" whatever the count)."""
    with open(LOCALE / "ms" / "LC_MESSAGES" / "mathplay.po", "rb") as file:
        catalogue = read_po(file)
    missing = []
    for message in catalogue:
        if not isinstance(message.id, tuple) or not message.string or not message.string[0]:
            continue
        wanted = set(re.findall(r"\{\w+\}", message.id[1]))
        have = set(re.findall(r"\{\w+\}", message.string[0]))
        if wanted - have:
            missing.append(f"{message.id[1][:60]!r}: {message.string[0][:80]!r}")
    assert missing == []


def test_no_word_says_two_things_in_two_languages() -> None:
    """A pupil's word is read in every language: "no" (false in English and Spanish) must
    never be "true" in another, nor a command's word another command's."""
    for table in (COMMANDS, ANSWERS):
        seen: dict[str, str] = {}
        for idea, listed in table.items():
            for language in ("en", *LANGUAGES):
                for word in words(listed, language):
                    key = plain(word)  # as the readers compare: no accents, no capitals
                    assert seen.setdefault(key, idea) == idea, (word, language, idea, seen[key])


@pytest.mark.parametrize(("seed", "turns"), [(5, 4), (7, 8)])
def test_a_summy_hint_never_goes_below_zero_on_the_way(seed: int, turns: int) -> None:
    """Issue 75, point 6. Before: the strongest hint proposed "A2 across 2-8+3x5=9" (seed 5,
    turn 5) and "A10 across 66-73+8=1" (seed 7, turn 9): 2 − 8 and 66 − 73 go below zero,
    which a pupil of 10 has not met (Binary's rules never allow it)."""
    from mathplay.ai.hints import goes_below_zero

    game = Summy(seed=seed, size=11)
    player = GreedyPlayer()
    for _turn in range(turns):
        player.play_turn(game)
    best = game.best_moves(1)[0]
    assert goes_below_zero(best)  # the best line goes below zero on the way ...
    three = game.hint(level=3)
    assert three.move is not None and not goes_below_zero(three.move)  # ... the hint not
    assert "there may be an even better one" in three.text
