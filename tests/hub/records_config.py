"""The records service's part of ``jupyterhub_config.py``, read from docs/classroom.md.

The tests use the docs' text as it is, with their own values in its first four lines
(the database, the service's port, the hub's address, the classes): what a school copies
is what CI runs.
"""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "classroom.md"
MARK = "<!-- records-service-config -->"
#: The lines of the docs' config a test gives its own values.
SETTINGS = ("RECORDS_DB", "RECORDS_PORT", "HUB_URL", "CLASSES")


def docs_config() -> str:
    """The config block under the mark in docs/classroom.md."""
    text = DOCS.read_text(encoding="utf-8")
    after = text[text.index(MARK) + len(MARK) :]
    match = re.search(r"```python\n(.*?)\n```", after, re.S)
    assert match, f"no python block after {MARK} in {DOCS}"
    return match.group(1) + "\n"


def service_config(**values: object) -> str:
    """The docs' config with ``values`` (``RECORDS_DB=…`` and the others) in its first lines."""
    text = docs_config()
    for name in SETTINGS:
        pattern = re.compile(rf"^{name} = .*$", re.M)
        assert pattern.search(text), f"the docs' config has no line {name} = …"
        if name in values:
            text = pattern.sub(lambda _m, n=name: f"{n} = {values[n]!r}", text, count=1)
    return text
