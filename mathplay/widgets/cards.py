"""``BinaryCards``: the binary cards of :mod:`mathplay.cards` in Jupyter, with challenges.

A thin view, like the boards: one anywidget with one synced trait, ``view`` (everything
the front end draws, replaced in one update per action), and custom messages back from
the front end (a card flipped, Check, an answer chosen, Hint, Next challenge, the name
typed) that land on the public methods below, which tests call directly. Every rule and
every word is the engine's (:mod:`mathplay.cards`); ``static/cards.js`` only draws.

Each check that counts (a wrong try, or the right answer that finishes a challenge) is
recorded like a puzzle: set "Binary cards", puzzle ``make-7`` …, the answer the cards'
bits (or the answer chosen), right or not.

>>> import tempfile, os
>>> log = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> cards = BinaryCards(challenges=["make 5"], who="Ana", log=log)
>>> cards.flip(2); cards.flip(4)
>>> cards.view["sum"], cards.view["bits"]
('4 + 1 = 5', '00101')
>>> cards.check().right
True
>>> import json; entry = json.loads(open(log).read())
>>> entry["set"], entry["puzzle"], entry["answer"], entry["right"]
('Binary cards', 'make-5', '00101', True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from mathplay.cards import (
    DEFAULT_CARDS,
    Cards,
    Challenge,
    Feedback,
    challenge,
    default_challenges,
    dots_text,
)
from mathplay.cards.base import WRONG
from mathplay.classroom.names import current_pupil, set_pupil, when_known
from mathplay.classroom.records import record
from mathplay.classroom.task_clock import task_clock
from mathplay.classroom.where import DEFAULT_LOG, current_lesson, log_path
from mathplay.errors import MathplayError
from mathplay.i18n import _, on_language_change, use_page_language
from mathplay.puzzles.moments import GUIDED, PRACTICE
from mathplay.widgets.static import static_file

__all__ = ["BinaryCards", "CheckCallback"]

#: ``callback(widget, feedback)`` after every check and every answer chosen.
CheckCallback = Callable[["BinaryCards", Feedback], None]


class BinaryCards(anywidget.AnyWidget):
    """``challenges`` to do one at a time with ``n`` binary cards (1 to 8; five cards
    have 16, 8, 4, 2 and 1 dots): texts like ``"make 7"``, ``"count to 7"``,
    ``"largest"``, ``"one way 6"`` (or :class:`mathplay.cards.Challenge` objects); by
    default :func:`mathplay.cards.default_challenges`, and ``[]`` for the cards alone.

    ``who`` is the pupil's name (else the name written in this kernel, else a name box
    asks before the first check). Checks are recorded in ``log`` as the puzzle widgets
    record them (``None`` keeps nothing, and then no name is asked).
    """

    _esm = static_file("cards.js")
    _css = static_file("cards.css")

    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        challenges: Sequence[str | Challenge] | str | None = None,
        *,
        n: int = DEFAULT_CARDS,
        who: str | None = None,
        log: str | Path | None = DEFAULT_LOG,
        moment: str = GUIDED,
    ) -> None:
        super().__init__()
        if moment not in (GUIDED, PRACTICE):
            raise MathplayError(
                _("the cards' moment is guided or practice, not {moment!r}").format(moment=moment)
            )
        #: "guided" (a wrong check is explained) or "practice" (it says what is wrong
        #: with no card named: mathplay.puzzles.moments).
        self.moment = moment
        if isinstance(challenges, int):
            raise MathplayError(
                _("give the number of cards as n={n}, like BinaryCards(n={n})").format(n=challenges)
            )
        self.cards = Cards(n)
        if challenges is None:
            self.challenges = default_challenges(self.cards.n)
        elif isinstance(challenges, str):
            self.challenges = [challenge(challenges, self.cards.n)]
        else:
            self.challenges = [challenge(spec, self.cards.n) for spec in challenges]
        for item in self.challenges:
            if item.n != self.cards.n:
                raise MathplayError(
                    _("the challenge {spec!r} is for {m} cards, but there are {n}").format(
                        spec=item.spec(), m=item.n, n=self.cards.n
                    )
                )
        self.who = (who or "").strip() or None
        self.log_path = log
        #: The lesson this widget was made in (``""``: none): its records name it.
        self.lesson = current_lesson() or ""
        self.log_error = ""
        self.index = 0
        self.feedback: Feedback | None = None
        self._typed = ""
        #: A Check (or a chosen answer) that came before the pupil's name: it is done,
        #: and recorded, as soon as the name is given.
        self._waiting: Callable[[], Any] | None = None
        # In a lesson the name is asked once, at the top: the cards ask only after a
        # Check without it.
        self._ask_name = log is not None and not self.pupil and current_lesson() is None
        if log is not None and not self.pupil:
            when_known(self._pupil_known)
        self._callbacks: list[CheckCallback] = []
        self._shown_at = task_clock().mark()
        self.on_msg(self._from_front_end)
        on_language_change(self._language_changed)
        if self.challenge is not None:
            self.challenge.start(self.cards)
        self._refresh()

    # --- reading ----------------------------------------------------------------------

    @property
    def challenge(self) -> Challenge | None:
        """The challenge in front of the pupil (``None``: all done, or none given)."""
        return self.challenges[self.index] if self.index < len(self.challenges) else None

    @property
    def pupil(self) -> str:
        """The name checks are recorded under ("" while nobody said)."""
        return self.who or current_pupil() or self._typed

    @property
    def message(self) -> str:
        """The feedback shown now, as text."""
        return self.feedback.message if self.feedback is not None else ""

    def on_check(self, callback: CheckCallback, remove: bool = False) -> None:
        """Call ``callback(widget, feedback)`` after every check; ``remove=True`` to stop."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    # --- what the pupil does ------------------------------------------------------------

    def flip(self, index: int) -> None:
        """Turn card ``index`` (from the left, from 0) over."""
        self.cards.flip(index)
        self._refresh()

    def set_number(self, number: int) -> None:
        """Turn the cards so that they show ``number`` (a teacher showing an example)."""
        self.cards.set_number(number)
        self._refresh()

    def turn_all_down(self) -> None:
        """Turn every card face down: the cards show 0."""
        self.cards.set_number(0)
        self._refresh()

    def set_name(self, name: str) -> None:
        """The pupil typed their name: remember it for this kernel (:func:`set_pupil`)."""
        name = str(name).strip()[:100]
        if name:
            self._typed = name
            if self.feedback is not None and not self.feedback.recorded:
                self.feedback = None  # "Who are you?" has been answered
            set_pupil(name)  # (this widget hears it too, and does a Check that waited)
            if self._do_waiting():
                return
        self._refresh()

    def check(self) -> Feedback | None:
        """Check the cards against the challenge, say what they show, and record it."""
        current = self.challenge
        if current is None:
            return None
        if not self._name_known(self.check):
            return None
        question = current.question()
        return self._after(current.check(self.cards), current, question)

    def choose(self, choice: int | str) -> Feedback | None:
        """Answer the challenge's question with ``choice``: its text, or its number in
        the list of answers counted from 1."""
        current = self.challenge
        if current is None:
            return None
        choices = current.choices()
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 1 <= choice <= len(choices):
                self._say(_("There is no answer {n} to choose.").format(n=choice))
                return None
            choice = choices[choice - 1]
        if not self._name_known(lambda: self.choose(choice)):
            return None
        question = current.question()
        return self._after(current.choose(str(choice), self.cards), current, question)

    def hint(self) -> str | None:
        """Show the next hint of the challenge (the last one is its answer)."""
        current = self.challenge
        text = current.hint() if current is not None else None
        self._refresh()
        return text

    def next_challenge(self) -> None:
        """Go on to the next challenge (done or not); after the last, the cards alone."""
        if self.index < len(self.challenges):
            self.index += 1
        self.feedback = None
        if self.challenge is not None:
            self.challenge.start(self.cards)
        self._shown_at = task_clock().mark()
        self._refresh()

    # --- behind the scenes ------------------------------------------------------------

    def _pupil_known(self, name: str) -> None:
        """A name box elsewhere on the page (the lesson's, a puzzle's) told the name:
        this one goes (one typed here stays, showing the name)."""
        if self._ask_name and not self._typed:
            self._ask_name = False
            self._refresh()
        self._do_waiting()

    def _name_known(self, then: Callable[[], Any]) -> bool:
        """Whether the pupil's name is known; if not, the name box asks at the top of the
        cards and ``then`` is done once the name is given."""
        if self.log_path is None or self.pupil:
            return True
        self._ask_name = True
        self._waiting = then
        self._say(
            _(
                "Who are you? Write your name in the box at the top of the cards and press "
                "Enter, then your cards are checked."
            )
        )
        return False

    def _do_waiting(self) -> bool:
        """Do the Check that waited for the name (``True`` if there was one)."""
        waiting, self._waiting = self._waiting, None
        if waiting is None or not self.pupil:
            return False
        waiting()
        return True

    def _say(self, text: str, kind: str = "info") -> None:
        self.feedback = Feedback(kind, text)
        self._refresh()

    def _after(self, feedback: Feedback, current: Challenge, question: str) -> Feedback:
        if self.moment == PRACTICE and feedback.kind == WRONG:
            feedback = dataclasses.replace(feedback, message=self._practice_words(current))
        self.feedback = feedback
        if feedback.recorded:
            self._record(feedback, current, question)
        self._refresh()
        for callback in list(self._callbacks):
            callback(self, feedback)
        return feedback

    def _practice_words(self, current: Challenge) -> str:
        """A wrong check in a practice: what the cards show (the pupil's own) against the
        number asked for, and no card named that would fix it."""
        target = current.current.target
        if target is None:
            return _("That is not the answer. Think again: flip the cards to test it.")
        return _("Your cards show {shown}, not {target}. Check each card again.").format(
            shown=self.cards.value, target=target
        )

    def _record(self, feedback: Feedback, current: Challenge, question: str) -> None:
        seconds = task_clock().attempt(self._shown_at)
        path = log_path(self.pupil, self.log_path)
        if path is None:
            return
        try:
            record(
                path,
                who=self.pupil,
                puzzle_set=_("Binary cards"),
                puzzle=current.id,
                question=question,
                answer=feedback.answer,
                right=feedback.right,
                hints=current.hints_used,
                seconds=seconds,
                solution_seen=current.solution_seen,
                lesson=self.lesson,
                extra={"cards": self.cards.bits},
            )
        except OSError as error:
            self.log_error = str(error)

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        try:
            if event == "flip":
                self.flip(_whole(content.get("index")))
            elif event == "check":
                self.check()
            elif event == "choose":
                self.choose(_whole(content.get("index")) + 1)
            elif event == "hint":
                self.hint()
            elif event == "next":
                self.next_challenge()
            elif event == "reset":
                self.turn_all_down()
            elif event == "name":
                self.set_name(str(content.get("value", "")))
            elif event == "page_language":
                use_page_language(content.get("language"))
        except MathplayError as error:
            self._say(str(error), "wrong")
        except (TypeError, ValueError):
            self._say(_("That did not work: the message from the cards was not understood."))

    # --- drawing ----------------------------------------------------------------------

    def _language_changed(self, _language: str) -> None:
        """The language changed: the cards' texts are drawn again in it."""
        self._refresh()

    def _refresh(self) -> None:
        """Send everything the front end draws as one trait update."""
        self.view = self._view()

    def _view(self) -> dict[str, Any]:
        current = self.challenge
        total = len(self.challenges)
        if current is not None:
            heading = _("Challenge {n} of {total}: {title}").format(
                n=self.index + 1, total=total, title=current.title()
            )
            prompt = current.prompt()
        elif total:
            heading = _("You did all the challenges!")
            prompt = _("Keep playing: flip the cards and watch the number they make.")
        else:
            heading = ""
            prompt = _("Flip the cards and watch the number they make.")
        choices = current.choices() if current is not None else []
        feedback = self.feedback
        label = {"right": "✓ " + _("Right!"), "wrong": "✗ " + _("Not yet.")}
        hints = []
        if current is not None:
            ladder = len(current.hints()) if not current.done else 0
            for number, text in enumerate(current.hints_shown, start=1):
                last = number == ladder
                hints.append(
                    {
                        "label": _("Answer:") if last else _("Hint {n}:").format(n=number),
                        "text": text,
                    }
                )
        hints_left = current.hints_left if current is not None else 0
        return {
            "cards": [
                {
                    "dots": dots,
                    "up": up,
                    "name": (
                        _("Card with {dots}, face up") if up else _("Card with {dots}, face down")
                    ).format(dots=dots_text(dots)),
                    "label": dots_text(dots),
                    "bit": "1" if up else "0",
                }
                for dots, up in self.cards
            ],
            "sum": self.cards.sum_text(),
            "bits": self.cards.bits,
            "heading": heading,
            "prompt": prompt,
            "choices": choices,
            "show_check": current is not None and not choices and not current.done,
            "show_hint": current is not None and not current.done,
            "hint_label": _("Show the answer") if hints_left == 1 else _("Hint"),
            "hint_enabled": hints_left > 0,
            "show_next": total > 0,
            "next_enabled": current is not None,
            "next_primary": current is not None and current.done,
            "feedback": {
                "kind": feedback.kind if feedback else "info",
                "label": label.get(feedback.kind, "") if feedback else "",
                "text": feedback.message if feedback else "",
            },
            "hints": hints,
            "ask_name": self._ask_name,
            "name": self.pupil,
            "texts": {
                "group": _("Binary cards"),
                "face_down": _("face down"),
                "sum": _("The cards show:"),
                "binary": _("In binary:"),
                "check": _("Check"),
                "next": _("Next challenge"),
                "reset": _("Turn all face down"),
                "choices": _("Choose your answer"),
                "name": _("Your name"),
                "name_placeholder": _("write your name, then press Enter"),
                "keys": _(
                    "Click a card to turn it over. With the keyboard: Tab to a card, Space or "
                    "Enter turns it over, the arrow keys move between the cards."
                ),
            },
        }


def _whole(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError("not a whole number")
