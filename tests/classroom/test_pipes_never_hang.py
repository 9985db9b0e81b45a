"""Every file a pupil can touch is read safely: a pipe, or a link to /dev/zero, put where
JupyterLab keeps its language setting, where the pupil's records are kept or where the
sender notes how far it sent, is not read (a pipe never ends, /dev/zero neither), so
``import mathplay`` and the records' sending never hang."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mathplay.classroom import send
from mathplay.i18n import jupyter_language

PRANKS = ["fifo", "link to /dev/zero"]


def _prank(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


def _comes_back(call: Callable[[], Any]) -> Any:
    """``call()``'s answer, from a thread that must come back (else the test fails)."""
    found: list[Any] = []
    thread = threading.Thread(target=lambda: found.append(call()), daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "reading the file did not come back"
    return found[0]


@pytest.mark.parametrize("kind", PRANKS)
def test_the_language_setting_is_never_read_from_a_pipe_or_a_device(
    tmp_path: Path, kind: str
) -> None:
    settings = tmp_path / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    _prank(settings, kind)
    assert _comes_back(lambda: jupyter_language(tmp_path)) is None
    settings.unlink()
    settings.write_text('{"locale": "es_ES"}', encoding="utf-8")
    assert jupyter_language(tmp_path) == "es"  # an ordinary file is read as before


@pytest.mark.parametrize("kind", PRANKS)
def test_the_sender_never_reads_a_pipe_or_a_device(tmp_path: Path, kind: str) -> None:
    progress = tmp_path / "ana.jsonl"
    _prank(progress, kind)
    assert _comes_back(lambda: send.pending_lines(progress)) == ([], 0)
    progress.unlink()
    progress.write_text('{"who": "ana"}\n', encoding="utf-8")
    _prank(send._cursor(progress), kind)  # where it notes how far it sent
    assert _comes_back(lambda: send.sent_offset(progress)) == 0
    lines, end = send.pending_lines(progress)
    assert lines == ['{"who": "ana"}'] and end == progress.stat().st_size
