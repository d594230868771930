// The rules engine for the page: one Web Worker running Pyodide, started on first use.
//
//   import { ensureRuntime, call, onProgress } from ".../assets/widgets/runtime.js"
//   const stop = onProgress(({ stage, percent }) => label.textContent = `… ${percent}%`)
//   const actions = await call("legal_actions", position)
//
// Functions are those of widgets/bridge.py (new_game, legal_actions, apply, render, analyse);
// arguments and results are plain JSON values. The worker is created once per page load and
// survives Material's instant navigation because this module is evaluated only once.

let runtime = null  // {worker, ready}: memoised, so a page never starts two Pyodides
let lastProgress = null
let nextId = 1
const pending = new Map()  // id -> {resolve, reject}
const listeners = new Set()

/** URL of the site's assets folder: <meta name="catan-assets">, else next to this module. */
export function assetsURL() {
  const meta = document.querySelector('meta[name="catan-assets"]')
  const href = meta && meta.getAttribute("content")
  return new URL(href ? href.replace(/\/?$/, "/") : "../", href ? document.baseURI : import.meta.url)
}

/** Call `listener({stage, percent, ...})` on every start-up step; returns an unsubscribe function. */
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

function fail(error) {
  const { message, ...rest } = error
  return Object.assign(new Error(message), rest)
}

function receive({ data }) {
  if (data.progress) {
    const { progress: stage, ...rest } = data
    report({ stage, ...rest })
    if (stage === "ready") runtime.resolve(rest)
    if (stage === "failed") runtime.reject(fail({ code: "runtime_failed", message: data.error }))
    return
  }
  const waiting = pending.get(data.id)
  if (!waiting) return
  pending.delete(data.id)
  if (data.ok) waiting.resolve(JSON.parse(data.result))
  else waiting.reject(fail(data.error))
}

/** Start the worker if needed; resolves with its start-up timings once the engine answers. */
export function ensureRuntime() {
  if (!runtime) {
    runtime = {}
    runtime.ready = new Promise((resolve, reject) => Object.assign(runtime, { resolve, reject }))
    runtime.ready.catch(() => {})  // call() reports failures too; no unhandled rejection
    runtime.worker = new Worker(new URL("widgets/worker.mjs", assetsURL()), { type: "module" })
    runtime.worker.onmessage = receive
    runtime.worker.onerror = (event) => {
      event.preventDefault()
      const error = fail({ code: "runtime_failed", message: event.message || "worker failed" })
      report({ stage: "failed", error: error.message })
      runtime.reject(error)
      for (const waiting of pending.values()) waiting.reject(error)
      pending.clear()
    }
  }
  return runtime.ready
}

/** `await call("analyse", position, {type: "production", total: 8})`: the bridge function's result.
 *  Rejects with an Error carrying `code` and `details` (the engine's error) when it fails. */
export function call(fn, ...args) {
  ensureRuntime()
  return new Promise((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve, reject })
    runtime.worker.postMessage({ id, fn, args: JSON.stringify(args) })
  })
}
