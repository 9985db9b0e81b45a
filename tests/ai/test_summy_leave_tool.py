"""tools/summy_leave.py fits the same model that mathplay.ai.summy_eval evaluates."""

from __future__ import annotations

import random

from mathplay.ai import summy_eval
from tests.ai.tools import load_tool


def test_the_fitted_features_are_the_ones_leave_value_weighs() -> None:
    tool = load_tool("summy_leave")
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
