"""The live pages' way of putting new HTML in place without taking a teacher's hand off
a control.

The class's page and a tournament's page ask the service for news every few seconds and
used to set ``innerHTML``: every list, box and button was made again. A teacher who had
picked "eve" in "Take out of the tournament" and then pressed the button took out the
first pupil of the list instead (the list made again between the two, seen in a test),
and a click landing while a button was made again was lost. :data:`MORPH` changes only
what changed: an element of the same kind in the same place is kept (its attributes and
text brought up to date), so a chosen option, a focused button and a half-typed number
stay as the teacher left them.
"""

from __future__ import annotations

__all__ = ["MORPH"]

#: A JavaScript function ``mpMorph(element, html)``: ``element``'s contents made like
#: ``html``, changing only what differs (see the module docstring).
MORPH = """
function mpMorph(element, html) {
  const next = document.createElement(element.tagName);
  next.innerHTML = html;
  const same = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName;
  function update(old, fresh) {
    const before = Array.from(old.childNodes);
    const after = Array.from(fresh.childNodes);
    after.forEach((node, i) => {
      const kept = before[i];
      if (!kept) {
        old.appendChild(node);
      } else if (!same(kept, node)) {
        old.replaceChild(node, kept);
      } else if (kept.nodeType === Node.ELEMENT_NODE) {
        for (const attr of Array.from(kept.attributes)) {
          if (!node.hasAttribute(attr.name)) kept.removeAttribute(attr.name);
        }
        for (const attr of Array.from(node.attributes)) {
          if (kept.getAttribute(attr.name) !== attr.value) kept.setAttribute(attr.name, attr.value);
        }
        update(kept, node);
      } else if (kept.nodeValue !== node.nodeValue) {
        kept.nodeValue = node.nodeValue;
      }
    });
    for (let i = before.length - 1; i >= after.length; i--) old.removeChild(before[i]);
  }
  update(element, next);
}
"""
