"""Does a text give a puzzle's answer away? Whole numbers in text, found as whole tokens.

A hint, a prompt or the feedback on a wrong answer *gives the answer away* when the
answer stands in it as a number of its own: ``16`` in "6 + 10 is 16", but not in
"160" or in "E16". Binary answers count with leading zeros too (``0110`` gives away
``110``).

>>> gives_away("2 x 5 is 10. Now 6 + 10 is 16.", [Secret("16", 10)])
'16'
>>> print(gives_away("You typed 160: 6 + 2 x 5 is less than that.", [Secret("16", 10)]))
None
>>> gives_away("Flip it: 0110.", [Secret("110", 2)])
'110'
>>> print(gives_away("With 16 in the blank", [Secret("16", 10)], allowed=["16"]))
None
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from mathplay.expr.pretty import pretty

__all__ = ["Secret", "gives_away", "number_tokens", "safe_parts", "say"]

_NUMBER = re.compile(r"(?<![0-9A-Za-z])[0-9]+(?![0-9])")


@dataclass(frozen=True)
class Secret:
    """A number that gives the answer away: its digits, and the base it is written in."""

    digits: str
    base: int = 10

    def plain(self) -> str:
        return (self.digits.lstrip("0") or "0") if self.base == 2 else self.digits


def number_tokens(text: str) -> list[str]:
    """The whole numbers in ``text``, as written (``E16`` is a square, not a number).

    >>> number_tokens("With 40 in the blank: 6 + 2 × 5 = 40, E16, 0110")
    ['40', '6', '2', '5', '40', '0110']
    """
    return _NUMBER.findall(text)


def _same(token: str, secret: Secret) -> bool:
    if secret.base == 2:
        return (token.lstrip("0") or "0") == secret.plain()
    return token == secret.digits


def gives_away(text: str, secrets: Iterable[Secret], allowed: Iterable[str] = ()) -> str | None:
    """The first secret that stands in ``text`` as a number of its own, else ``None``.

    Numbers in ``allowed`` (the pupil's own answer, the puzzle's question) do not count:
    repeating what the pupil typed or what the puzzle shows gives nothing away.
    """
    allowed_tokens = {token for item in allowed for token in number_tokens(item)}
    tokens = number_tokens(text)
    for secret in secrets:
        if any(_same(token, secret) for token in allowed_tokens):
            continue
        if any(_same(token, secret) for token in tokens):
            return secret.plain()
    return None


def safe_parts(
    parts: Iterable[str], secrets: Iterable[Secret], allowed: Iterable[str] = ()
) -> list[str]:
    """The parts (sentences, hints) that do not give any secret away, in order."""
    kept = list(secrets)
    allowed_list = list(allowed)
    return [part for part in parts if part and gives_away(part, kept, allowed_list) is None]


def say(text: str) -> str:
    """Text for a pupil: every sum as people read it (``×``, ``÷``, ``−``), see ``pretty``.

    >>> say("24 : 0 divides by zero; 2x5=10")
    '24 ÷ 0 divides by zero; 2 × 5 = 10'
    """
    return re.sub(r"(?<=[0-9]) : (?=[0-9])", " ÷ ", pretty(text))
