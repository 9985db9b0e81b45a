"""How a pupil stands with a puzzle: the five statuses of every report (terminal, CSV,
HTML, chart), each with a symbol, a colour and a meaning in words.

>>> [status.symbol for status in STATUSES]
['✓', '+', 'S', '✗', '·']
"""

from __future__ import annotations

from dataclasses import dataclass

from mathplay.i18n import N_

__all__ = ["STATUSES", "STATUS_BY_NAME", "Status"]


@dataclass(frozen=True)
class Status:
    """How a pupil did at a puzzle: its name, a symbol for the grid, a colour, a meaning."""

    name: str
    symbol: str
    colour: str
    #: What it means, in words (marked for translation; shown as ``_(meaning)``).
    meaning: str


#: The five ways a pupil can stand with a puzzle, best first.
STATUSES = (
    Status("first try", "✓", "#b7e1b9", N_("right at the first try, without hints")),
    Status("with help", "+", "#fbe7a1", N_("solved after a hint or a wrong try")),
    Status("after solution", "S", "#f9c48f", N_("solved after seeing the solution")),
    Status("not solved", "✗", "#f3a6a6", N_("tried, not solved yet")),
    Status("not tried", "·", "#eeeeee", N_("not tried")),
)
#: Each status by its name.
STATUS_BY_NAME = {s.name: s for s in STATUSES}
