"""tools/summy_leave.py fits the same model that mathplay.ai.summy_eval evaluates."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from mathplay.ai import summy_eval

TOOL = Path(__file__).resolve().parents[2] / "tools" / "summy_leave.py"


def load_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("summy_leave", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fitted_features_are_the_ones_leave_value_weighs() -> None:
    tool = load_tool()
    weights = {"constant": 0.0, "more of a digit": summy_eval.MORE_OF_A_DIGIT}
    weights.update({f"digit {d}": v for d, v in summy_eval.DIGIT_VALUE.items()})
    weights.update({f"operator {o}": v for o, v in summy_eval.OPERATOR_VALUE.items()})
    weights["operators beyond 2"] = summy_eval.MANY_OPERATORS
    weights["one ="] = summy_eval.FIRST_EQUALS
    weights["more ="] = summy_eval.MORE_EQUALS
    rng = random.Random(7)
    blocks = "0123456789+-x:="
    for _ in range(200):
        leave = "".join(rng.choice(blocks) for _ in range(rng.randint(0, 8)))
        features = tool.features(leave)
        assert set(features) == set(weights)
        fitted = sum(weights[name] * value for name, value in features.items())
        assert abs(fitted - summy_eval.leave_value(leave)) < 1e-9, leave
