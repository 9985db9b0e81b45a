"""A second visit in a few seconds: Python started from a snapshot of its memory.

Most of a lesson's start on the website is Python starting in the browser: Pyodide
itself, the packages fetched and unpacked, then IPython, the widgets and mathplay
imported (their wheels have no compiled files: every module is compiled again at every
start). The build starts Pyodide once in Node.js (which it needs already, for npm),
unpacks the site's packages, imports the modules a kernel and a lesson start with, and
saves Pyodide's memory together with the packages' files
(``static/pyodide/mathplay-start-<hash>.bin.gz``, about 26 MB; sympy, which only
lesson 5's ``evaluate`` imports, is not in the memory, but its modules are there
compiled). The site's kernel starts Pyodide through
``static/pyodide/mathplay-start.mjs``: when the browser has the snapshot in its cache
(the first visit puts the whole site there once the lesson is ready, and unpacks the
snapshot there too, see ``offline.py``), Pyodide starts from it, the files are put back
and the packages counted as loaded; on a first visit, or if anything goes
wrong, Pyodide starts as before.

What the imports did before a kernel existed is done again when the kernel starts (the
``pyodide_kernel`` import): the widgets' comm targets, mathplay's language (JupyterLab's
setting, read only in a kernel), and a fresh seed for ``random`` (else every pupil's
"random" puzzles would come in the snapshot's order). ``MATHPLAY_QUICK_START`` is then
``snapshot`` in the kernel's environment.

>>> start_module("mathplay-start-0123456789ab.bin.gz").count("mathplay-start-0123456789ab")
1
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path

from mathplay.i18n import _
from mathplay.site.snapshot_scripts import (
    IMPORT_PYTHON,
    LATER_PYTHON,
    NODE_SCRIPT,
    START_MODULE,
    UNPACK_PYTHON,
)
from mathplay.site.tools import SiteError

__all__ = ["START", "START_MODULES", "make_snapshot", "start_module"]

#: The module the kernel loads Pyodide through (beside ``pyodide.mjs``, so that the
#: kernel's ``indexURL``, the folder of this file, stays Pyodide's).
START = "mathplay-start.mjs"

#: The modules imported before the snapshot is taken: what a lesson's first cells import
#: (not sympy: only lesson 5's ``evaluate`` asks for it, and it would double the size).
START_MODULES = (
    # What the kernel's own start imports (found by watching it compile in Pyodide).
    "unittest.mock",
    "sysconfig",
    "platform",
    "pkgutil",
    "html.parser",
    "calendar",
    "_strptime",
    "pyodide.http",
    "IPython",
    "IPython.core.application",
    "IPython.core.completer",
    "IPython.core.completerlib",
    "IPython.core.crashhandler",
    "IPython.core.magics",
    "IPython.core.oinspect",
    "IPython.core.shellapp",
    "IPython.extensions.storemagic",
    "IPython.terminal.pt_inputhooks",
    "IPython.utils.contexts",
    "IPython.utils.generics",
    "IPython.utils.wildcard",
    # What IPython's first cell imports.
    "bdb",
    "IPython.core.logger",
    # What a lesson's first cells import.
    "comm",
    "traitlets",
    "ipywidgets",
    "anywidget",
    "mathplay",
    "mathplay.lessons.runtime",
    "mathplay.widgets",
    "mathplay.widgets.practice",
    "mathplay.widgets.puzzle_set",
    "mathplay.widgets.cards",
    "mathplay.cards",
    "mathplay.plot",
    "mathplay.puzzles",
    "mathplay.classroom.progress",
    "mathplay.render.svg_bits",
    "encodings.utf_8_sig",  # puzzle files are read allowing a byte-order mark
)

#: micropip's modules imported before the snapshot is taken, without micropip itself
#: (which holds references to JavaScript objects): its copy of ``packaging``.
MICROPIP_MODULES = (
    *(
        f"micropip._vendored.packaging.src.packaging.{name}"
        for name in ("version", "specifiers", "requirements", "tags", "utils", "markers")
    ),
    "micropip._vendored.mousebender.simple",
)

#: Files of the packages left out of the snapshot (regular expressions on their path in
#: site-packages): nothing a kernel reads. Tests, the widgets' JavaScript for the classic
#: Notebook, wheels' data folders, and jedi's stubs of packages the site does not have.
LEFT_OUT = (
    r"(^|/)tests/",
    r"^[^/]+\.data/",
    r"^widgetsnbextension/static/",
    r"^jedi/third_party/(typeshed/stubs|django-stubs)/",
)

#: Packages the kernel imports after the snapshot is restored (they hold references to
#: JavaScript objects, which a snapshot cannot keep), and mathplay, whose modules a
#: lesson's later cells import: compiled ahead, so that they are not compiled at every
#: start. Compiled files that never look at their source ("unchecked
#: hash"): the files' dates change when they are put back.
COMPILED = ("micropip", "piplite", "pyodide_kernel", "ipykernel", "mathplay")

#: Imported by some lessons only, later (not in the snapshot's memory: sympy would
#: double it): their modules are compiled ahead instead, so that importing them takes
#: 0.4 s, not 3.6 s (measured in Pyodide in Node.js).
LATER_MODULES = ("sympy",)


#: Packages no lesson starts with: their files are put in place only when one of them is
#: first imported (sympy for lesson 5's ``evaluate``, jedi for completion, IPython's
#: helpers for a long traceback…). Two files in three: a second visit's start puts the
#: others only.
LATER_PACKAGES = (
    "asttokens",
    "executing",
    "isympy",
    "jedi",
    "matplotlib_inline",
    "mpmath",
    "parso",
    "prompt_toolkit",
    "pure_eval",
    "stack_data",
    "sympy",
    "wcwidth",
)


#: Loaded with Pyodide, so that the kernel does not install them one by one after it.
KERNEL_PACKAGES = ("micropip", "piplite", "jedi")


def start_module(snapshot_name: str) -> str:
    """The text of ``mathplay-start.mjs`` for the snapshot file ``snapshot_name``."""
    return START_MODULE.replace("__SNAPSHOT__", snapshot_name)


def _lock_wheels(site: Path) -> dict[str, Path]:
    """The wheels of the site's package lock (every package the kernel may load), by
    package name."""
    folder = site / "static" / "pyodide-lock"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = {
        name: (folder / entry["file_name"]).resolve() for name, entry in lock["packages"].items()
    }
    missing = [wheel.name for wheel in wheels.values() if not wheel.is_file()]
    if missing:
        raise SiteError(_("the site's packages are missing {names}").format(names=missing))
    return wheels


def _last_error(printed: str) -> str:
    """The line of Node.js's output that says what went wrong (its last ``…Error: …``
    line, else its last line), at most 200 characters."""
    lines = [line.strip() for line in printed.splitlines() if line.strip()]
    errors = [line for line in lines if re.match(r"^\w*Error\b", line)]
    chosen = errors[-1] if errors else (lines[-1] if lines else "")
    return chosen[:200]


def _run_node(
    command: list[str], log: Path, env: Mapping[str, str] | None = None, cwd: Path | None = None
) -> None:
    """Run Node.js, its output at the end of ``log``; a SiteError naming its error."""
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            errors="replace",
            check=False,
            timeout=900,
            env=None if env is None else {k: v for k, v in env.items() if k != "_"},
            cwd=cwd,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SiteError(_("Node.js could not run: {error}").format(error=error)) from None
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"\n$ {' '.join(command)}\n{done.stdout}{done.stderr}")
    if done.returncode != 0:
        raise SiteError(
            _("Node.js stopped with {error} (all it printed is in {log})").format(
                error=_last_error(done.stdout + done.stderr) or done.returncode, log=log
            )
        )


def make_snapshot(
    site: Path,
    work: Path,
    log: Path,
    say: Callable[[str], object],
    env: Mapping[str, str] | None = None,
) -> str | None:
    """Make the snapshot of the built ``site`` (in ``work``, Node.js's output in ``log``),
    put it and ``mathplay-start.mjs`` in the site and point the kernel at it; the
    snapshot's file name. When it cannot be made, the site works without it: one line
    says why, and ``None``."""
    node = shutil.which("node")
    if node is None:
        say(_("No quick start for a second visit: Node.js was not found"))
        return None
    core = site / "static" / "pyodide"
    try:
        wheels = _lock_wheels(site)
        job = {
            "pyodide": str(core.resolve()),
            "wheels": [str(wheel) for wheel in wheels.values()],
            "packages": sorted(wheels),
            "unpack": UNPACK_PYTHON.replace("__COMPILED__", repr(COMPILED)),
            "imports": IMPORT_PYTHON.replace("__MODULES__", repr(START_MODULES))
            .replace("__MICROPIP__", repr(MICROPIP_MODULES))
            .replace("__LATER_PACKAGES__", repr(tuple(sorted(LATER_PACKAGES)))),
            "later_packages": list(LATER_PACKAGES),
            "left_out": list(LEFT_OUT),
            "later": LATER_PYTHON.replace("__LATER__", repr(LATER_MODULES)),
            "out": str((work / "snapshot.bin.gz").resolve()),
            "epoch": (env or {}).get("SOURCE_DATE_EPOCH", ""),
        }
        (work / "snapshot.json").write_text(json.dumps(job), encoding="utf-8")
        (work / "snapshot.mjs").write_text(NODE_SCRIPT, encoding="utf-8")
        # Run in ``work`` with names, not paths: the script's name is in Python's memory,
        # and the work folder's name changes every build.
        _run_node([node, "snapshot.mjs", "snapshot.json"], log, env, work)
    except SiteError as error:
        say(_("No quick start for a second visit: {reason}").format(reason=error))
        return None
    data = (work / "snapshot.bin.gz").read_bytes()
    name = f"mathplay-start-{hashlib.sha256(data).hexdigest()[:12]}.bin.gz"
    (core / name).write_bytes(data)
    (core / START).write_text(start_module(name), encoding="utf-8")
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    kernel["pyodideUrl"] = f"./static/pyodide/{START}"
    options = kernel.setdefault("loadPyodideOptions", {})
    packages = options.setdefault("packages", [])
    packages += [name for name in KERNEL_PACKAGES if name not in packages]
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return name
