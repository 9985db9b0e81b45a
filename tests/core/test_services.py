"""The one way up the layers: the engine asks ``core.services`` for the names listed in
docs/architecture.md, and nothing else looks a service up."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mathplay.core.services import SERVED, provide, service
from mathplay.errors import MathplayError

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mathplay"


def lookups(source: str) -> list[tuple[int, str | None]]:
    """Each call of ``service(...)`` in ``source``: its line and its name (None when the
    name is not written out)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            function = node.func
            called = (
                function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")
            )
            if called == "service":
                first = node.args[0] if node.args else None
                name = first.value if isinstance(first, ast.Constant) else None
                found.append((node.lineno, name if isinstance(name, str) else None))
    return found


def wrong_lookups(package: Path) -> list[str]:
    """The lookups of a service outside the engine's ``core``, or of a name not served."""
    wrong = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package.parent).as_posix()
        for line, name in lookups(path.read_text(encoding="utf-8")):
            if not where.startswith("mathplay/core/"):
                wrong.append(f"{where}:{line}: looks up {name!r} from above the engine")
            elif name not in SERVED:
                wrong.append(f"{where}:{line}: looks up {name!r}, which is not served")
    return wrong


def test_only_the_engine_looks_up_services_and_only_the_names_served() -> None:
    assert wrong_lookups(PACKAGE) == []


def test_a_lookup_from_a_higher_layer_is_caught(tmp_path: Path) -> None:
    # The review once reached the puzzles layer this way (service("review_puzzles")).
    (tmp_path / "mathplay" / "ai").mkdir(parents=True)
    (tmp_path / "mathplay" / "core").mkdir()
    (tmp_path / "mathplay" / "ai" / "review.py").write_text(
        'def puzzles(self):\n    return service("review_puzzles")(self)\n'
    )
    (tmp_path / "mathplay" / "core" / "state.py").write_text('service("teleport")\n')
    assert wrong_lookups(tmp_path / "mathplay") == [
        "mathplay/ai/review.py:2: looks up 'review_puzzles' from above the engine",
        "mathplay/core/state.py:1: looks up 'teleport', which is not served",
    ]


def test_every_name_served_is_provided_and_listed_in_the_architecture() -> None:
    import mathplay  # noqa: F401  (it provides the services)

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", text, re.M))
    assert listed == set(SERVED)
    for name in SERVED:
        assert callable(service(name))
    asked = {name for path in (PACKAGE / "core").rglob("*.py")
             for _line, name in lookups(path.read_text(encoding="utf-8"))}  # fmt: skip
    assert asked == set(SERVED)


def test_no_other_name_can_be_provided() -> None:
    with pytest.raises(MathplayError, match="serves only"):
        provide("review_puzzles", "mathplay.puzzles.missed:from_review")
