"""Every test starts with nobody named, no hub, no lesson, no progress folder and a fresh
clock."""

from __future__ import annotations

from typing import Any

import pytest

from mathplay.classroom import names as pupil_names
from mathplay.classroom import task_clock, where


@pytest.fixture(autouse=True)
def _clean_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("JUPYTERHUB_USER", "MATHPLAY_PROGRESS_DIR", "JPY_SESSION_NAME"):
        monkeypatch.delenv(name, raising=False)
    pupil_names.set_pupil(None)
    where.set_current_lesson(None)
    task_clock.set_clock()


def front_end(widget: Any, **content: Any) -> None:
    """Send a custom message to ``widget`` exactly as ``model.send(content)`` does in JS."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )
