// The rules engine for the page: one Web Worker running Pyodide, started on first use.
//
//   import { ensureRuntime, call, onProgress } from ".../assets/frontend/core/runtime.js"
//   const stop = onProgress(({ stage, percent }) => label.textContent = `… ${percent}%`)
//   const actions = await call("faq.legal_actions", position)
//
// Functions are "<module>.<function>" of the Python package catan_web (faq, tutorial, game:
// each module's BRIDGE); arguments and results are plain JSON values. The worker is created
// once per page load and survives Material's instant navigation because this module is
// evaluated only once.

let runtime = null  // {worker, ready, started, dead}: memoised, a page never starts two Pyodides
let lastProgress = null
const TYPICAL_START_MS = 5000  // cold start on a 2-core machine; warm starts take ~3 s
let nextId = 1
const pending = new Map()  // id -> {resolve, reject}
const listeners = new Set()

/** URL of the site's assets folder: <meta name="catan-assets">, else next to this module. */
export function assetsURL() {
  const meta = document.querySelector('meta[name="catan-assets"]')
  const href = meta && meta.getAttribute("content")
  if (href) return new URL(href.replace(/\/?$/, "/"), document.baseURI)
  return new URL("../../", import.meta.url)
}

/** Call `listener({stage, percent, ...})` at each start-up step; returns an unsubscriber. */
export function onProgress(listener) {
  listeners.add(listener)
  if (lastProgress) listener(lastProgress)
  return () => listeners.delete(listener)
}

function report(progress) {
  lastProgress = progress
  for (const listener of listeners) {
    try { listener(progress) } catch (error) { console.error(error) }
  }
}

// Python's start-up keeps the worker's thread busy, so it cannot report: estimate progress from
// a typical start-up time (never past 88%, never backwards), so that a widget's "Loading the
// rules engine… 40%" keeps moving. Real progress messages win when they are ahead.
function estimate(started) {
  const timer = setInterval(() => {
    const now = lastProgress || { stage: "downloading", percent: 0 }
    if (now.stage === "ready" || now.stage === "failed") return clearInterval(timer)
    const share = 1 - Math.exp(-(performance.now() - started) / TYPICAL_START_MS)
    const percent = Math.round(88 * share)
    if (percent > now.percent) report({ ...now, percent, estimated: true })
  }, 250)
}

function fail(error) {
  const { message, ...rest } = error
  return Object.assign(new Error(message), rest)
}

function receive({ data }) {
  if (data.progress) {
    const { progress: stage, ...rest } = data
    report({ stage, ...rest, percent: Math.max(rest.percent ?? 0, lastProgress?.percent ?? 0) })
    if (stage === "ready") {
      runtime.started = true
      // the files the engine loaded, for the offline cache (catan-offline.js keeps them)
      window.dispatchEvent(new CustomEvent("catan:engine-loaded", { detail: rest.loaded }))
      try { localStorage.setItem(READY_KEY, "1") } catch { /* storage off: ask next time too */ }
      runtime.resolve(rest)
    }
    if (stage === "failed") runtime.reject(fail({ code: "runtime_failed", message: data.error }))
    return
  }
  const waiting = pending.get(data.id)
  if (!waiting) return
  pending.delete(data.id)
  if (data.ok) waiting.resolve(JSON.parse(data.result))
  else waiting.reject(fail(data.error))
}

// -- Save-Data: ask before the first download -------------------------------------------------
//
// When the browser says the reader wants to save data (the Save-Data setting) or the link is
// slow or cellular, a widget says how large the engine is and waits for a tap before starting
// it. Once the engine has been ready on this device its files are in the offline cache (and
// the HTTP cache), so it is not asked again.

const READY_KEY = "catan-engine-ready"
let allowed = null  // {promise, resolve}: one go-ahead for every widget of the page load

/** True when the browser asks to spare data (Save-Data, or a slow-2g/2g/3g or cellular link). */
export function sparesData() {
  const link = navigator.connection
  if (!link) return false
  return Boolean(link.saveData) || ["slow-2g", "2g", "3g"].includes(link.effectiveType)
    || link.type === "cellular"
}

function readyBefore() {
  try { return localStorage.getItem(READY_KEY) === "1" } catch { return false }
}

/** Whether starting the engine now would download it without the reader having agreed. */
export function mustAsk() {
  return !runtime && !allowed?.given && sparesData() && !readyBefore()
}

/** Resolves once the engine may download: at once unless `mustAsk()`, else when some widget of
 *  the page calls `allowDownload()` (or the engine was started anyway, e.g. by the Play page). */
export function downloadAllowed() {
  if (!allowed) {
    allowed = {}
    allowed.promise = new Promise((resolve) => { allowed.resolve = resolve })
    if (!mustAsk()) allowDownload()
  }
  return allowed.promise
}

/** The reader agreed to download the engine (for every widget of this page load). */
export function allowDownload() {
  if (!allowed) downloadAllowed()
  allowed.given = true
  allowed.resolve()
}

let size = null
/** Bytes the engine's first start downloads (the sizes in assets/wheels/manifest.json). */
export function downloadBytes() {
  size ??= fetch(new URL("wheels/manifest.json", assetsURL()))
    .then((r) => r.ok ? r.json() : Promise.reject(new Error(`manifest.json: HTTP ${r.status}`)))
    .then(({ sizes }) => Object.values(sizes).reduce((sum, n) => sum + n, 0))
  return size
}

/** Start the worker if needed; resolves with its start-up timings once the engine answers. */
export function ensureRuntime() {
  if (!runtime) {
    runtime = {}
    if (allowed && !allowed.given) allowDownload()  // it downloads anyway: no widget waits
    runtime.ready = new Promise((resolve, reject) => Object.assign(runtime, { resolve, reject }))
    runtime.ready.catch(() => {})  // call() reports failures too; no unhandled rejection
    runtime.worker = new Worker(new URL("frontend/core/worker.mjs", assetsURL()), { type: "module" })
    runtime.worker.onmessage = receive
    estimate(performance.now())
    runtime.worker.onerror = (event) => {  // the worker script itself failed
      event.preventDefault()
      if (runtime.started) return console.error("rules engine worker:", event.message)
      runtime.dead = fail({ code: "runtime_failed", message: event.message || "worker failed" })
      report({ stage: "failed", error: runtime.dead.message })
      runtime.reject(runtime.dead)
      for (const waiting of pending.values()) waiting.reject(runtime.dead)
      pending.clear()
    }
  }
  return runtime.ready
}

/** `await call("faq.analyse", position, {type: "production", total: 8})`: the function's result.
 *  Rejects with an Error carrying `code` and `details` (the engine's error) when it fails. */
export function call(fn, ...args) {
  ensureRuntime()
  if (runtime.dead) return Promise.reject(runtime.dead)
  return new Promise((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve, reject })
    runtime.worker.postMessage({ id, fn, args: JSON.stringify(args) })
  })
}
