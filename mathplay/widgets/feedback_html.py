"""The paragraphs a puzzle widget shows: feedback, hints, headings, in HTML.

The marks of right and wrong are ✓ and ✗, which every common font has, rather than
emoji (school machines often have no emoji font); words always go with them.

>>> paragraph("3 + 4 is 7.", GOOD, "✓ Right!")
'<p style="margin:0.3em 0;color:var(--jp-success-color1, #2e7d32)"><b>✓ Right!</b> 3 + 4 is 7.</p>'
"""

from __future__ import annotations

import html

__all__ = ["BAD", "GOOD", "paragraph"]

#: The colours of right and wrong (JupyterLab's, with fallbacks for Voilà and the site).
GOOD = "var(--jp-success-color1, #2e7d32)"
BAD = "var(--jp-error-color1, #c62828)"


def paragraph(text: str, colour: str | None = None, label: str = "") -> str:
    """A paragraph of ``text``, with a bold ``label`` in front (``✓ Right!``)."""
    style = f' style="margin:0.3em 0;color:{colour}"' if colour else ' style="margin:0.3em 0"'
    head = f"<b>{html.escape(label)}</b> " if label else ""
    return f"<p{style}>{head}{html.escape(text)}</p>"
