// The rules engine in a module Web Worker: self-hosted Pyodide + the catan_core wheel + bridge.py.
//
// Every URL is relative to this file (site/assets/widgets/worker.mjs), so the worker works
// wherever the site is served. Start-up posts {progress: "downloading" | "starting" | "ready"
// | "failed", percent, ...}; then each message {id, fn, args} (args: a JSON array as a string)
// is answered with {id, ok: true, result} (a JSON string) or {id, ok: false, error}.

const widgets = new URL("./", import.meta.url)
const assets = new URL("../", widgets)
const pyodideURL = new URL("pyodide/", assets)
const wheelsURL = new URL("wheels/", assets)

const post = (message) => self.postMessage(message)

// Progress never goes backwards, though downloads may finish after Python started.
const STAGES = ["downloading", "starting", "ready"]
let last = { stage: 0, percent: 0 }
function progress(stage, percent, extra = {}) {
  last = { stage: Math.max(last.stage, STAGES.indexOf(stage)), percent: Math.max(last.percent, percent) }
  post({ progress: STAGES[last.stage], percent: last.percent, ...extra })
}

async function fetchOK(url) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
  return response
}

// Download progress from the Resource Timing entries of this worker's own requests, weighted
// by the sizes in the wheel manifest: Pyodide's own fetches cannot be observed any other way
// without losing the browser's compiled-wasm cache.
function watchDownloads(manifest) {
  const sizes = manifest.sizes || {}
  const total = Object.values(sizes).reduce((a, b) => a + b, 0)
  const done = new Set()
  let loaded = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = decodeURIComponent(new URL(entry.name).pathname).split("/").slice(-2).join("/")
      if (name in sizes && !done.has(name)) {
        done.add(name)
        loaded += sizes[name]
        progress(loaded < total ? "downloading" : "starting", Math.round(75 * loaded / total),
          { loaded, total })
      }
    }
  })
  observer.observe({ type: "resource", buffered: true })
  return observer
}

async function start() {
  const t0 = performance.now()
  progress("downloading", 0)
  const manifest = fetchOK(new URL("manifest.json", wheelsURL)).then((r) => r.json())
  const wheel = manifest.then((m) => fetchOK(new URL(m.wheel, wheelsURL)))
    .then((r) => r.arrayBuffer())
  const bridge = fetchOK(new URL("bridge.py", widgets)).then((r) => r.text())
  const loader = import(new URL("pyodide.mjs", pyodideURL).href)
  const watching = manifest.then(watchDownloads, () => null)

  const { loadPyodide } = await loader
  const t1 = performance.now()
  const pyodide = await loadPyodide({
    indexURL: pyodideURL.href,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  })
  const t2 = performance.now()
  const observer = await watching
  observer?.disconnect()
  progress("starting", 90)  // Python is up; the engine comes next

  const [wheelBytes, bridgeSource] = await Promise.all([wheel, bridge])
  const t3 = performance.now()
  const extractDir = pyodide.runPython("import site; site.getsitepackages()[0]")
  pyodide.unpackArchive(wheelBytes, "wheel", { extractDir })
  const t4 = performance.now()
  pyodide.FS.writeFile("/home/pyodide/catan_bridge.py", bridgeSource)
  const call = pyodide.runPython(
    "import sys\nsys.path.insert(0, '/home/pyodide')\nimport catan_bridge\ncatan_bridge.call")
  const t5 = performance.now()
  const timings = {
    importPyodide: t1 - t0, loadPyodide: t2 - t1, waitDownloads: t3 - t2,
    unpackWheel: t4 - t3, importEngine: t5 - t4, total: t5 - t0,
  }
  progress("ready", 100, { version: (await manifest).version, timings })
  // Calls already waiting run first (they await `ready`); then warm up what render needs.
  setTimeout(() => pyodide.runPython("catan_bridge.warm_up()"), 0)
  return call
}

const ready = start()
ready.catch((error) => post({ progress: "failed", error: String(error && error.message || error) }))

self.onmessage = async ({ data }) => {
  const { id, fn, args } = data
  let call
  try {
    call = await ready
  } catch (error) {
    post({ id, ok: false, error: { code: "runtime_failed", message: String(error), details: {} } })
    return
  }
  try {
    const answer = call(fn, typeof args === "string" ? args : JSON.stringify(args ?? []))
    const [ok, text] = answer.toJs()
    answer.destroy()
    post(ok ? { id, ok, result: text } : { id, ok, error: JSON.parse(text) })
  } catch (error) {  // only a failure of Pyodide itself gets here: bridge.call catches the rest
    post({ id, ok: false, error: { code: "internal_error", message: String(error), details: {} } })
  }
}
