"""Fixtures for tests in a real browser: JupyterLab (light and dark) and Playwright.

Without Debian's chromium (or the playwright package) the tests are skipped with the
reason, except under CI (the ``CI`` environment variable set), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.labserver import Server, chromium_missing, launch


def _require_browser() -> None:
    reason = chromium_missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    _require_browser()
    chromium = launch(request.getfixturevalue("playwright_session"))  # tests/conftest.py
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def lab(browser: Any) -> Iterator[Server]:
    with Server(theme="light") as server:
        yield server


@pytest.fixture(scope="session")
def dark_lab(browser: Any) -> Iterator[Server]:
    with Server(theme="dark") as server:
        yield server


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 950})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error}\n{getattr(error, 'stack', '')}"))
    page.errors = errors
    yield page
    context.close()


@pytest.fixture(scope="session")
def notebook7(browser: Any) -> Iterator[Server]:
    with Server(kind="notebook") as server:
        yield server
