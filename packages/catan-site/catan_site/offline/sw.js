// The site's service worker (built to site/sw.js by catan_site/offline, which puts this
// version's file list in BUILD below): the pages of every visited language and the rules engine
// (Pyodide, the wheel, the front end) keep working without a network.
//
// - BUILD.files: {path under the site root: [content hash, bytes, group]}; group "" (installed
//   with the worker: the root page, the icons), "runtime" (assets/pyodide, wheels, frontend: one
//   copy for every page and language) or a language code (its pages and Material's files).
// - One cache; an entry's key is the file's URL + "?sw=<hash>", so a version only ever serves
//   files of its own content. A file is stored only if its bytes have this version's hash.
// - Runtime caching: any listed file that passes through (or that a page reports it loaded
//   before this worker controlled it: message "visited") is kept.
// - Message "offline" {lang} on a MessageChannel port: download every file of the language and
//   the runtime, reporting {done, total} bytes, then {ok}; "status" {lang}: {complete, total}.
// - Compiled WebAssembly (pyodide.asm.wasm) is answered like any other file: from the copy once
//   one is kept. Chrome keeps the machine code it compiled from a Cache Storage entry with that
//   entry, so the first start from the copy compiles and every later one reuses the code,
//   whatever the host's caching headers. Passing the network's response through instead lost
//   the code whenever the browser had to revalidate its HTTP cache entry (notes/offline.md).
// - A page the worker does not keep, when the network fails: the offline page of the page's
//   language (offline/<lang>.html, installed with the worker), with links to the language's
//   home page and to the pages of that language it keeps (titles from the page's own list).
// - Updates: a new version installs the whole set the old one had (the same files, at this
//   version's content, plus every language made available offline), and only then waits; it
//   takes over when no page of the old version is open any more (the next visit). Its
//   activation deletes the entries no file of the new version has.

const BUILD = null  // replaced at build time
const SCOPE = new URL(self.registration.scope)
const CACHE = "catan-offline"
const STATE = new URL("__catan-offline-state.json", SCOPE).href  // {langs: [...]} kept offline
const FILES = new Map(Object.entries(BUILD.files))
const PARALLEL = 4

function pathOf(url) {
  const u = new URL(url)
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname) || u.search) return null
  let path = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length))
  if (path === "" || path.endsWith("/")) path += "index.html"
  return FILES.has(path) ? path : null
}

function inScope(url) {
  const u = new URL(url)
  return u.origin === SCOPE.origin && u.pathname.startsWith(SCOPE.pathname)
}

const keyOf = (path) => `${new URL(path, SCOPE).href}?sw=${FILES.get(path)[0]}`

async function digest(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer))
  return Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("")
}

// Store `response` (a 200 of `path`) if its bytes are this version's; returns its size or 0.
async function store(cache, path, response) {
  const body = await response.arrayBuffer()
  if (await digest(body) !== FILES.get(path)[0]) return 0  // another version's file
  // its type only (WebAssembly compiles as it streams in only as application/wasm)
  const type = response.headers.get("Content-Type")
  const headers = type ? { "Content-Type": type } : {}
  await cache.put(keyOf(path), new Response(body, { status: 200, headers }))
  return body.byteLength
}

async function download(cache, path) {
  if (await cache.match(keyOf(path))) return FILES.get(path)[1]
  const response = await fetch(new URL(path, SCOPE), { cache: "no-cache" })
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
  if (!await store(cache, path, response)) throw new Error(`${path}: not this version's file`)
  return FILES.get(path)[1]
}

async function downloadAll(cache, paths, onBytes = () => {}) {
  const queue = [...paths]
  const worker = async () => {
    while (queue.length) onBytes(await download(cache, queue.shift()))
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
}

async function readState(cache) {
  const hit = await cache.match(STATE)
  return hit ? hit.json() : { langs: [] }
}

async function writeState(cache, state) {
  await cache.put(STATE, new Response(JSON.stringify(state),
    { headers: { "Content-Type": "application/json" } }))
}

function groupFiles(groups) {
  return [...FILES].filter(([, [, , group]]) => groups.includes(group)).map(([path]) => path)
}

// The whole set of this version: the installed files, whatever the previous version kept, and
// every language made available offline (with the runtime).
self.addEventListener("install", (event) => event.waitUntil((async () => {
  const cache = await caches.open(CACHE)
  const kept = new Set()
  for (const request of await cache.keys()) {
    const url = new URL(request.url)
    if (url.searchParams.has("sw")) {
      url.search = ""
      const path = pathOf(url.href)
      if (path) kept.add(path)
    }
  }
  const { langs } = await readState(cache)
  const groups = ["", ...langs, ...(langs.length ? ["runtime"] : [])]
  await downloadAll(cache, new Set([...groupFiles(groups), ...kept]))
})()))

// Drop what no file of this version uses (the previous version's contents).
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  const cache = await caches.open(CACHE)
  const current = new Set([...FILES.keys()].map(keyOf))
  for (const request of await cache.keys()) {
    if (request.url !== STATE && !current.has(request.url)) await cache.delete(request)
  }
  for (const name of await caches.keys()) {
    if (name !== CACHE) await caches.delete(name)
  }
})()))

async function respond(event, path) {
  const cache = await caches.open(CACHE)
  const hit = await cache.match(keyOf(path))
  if (hit) return hit
  const response = event.request.mode === "navigate" ? await navigate(event) : await fetch(event.request)
  if (response.status === 200 && response.type === "basic") {
    event.waitUntil(store(cache, path, response.clone()).catch(() => 0))
  }
  return response
}

