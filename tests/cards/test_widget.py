"""The cards widget driven from Python as its front end drives it: flips, checks, answers,
hints and names arrive as custom messages; each check that counts is recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import mathplay
from mathplay.classroom import task_clock
from mathplay.classroom.names import current_pupil, set_pupil
from mathplay.errors import MathplayError
from mathplay.widgets.cards import BinaryCards
from tests.cards.conftest import front_end


def attempts(folder: Path, name: str = "ana") -> list[dict[str, Any]]:
    path = folder / f"{name}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MATHPLAY_PROGRESS_DIR", str(tmp_path / "progress"))
    return tmp_path / "progress"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_mathplay_binary_cards_is_the_widget() -> None:
    assert mathplay.BinaryCards is BinaryCards


def test_the_cards_are_drawn_with_names_labels_and_bits() -> None:
    widget = BinaryCards(log=None)
    view = widget.view
    assert [card["dots"] for card in view["cards"]] == [16, 8, 4, 2, 1]
    assert view["cards"][1]["name"] == "Card with 8 dots, face down"
    assert view["cards"][4]["label"] == "1 dot" and view["cards"][0]["label"] == "16 dots"
    assert view["heading"] == "Challenge 1 of 8: Make 5"
    assert view["prompt"] == "Make 5 with the cards, then press Check."
    assert view["show_check"] and not view["choices"] and not view["ask_name"]
    front_end(widget, event="flip", index=1)
    front_end(widget, event="flip", index=4)
    view = widget.view
    assert view["cards"][1] == {
        "dots": 8,
        "up": True,
        "name": "Card with 8 dots, face up",
        "label": "8 dots",
        "bit": "1",
    }
    assert view["sum"] == "8 + 1 = 9" and view["bits"] == "01001"
    assert view["texts"]["face_down"] == "face down"


def test_make_5_by_messages_is_checked_and_recorded(folder: Path) -> None:
    clock = Clock()
    task_clock.set_clock(clock)
    widget = BinaryCards(who="Ana")
    front_end(widget, event="flip", index=2)
    clock.now += 12
    front_end(widget, event="check")
    assert widget.view["feedback"]["label"] == "✗ Not yet."
    assert "Your cards show 4, and you need 5. That is 1 dot too few" in widget.message
    front_end(widget, event="flip", index=4)
    clock.now += 8
    front_end(widget, event="check")
    feedback = widget.view["feedback"]
    assert feedback["kind"] == "right" and feedback["label"] == "✓ Right!"
    assert feedback["text"].startswith("4 + 1 = 5. In binary 5 is 00101")
    assert widget.view["next_primary"] and not widget.view["show_check"]
    rows = attempts(folder)
    assert [(r["set"], r["puzzle"], r["answer"], r["right"]) for r in rows] == [
        ("Binary cards", "make-5", "00100", False),
        ("Binary cards", "make-5", "00101", True),
    ]
    assert rows[0]["who"] == "Ana" and rows[0]["question"] == "make 5"
    assert [r["seconds"] for r in rows] == [12.0, 8.0]
    assert rows[1]["hints"] == 0 and not rows[1]["solution_seen"]


def test_hints_are_counted_in_the_record(folder: Path) -> None:
    widget = BinaryCards(["make 21"], who="Ana")
    assert widget.view["hint_label"] == "Hint" and widget.view["hint_enabled"]
    front_end(widget, event="hint")
    front_end(widget, event="hint")
    assert widget.view["hint_label"] == "Show the answer"
    front_end(widget, event="hint")
    assert [h["label"] for h in widget.view["hints"]] == ["Hint 1:", "Hint 2:", "Answer:"]
    assert not widget.view["hint_enabled"]
    widget.set_number(21)
    widget.check()
    (row,) = attempts(folder)
    assert row["right"] and row["hints"] == 3 and row["solution_seen"]


def test_count_up_records_the_wrong_steps_and_the_end(folder: Path) -> None:
    widget = BinaryCards(["count to 3"], who="Ana")
    for number in (1, 2):
        widget.set_number(number)
        assert widget.check().right
    assert attempts(folder) == []  # steps on the way are not attempts of their own
    assert widget.view["prompt"] == "Counting to 3: now make 3, then press Check."
    widget.set_number(7)
    widget.check()
    widget.set_number(3)
    widget.check()
    rows = attempts(folder)
    assert [(r["puzzle"], r["question"], r["answer"], r["right"]) for r in rows] == [
        ("count-to-3", "count to 3: make 3", "00111", False),
        ("count-to-3", "count to 3: make 3", "00011", True),
    ]


def test_a_question_is_answered_with_the_choice_buttons(folder: Path) -> None:
    widget = BinaryCards(["one way 6"], who="Ana")
    widget.set_number(6)
    front_end(widget, event="check")
    assert widget.view["choices"] == ["Yes", "No"] and not widget.view["show_check"]
    front_end(widget, event="choose", index=0)
    assert widget.view["feedback"]["kind"] == "wrong"
    front_end(widget, event="choose", index=1)
    assert widget.view["feedback"]["kind"] == "right"
    rows = attempts(folder)
    assert [(r["puzzle"], r["answer"], r["right"], r["cards"]) for r in rows] == [
        ("one-way-6", "Yes", False, "00110"),
        ("one-way-6", "No", True, "00110"),
    ]
    assert widget.choose(7) is None  # done: no answers to choose any more


def test_no_name_known_asks_for_it_and_records_nothing_until_then(folder: Path) -> None:
    widget = BinaryCards()
    assert widget.view["ask_name"]
    widget.set_number(5)
    front_end(widget, event="check")
    assert widget.message.startswith("Who are you? Write your name in the box at the top")
    assert not widget.challenge.done and not folder.exists()
    other = BinaryCards()
    front_end(widget, event="name", value="  Ana ")  # the Check that waited is done now
    assert current_pupil() == "Ana" and widget.pupil == other.pupil == "Ana"
    assert widget.view["name"] == "Ana" and widget.challenge.done
    assert [r["who"] for r in attempts(folder)] == ["Ana"]
    front_end(widget, event="check")
    assert [r["who"] for r in attempts(folder)] == ["Ana"]  # done: not recorded again


def test_a_name_known_in_the_kernel_or_the_hub_is_not_asked(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_pupil("Bo")
    assert not BinaryCards().view["ask_name"]
    set_pupil(None)
    monkeypatch.setenv("JUPYTERHUB_USER", "cy")
    widget = BinaryCards()
    assert not widget.view["ask_name"]
    widget.set_number(5)
    widget.check()
    assert attempts(folder, "cy")[0]["who"] == "cy"


def test_without_a_log_nothing_is_asked_or_written(folder: Path) -> None:
    widget = BinaryCards(log=None)
    widget.set_number(5)
    assert widget.check().right and not folder.exists()


def test_next_challenge_starts_face_down_and_the_end_is_free_play() -> None:
    widget = BinaryCards(["make 3", "largest"], log=None)
    widget.set_number(2)
    front_end(widget, event="next")
    assert (
        widget.view["heading"] == "Challenge 2 of 2: The largest number" and widget.cards.value == 0
    )
    assert widget.view["feedback"]["text"] == ""
    front_end(widget, event="next")
    assert widget.challenge is None
    assert widget.view["heading"] == "You did all the challenges!"
    assert not widget.view["next_enabled"] and not widget.view["show_check"]
    front_end(widget, event="flip", index=0)
    assert widget.view["sum"] == "16"
    assert widget.check() is None


def test_the_cards_alone() -> None:
    widget = BinaryCards(n=8, challenges=[], log=None)
    assert widget.view["heading"] == "" and not widget.view["show_next"]
    assert widget.view["prompt"] == "Flip the cards and watch the number they make."
    widget.set_number(255)
    assert widget.view["sum"] == "128 + 64 + 32 + 16 + 8 + 4 + 2 + 1 = 255"
    front_end(widget, event="reset")
    assert widget.view["bits"] == "00000000"


@pytest.mark.parametrize(
    "content",
    [
        {"event": "flip", "index": 9},
        {"event": "flip", "index": "1"},
        {"event": "flip", "index": True},
        {"event": "flip"},
        {"event": "choose", "index": "x"},
    ],
)
def test_a_bad_message_changes_nothing_and_says_so(content: dict[str, Any]) -> None:
    widget = BinaryCards(log=None)
    widget.set_number(9)
    front_end(widget, **content)
    assert widget.cards.bits == "01001"
    assert widget.view["feedback"]["text"]
    front_end(widget, event="no such thing")  # unknown events are left alone
    front_end(widget, event="flip", index=9)
    assert "there is no card 9" in widget.message


def test_bad_options_are_refused_with_a_message() -> None:
    with pytest.raises(mathplay.MathplayError, match="from 1 to 8, not 9"):
        BinaryCards(n=9)
    with pytest.raises(mathplay.MathplayError, match="make 20: with 4 cards"):
        BinaryCards(n=4, challenges=["make 20"])
    with pytest.raises(mathplay.MathplayError, match="for 5 cards, but there are 3"):
        BinaryCards(n=3, challenges=[mathplay.cards.MakeNumber(7)])
    assert [c.id for c in BinaryCards(challenges="make 7", log=None).challenges] == ["make-7"]
    with pytest.raises(mathplay.MathplayError, match=r"give the number of cards as n=4"):
        BinaryCards(4)  # type: ignore[arg-type]


def test_on_check_hears_every_check() -> None:
    heard: list[bool] = []

    def listen(widget: BinaryCards, feedback: Any) -> None:
        heard.append(feedback.right)

    widget = BinaryCards(["make 1"], log=None)
    widget.on_check(listen)
    widget.check()
    widget.flip(4)
    widget.check()
    widget.on_check(listen, remove=True)
    widget.check()
    assert heard == [False, True]


def test_a_log_that_cannot_be_written_is_noted_not_raised(tmp_path: Path) -> None:
    widget = BinaryCards(["make 1"], who="Ana", log=tmp_path)  # a folder, not a file
    widget.flip(4)
    assert widget.check().right
    assert widget.log_error


def test_a_name_given_elsewhere_on_the_page_hides_the_cards_name_box(tmp_path: Path) -> None:
    from mathplay import PuzzleSet
    from mathplay.classroom.names import set_pupil

    set_pupil(None)
    cards = BinaryCards(log=tmp_path / "p.jsonl")
    assert cards.view["ask_name"] is True
    top = PuzzleSet("arithmetic", only=[1], log=tmp_path / "p.jsonl")
    top.name_box.value = "Ana"  # the lesson's name box at the top
    assert cards.view["ask_name"] is False and cards.pupil == "Ana"
    set_pupil(None)


def test_a_practice_names_no_card_that_would_fix_the_cards(folder: Path) -> None:
    """In a practice a wrong check says what the cards show against the number
    asked for; the guided cards explain which card is too big."""
    guided = BinaryCards(["make 5"], who="Ana")
    practice = BinaryCards(["make 5"], who="Ana", moment="practice")
    for widget in (guided, practice):
        widget.set_number(8)
        front_end(widget, event="check")
    assert "8-dot card" in guided.message
    assert practice.message == "Your cards show 8, not 5. Check each card again."
    assert [r["answer"] for r in attempts(folder)] == ["01000", "01000"]
    with pytest.raises(MathplayError, match="guided or practice"):
        BinaryCards(["make 5"], moment="check")
