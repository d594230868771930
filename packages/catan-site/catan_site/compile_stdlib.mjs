// Build step (catan_site/runtime_assets.py): Pyodide's standard library with the modules a start
// of the engine imports precompiled, and the engine wheel with its bytecode, so the browser
// compiles no Python from source at a start.
//
//   node compile_stdlib.mjs <node_modules/pyodide> <engine wheel> <out.zip> <out.whl>
//
// Starts Pyodide under Node, installs the wheel, imports catan_web (and its bridges) and warms
// it up as the browser worker does, then writes python_stdlib.zip again with every module then
// imported from it as an unchecked hash-based .pyc in place of its .py (Python reads a .pyc
// before a .py in a zip); the rest stays source. The wheel is written again with, next to each
// module, its __pycache__ .pyc (unchecked hash-based: the sources stay, for tracebacks, but are
// never read at import), listed in the wheel's RECORD. The bytecode is Pyodide's own Python's.
import { readFile, writeFile } from "node:fs/promises"
import { pathToFileURL } from "node:url"
import path from "node:path"

const [pyodideDir, wheelPath, outPath, wheelOutPath] = process.argv.slice(2)
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

py.globals.set("wheel_bytes", new Uint8Array(await readFile(wheelPath)))
const wheel = py.runPython(`
import base64, hashlib, importlib.util, io, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

installed = site.getsitepackages()[0]
source = zipfile.ZipFile(io.BytesIO(wheel_bytes.to_py()))
out = io.BytesIO()
added = []
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
    record = None
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            record = (info, data)
            continue
        zout.writestr(info, data)
        if info.filename.endswith(".py") and ".dist-info/" not in info.filename:
            path = f"{installed}/{info.filename}"
            code = compile(data, path, "exec", dont_inherit=True)
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name = importlib.util.cache_from_source(path)[len(installed) + 1:]
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
            zout.writestr(entry, pyc)
            added.append(record_line(name, pyc))
    info, data = record
    lines = data.decode().rstrip("\\n").split("\\n")
    zout.writestr(info, "\\n".join(lines[:-1] + added + lines[-1:]) + "\\n")
print(f"{len(added)} engine modules precompiled", file=sys.stderr)
out.getvalue()
`)
await writeFile(wheelOutPath, wheel.toJs())
wheel.destroy()
