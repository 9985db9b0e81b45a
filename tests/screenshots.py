"""Where the tests' screenshots go: never into the checkout's tracked files.

A browser test takes screenshots for a person to look at (the brief: look at them before
calling something done). They go under ``test-results/<group>/`` at the top of the
checkout, which git ignores, so a test run leaves ``git status`` as it found it.

The images the docs show (``docs/images/``) are made on purpose, by one tool:
``python docs/images/make_images.py --screenshots`` runs the tests that take them with
``MATHPLAY_DOCS_IMAGES=1``, which sends those screenshots to ``docs/images/`` instead.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The ignored folder every test writes its screenshots under.
RESULTS = ROOT / "test-results"
#: The docs' images, written by tests only when ``MATHPLAY_DOCS_IMAGES`` is ``1``.
DOCS_IMAGES = ROOT / "docs" / "images"
#: The environment variable that sends the docs' screenshots to ``docs/images/``.
DOCS_IMAGES_VARIABLE = "MATHPLAY_DOCS_IMAGES"


def shots(group: str) -> Path:
    """The folder of one group of screenshots (``test-results/<group>/``), made."""
    folder = RESULTS / group
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def docs_images() -> Path:
    """Where a screenshot the docs show goes: ``docs/images/`` when the docs' images are
    being made (``MATHPLAY_DOCS_IMAGES=1``), else ``test-results/docs-images/``."""
    if os.environ.get(DOCS_IMAGES_VARIABLE) == "1":
        return DOCS_IMAGES
    return shots("docs-images")
