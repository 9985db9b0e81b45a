"""Drive boards as the front end would: custom messages in, comm messages counted out."""

from __future__ import annotations

import threading
from typing import Any

import comm
import pytest
from comm.base_comm import BaseComm


class RecordingComm(BaseComm):
    """A comm that keeps every message a widget sends to the front end."""

    def __init__(self, **kwargs: Any) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []
        super().__init__(**kwargs)

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        self.sent.append((msg_type, data or {}))

    def updates(self) -> list[dict[str, Any]]:
        return [d for t, d in self.sent if t == "comm_msg" and d.get("method") == "update"]


@pytest.fixture(autouse=True)
def recording_comms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(comm, "create_comm", lambda **kwargs: RecordingComm(**kwargs))


def front_end(board: Any, **content: Any) -> None:
    """Send a custom message to ``board`` exactly as ``model.send(content)`` does in JS."""
    board._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def updates(board: Any) -> int:
    """How many state updates the board has sent to the front end so far."""
    return len(board.comm.updates())


class FakePlayer:
    """A computer player with the ``mathplay.ai`` contract; can be made to wait."""

    def __init__(self, moves: list[str] | None = None, gate: threading.Event | None = None):
        self.moves = moves
        self.gate = gate
        self.turns = 0
        self.seen_thinking: list[bool] = []
        self.board: Any = None

    def play_turn(self, game: Any) -> list[str]:
        if self.gate is not None:
            assert self.gate.wait(10)
        if self.board is not None:
            self.seen_thinking.append(bool(self.board.view.get("thinking")))
        self.turns += 1
        move = self.moves.pop(0) if self.moves else "pass"
        game.play(move)
        return [move]
