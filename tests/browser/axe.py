"""axe-core (the npm package pinned in package.json) run on what a pupil sees.

axe is the accessibility engine behind Lighthouse and most audits. :func:`findings` puts
it into a page and runs it on mathplay's own outputs only (JupyterLab's and Voilà's own
chrome have findings of their own, which are not mathplay's to fix), with axe's rules
(WCAG 2.0–2.2 A and AA, and best practice), and ``label-content-name-mismatch`` (an
experimental rule: a control's name must hold its visible label, which speech-input
users say to press it). :func:`assert_accessible` fails on any serious or critical
finding and prints the others.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: What is mathplay's in a notebook page: its outputs (widgets, pictures, reports) and,
#: in a lesson, the lesson's own text.
OURS = [".jp-OutputArea-output", ".jp-RenderedMarkdown", ".mathplay-app-bar"]
SERIOUS = ("serious", "critical")


def findings(page: Any, include: list[str] | None = None) -> list[dict[str, Any]]:
    """axe's violations inside ``include`` (CSS selectors; mathplay's outputs if none)."""
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run npm ci (package.json pins axe-core)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        try:
            page.add_script_tag(path=str(AXE))
        except Exception as error:  # playwright's Error
            if "Content Security Policy" not in str(error):
                raise
            # A page whose Content-Security-Policy runs only its own scripts (the records
            # service's) refuses the tag: axe goes in as the test's own code, which the
            # page's policy does not govern.
            page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    selectors = include or OURS
    present = [s for s in selectors if page.locator(s).count()]
    if not present:
        raise AssertionError(f"nothing of {selectors} on the page to check")
    result = page.evaluate(
        """async (include) => {
            const found = await axe.run({include: include.map((s) => [s])}, {
                resultTypes: ["violations"],
                rules: {"label-content-name-mismatch": {enabled: true}},
            });
            return found.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => ({target: n.target.join(" "),
                    html: n.html.slice(0, 160), summary: n.failureSummary}))}));
        }""",
        present,
    )
    return list(result)


def count(violations: list[dict[str, Any]], impacts: tuple[str, ...] = SERIOUS) -> int:
    """How many elements fail a rule of ``impacts``."""
    return sum(len(v["nodes"]) for v in violations if v["impact"] in impacts)


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']} ({len(v['nodes'])}): {v['help']}")
        for node in v["nodes"][:3]:
            lines.append(f"    {node['target']}: {node['html']}")
    return "\n".join(lines)


def assert_accessible(page: Any, where: str, include: list[str] | None = None) -> None:
    """No serious or critical axe finding in mathplay's outputs on ``page``; the others
    printed under ``where``."""
    violations = findings(page, include)
    others = [v for v in violations if v["impact"] not in SERIOUS]
    if others:
        print(f"axe, {where}, not serious:\n{describe(others)}")
    serious = [v for v in violations if v["impact"] in SERIOUS]
    assert not serious, f"axe, {where}: {count(serious)} serious or critical\n{describe(serious)}"


def as_json(violations: list[dict[str, Any]]) -> str:
    return json.dumps(violations, indent=1, ensure_ascii=False)
