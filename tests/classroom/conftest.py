"""Every test starts with nobody named, no hub, no progress folder and a fresh clock."""

from __future__ import annotations

import pytest

from mathplay.classroom import names as pupil_names
from mathplay.classroom import task_clock, where


@pytest.fixture(autouse=True)
def _clean_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("JUPYTERHUB_USER", "MATHPLAY_PROGRESS_DIR", "JPY_SESSION_NAME",
                 "MATHPLAY_RECORDS_URL", "JUPYTERHUB_API_TOKEN"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    pupil_names.set_pupil(None)
    task_clock.set_clock()
    where.set_current_lesson(None)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    fake = FakeClock()
    task_clock.set_clock(fake)
    return fake
