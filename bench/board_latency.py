"""Board latency in a real browser (JupyterLab + Debian chromium through Playwright).

Prints medians of: Run All → board visible; click on a square → that square redrawn
(a tentative tile); Play → the move drawn on the board; and the comm messages the
kernel sends per move (counted on the websocket). 20 Summy moves by clicks, the same
moves the engine finds in a twin game kept in this process. Targets (issue #8): visible
< 1.5 s, click → redraw ≤ 100 ms median.

    .venv/bin/python bench/board_latency.py [--moves 20] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import struct
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from labserver import Server, launch, run_all, write_notebook  # noqa: E402

SETUP = (
    "from mathplay.widgets import play\n"
    "board = play('summy', seats=['human', 'human'], seed={seed}, size=15)\nboard"
)

TIMED_CLICK = """([selector, wanted]) => new Promise((resolve) => {
  const node = document.querySelector(selector);
  const started = performance.now();
  const done = () => { observer.disconnect(); resolve(performance.now() - started); };
  const observer = new MutationObserver(() => { if (node.matches(wanted)) done(); });
  const board = node.closest('.mp-board-widget');
  observer.observe(board, {attributes: true, subtree: true, childList: true});
  document.querySelector(selector).click();
})"""
TIMED_PLAY = """([selector, target]) => new Promise((resolve) => {
  const goal = document.querySelector(target);
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (goal.matches('.mp-filled')) { observer.disconnect(); resolve(performance.now() - started); }
  });
  setTimeout(() => { observer.disconnect(); resolve(-1); }, 15000);
  observer.observe(goal, {attributes: true});
  document.querySelector(selector).click();
})"""


def comm_update(payload: Any) -> bool:
    """Whether a websocket frame from the kernel is a widget state update (JSON or the
    binary v1 kernel protocol)."""
    try:
        if isinstance(payload, str):
            message = json.loads(payload)
            header, content = message["header"], message["content"]
        else:
            count = struct.unpack_from("<Q", payload, 0)[0]
            offsets = struct.unpack_from(f"<{count}Q", payload, 8)
            parts = [payload[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
            header, content = json.loads(parts[1]), json.loads(parts[4])
    except (ValueError, KeyError, IndexError, struct.error):
        return False
    data = content.get("data", {}) if isinstance(content, dict) else {}
    return header.get("msg_type") == "comm_msg" and data.get("method") == "update"


def visible_times(browser: Any, server: Server, runs: int) -> list[float]:
    times = []
    for run in range(runs):
        name = f"visible{run}.ipynb"
        write_notebook(server.root / name, [SETUP.format(seed=run)])
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        page.goto(server.url(name))
        started = run_all(page)
        page.locator(".mp-square").last.wait_for(timeout=60_000)
        times.append(time.perf_counter() - started)
        page.close()
    return times


def click_times(
    browser: Any, server: Server, moves: int
) -> tuple[list[float], list[float], list[int]]:
    from mathplay.widgets import play

    twin = play("summy", seats=["human", "human"], seed=7, size=15, threaded=False).game
    write_notebook(server.root / "moves.ipynb", [SETUP.format(seed=7)])
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    updates = watch_updates(page)
    page.goto(server.url("moves.ipynb"))
    run_all(page)
    page.locator(".mp-square").last.wait_for(timeout=60_000)
    size = twin.board.size
    clicks, plays, per_move = [], [], []
    while len(plays) < moves and not twin.is_over:
        legal = twin.legal_moves()
        if not legal and twin.bag_size == 0:
            break
        if not legal:  # no sum to make: discard the whole hand for new blocks
            hand = twin.hands[twin.to_move]
            page.locator(".mp-action-discard").click()
            for index in range(len(hand)):
                page.locator(".mp-tile").nth(index).click()
                page.locator(".mp-tile-marked").nth(index).wait_for()
            page.locator(".mp-action-discard").click()
            twin.play("discard " + "".join(hand))
            page.locator(".mp-log-line").nth(twin.ply - 1).wait_for()
            continue
        move = legal[0]
        hand = list(twin.hands[twin.to_move])
        for square, token in zip(move.squares, move.tokens):
            if square not in move.placed:
                continue
            index = hand.index(token)
            hand[index] = None  # type: ignore[call-overload]
            page.locator(".mp-tile").nth(index).click()
            page.locator(".mp-tile-selected").wait_for()
            cell = f'.mp-square[data-index="{square[0] * size + square[1]}"]'
            clicks.append(page.evaluate(TIMED_CLICK, [cell, ".mp-tentative"]))
        if len(move.placed) == 1:
            shown = page.locator(".mp-action-direction").inner_text()
            if ("down" in shown) != (str(move.direction) == "down"):
                page.locator(".mp-action-direction").click()
                page.locator(".mp-action-direction", has_text=str(move.direction)).wait_for()
        page.wait_for_timeout(50)
        before = updates[0]
        last = move.placed[-1]
        target = f'.mp-square[data-index="{last[0] * size + last[1]}"]'
        took = page.evaluate(TIMED_PLAY, [".mp-action-play", target])
        if took < 0:
            message = page.locator(".mp-message").inner_text()
            raise RuntimeError(f"the board refused {move}: {message}")
        plays.append(took)
        page.wait_for_timeout(300)
        per_move.append(updates[0] - before)
        twin.play(move)
    page.close()
    return clicks, plays, per_move


MIXMATH = (
    "from mathplay.widgets import play\n"
    "board = play('mixmath', seats=['human', 'human'], seed={seed})\nboard"
)


def mixmath_moves(browser: Any, server: Server, moves: int) -> tuple[list[float], list[int]]:
    """Mixmath plays each tile at once: a click on a square is a whole engine move."""
    from mathplay.widgets import play

    twin = play("mixmath", seats=["human", "human"], seed=3, threaded=False).game
    write_notebook(server.root / "mixmath.ipynb", [MIXMATH.format(seed=3)])
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    updates = watch_updates(page)
    page.goto(server.url("mixmath.ipynb"))
    run_all(page)
    page.locator(".mp-square").last.wait_for(timeout=60_000)
    times, per_move = [], []
    placed = 0
    while len(times) < moves and not twin.is_over:
        options = [m for m in twin.placements() if not m.is_blank]
        if not options or placed == 2:
            action = "end" if placed else "pass"
            page.locator(f".mp-action-{action}").click()
            twin.play(action)
            page.locator(".mp-log-line").nth(twin.ply - 1).wait_for()
            placed = 0
            continue
        move = options[0]
        page.locator(".mp-tile").nth(twin.hands[twin.to_move].index(move.token)).click()
        page.locator(".mp-tile-selected").wait_for()
        page.wait_for_timeout(50)
        before = updates[0]
        cell = f'.mp-square[data-index="{move.square[0] * 14 + move.square[1]}"]'
        took = page.evaluate(TIMED_CLICK, [cell, ".mp-filled"])
        page.wait_for_timeout(300)
        per_move.append(updates[0] - before)
        times.append(took)
        twin.play(move)
        placed += 1
    page.close()
    return times, per_move


def watch_updates(page: Any) -> list[int]:
    """A counter of widget state updates the kernel sends to ``page``."""
    updates = [0]

    def watch(socket: Any) -> None:
        socket.on(
            "framereceived", lambda frame: updates.__setitem__(0, updates[0] + comm_update(frame))
        )

    page.on("websocket", watch)
    return updates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with Server() as server, sync_playwright() as playwright:
        browser = launch(playwright)
        visible = visible_times(browser, server, args.runs)
        clicks, plays, per_move = click_times(browser, server, args.moves)
        mixmath, mixmath_updates = mixmath_moves(browser, server, args.moves)
        browser.close()
    print(
        f"Run All -> board visible: median {statistics.median(visible):.2f} s "
        f"over {len(visible)} runs (target < 1.5 s)"
    )
    print(
        f"Summy click square -> tentative tile drawn: median {statistics.median(clicks):.0f} ms, "
        f"max {max(clicks):.0f} ms over {len(clicks)} clicks (target <= 100 ms)"
    )
    print(
        f"Summy Play -> move drawn: median {statistics.median(plays):.0f} ms "
        f"over {len(plays)} moves (until the game ended)"
    )
    print(
        f"Summy comm state updates per move: median {statistics.median(per_move):.0f}, "
        f"max {max(per_move)} over {len(per_move)} moves"
    )
    print(
        f"Mixmath click square -> tile played and drawn: median "
        f"{statistics.median(mixmath):.0f} ms, max {max(mixmath):.0f} ms "
        f"over {len(mixmath)} moves; "
        f"state updates per move: median {statistics.median(mixmath_updates):.0f}, "
        f"max {max(mixmath_updates)}"
    )


if __name__ == "__main__":
    main()
