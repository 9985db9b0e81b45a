"""The texts the quick start runs elsewhere (see ``mathplay/site/snapshot.py``): Python
run in Pyodide in Node.js at build time, the Node.js script around it, and the module
the site's kernel loads Pyodide through in the browser. Placeholders in ``__CAPS__`` are
filled by ``snapshot.py``."""

from __future__ import annotations

__all__ = ["IMPORT_PYTHON", "LATER_PYTHON", "NODE_SCRIPT", "START_MODULE", "UNPACK_PYTHON"]

# After the snapshot: import the later modules and compile each one they brought from
# site-packages, as COMPILED's are; the compiled files' paths in site-packages.
LATER_PYTHON = """
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

# Run in Pyodide, in Node.js, before the snapshot: unpack the wheels, import, and leave a
# hook that runs when the kernel is imported (in the browser, after every restore).
UNPACK_PYTHON = """
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

IMPORT_PYTHON = """
import importlib, importlib.util, sys

sys.dont_write_bytecode = True  # the files are taken before: none would be kept
for _module in __MODULES__:
    importlib.import_module(_module)

# micropip's modules that hold nothing of JavaScript's (its copy of "packaging", whose
# regular expressions take a tenth of a second to make), imported without micropip
# itself, whose start asks JavaScript for Pyodide's packages: the kernel's start imports
# micropip (through piplite) and finds them done.
sys.modules["micropip"] = importlib.util.module_from_spec(importlib.util.find_spec("micropip"))
try:
    for _module in __MICROPIP__:
        importlib.import_module(_module)
finally:
    del sys.modules["micropip"]


def _mathplay_after_kernel():
    import os, random
    os.environ["MATHPLAY_QUICK_START"] = "snapshot"
    micropip = sys.modules.get("micropip")
    if micropip is not None and "micropip._vendored" in sys.modules:
        micropip._vendored = sys.modules["micropip._vendored"]  # as if imported under it
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


_LATER_PACKAGES = frozenset(__LATER_PACKAGES__)


class _MathplayPutLater:
    \"\"\"Once: when one of the packages a lesson does not start with is imported, their
    files are put in place first (mathplay-start.mjs keeps them until then).\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in _LATER_PACKAGES:
            sys.meta_path.remove(self)
            import js
            put = getattr(js, "mathplayPutLater", None)
            if put is not None:
                put()
                importlib.invalidate_caches()
        return None


sys.meta_path.insert(0, _MathplayAfterKernel())
sys.meta_path.insert(0, _MathplayPutLater())
del _module

# Nothing is looked for in the lesson's folder (the browser's drive, where each look is
# a round trip through the page, and an import that fails looks in every folder): the
# start module takes it off sys.path as soon as Python is restored, and the kernel does
# not put it back. The site's lessons import only what Python has.
from IPython.core.shellapp import InteractiveShellApp
InteractiveShellApp.init_path = lambda self: None
"""

NODE_SCRIPT = """
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import nodeCrypto from "node:crypto";
import { syncBuiltinESMExports } from "node:module";
import { pathToFileURL } from "node:url";
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
// Python keeps the script's name (sys.argv): not the build's folder, which changes.
process.argv[1] = "/mathplay/snapshot.mjs";
// The same memory from the same checkout, every build: the clock stands at the commit's
// time (the files' dates), random bytes come from a fixed sequence and Python's hashes
// from a fixed seed. (A kernel started from it seeds ``random`` again.)
if (job.epoch) {
  const fixed = Number(job.epoch) * 1000;
  Date.now = () => fixed;
  let tick = 0;
  Object.defineProperty(performance, "now", { value: () => (tick += 0.25), configurable: true });
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    return state >>> 0;
  };
  const fill = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    return array;
  };
  Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
  nodeCrypto.randomFillSync = (buffer) => fill(buffer);
  nodeCrypto.randomBytes = (size) => fill(Buffer.alloc(size));
  syncBuiltinESMExports();
}
const { loadPyodide } = await import(pathToFileURL(path.join(job.pyodide, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: job.pyodide + path.sep,
  _makeSnapshot: true,
  env: job.epoch ? { PYTHONHASHSEED: "0", SOURCE_DATE_EPOCH: String(job.epoch) } : {},
});
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
  memory: memory.length, root, files, packages: job.packages, later: job.later_packages,
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
START_MODULE = """// mathplay: Pyodide started from a snapshot when the browser keeps one
// (mathplay/site/snapshot.py). A first visit, or any failure: Pyodide starts as usual.
import { loadPyodide as loadFresh } from "./pyodide.mjs";

const SNAPSHOT = new URL("__SNAPSHOT__", import.meta.url).href;

// Kept unpacked by the first visit's page (see offline.py), else packed as served.
const UNPACKED = SNAPSHOT.replace(/\\.gz$/, "");

// The snapshot, read: Pyodide's memory, the packages' files. From the browser's cache
// (unpacked, or packed as served); on a first visit from the site itself, unpacked here
// (in the kernel's worker, not the page) and kept unpacked for the next visit.
async function kept() {
  if (!self.caches) return null;
  let bytes = null;
  const unpacked = await caches.match(UNPACKED);
  if (unpacked && unpacked.ok) {
    bytes = new Uint8Array(await unpacked.arrayBuffer());
  } else {
    let packed = await caches.match(SNAPSHOT, { ignoreSearch: true });
    const fetched = !packed || !packed.ok;
    if (fetched) packed = await fetch(SNAPSHOT);
    if (!packed || !packed.ok || !self.DecompressionStream) return null;
    const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(body).arrayBuffer());
    if (fetched) {
      try {
        const cache = await caches.open("mathplay-site");
        await cache.put(UNPACKED, new Response(bytes.slice(), {
          headers: { "Content-Type": "application/octet-stream" },
        }));
      } catch (error) { /* kept by the page's offline step instead */ }
    }
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
  const made = new Set();
  const put = (name, offset, size) => {
    const slash = name.lastIndexOf("/");
    const folder = header.root + "/" + name.slice(0, slash);
    if (slash > 0 && !made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(header.root + "/" + name, bytes.subarray(offset, offset + size), { canOwn: true });
  };
  // The files of the packages a lesson does not start with (sympy, jedi…: two files in
  // three) are put in place when Python first imports one of them (the snapshot's
  // _MathplayPutLater calls mathplayPutLater).
  const later = new Set(header.later || []);
  const waiting = [];
  let offset = memory.byteOffset + memory.length;
  for (const [name, size] of header.files) {
    if (later.has(name.split("/")[0].replace(/\\.py$/, ""))) waiting.push([name, offset, size]);
    else put(name, offset, size);
    offset += size;
  }
  self.mathplayPutLater = () => {
    for (const [name, start, size] of waiting.splice(0)) put(name, start, size);
  };
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
    // The working folder will be the browser's drive, where each look for a module is a
    // round trip through the page: modules are never looked for there.
    pyodide.runPython("import sys\\nsys.path[:] = [p for p in sys.path if p not in ('', '.')]");
    if (options.packages) await pyodide.loadPackage(options.packages);
    return pyodide;
  } catch (error) {
    console.warn("mathplay: Python started without its snapshot", error);
    return loadFresh(options);
  }
}
"""
