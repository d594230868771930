// Pyodide under Node.js for the tests: the npm package's runtime, wheels loaded from local files.
// Nothing is ever loaded by package name (that would fall back to a CDN).

import { readFile } from "node:fs/promises"
import { basename } from "node:path"
import { loadPyodide } from "pyodide"

/** Parse `--name value` pairs (repeatable names collect into arrays) and the words after `--`. */
export function parseArgs(argv, repeatable = []) {
  const options = { rest: [] }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") { options.rest = argv.slice(i + 1); break }
    const name = argv[i].replace(/^--/, "")
    if (repeatable.includes(name)) (options[name] ||= []).push(argv[++i])
    else options[name] = argv[++i]
  }
  return options
}

/** A fresh Pyodide with the given wheel files unpacked into site-packages. */
export async function startPyodide(wheels = []) {
  const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } })
  // Raw writes, so that pytest's progress dots stay on one line.
  pyodide.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length } })
  pyodide.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length } })
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]")
  for (const path of wheels) {
    if (!path.endsWith("-none-any.whl")) throw new Error(`not a pure wheel: ${basename(path)}`)
    pyodide.unpackArchive(new Uint8Array(await readFile(path)), "wheel", { extractDir })
  }
  return pyodide
}

/** Write a local file into Pyodide's file system (making its folder). */
export async function copyIn(pyodide, hostPath, path) {
  pyodide.FS.mkdirTree(path.replace(/\/[^/]*$/, "") || "/")
  pyodide.FS.writeFile(path, await readFile(hostPath))
}
