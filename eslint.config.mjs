// The widgets' JavaScript (mathplay/widgets/static/*.js): anywidget ES modules that run
// in the browser; the website's scripts (mathplay/site/static/*.js: the lab page's and
// the service worker's lines, put in the built pages); and the developer tools in tools/
// (Node.js scripts).
// `npm install && npm run lint` (also in .ci/run and pre-commit).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["mathplay/widgets/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-globals": "error",
      "no-shadow": "error",
    },
  },
  {
    files: ["tools/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: { eqeqeq: ["error", "always"], "no-var": "error", "prefer-const": "error" },
  },
  {
    // The website's scripts are put into JupyterLite's pages and service worker as they
    // are; one-lesson.js runs inside the page loader's async function (so: module, for
    // its top-level await).
    files: ["mathplay/site/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.serviceworker },
    },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
