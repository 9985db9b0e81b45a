"""**Save my results**: a pupil downloads their records, for a website with no server.

On the lessons' website (JupyterLite: Python runs in the browser) every Check is recorded
as anywhere else, but the record file is kept in that browser's own storage, where the
teacher cannot reach it. The button downloads the pupil's records as a file,
``mathplay-results-ana.jsonl``, that the pupil hands in; ``mathplay progress collect``
reads it like any progress file (each record once, however often it is saved).

The button shows in JupyterLite by itself, and elsewhere only when asked
(``PuzzleSet(..., save_button=True)``), since on JupyterHub the teacher collects the
records and a button to save them would only puzzle pupils.

>>> import os, tempfile
>>> from mathplay.classroom.records import record
>>> log = os.path.join(tempfile.mkdtemp(), "progress.jsonl")
>>> for who in ("Ana", "Ben", "ana"):
...     record(log, who=who, puzzle_set="s", puzzle="p1", answer="4", right=True)
>>> text = results_text("Ana", log)
>>> len(text.splitlines()), results_file_name("Ana")
(2, 'mathplay-results-ana.jsonl')
>>> button = SaveResults(who="Ana", log=log)
>>> button.save() == text
True
>>> print(button.note)
Saved 2 answers as mathplay-results-ana.jsonl (look in your Downloads folder). Give this
file to your teacher.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from mathplay.classroom.records import DEFAULT_LOG, log_path, name_key, safe_file_name
from mathplay.i18n import _, _n

__all__ = ["SaveResults", "results_file_name", "results_text", "wanted"]

_JS = """
function render({ model, el: host }) {
  const box = document.createElement("div");
  box.className = "mp-save-results";
  // Enter and Space on the button are the button's, not JupyterLab's shortcuts.
  box.dataset.lmSuppressShortcuts = "true";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "mp-save-button";
  const about = document.createElement("p");
  about.className = "mp-save-about";
  const note = document.createElement("p");
  note.className = "mp-save-note";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  const id = "mp-save-" + Math.random().toString(36).slice(2, 10);
  about.id = id;
  button.setAttribute("aria-describedby", id);
  box.append(button, about, note);
  host.append(box);
  function draw() {
    button.textContent = model.get("label");
    about.textContent = model.get("about");
    note.textContent = model.get("note");
  }
  button.addEventListener("click", () => model.send({ event: "save" }));
  model.on("msg:custom", (message) => {
    if (!message || message.event !== "download") return;
    const blob = new Blob([message.text], { type: "application/x-ndjson" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = message.name;
    link.style.display = "none";
    box.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });
  model.on("change:label change:about change:note", draw);
  draw();
}
export default { render };
"""

_CSS = """
.mp-save-results { margin: 0.8em 0 0.4em; }
.mp-save-button {
  font: inherit; font-size: var(--jp-content-font-size2, 1.1em); padding: 6px 16px;
  border: 2px solid var(--jp-brand-color1, #1976d2); border-radius: 6px; cursor: pointer;
  background: var(--jp-brand-color1, #1976d2); color: var(--jp-ui-inverse-font-color1, #fff);
}
.mp-save-button:hover { filter: brightness(1.1); }
.mp-save-button:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #1976d2); outline-offset: 3px;
}
.mp-save-about, .mp-save-note { margin: 0.3em 0; color: var(--jp-content-font-color1, #000); }
"""


def wanted(save_button: bool | None) -> bool:
    """Whether to show the button: ``save_button`` if given, else only in JupyterLite
    (Python in the browser, ``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten" if save_button is None else bool(save_button)


def results_file_name(who: str | None) -> str:
    """The name of the downloaded file: ``mathplay-results-<name>.jsonl``.

    >>> results_file_name("Zoë B")[:23], results_file_name("")
    ('mathplay-results-zoe-b_', 'mathplay-results.jsonl')
    """
    who = (who or "").strip()
    return f"mathplay-results-{safe_file_name(who)}.jsonl" if who else "mathplay-results.jsonl"


def results_text(who: str | None, log: str | Path | None = DEFAULT_LOG) -> str:
    """The lines of ``who``'s attempts in their record file, as they are written there
    (a browser shared by a class keeps other pupils' too; they are left out). With no
    ``who``, every line. Empty when there is no file or nothing of theirs in it."""
    who = (who or "").strip()
    path = log_path(who, log) if log is not None else None
    if path is None:
        return ""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return ""
    key = name_key(who)
    kept = []
    for raw in data.decode("utf-8", errors="replace").splitlines():
        line = raw.lstrip("\ufeff")
        if not line.strip():
            continue
        if who:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if not (isinstance(entry, dict) and isinstance(entry.get("who"), str)):
                continue
            if name_key(entry["who"]) != key:
                continue
        kept.append(line + "\n")
    return "".join(kept)


class SaveResults(anywidget.AnyWidget):
    """The **Save my results** button: a click downloads the pupil's records.

    ``who`` is the pupil's name, or a function giving it when the button is pressed (a
    puzzle widget's ``pupil``); ``log`` is the record file as ``PuzzleSet`` takes it.
    """

    _esm = _JS
    _css = _CSS

    label = traitlets.Unicode("").tag(sync=True)
    #: What the button is for, under it (and its description for screen readers).
    about = traitlets.Unicode("").tag(sync=True)
    #: What the last press did.
    note = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        who: str | Callable[[], str | None] | None = None,
        log: str | Path | None = DEFAULT_LOG,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("label", _("Save my results"))
        kwargs.setdefault(
            "about",
            _(
                "Your answers are kept in this browser only. Save them, and give the file "
                "to your teacher."
            ),
        )
        super().__init__(**kwargs)
        self._who = who
        self.log_path = log
        self.add_class("mathplay-save-results")
        self.on_msg(self._from_front_end)

    @property
    def who(self) -> str:
        who = self._who() if callable(self._who) else self._who
        return (who or "").strip()

    @classmethod
    def for_view(cls, view: Any, save_button: bool | None) -> SaveResults | None:
        """The button for a puzzle widget (its pupil and record file), or ``None`` when it
        is not :func:`wanted` or the widget records nothing."""
        if not wanted(save_button) or getattr(view, "log_path", None) is None:
            return None
        return cls(who=lambda: view.pupil, log=view.log_path)

    def save(self) -> str | None:
        """Send the pupil's records to the browser as a download (what a press does); the
        text sent, or ``None`` when there is nothing to save yet."""
        who = self.who
        text = results_text(who, self.log_path)
        if not text:
            self.note = _("There is nothing to save yet: check an answer first.")
            return None
        name = results_file_name(who)
        self.send({"event": "download", "name": name, "text": text})
        count = len(text.splitlines())
        self.note = _n(
            "Saved 1 answer as {name} (look in your Downloads folder). Give this file to "
            "your teacher.",
            "Saved {n} answers as {name} (look in your Downloads folder). Give this file "
            "to your teacher.",
            count,
        ).format(n=count, name=name)
        return text

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "save":
            self.save()
