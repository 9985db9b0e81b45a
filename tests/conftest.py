"""What the test folders share: one Playwright for the whole run.

Playwright's sync API runs one instance per thread, so the browser tests of JupyterLab
(``tests/browser``) and of the website (``tests/site``) share this one; each launches its
own Chromium from it. It starts only when a browser test asks for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Any]:
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=60_000)
    with sync_playwright() as playwright:
        yield playwright
