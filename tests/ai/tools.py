"""Load a measurement script from ``tools/`` (not a package) as a module, for its tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str) -> Any:
    """``tools/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered before it runs, as an import would: a dataclass looks its module up
    # in ``sys.modules`` while the class is made.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
