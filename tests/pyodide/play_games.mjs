// Play tests/pyodide/selfplay.py's seeded games inside Pyodide under Node.js, through the same
// catan_web entry point the browser uses (from the wheel); prints `PYODIDE-GAMES [...]` (JSON) as its last line.
//
//   node tests/pyodide/play_games.mjs --project . --wheel catan_core-….whl

import { resolve } from "node:path"
import { copyIn, parseArgs, startPyodide } from "./pyodide_node.mjs"

const options = parseArgs(process.argv.slice(2), ["wheel"])
const project = resolve(options.project || ".")
const pyodide = await startPyodide(options.wheel || [])
await copyIn(pyodide, resolve(project, "tests/pyodide/selfplay.py"), "/home/pyodide/selfplay.py")
const games = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide")
import selfplay
json.dumps(selfplay.play_all())
`)
console.log(`PYODIDE-GAMES ${games}`)
