"""Without chromium the browser tests skip with the reason locally and fail under CI."""

from __future__ import annotations

import pytest

from tests.browser import conftest


def test_missing_chromium_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "chromium_missing", lambda: "no chromium here")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="cannot run under CI: no chromium here"):
        conftest._require_browser()


def test_missing_chromium_skips_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conftest, "chromium_missing", lambda: "no chromium here")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no chromium here"):
        conftest._require_browser()
