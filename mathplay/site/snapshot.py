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
from collections.abc import Callable
from pathlib import Path

from mathplay.i18n import _
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
#: JavaScript objects, which a snapshot cannot keep): compiled ahead, so that they are not
#: compiled at every start. Compiled files that never look at their source ("unchecked
#: hash"): the files' dates change when they are put back.
COMPILED = ("micropip", "piplite", "pyodide_kernel", "ipykernel")

#: Imported by some lessons only, later (not in the snapshot's memory: sympy would
#: double it): their modules are compiled ahead instead, so that importing them takes
#: 0.4 s, not 3.6 s (measured in Pyodide in Node.js).
LATER_MODULES = ("sympy",)

# After the snapshot: import the later modules and compile each one they brought from
# site-packages, as COMPILED's are; the compiled files' paths in site-packages.
_LATER_PYTHON = """
import importlib, importlib.util, os, py_compile, site, sys

_root = site.getsitepackages()[0] + "/"
_before = set(sys.modules)
for _module in __LATER__:
    importlib.import_module(_module)
_compiled = []
for _name in sorted(set(sys.modules) - _before):
    _source = getattr(sys.modules[_name], "__file__", None) or ""
    if _source.startswith(_root) and _source.endswith(".py"):
        _target = importlib.util.cache_from_source(_source)
        if not os.path.exists(_target):
            py_compile.compile(
                _source,
                cfile=_target,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            _compiled.append(_target[len(_root):])
_compiled
"""

#: Loaded with Pyodide, so that the kernel does not install them one by one after it.
KERNEL_PACKAGES = ("micropip", "piplite", "jedi")

# Run in Pyodide, in Node.js, before the snapshot: unpack the wheels, import, and leave a
# hook that runs when the kernel is imported (in the browser, after every restore).
_UNPACK_PYTHON = """
import compileall, importlib, os, py_compile, site, zipfile

_packages = site.getsitepackages()[0]
for _name in sorted(os.listdir("/mathplay-wheels")):
    with zipfile.ZipFile("/mathplay-wheels/" + _name) as _wheel:
        _wheel.extractall(_packages)
importlib.invalidate_caches()
for _name in __COMPILED__:
    compileall.compile_dir(
        os.path.join(_packages, _name),
        quiet=2,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
del _packages, _name, _wheel
"""

_IMPORT_PYTHON = """
import importlib, importlib.util, sys

sys.dont_write_bytecode = True  # the files are taken before: none would be kept
for _module in __MODULES__:
    importlib.import_module(_module)


def _mathplay_after_kernel():
    import os, random
    os.environ["MATHPLAY_QUICK_START"] = "snapshot"
    random.seed()
    import ipywidgets
    ipywidgets._handle_ipython()
    import mathplay.i18n
    mathplay.i18n.set_language(None)


class _MathplayAfterKernel:
    \"\"\"Once: when pyodide_kernel is imported, import it, then _mathplay_after_kernel().\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name != "pyodide_kernel":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            try:
                _mathplay_after_kernel()
            except Exception as error:  # the kernel must start whatever happens here
                print("mathplay: after the snapshot:", repr(error), file=sys.stderr)

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _MathplayAfterKernel())
del _module
"""

_NODE_SCRIPT = """
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: job.pyodide + path.sep, _makeSnapshot: true });
const FS = pyodide.FS;
FS.mkdirTree("/mathplay-wheels");
for (const wheel of job.wheels) {
  FS.writeFile("/mathplay-wheels/" + path.basename(wheel), fs.readFileSync(wheel));
}
pyodide.runPython(job.unpack);
// The packages' files, as unpacked (Pyodide's files are not in its memory).
const root = pyodide.runPython("import site; site.getsitepackages()[0]");
const leftOut = job.left_out.map((pattern) => new RegExp(pattern));
const files = [];
const contents = [];
(function walk(folder, prefix) {
  for (const name of FS.readdir(folder).sort()) {
    if (name === "." || name === "..") continue;
    const full = folder + "/" + name;
    if (FS.isDir(FS.stat(full).mode)) walk(full, prefix + name + "/");
    else if (!leftOut.some((pattern) => pattern.test(prefix + name))) {
      const data = FS.readFile(full);
      files.push([prefix + name, data.length]);
      contents.push(data);
    }
  }
})(root, "");
pyodide.runPython(job.imports);
const memory = pyodide.makeMemorySnapshot();
// After the snapshot: the later modules imported, and compiled files of them kept.
for (const name of pyodide.runPython(job.later).toJs()) {
  const data = FS.readFile(root + "/" + name);
  files.push([name, data.length]);
  contents.push(data);
}
const header = Buffer.from(JSON.stringify({
  memory: memory.length, root, files, packages: job.packages,
}), "utf8");
const start = Math.ceil((12 + header.length) / 16) * 16;
const head = Buffer.alloc(start);
head.write("MPST", 0, "latin1");
head.writeUInt32LE(1, 4);
head.writeUInt32LE(header.length, 8);
header.copy(head, 12);
const gzip = zlib.createGzip({ level: 6 });
const out = fs.createWriteStream(job.out);
gzip.pipe(out);
for (const part of [head, memory, ...contents]) gzip.write(part);
gzip.end();
await new Promise((resolve, reject) => { out.on("finish", resolve); out.on("error", reject); });
"""

