"""Drive a JupyterLite page: open a notebook, run its cells one by one, ask its kernel.

JupyterLite exposes its application as ``window.jupyterapp`` (``exposeAppInBrowser``);
the helpers find the notebook's panel there, run each cell as the Run button does (a
failing cell does not stop the next, like nbval's lax mode) and read the outputs from
the notebook's model.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

#: How long one cell may take (the first one loads Python into the page).
CELL_SECONDS = 180

_FIND_PANEL = """(path) => {
  const app = window.jupyterapp;
  if (!app) return false;
  for (const widget of app.shell.widgets('main')) {
    if (widget.context && widget.context.path === path && widget.content && widget.content.model) {
      window.__panel = widget;
      return true;
    }
  }
  return false;
}"""

_RUN_CELL = """async (index) => {
  const panel = window.__panel;
  const notebook = panel.content;
  const cell = notebook.model.cells.get(index);
  notebook.activeCellIndex = index;
  await window.jupyterapp.commands.execute('notebook:run-cell');
  return {type: cell.type, count: cell.executionCount ?? null,
          outputs: cell.outputs ? cell.outputs.toJSON() : []};
}"""

_EXECUTE = """async (code) => {
  const kernel = window.__panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, stop_on_error: false});
  let text = '';
  future.onIOPub = (message) => {
    const kind = message.header.msg_type;
    if (kind === 'stream') text += message.content.text;
    if (kind === 'error') text += message.content.ename + ': ' + message.content.evalue;
    if (kind === 'execute_result') text += message.content.data['text/plain'] || '';
  };
  const reply = await future.done;
  return {status: reply.content.status, text};
}"""


@dataclass
class Cell:
    """One cell as it ran: its number in the notebook (from 1), source and error."""

    number: int
    source: str
    error: str = ""
    outputs: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Notebook:
    """An open notebook in a JupyterLite page; ``marks`` are seconds since the page load."""

    page: Any
    path: str
    started: float
    marks: dict[str, float] = field(default_factory=dict)

    def mark(self, name: str) -> float:
        self.marks[name] = round(time.perf_counter() - self.started, 2)
        return self.marks[name]

    def cell_count(self) -> int:
        return int(self.page.evaluate("() => window.__panel.content.model.cells.length"))

    def run_cell(self, index: int) -> Cell:
        """Run the cell at ``index`` (from 0) as the Run button does; its outputs."""
        done = self.page.evaluate(_RUN_CELL, index)
        source = self.page.evaluate(
            "(i) => window.__panel.content.model.cells.get(i).sharedModel.getSource()", index
        )
        errors = [
            f"{o.get('ename')}: {o.get('evalue')}"
            for o in done["outputs"]
            if o.get("output_type") == "error"
        ]
        return Cell(index + 1, source, "; ".join(errors), done["outputs"])

    def run_all(self) -> list[Cell]:
        """Run every code cell in order, going on after a failing one."""
        ran = []
        for index in range(self.cell_count()):
            kind = self.page.evaluate(
                "(i) => window.__panel.content.model.cells.get(i).type", index
            )
            if kind != "code":
                continue
            cell = self.run_cell(index)
            if not ran:
                self.mark("first_cell_done")
            ran.append(cell)
        return ran

    def errors(self) -> list[str]:
        """The errors in the notebook's outputs as they stand (cells run by the page)."""
        found = self.page.evaluate(
            """() => { const cells = window.__panel.content.model.cells; const out = [];
              for (let i = 0; i < cells.length; i++) {
                const cell = cells.get(i);
                for (const o of (cell.outputs ? cell.outputs.toJSON() : [])) {
                  if (o.output_type === 'error') out.push(`cell ${i + 1}: ${o.ename}: ${o.evalue}`);
                }
              } return out; }"""
        )
        return [str(error) for error in found]

    def execute(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel (not shown in the notebook); what it
        printed. A failure raises AssertionError with the error."""
        done = self.page.evaluate(_EXECUTE, code)
        assert done["status"] == "ok", f"{code!r} failed in the kernel: {done['text']}"
        return str(done["text"])


def wait_for_app_page(page: Any, path: str, started: float | None = None) -> Notebook:
    """Wait until the app page of the notebook ``path`` (loading or loaded in ``page``)
    has run every cell; marks ``notebook_open`` and ``app_ready``."""
    notebook = Notebook(page, path, time.perf_counter() if started is None else started)
    page.wait_for_function(_FIND_PANEL, arg=path, timeout=120_000)
    notebook.mark("notebook_open")
    page.wait_for_function(
        "() => document.documentElement.dataset.mathplayApp === 'ready'",
        timeout=CELL_SECONDS * 1000 * 3,
    )
    notebook.mark("app_ready")
    return notebook


def open_app_page(page: Any, path: str) -> Notebook:
    """Open the app page of the notebook ``path`` and wait until its cells have run."""
    started = time.perf_counter()
    page.goto(f"{page.base_url}lab/index.html?path={path}&app=1")
    return wait_for_app_page(page, path, started)


def open_notebook(page: Any, path: str, *, front_page: bool = False) -> Notebook:
    """Open the notebook at ``path`` (in the site's files) and wait for its kernel; with
    ``front_page``, load the site's home page, press "Start the first lesson" and expect it
    to open that notebook's app page, and wait until its cells have run."""
    started = time.perf_counter()
    if front_page:
        page.goto(page.base_url)
        page.get_by_role("link", name="Start the first lesson").click()
        return wait_for_app_page(page, path, started)
    page.goto(f"{page.base_url}lab/index.html?path={path}")
    notebook = Notebook(page, path, started)
    page.wait_for_function(_FIND_PANEL, arg=path, timeout=120_000)
    notebook.mark("notebook_open")
    page.evaluate(
        "async () => { await window.__panel.context.ready; "
        "await window.__panel.sessionContext.ready; }"
    )
    page.wait_for_function(
        "() => { const k = window.__panel.sessionContext.session?.kernel; "
        "return k && k.status === 'idle'; }",
        timeout=CELL_SECONDS * 1000,
    )
    notebook.mark("kernel_idle")
    return notebook
