"""The widgets' page side lives in files (mathplay/widgets/static), linted by eslint in CI.

A JavaScript module kept in a Python string escapes the linter and the editor's checks;
every anywidget of mathplay takes its ``_esm`` and ``_css`` from a file that exists.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

import anywidget

import mathplay

PACKAGE = Path(mathplay.__file__).parent
STATIC = PACKAGE / "widgets" / "static"


def all_anywidgets() -> list[type[anywidget.AnyWidget]]:
    for info in pkgutil.walk_packages([str(PACKAGE)], "mathplay."):
        if info.name.startswith(("mathplay.site", "mathplay.__main__")):
            continue
        importlib.import_module(info.name)
    found: list[type[anywidget.AnyWidget]] = []
    todo = list(anywidget.AnyWidget.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        # Only the classes the modules define: traitlets makes a class of the same name
        # for an instance given traits of its own (add_traits), which is not one.
        module = sys.modules.get(cls.__module__)
        if cls.__module__.startswith("mathplay.") and getattr(module, cls.__name__, None) is cls:
            found.append(cls)
    return found


def test_every_widget_takes_its_javascript_and_css_from_a_static_file() -> None:
    widgets = all_anywidgets()
    names = {cls.__name__ for cls in widgets}
    assert {"AnswerBox", "ChoiceRow", "NameMemory", "SaveResults", "BinaryCards"} <= names
    for cls in widgets:
        for part in ("_esm", "_css"):
            # anywidget reads a Path given as _esm/_css into FileContents, which keeps
            # the path; a Python string stays a string.
            where = getattr(getattr(cls, part), "_path", None)
            assert isinstance(where, Path), f"{cls.__name__}.{part} is not a file"
            assert where.parent == STATIC and where.is_file(), (cls.__name__, where)


def test_no_javascript_is_left_in_python_strings() -> None:
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "export default" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_every_live_widget_style_hides_the_run_all_note() -> None:
    # The lesson's "press Run All" note shows only when no mathplay widget is drawn: the
    # style hides it only while a view's element (LIVE_CLASS, put there by the view's
    # render) is on the page, not merely while the kernel holds the widget's model.
    from mathplay.widgets.stale import HIDE_STALE_CSS, LIVE_CLASS, STALE_CLASS

    assert HIDE_STALE_CSS.startswith(f"body:has(.{LIVE_CLASS}) .{STALE_CLASS}")
    for name in ("answerbox", "name_memory"):
        style = (STATIC / f"{name}.css").read_text(encoding="utf-8")
        assert HIDE_STALE_CSS in style
        assert f".{STALE_CLASS} {{" not in style.replace(HIDE_STALE_CSS, "")  # no other rule
        script = (STATIC / f"{name}.js").read_text(encoding="utf-8")
        assert f'el.classList.add("{LIVE_CLASS}")' in script
