"""The paragraphs a puzzle widget shows: feedback, hints, headings, in HTML.

The marks of right and wrong are ✓ and ✗, which every common font has, rather than
emoji (school machines often have no emoji font); words always go with them.

>>> paragraph("3 + 4 is 7.", GOOD, "✓ Right!")
'<p style="margin:0.3em 0;color:var(--mp-good, #1b5e20)"><b>✓ Right!</b> 3 + 4 is 7.</p>'
"""

from __future__ import annotations

import html

__all__ = ["BAD", "GOOD", "paragraph"]

#: The colours of right and wrong: set by static/said.css for the light and the dark
#: theme, each at least 4.5:1 on the page (JupyterLab's own ``--jp-success-color1`` is
#: 4.1:1 on white); the fallbacks are the light theme's.
GOOD = "var(--mp-good, #1b5e20)"
BAD = "var(--mp-bad, #b71c1c)"


def paragraph(text: str, colour: str | None = None, label: str = "") -> str:
    """A paragraph of ``text``, with a bold ``label`` in front (``✓ Right!``)."""
    style = f' style="margin:0.3em 0;color:{colour}"' if colour else ' style="margin:0.3em 0"'
    head = f"<b>{html.escape(label)}</b> " if label else ""
    return f"<p{style}>{head}{html.escape(text)}</p>"
