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
// The lesson's puzzles, where a lesson looks for them (the notebook's folder).
const puzzles = path.join(site, "files", "puzzles");
pyodide.FS.mkdirTree("/home/pyodide/puzzles");
for (const name of fs.readdirSync(puzzles)) {
  pyodide.FS.writeFile("/home/pyodide/puzzles/" + name, fs.readFileSync(path.join(puzzles, name)));
}
const loaded = Object.keys(pyodide.loadedPackages).sort();  // before the cell's imports
const code = fs.readFileSync(pythonFile, "utf8");
// As the kernel does before it runs a cell: the packages the cell imports.
await pyodide.loadPackagesFromImports(code);
const answer = await pyodide.runPythonAsync(code);
console.log(JSON.stringify({ loaded, python: JSON.parse(answer) }));
