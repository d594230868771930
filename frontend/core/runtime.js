// The rules engine for the page: one worker running Pyodide, started on first use.
//
//   import { ensureRuntime, call, onProgress } from ".../assets/frontend/core/runtime.js"
//   const stop = onProgress(({ stage, percent }) => label.textContent = `… ${percent}%`)
//   const actions = await call("faq.legal_actions", position)
//
// Functions are "<module>.<function>" of the Python package catan_web (faq, tutorial, game:
// each module's BRIDGE); arguments and results are plain JSON values. The worker is created
// once per page load and survives Material's instant navigation because this module is
// evaluated only once. It is a SharedWorker where the browser has them: the pages of the site
// open at the same time share one engine (a second tab answers at once, and Pyodide's memory is
// taken once); its name carries the engine wheel's digest, so a page of a newer site never talks
// to the engine of an older one still open in another tab. Elsewhere, a dedicated Worker.

let runtime = null  // {port, ready, started, dead}: memoised, a page never starts two Pyodides
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
// rules engine… 40%" keeps moving. Real progress messages win when they are ahead. Nothing is
// estimated before the worker's first message: a page that joins a running engine (a
// SharedWorker busy with another page's call) is told "ready" when it answers, not "downloading".
function estimate(started) {
  const timer = setInterval(() => {
    const now = lastProgress
    if (!now) return
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
  if (data.progress === "failed") return die(data.error)  // and the calls sent meanwhile
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

let manifest = null
/** assets/wheels/manifest.json: the engine wheel's name and digest, the size of each file. */
function engineManifest() {
  manifest ??= fetch(new URL("wheels/manifest.json", assetsURL()))
    .then((r) => r.ok ? r.json() : Promise.reject(new Error(`manifest.json: HTTP ${r.status}`)))
  return manifest
}

/** Bytes the engine's first start downloads (the sizes in assets/wheels/manifest.json). */
export function downloadBytes() {
  return engineManifest().then(({ sizes }) => Object.values(sizes).reduce((sum, n) => sum + n, 0))
}

/** The worker (see the top of this file) and the port this page talks through; `shared`:
 *  a SharedWorker if the browser has them. */
async function startWorker(shared) {
  const url = new URL("frontend/core/worker.mjs", assetsURL())
  if (!shared) {
    const worker = new Worker(url, { type: "module" })
    return { worker, port: worker }
  }
  const { sha256 } = await engineManifest()
  const worker = new SharedWorker(url, { type: "module", name: `catan-engine-${sha256.slice(0, 16)}` })
  worker.port.start()
  return { worker, port: worker.port }
}

/** The engine cannot start or answer: every call waiting, and every later one, fails. */
function die(message) {
  runtime.dead = fail({ code: "runtime_failed", message })
  report({ stage: "failed", error: runtime.dead.message })
  runtime.reject(runtime.dead)
  for (const waiting of pending.values()) waiting.reject(runtime.dead)
  pending.clear()
}

/** Start the worker if needed; resolves with its start-up timings once the engine answers. */
export function ensureRuntime() {
  if (!runtime) {
    runtime = {}
    if (allowed && !allowed.given) allowDownload()  // it downloads anyway: no widget waits
    runtime.ready = new Promise((resolve, reject) => Object.assign(runtime, { resolve, reject }))
    runtime.ready.catch(() => {})  // call() reports failures too; no unhandled rejection
    estimate(performance.now())
    runtime.port = connect(typeof SharedWorker === "function")
  }
  return runtime.ready
}

/** The port of a new worker, listened to; null if it cannot start. A SharedWorker that fails
 *  before saying anything (a browser without module shared workers) gives way to a Worker. */
function connect(shared) {
  return startWorker(shared).then(({ worker, port }) => {
    let heard = false
    port.onmessage = (event) => { heard = true; receive(event) }
    worker.onerror = (event) => {  // the worker script itself failed
      event.preventDefault()
      if (runtime.started) return console.error("rules engine worker:", event.message)
      if (shared && !heard) {  // the calls already sent go to the Worker instead
        const unanswered = [...pending.values()].map((waiting) => waiting.message)
        runtime.port = connect(false)
        runtime.port.then((next) => unanswered.forEach((message) => next && next.postMessage(message)))
        return
      }
      die(event.message || "worker failed")
    }
    return port
  }, (error) => {
    die(String(error && error.message || error))
    return null
  })
}

/** `await call("faq.analyse", position, {type: "production", total: 8})`: the function's result.
 *  Rejects with an Error carrying `code` and `details` (the engine's error) when it fails. */
export function call(fn, ...args) {
  ensureRuntime()
  if (runtime.dead) return Promise.reject(runtime.dead)
  return new Promise((resolve, reject) => {
    const id = nextId++
    const message = { id, fn, args: JSON.stringify(args) }
    pending.set(id, { resolve, reject, message })
    runtime.port.then((port) => port && port.postMessage(message))
  })
}
