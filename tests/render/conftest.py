"""Pictures are tested headless: the Agg backend, and every figure closed afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # after choosing the backend


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")
