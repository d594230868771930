// Build step (catan_site/runtime_assets.py): Pyodide's standard library with the modules a start
// of the engine imports precompiled, so the browser does not compile them from source at every
// start.
//
//   node compile_stdlib.mjs <node_modules/pyodide> <engine wheel> <out.zip>
//
// Starts Pyodide under Node, installs the wheel, imports catan_web (and its bridges) and warms
// it up as the browser worker does, then writes python_stdlib.zip again with every module then
// imported from it as an unchecked hash-based .pyc in place of its .py (Python reads a .pyc
// before a .py in a zip); the rest stays source. The bytecode is Pyodide's own Python's.
import { readFile, writeFile } from "node:fs/promises"
import { pathToFileURL } from "node:url"
import path from "node:path"

const [pyodideDir, wheelPath, outPath] = process.argv.slice(2)
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href)
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/",
                               env: { PYTHONDONTWRITEBYTECODE: "1" } })
const extractDir = py.runPython("import site; site.getsitepackages()[0]")
py.unpackArchive(new Uint8Array(await readFile(wheelPath)), "wheel", { extractDir })
const zip = py.runPython(`
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

import catan_web, catan_web.faq, catan_web.game, catan_web.tutorial
catan_web.warm_up()

stdlib = next(p for p in sys.path if p.endswith(".zip"))
used = {m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
        if (getattr(m, "__file__", None) or "").startswith(stdlib + "/")}
out = io.BytesIO()
with zipfile.ZipFile(stdlib) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
    for info in zin.infolist():
        data, name = zin.read(info), info.filename
        if name in used:
            code = compile(data, f"{stdlib}/{name}", "exec", dont_inherit=True)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name += "c"
        entry = zipfile.ZipInfo(name, date_time=info.date_time)
        entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
        zout.writestr(entry, data)
print(f"{len(used)} of {len(zin.infolist())} modules precompiled", file=sys.stderr)
out.getvalue()
`)
await writeFile(outPath, zip.toJs())
zip.destroy()