# The module the site's kernel loads Pyodide through.
_START_MODULE = """// mathplay: Pyodide started from a snapshot when the browser keeps one
// (mathplay/site/snapshot.py). A first visit, or any failure: Pyodide starts as usual.
import { loadPyodide as loadFresh } from "./pyodide.mjs";

const SNAPSHOT = new URL("__SNAPSHOT__", import.meta.url).href;

// Kept unpacked by the first visit's page (see offline.py), else packed as served.
const UNPACKED = SNAPSHOT.replace(/\\.gz$/, "");

// The snapshot from the browser's cache, read: Pyodide's memory, the packages' files.
async function kept() {
  if (!self.caches) return null;
  let bytes = null;
  const unpacked = await caches.match(UNPACKED);
  if (unpacked && unpacked.ok) {
    bytes = new Uint8Array(await unpacked.arrayBuffer());
  } else {
    const packed = await caches.match(SNAPSHOT, { ignoreSearch: true });
    if (!packed || !packed.ok) return null;
    const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(body).arrayBuffer());
  }
  const words = new DataView(bytes.buffer);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "MPST" || words.getUint32(4, true) !== 1) {
    return null;
  }
  const length = words.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length)));
  const start = Math.ceil((12 + length) / 16) * 16;
  return { header, bytes, memory: bytes.subarray(start, start + header.memory) };
}

function putFiles(pyodide, { header, bytes, memory }) {
  const FS = pyodide.FS;
  let offset = memory.byteOffset + memory.length;
  const made = new Set();
  for (const [name, size] of header.files) {
    const slash = name.lastIndexOf("/");
    const folder = header.root + "/" + name.slice(0, slash);
    if (slash > 0 && !made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(header.root + "/" + name, bytes.subarray(offset, offset + size), { canOwn: true });
    offset += size;
  }
  // Their files are there: the kernel need not fetch and unpack them again.
  for (const name of header.packages) pyodide.loadedPackages[name] = "default channel";
}

export async function loadPyodide(options) {
  let snapshot = null;
  try {
    snapshot = await kept();
  } catch (error) {
    console.warn("mathplay: the snapshot could not be read", error);
  }
  if (!snapshot) return loadFresh(options);
  try {
    const asm = await import(new URL("pyodide.asm.mjs", import.meta.url).href);
    // Pyodide's memory starts smaller than the snapshot's: grow it before the restore.
    const createPyodideModule = async (settings) => {
      const module = await asm.default(settings);
      if (module.HEAP8.length < snapshot.memory.length) module.growMemory(snapshot.memory.length);
      return module;
    };
    const pyodide = await loadFresh({
      ...options,
      packages: [],
      _loadSnapshot: snapshot.memory,
      createPyodideModule,
    });
    putFiles(pyodide, snapshot);
    if (options.packages) await pyodide.loadPackage(options.packages);
    return pyodide;
  } catch (error) {
    console.warn("mathplay: Python started without its snapshot", error);
    return loadFresh(options);
  }
}
"""


def start_module(snapshot_name: str) -> str:
    """The text of ``mathplay-start.mjs`` for the snapshot file ``snapshot_name``."""
    return _START_MODULE.replace("__SNAPSHOT__", snapshot_name)


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


def _run_node(command: list[str], log: Path) -> None:
    """Run Node.js, its output at the end of ``log``; a SiteError naming its error."""
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, errors="replace", check=False, timeout=900
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


def make_snapshot(site: Path, work: Path, log: Path, say: Callable[[str], object]) -> str | None:
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
            "unpack": _UNPACK_PYTHON.replace("__COMPILED__", repr(COMPILED)),
            "imports": _IMPORT_PYTHON.replace("__MODULES__", repr(START_MODULES)),
            "left_out": list(LEFT_OUT),
            "later": _LATER_PYTHON.replace("__LATER__", repr(LATER_MODULES)),
            "out": str((work / "snapshot.bin.gz").resolve()),
        }
        (work / "snapshot.json").write_text(json.dumps(job), encoding="utf-8")
        (work / "snapshot.mjs").write_text(_NODE_SCRIPT, encoding="utf-8")
        _run_node([node, str(work / "snapshot.mjs"), str(work / "snapshot.json")], log)
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
