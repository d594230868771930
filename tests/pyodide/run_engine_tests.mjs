// Run the engine's pytest suite inside Pyodide under Node.js:
//
//   node tests/pyodide/run_engine_tests.mjs --project . --wheel dist/catan_core-….whl \
//        --wheel pytest-….whl … [--tests tests/engine] [-- more pytest arguments]
//
// The engine comes from its wheel (as in the browser), the tests folder is mounted read-write
// from the host, and the installed catan_core is collected too (its docstring examples, with the
// project's --doctest-modules). The last line printed is
// `PYODIDE-RESULT {"exit_code": …, "stats": {"passed": …, "failed": …}, …}`.

import { existsSync } from "node:fs"
import { resolve } from "node:path"
import { copyIn, parseArgs, startPyodide } from "./pyodide_node.mjs"

const options = parseArgs(process.argv.slice(2), ["wheel"])
const project = resolve(options.project || ".")
const tests = options.tests || "tests/engine"

const pyodide = await startPyodide(options.wheel || [])
pyodide.FS.mkdirTree("/project/tests")
pyodide.mountNodeFS("/project/tests", resolve(project, "tests"))
await copyIn(pyodide, resolve(project, "pyproject.toml"), "/project/pyproject.toml")

const args = [
  "-c", "/project/pyproject.toml", "--rootdir", "/project",
  "--confcutdir", `/project/${tests}`,  // tests/conftest.py serves the browser tests, not these
  "-p", "no:cacheprovider", "-q",  // and the addopts of pyproject.toml, as in CPython
  ...(existsSync(resolve(project, tests)) ? [tests] : []),
  "{catan_core}",  // the installed package's folder (its doctests, with --doctest-modules)
  ...options.rest,
]
const result = pyodide.runPython(`
import json, os, sys
import pytest

class Summary:
    stats = {}
    def pytest_terminal_summary(self, terminalreporter):
        Summary.stats = {k: len(v) for k, v in terminalreporter.stats.items() if k}

import catan_core
package = os.path.dirname(catan_core.__file__)
args = json.loads(${JSON.stringify(JSON.stringify(args))})
args = [package if a == "{catan_core}" else a for a in args]
os.chdir("/project")
code = pytest.main(list(args), plugins=[Summary()])
json.dumps({"exit_code": int(code), "stats": Summary.stats, "args": args,
            "python": sys.version.split()[0], "pytest": pytest.__version__})
`)
const summary = { ...JSON.parse(result), pyodide: pyodide.version }
console.log(`PYODIDE-RESULT ${JSON.stringify(summary)}`)
process.exit(summary.exit_code === 0 ? 0 : 1)
