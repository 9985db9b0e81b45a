"""A page of widgets that closes its parts when it is closed.

ipywidgets' ``Box.close()`` closes the box only: its children stay open in the kernel
(each with its comm, its observers and what they hold), though nothing shows them any
more. A mathplay page (a puzzle set, a practice, "My progress", the name row) is one
thing to a pupil and to the code that made it, so closing it closes every widget under
it: its children, theirs, and the widgets it keeps aside (a box not shown yet).

>>> import ipywidgets as w
>>> class Page(ClosesItsParts, w.VBox):
...     pass
>>> inner = w.Label("3 + 4")
>>> page = Page([w.HBox([inner])])
>>> page.close()
>>> inner.comm is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ipywidgets as w

__all__ = ["ClosesItsParts", "parts_of"]


def parts_of(widget: Any) -> Iterator[Any]:
    """Every widget under ``widget``, each once: its children (and theirs), the widgets
    it holds as attributes, and their layouts and styles."""
    seen = {id(widget)}
    todo = [widget]
    while todo:
        current = todo.pop()
        found = list(getattr(current, "children", ()) or ())
        found += [v for v in vars(current).values() if isinstance(v, w.Widget)]
        # Its layout and style are widgets too, each with a comm, held by its traits.
        found += [v for v in getattr(current, "_trait_values", {}).values()
                  if isinstance(v, w.Widget)]  # fmt: skip
        for part in found:
            if isinstance(part, w.Widget) and id(part) not in seen:
                seen.add(id(part))
                todo.append(part)
                yield part


class ClosesItsParts:
    """Mixed into a box: ``close()`` closes every widget under it, then the box."""

    def close(self) -> None:
        for part in list(parts_of(self)):
            part.close()
        super().close()  # type: ignore[misc]
