"""Measure before choosing: a 15×15 board as a GridBox of Buttons vs one anywidget.

Python side: widget models created, bytes of JSON state sent to create them, creation
time, and bytes for a full-board update. With ``--browser``: time from Run All to the
board being visible in JupyterLab (Debian chromium through Playwright), median of runs.

    .venv/bin/python bench/board_widgets.py [--browser] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import anywidget
import ipywidgets as widgets
import traitlets
from ipywidgets.widgets import widget as widget_module

SIZE = 15
ESM = """
function render({ model, el }) {
  const grid = document.createElement("div");
  grid.className = "proto-board";
  grid.style.display = "grid";
  grid.style.gridTemplateColumns = `repeat(${model.get("size")}, 28px)`;
  const cells = [];
  for (let i = 0; i < model.get("size") ** 2; i++) {
    const b = document.createElement("button");
    b.className = "proto-square";
    b.style.height = "28px";
    grid.append(b);
    cells.push(b);
  }
  const draw = () => model.get("cells").forEach((t, i) => { cells[i].textContent = t ?? ""; });
  model.on("change:cells", draw);
  draw();
  el.append(grid);
}
export default { render };
"""


class ProtoBoard(anywidget.AnyWidget):
    """The anywidget candidate: the board state in two synced traits."""

    _esm = traitlets.Unicode(ESM).tag(sync=True)
    size = traitlets.Int(SIZE).tag(sync=True)
    cells = traitlets.List([]).tag(sync=True)


def gridbox_board() -> widgets.GridBox:
    buttons = [
        widgets.Button(description="", layout=widgets.Layout(width="28px", height="28px"))
        for _ in range(SIZE * SIZE)
    ]
    for button in buttons:
        button.add_class("proto-square")
    return widgets.GridBox(
        buttons, layout=widgets.Layout(grid_template_columns=f"repeat({SIZE}, 28px)")
    )


def anywidget_board() -> ProtoBoard:
    return ProtoBoard(cells=[None] * (SIZE * SIZE))


def _state_bytes(models: list[widgets.Widget]) -> int:
    total = 0
    for model in models:
        state, _buffer_paths, _buffers = widget_module._remove_buffers(model.get_state())
        total += len(json.dumps(state))
    return total


def python_side(make, label: str, repeat: int = 5) -> dict[str, float]:
    times, models, size = [], 0, 0
    for _ in range(repeat):
        before = set(widget_module._instances)
        started = time.perf_counter()
        make()
        times.append(time.perf_counter() - started)
        new = [widget_module._instances[k] for k in set(widget_module._instances) - before]
        models, size = len(new), _state_bytes(new)
        for model in new:
            model.close()
    return {"models": models, "bytes": size, "ms": statistics.median(times) * 1000}


def update_bytes() -> tuple[int, int]:
    """Bytes for a full-board update: every square changes."""
    tokens = [str(i % 10) for i in range(SIZE * SIZE)]
    proto = anywidget_board()
    one = len(json.dumps({"cells": tokens}))
    proto.close()
    per_button = sum(len(json.dumps({"description": t})) for t in tokens)
    return one, per_button


def browser_side(runs: int) -> dict[str, float]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
    from labserver import Server, launch, run_all, write_notebook
    from playwright.sync_api import sync_playwright

    bench = Path(__file__).resolve()
    results: dict[str, list[float]] = {"gridbox": [], "anywidget": []}
    with Server() as server, sync_playwright() as pw:
        browser = launch(pw)
        for run in range(runs):
            for kind in results:
                name = f"{kind}{run}.ipynb"
                write_notebook(
                    server.root / name,
                    [
                        f"import sys; sys.path.insert(0, {str(bench.parent)!r})\n"
                        "import board_widgets as b",
                        f"b.{kind}_board()",
                    ],
                )
                page = browser.new_page(viewport={"width": 1200, "height": 900})
                page.goto(server.url(name))
                started = run_all(page)
                page.locator(".proto-square").nth(SIZE * SIZE - 1).wait_for(timeout=60_000)
                results[kind].append(time.perf_counter() - started)
                page.close()
        browser.close()
    return {kind: statistics.median(values) for kind, values in results.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    grid = python_side(gridbox_board, "gridbox")
    proto = python_side(anywidget_board, "anywidget")
    one, many = update_bytes()
    print("15x15 board      models  create-state-bytes  python-create-ms")
    print(f"GridBox/Buttons  {grid['models']:6d}  {grid['bytes']:18d}  {grid['ms']:16.1f}")
    print(f"one anywidget    {proto['models']:6d}  {proto['bytes']:18d}  {proto['ms']:16.1f}")
    print(
        f"ratio            {grid['models'] / proto['models']:6.0f}x "
        f"{grid['bytes'] / proto['bytes']:17.0f}x {grid['ms'] / proto['ms']:15.0f}x"
    )
    print(
        f"full-board update: anywidget 1 message, {one} bytes; "
        f"GridBox {SIZE * SIZE} messages, {many} bytes of state deltas"
    )
    if args.browser:
        seen = browser_side(args.runs)
        print(
            f"Run All -> board visible in JupyterLab (median of {args.runs}): "
            f"GridBox {seen['gridbox']:.2f} s, anywidget {seen['anywidget']:.2f} s, "
            f"ratio {seen['gridbox'] / seen['anywidget']:.2f}x"
        )


if __name__ == "__main__":
    main()