// The language of a page's address: its first folder (the default language is at the root,
// BUILD.roots), else the group of a listed page, else the browser's, else the default.
const LANGS = Object.keys(BUILD.roots).filter((lang) => FILES.has(`offline/${lang}.html`))

function langOf(url) {
  const rest = new URL(url).pathname.slice(SCOPE.pathname.length)
  const first = rest.split("/")[0]
  if (LANGS.includes(first)) return first
  const listed = FILES.get(rest === "" || rest.endsWith("/") ? rest + "index.html" : rest)
  if (listed && LANGS.includes(listed[2])) return listed[2]
  const wanted = (self.navigator.languages || []).map((code) => code.slice(0, 2).toLowerCase())
  return wanted.find((code) => LANGS.includes(code)) || BUILD.default
}

const escape = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

// The offline page of `url`'s language, with the pages of that language kept here; null if
// this version has none.
async function offlinePage(url) {
  const lang = langOf(url)
  const path = `offline/${lang}.html`
  const cache = await caches.open(CACHE)
  const copy = lang && await cache.match(keyOf(path))
  if (!copy) return null
  let page = await copy.text()
  const list = /<script type="application\/json" id="catan-pages">([^<]*)<\/script>\n?/.exec(page)
  const kept = []
  for (const [file, title] of JSON.parse(list[1])) {
    if (FILES.has(file) && await cache.match(keyOf(file))) {
      kept.push(`<li><a href="${escape(SCOPE.pathname + file.replace(/index\.html$/, ""))}">${escape(title)}</a></li>`)
    }
  }
  page = page.replace(list[0], "").replaceAll("{{root}}", escape(SCOPE.pathname))
    .replace(kept.length ? /<!--none-->[^]*<!--\/none-->\n?/ : /<!--kept-->[^]*<!--\/kept-->\n?/, "")
    .replace("{{kept}}", kept.join(""))
  return new Response(page, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } })
}

// A page (a navigation) the worker does not keep: the network's, else the offline page.
async function navigate(event) {
  try {
    return await fetch(event.request)
  } catch (error) {
    const page = await offlinePage(event.request.url)
    if (page) return page
    throw error
  }
}

const NETWORK_WAIT_MS = 3000  // then a slow link loses to the cached copy

// A language's sitemap, which Material's instant navigation needs to follow links within the
// page: the network's (it names the address the site is served at) when it answers within
// NETWORK_WAIT_MS, else this version's copy. The browser's "online" flag is not asked: it stays
// true on a dead link, and a page offline in a test or a tunnel may start before it changes.
const SITEMAP = /(^|\/)sitemap\.xml$/

async function networkFirst(event, path) {
  const network = fetch(event.request).catch(() => null)
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null))
  const response = await Promise.race([network, timeout])
  if (response?.ok) return response
  const copy = await (await caches.open(CACHE)).match(keyOf(path))
  return copy || response || await network || Response.error()
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || event.request.headers.has("range")) return
  const path = pathOf(event.request.url)
  if (!path) {  // an address the site does not have: the server's 404 page, or offline, ours
    if (event.request.mode === "navigate" && inScope(event.request.url)) event.respondWith(navigate(event))
    return
  }
  event.respondWith(SITEMAP.test(path) ? networkFirst(event, path) : respond(event, path))
})

async function offline(lang, port) {
  const cache = await caches.open(CACHE)
  const paths = groupFiles(["", lang, "runtime"])
  const total = paths.reduce((sum, path) => sum + FILES.get(path)[1], 0)
  let done = 0
  port.postMessage({ done, total })
  await downloadAll(cache, paths, (bytes) => {
    done += bytes
    port.postMessage({ done, total })
  })
  const state = await readState(cache)
  if (!state.langs.includes(lang)) state.langs.push(lang)
  await writeState(cache, state)
  port.postMessage({ ok: true, done, total })
}

async function status(lang) {
  const cache = await caches.open(CACHE)
  const paths = groupFiles(["", lang, "runtime"])
  let complete = 0
  for (const path of paths) if (await cache.match(keyOf(path))) complete += 1
  const total = paths.reduce((sum, path) => sum + FILES.get(path)[1], 0)
  const { langs } = await readState(cache)
  return { complete: complete === paths.length && langs.includes(lang), total,
           version: BUILD.version }
}

async function visited(urls) {
  const cache = await caches.open(CACHE)
  const paths = new Set(urls.map((url) => { try { return pathOf(url) } catch { return null } }))
  paths.delete(null)
  for (const path of [...paths]) {  // and its language's sitemap, for links followed offline
    const sitemap = `${BUILD.roots[FILES.get(path)[2]]}sitemap.xml`
    if (FILES.has(sitemap)) paths.add(sitemap)
  }
  // a page loaded before this worker controlled it: keep what it loaded
  await Promise.all([...paths].map((path) => download(cache, path).catch(() => 0)))
}

self.addEventListener("message", (event) => {
  const { type, lang, urls } = event.data || {}
  const port = event.ports[0]
  if (type === "offline" && port) {
    event.waitUntil(offline(lang, port).catch((error) =>
      port.postMessage({ error: String(error && error.message || error) })))
  } else if (type === "status" && port) {
    event.waitUntil(status(lang).then((answer) => port.postMessage(answer)))
  } else if (type === "visited" && Array.isArray(urls)) {
    event.waitUntil(visited(urls))
  }
})
