// Start the built site's Python as its kernel does, through mathplay-start.mjs, in
// Node.js, and print what a few checks find (tests/site/test_quick_start.py).
//
//   node quick_start.mjs SITE CACHED PYTHON_FILE
//
// CACHED: "none" (a first visit: the browser's cache has no snapshot), "packed" (the
// snapshot as served, .bin.gz), "unpacked" (also kept unpacked, as the first visit's
// page does) or "broken" (a snapshot cut short, as a full disk may leave it). The
// browser's cache is played by a tiny `caches.match` on the site's files.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";

const [site, cached, pythonFile] = process.argv.slice(2);
const core = path.join(site, "static", "pyodide");

globalThis.self = globalThis;
globalThis.caches = {
  async match(url) {
    const file = fileURLToPath(String(url).split("?")[0]);
    if (cached === "none" || !file.startsWith(core)) return undefined;
    if (cached === "broken" && /mathplay-start-/.test(file)) {
      const whole = fs.readFileSync(file.endsWith(".bin") ? file + ".gz" : file);
      return file.endsWith(".bin") ? undefined : new Response(whole.subarray(0, 1 << 20));
    }
    if (file.endsWith(".bin")) {
      if (cached !== "unpacked") return undefined;
      return new Response(zlib.gunzipSync(fs.readFileSync(file + ".gz")));
    }
    return fs.existsSync(file) ? new Response(fs.readFileSync(file)) : undefined;
  },
};

// Pyodide prints its whole (minified) source with an error that reaches Node.js: say
// only the error.
process.on("uncaughtException", (error) => {
  process.stderr.write(String((error && (error.message || error.stack)) || error).slice(-4000) + "\n");
  process.exit(1);
});
process.on("unhandledRejection", (error) => {
  process.stderr.write(String((error && (error.message || error.stack)) || error).slice(-4000) + "\n");
  process.exit(1);
});

const config = JSON.parse(fs.readFileSync(path.join(site, "jupyter-lite.json"), "utf8"));
const kernel =
  config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const start = path.join(site, kernel.pyodideUrl);
const { loadPyodide } = await import(pathToFileURL(start).href);
const options = kernel.loadPyodideOptions;
const pyodide = await loadPyodide({
  ...options,
  indexURL: core + path.sep,
  lockFileURL: path.join(site, options.lockFileURL),
  stdout: () => {},
  stderr: (line) => process.stderr.write(line + "\n"),
});
// The lesson's folder is /drive, as on the site (where it is the browser's drive, and
// the kernel's working folder), with the lesson's puzzles where a lesson looks for them.
const puzzles = path.join(site, "files", "puzzles");
pyodide.FS.mkdirTree("/drive/puzzles");
for (const name of fs.readdirSync(puzzles)) {
  pyodide.FS.writeFile("/drive/puzzles/" + name, fs.readFileSync(path.join(puzzles, name)));
}
pyodide.FS.chdir("/drive");
// Every look Python takes at the lesson's folder (on the website: the browser's drive,
// where each is a round trip through the page), as "operation path".
globalThis.mathplayLooks = [];
const folder = pyodide.FS.cwd();
const LOOKS = new Set(["getattr", "lookup", "readdir", "open", "mknod", "rename", "unlink"]);
for (const kind of Object.values(pyodide.FS.filesystems.MEMFS.ops_table)) {
  for (const table of [kind.node, kind.stream]) {
    for (const [name, operation] of Object.entries(table || {})) {
      if (!LOOKS.has(name)) continue;
      table[name] = function (...args) {
        const node = args[0] && args[0].node ? args[0].node : args[0];
        let where = "";
        try { where = pyodide.FS.getPath(node); } catch (error) { where = ""; }
        if (name === "lookup" || name === "mknod") where += "/" + args[1];
        if (where === folder || where.startsWith(folder + "/")) {
          globalThis.mathplayLooks.push(name + " " + where.slice(folder.length + 1));
        }
        return operation.apply(this, args);
      };
    }
  }
}
const loaded = Object.keys(pyodide.loadedPackages).sort();  // before the cell's imports
const code = fs.readFileSync(pythonFile, "utf8");
// As the kernel does before it runs a cell: the packages the cell imports.
await pyodide.loadPackagesFromImports(code);
const answer = await pyodide.runPythonAsync(code);
console.log(JSON.stringify({ loaded, python: JSON.parse(answer) }));
