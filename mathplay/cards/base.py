"""What every binary-cards challenge shares: its steps, tries, hints and :class:`Feedback`.

A challenge is a few steps. A card step asks for a number on the cards and is checked
with :meth:`Challenge.check`; a question step offers answers to choose from
(:meth:`Challenge.choose`). Each check gives :class:`Feedback` in plain words about the
pupil's own cards. The hints (:meth:`Challenge.hint`) get stronger, and the last one of
a step is its answer. The challenges themselves are in :mod:`mathplay.cards.challenges`.

>>> Feedback(RIGHT, "4 + 1 = 5.", done=True).right
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mathplay.cards.feedback import card_name, explain, make_hints
from mathplay.cards.model import DEFAULT_CARDS, Cards, CardsError, check_count
from mathplay.i18n import _, _n

__all__ = ["INFO", "RIGHT", "WRONG", "Challenge", "Feedback", "Step", "check_number", "shown_text"]

#: ``kind`` of a :class:`Feedback`: a right answer, a wrong one, or a word in between.
RIGHT, WRONG, INFO = "right", "wrong", "info"


@dataclass(frozen=True)
class Feedback:
    """What a check says. ``recorded``: the check is an attempt for the pupil's record (a
    wrong try, or the right one that finishes the challenge), with ``answer`` (the cards'
    bits, or the answer chosen). ``done``: the challenge is finished."""

    kind: str
    message: str
    done: bool = False
    recorded: bool = False
    answer: str = ""

    @property
    def right(self) -> bool:
        return self.kind == RIGHT


@dataclass
class Step:
    """One step: a number to show on the cards, or a question with answers to choose."""

    prompt: str
    question: str
    target: int | None = None
    choices: list[str] = field(default_factory=list)
    right_choice: str = ""


class Challenge:
    """The base of the challenges: steps, tries, hints. Subclasses make the steps and say
    what a right or wrong answer means."""

    #: The id in the pupil's records (``"make-7"``).
    id: str = ""

    def __init__(self, n: int = DEFAULT_CARDS) -> None:
        self.n = check_count(n)
        self.step = 0
        #: Wrong tries at the current step, hints shown at the current step.
        self.tries = 0
        self.hints_shown: list[str] = []
        #: Hints asked for in the whole challenge; whether an answer was shown.
        self.hints_used = 0
        self.solution_seen = False
        self.done = False
        self._steps: list[Step] = []
        self._last: str | None = None

    def __repr__(self) -> str:
        return f"challenge({self.spec()!r}, n={self.n})"

    def spec(self) -> str:
        """The text that makes this challenge with :func:`challenge`."""
        return self.id.replace("-", " ")

    def title(self) -> str:
        """The challenge in a few words, as a heading ("Make 7")."""
        raise NotImplementedError

    def steps(self) -> list[Step]:
        """The challenge's steps, made when it starts."""
        raise NotImplementedError

    def start(self, cards: Cards) -> None:
        """Begin (again): every card face down, the first step, no tries or hints."""
        if cards.n != self.n:
            raise CardsError(
                _("this challenge is for {n} cards, not {m}").format(n=self.n, m=cards.n)
            )
        cards.set_number(0)
        self._steps = self.steps()
        self.step, self.done, self.hints_used, self.solution_seen = 0, False, 0, False
        self._next_step()

    def _next_step(self) -> None:
        self.tries, self.hints_shown, self._last = 0, [], None

    @property
    def current(self) -> Step:
        if not self._steps:
            self._steps = self.steps()
        return self._steps[min(self.step, len(self._steps) - 1)]

    def prompt(self) -> str:
        """What the pupil is asked now."""
        if self.done:
            return _("Done! Press Next challenge for another one.")
        return self.current.prompt

    def question(self) -> str:
        """The current step, short, for the record (``"make 7"``)."""
        return self.current.question

    def choices(self) -> list[str]:
        """The answers to choose from now ([] when the cards are the answer)."""
        return [] if self.done else list(self.current.choices)

    # --- checking ---------------------------------------------------------------------

    def check(self, cards: Cards) -> Feedback:
        """Check the cards against the current step."""
        step = self.current
        if self.done:
            return Feedback(INFO, _("You have finished this challenge. Press Next challenge."))
        if step.target is None:
            return Feedback(INFO, _("Choose your answer: press one of the answer buttons."))
        if cards.value == step.target:
            return self._right(cards, self.right_words(cards), cards.bits)
        if cards.bits == self._last:
            return Feedback(
                INFO,
                _(
                    "Your cards are the same as at your last check: they still show {shown}. "
                    "Flip a card, then check again."
                ).format(shown=cards.sum_text()),
            )
        self._last = cards.bits
        feedback = Feedback(WRONG, self.wrong_words(cards), recorded=True, answer=cards.bits)
        self.tries += 1
        return feedback

    def choose(self, choice: str, cards: Cards) -> Feedback:
        """Answer the current question with ``choice`` (one of :meth:`choices`)."""
        step = self.current
        if self.done:
            return Feedback(INFO, _("You have finished this challenge. Press Next challenge."))
        if step.target is not None:
            return Feedback(INFO, _("Flip the cards, then press Check."))
        if choice not in step.choices:
            raise CardsError(
                _("{choice!r} is not one of the answers: {choices}").format(
                    choice=choice, choices=", ".join(step.choices)
                )
            )
        if choice == step.right_choice:
            return self._right(cards, self.right_words(cards, choice), choice)
        if choice == self._last:
            return Feedback(INFO, _("That is the answer you chose last time. Think again."))
        self._last = choice
        feedback = Feedback(WRONG, self.wrong_words(cards, choice), recorded=True, answer=choice)
        self.tries += 1
        return feedback

    def _right(self, cards: Cards, words: str, answer: str) -> Feedback:
        self.step += 1
        if self.step >= len(self._steps):
            self.done = True
            return Feedback(RIGHT, words, done=True, recorded=True, answer=answer)
        self._next_step()
        return Feedback(RIGHT, words)

    def right_words(self, cards: Cards, choice: str = "") -> str:
        """What a right answer at the current step says."""
        raise NotImplementedError

    def wrong_words(self, cards: Cards, choice: str = "") -> str:
        """What a wrong answer at the current step says, about the pupil's cards; the
        first wrong try never gives the answer (:attr:`tries` is 0 then)."""
        target = self.current.target
        assert target is not None
        return explain(cards, target, self.tries)

    # --- hints ------------------------------------------------------------------------

    def hints(self) -> list[str]:
        """The hints of the current step, the last one its answer."""
        target = self.current.target
        assert target is not None
        return make_hints(target, self.n)

    def hint(self) -> str | None:
        """The next hint of the current step, or ``None`` when all were shown."""
        if self.done:
            return None
        ladder = self.hints()
        if len(self.hints_shown) >= len(ladder):
            return None
        text = ladder[len(self.hints_shown)]
        self.hints_shown.append(text)
        self.hints_used += 1
        if len(self.hints_shown) == len(ladder):
            self.solution_seen = True
        return text

    @property
    def hints_left(self) -> int:
        """How many hints of the current step are still to come."""
        return 0 if self.done else len(self.hints()) - len(self.hints_shown)


def shown_text(cards: Cards) -> str:
    """The cards' sum with its total (``"4 + 1 = 5"``, ``"4 is 4"`` for one card)."""
    if len(cards.up_dots) == 1:
        text = _("{card} alone shows {dots}").format(
            card=card_name(cards.up_dots[0]), dots=cards.value
        )
        return text[:1].upper() + text[1:]  # the sentence's start, in any language
    if not cards.up_dots:
        return _("Every card face down shows 0")
    return cards.sum_text()


def check_number(value: object, n: int, what: str, least: int = 0) -> int:
    largest = 2**n - 1
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= largest:
        raise CardsError(
            _n(
                "{what} {value!r}: with {n} card, choose a number from {least} to {largest}",
                "{what} {value!r}: with {n} cards, choose a number from {least} to {largest}",
                n,
            ).format(what=what, value=value, n=n, least=least, largest=largest)
        )
    return value
