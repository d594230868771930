// The rules engine in a module worker: self-hosted Pyodide + the engine wheel (catan_core and
// its browser bridges, catan_web).
//
// Every URL is relative to this file (site/assets/frontend/core/worker.mjs), so the worker works
// wherever the site is served. Start-up posts {progress: "downloading" | "starting" | "ready"
// | "failed", percent, ...} (ready adds {version, timings, loaded: the URLs it fetched}); then
// each message {id, fn, args} (args: a JSON array as a string) is answered with
// {id, ok: true, result} (a JSON string) or {id, ok: false, error}.
//
// It runs as a SharedWorker where the browser has them (runtime.js): the site's pages open in
// one browser share one engine, so a second tab's widgets answer at once. Each page talks
// through its own port; start-up messages go to every port, and a page that connects later
// first gets the last of them (the engine may be ready already). Where SharedWorker is
// missing it is a dedicated worker of its page, with the same messages.
//
// `fn` is "<module>.<function>" of catan_web (faq.render, tutorial.judge, game.view...), all
// answered by the one entry point catan_web.call(fn, args_json) -> (ok, JSON text).

const assets = new URL("../../", import.meta.url)
const pyodideURL = new URL("pyodide/", assets)
const wheelsURL = new URL("wheels/", assets)

// The pages to tell about start-up: the dedicated worker's page, or each port connected so far.
const ports = new Set()
let started = null  // the last start-up message, for a page that connects later
function post(message) {
  started = message
  for (const port of ports) port.postMessage(message)
  if (message.progress === "ready" || message.progress === "failed") ports.clear()  // told
}
const text = (error) => String((error && error.message) || error)

// Progress never goes backwards, though downloads may finish after Python started.
const STAGES = ["downloading", "starting", "ready"]
let last = { stage: 0, percent: 0 }
function progress(stage, percent, extra = {}) {
  last = { stage: Math.max(last.stage, STAGES.indexOf(stage)),
           percent: Math.max(last.percent, percent) }
  post({ progress: STAGES[last.stage], percent: last.percent, ...extra })
}

async function fetchOK(url) {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
  return response
}

// Download progress (0-30%) from this worker's Resource Timing entries, weighted by the sizes in
// the wheel manifest. Pyodide's 9.6 MB wasm is left out: it is compiled while it streams in and
// its entry appears only once Python is up (intercepting fetch would lose the wasm code cache).
// Python's start-up then blocks this thread; runtime.js estimates progress meanwhile.
const WASM = "pyodide/pyodide.asm.wasm"

function watchDownloads(sizes) {
  const total = Object.entries(sizes).reduce((sum, [name, n]) => sum + (name === WASM ? 0 : n), 0)
  const done = new Set()
  let loaded = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = decodeURIComponent(new URL(entry.name).pathname).split("/").slice(-2).join("/")
      if (name in sizes && name !== WASM && !done.has(name)) {
        done.add(name)
        loaded += sizes[name]
        progress(loaded < total ? "downloading" : "starting", Math.round(30 * loaded / total),
          { loaded, total })
      }
    }
  })
  observer.observe({ type: "resource", buffered: true })
  return observer
}

let python = null  // the Pyodide instance, once started
let entry = null   // catan_web.call (a PyProxy)

async function start() {
  const t0 = performance.now()
  progress("downloading", 0)
  const manifest = fetchOK(new URL("manifest.json", wheelsURL)).then((r) => r.json())
  const wheel = manifest.then((m) => fetchOK(new URL(m.wheel, wheelsURL)))
    .then((r) => r.arrayBuffer())
  wheel.catch(() => {})  // awaited (and reported) below

  const [{ loadPyodide }, { version, sizes }] = await Promise.all([
    import(new URL("pyodide.mjs", pyodideURL).href), manifest])
  const observer = watchDownloads(sizes || {})
  const t1 = performance.now()
  python = await loadPyodide({ indexURL: pyodideURL.href, env: { PYTHONDONTWRITEBYTECODE: "1" } })
  const t2 = performance.now()
  observer.disconnect()
  progress("starting", 90)  // Python is up; the engine comes next

  const wheelBytes = await wheel
  const t3 = performance.now()
  const extractDir = python.runPython("import site; site.getsitepackages()[0]")
  python.unpackArchive(wheelBytes, "wheel", { extractDir })
  const t4 = performance.now()
  entry = python.pyimport("catan_web").call
  const t5 = performance.now()
  const timings = {
    importPyodide: t1 - t0, loadPyodide: t2 - t1, waitDownloads: t3 - t2,
    unpackWheel: t4 - t3, importEngine: t5 - t4, total: t5 - t0,
  }
  // what this worker loaded (Pyodide, its standard library, the wheel): the page's own list of
  // resources lacks them, and the offline cache keeps what a page reports (catan-offline.js)
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name)
  progress("ready", 100, { version, timings, loaded })
  // Calls already waiting run first (they await `ready`); then warm up what drawing needs.
  setTimeout(() => {
    try { python.runPython("import catan_web; catan_web.warm_up()") } catch (error) { console.warn(error) }
  }, 0)
}

const shared = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope
const ready = start()
ready.catch((error) => {
  post({ progress: "failed", error: text(error) })
  // A shared engine that could not start retires once its pages are told (their waiting calls
  // answered first): the tab reloaded or opened next starts a new one, which may download now,
  // instead of hearing this failure again for as long as any tab of the site stays open.
  if (shared) setTimeout(() => self.close(), 0)
})

/** Answer `port`'s calls: {id, fn, args} -> {id, ok, result | error}. */
function serve(port) {
  port.onmessage = async ({ data: { id, fn, args } }) => {
    const json = typeof args === "string" ? args : JSON.stringify(args ?? [])
    const failure = (code, error) =>
      port.postMessage({ id, ok: false, error: { code, message: text(error), details: {} } })
    try {
      await ready
    } catch (error) {
      return failure("runtime_failed", error)
    }
    try {
      const answer = entry(fn, json)
      const [ok, result] = answer.toJs()
      answer.destroy()
      port.postMessage(ok ? { id, ok, result } : { id, ok, error: JSON.parse(result) })
    } catch (error) {  // only a failure of Pyodide itself gets here: catan_web.call catches the rest
      failure("internal_error", error)
    }
  }
}

/** A page's port: it hears how start-up goes (from where it is now), then its answers. */
function connect(port) {
  if (started) port.postMessage(started)
  if (!started || (started.progress !== "ready" && started.progress !== "failed")) ports.add(port)
  serve(port)
  if (port.start) port.start()
}

if (shared) {
  self.onconnect = (event) => connect(event.ports[0])
} else {
  connect(self)  // a dedicated worker: its one page
}
