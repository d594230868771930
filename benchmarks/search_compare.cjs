/*
 * Compare search engines on the labelled query set (tests/search/queries/<lang>.yml), offline.
 *
 *   node benchmarks/search_compare.cjs --site <lang>=<built site dir of that language> ...
 *        [--material <lang>=<site dir built with Material's lunr index>] [--engines a,b]
 *        [--queries <folder of <lang>.yml>] [--misses | --not-first]
 *
 * Engines: "minisearch" (catan-rank.js, what the site ships), and "lunr", "flexsearch", "orama"
 * given the same tokens (catan-rank.js's tokenizer for the pages, its query tokens for the
 * query: normaliser, glossary synonyms, phrasings, Dutch compounds), the same index fields and
 * the same field and kind weights, each ranking with its own scoring and typo handling.
 * "material" (only with --material): Material's own search worker with the previous query
 * transformation (catan-search.js of commit 6985df1), run unchanged in a Node vm over the index
 * Material wrote. lunr, FlexSearch and Orama are not site dependencies: install them outside
 * the repository and put their node_modules on NODE_PATH (see notes/search.md):
 *
 *   npm install --prefix /work/searchcmp lunr@2.3.9 flexsearch@0.8.212 @orama/orama@3.1.18
 *   NODE_PATH=/work/searchcmp/node_modules node benchmarks/search_compare.cjs ...
 *
 * Prints top-1 and top-3 accuracy per language and engine, and the mean time per query.
 */
"use strict"

const fs = require("fs")
const path = require("path")
const vm = require("vm")

const ROOT = path.resolve(__dirname, "..")
/** Where the pages are read (merged questions): another checkout in CATAN_DOCS_ROOT. */
const DOCS_ROOT = process.env.CATAN_DOCS_ROOT || ROOT
const WORKERS = path.join(ROOT, "overrides/assets/javascripts/workers")
const N = require(path.join(WORKERS, "catan-normalise.js"))
const Rank = require(path.join(WORKERS, "catan-rank.js"))
/** Weights to try instead of catan-rank.js's (JSON in CATAN_SEARCH_TUNING), for tuning. */
const TUNING = JSON.parse(process.env.CATAN_SEARCH_TUNING || "{}")

/** Minimal YAML reader for the query files: one flow mapping per line. */
function readQueries(lang, dir) {
  const text = fs.readFileSync(path.join(dir, `${lang}.yml`), "utf8")
  const out = []
  for (const line of text.split("\n")) {
    const m = line.match(/^\s*-\s*\{q:\s*(.*?),\s*kind:\s*(\w+),(?:\s*first:\s*(true),)?\s*a:\s*\[(.*)\]\}\s*$/)
    if (m)
      out.push({ q: m[1].replace(/^"(.*)"$/, "$1"), kind: m[2], first: !!m[3], a: m[4].split(",").map(s => s.trim()) })
  }
  return out
}

/** Anchors of merged FAQ questions -> the answer kept ("{ #old .catan-moved }" links). */
function moved(lang) {
  const out = new Map()
  const dir = path.join(DOCS_ROOT, "docs", lang, "faq")
  for (const file of fs.readdirSync(dir).filter(f => f.endsWith(".md"))) {
    const text = fs.readFileSync(path.join(dir, file), "utf8")
    for (const m of text.matchAll(/\]\(([\w./-]+)\.md#([\w-]+)\)\{ #([\w-]+) \.catan-moved \}/g))
      out.set(`faq/${file.slice(0, -3)}#${m[3]}`, `${path.posix.normalize(`faq/${m[1]}`)}#${m[2]}`)
  }
  return out
}

/** "faq/robber/#x" -> "faq/robber#x" (the query files' form). */
function label(location) {
  const [page, anchor] = location.split("#")
  return page.replace(/\/$/, "") + (anchor ? `#${anchor}` : "")
}

/* ---------------------------------------------------------------- engines */

/** MiniSearch's UMD file as the worker loads it (the package is "type": "module"). */
function loadMiniSearch() {
  const file = path.join(ROOT, "node_modules/minisearch/dist/umd/index.js")
  const sandbox = { module: { exports: {} } }
  sandbox.exports = sandbox.module.exports
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox)
  return sandbox.module.exports
}

function minisearch(data) {
  const MiniSearch = loadMiniSearch()
  const idx = Rank.createIndex(MiniSearch, N, data, TUNING)
  return query => idx.search(query).hits.map(h => h.doc.l)
}

/** Field weights and kind weights of catan-rank.js, given to every engine. */
const FIELDS = ["t", "v", "a", "x", "p"]
const BOOST = Rank.DEFAULTS.boost
const KIND = Rank.DEFAULTS.kind

/**
 * The same tokens for every engine: the index's words through catan-rank.js's tokenizer
 * (normaliser, synonyms, phrasings, Dutch compounds), and each query's tokens as catan-rank.js
 * searches them. The libraries call their tokenizer with the text; a query's text is looked up
 * in `pending` (set just before searching) so it gets the query's tokens, not the pages'.
 */
function sameTokens(data) {
  const T = Rank.tokens(N, data)
  const pending = new Map()
  const tokenize = text => pending.get(text)?.tokens ?? T.tokenize(String(text ?? ""))
  const ask = query => {
    const q = T.query(query)
    const key = q.tokens.join(" ")
    pending.clear()
    pending.set(key, q)
    return { ...q, key }
  }
  return { tokenize, ask }
}

/** FlexSearch: one list per field (no edit distance), merged by weighted reciprocal rank. */
function flexsearch(data) {
  const { Document } = require("flexsearch")
  const { tokenize, ask } = sameTokens(data)
  const encoder = { encode: tokenize }
  const index = new Document({
    document: { id: "id", index: FIELDS.map(f => ({ field: f, tokenize: "strict", encoder })) }
  })
  data.docs.forEach((doc, id) => index.add({ id, ...Object.fromEntries(FIELDS.map(f => [f, doc[f] || ""])) }))
  return query => {
    const q = ask(query)
    if (!q.tokens.length) return []
    const scores = new Map()
    for (const res of index.search(q.key, { limit: 60, suggest: true })) {
      res.result.forEach((id, rank) => {
        const kind = KIND[data.docs[id].k] || 1
        scores.set(id, (scores.get(id) || 0) + BOOST[res.field] * kind / (rank + 3))
      })
    }
    return [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => data.docs[id].l)
  }
}

/** Orama: its BM25 over the fields, its typo tolerance (1 edit) and prefix matching. */
function orama(data) {
  const { create, insertMultiple, search } = require("@orama/orama")
  const { tokenize, ask } = sameTokens(data)
  const db = create({
    schema: { t: "string", v: "string", a: "string", x: "string", p: "string", k: "string", l: "string" },
    components: {
      tokenizer: { language: "english", normalizationCache: new Map(), tokenize: raw => tokenize(raw) }
    }
  })
  insertMultiple(db, data.docs.map(d => ({
    ...Object.fromEntries(FIELDS.map(f => [f, d[f] || ""])), k: d.k, l: d.l
  })))
  return query => {
    const q = ask(query)
    if (!q.tokens.length) return []
    const res = search(db, {
      term: q.key, properties: FIELDS, boost: BOOST, tolerance: 1, limit: 30, threshold: 1
    })
    return res.hits
      .map(h => [h.document.l, h.score * (KIND[h.document.k] || 1)])
      .sort((a, b) => b[1] - a[1]).map(([l]) => l)
  }
}

/**
 * lunr (npm, the library inside Material's search): its BM25 with field and document boosts;
 * the same typo rule as catan-rank.js (one edit in a word typed of five letters or more) and
 * the last word typed completed, through lunr's query clauses.
 */
function lunr(data) {
  const lunrLib = require("lunr")
  const { tokenize, ask } = sameTokens(data)
  const index = lunrLib(function () {
    this.ref("id")
    FIELDS.forEach(f => this.field(f, { boost: BOOST[f] }))
    this.pipeline.reset()
    this.searchPipeline.reset()
    this.tokenizer = obj => tokenize(obj == null ? "" : String(obj)).map(t => new lunrLib.Token(t, {}))
    data.docs.forEach((doc, id) => this.add(
      { id, ...Object.fromEntries(FIELDS.map(f => [f, doc[f] || ""])) }, { boost: KIND[doc.k] || 1 }))
  })
  return query => {
    const q = ask(query)
    if (!q.tokens.length) return []
    return index.query(builder => {
      for (const token of q.tokens)
        builder.term(token, token === q.last
          ? { usePipeline: false, wildcard: lunrLib.Query.wildcard.TRAILING }
          : { usePipeline: false, editDistance: q.typed.has(token) ? 1 : 0 })
    }).map(r => data.docs[r.ref].l)
  }
}

/** Material's own worker (lunr) with the previous catan-search.js, in a vm. */
function material(siteDir) {
  const workers = path.join(siteDir, "assets/javascripts/workers")
  const material = fs.readdirSync(workers).find(f => /^search\.[0-9a-f]+\.min\.js$/.test(f))
  const listeners = []
  let waiting = null
  const context = {
    console, URL, setTimeout, clearTimeout,
    location: { href: `http://site/w/catan-search.js?material=${material}`, protocol: "http:" },
    postMessage: m => { if (waiting) waiting(m) },
    addEventListener: (type, fn) => { if (type === "message") listeners.push(fn) },
    importScripts: (...files) => files.forEach(f =>
      vm.runInContext(fs.readFileSync(path.join(workers, f), "utf8"), context))
  }
  context.self = context
  vm.createContext(context)
  vm.runInContext(fs.readFileSync(path.join(workers, "catan-search.js"), "utf8"), context)
  const send = data => new Promise(resolve => {
    waiting = resolve
    listeners.forEach(fn => fn({ data }))
  })
  const index = JSON.parse(fs.readFileSync(path.join(siteDir, "search/search_index.json"), "utf8"))
  const ready = send({ type: 0, data: { ...index, options: { suggest: false } } })
  return async query => {
    await ready
    const message = await send({ type: 2, data: query })
    const items = message.type === 3 ? message.data.items.flat() : []
    return items.sort((a, b) => b.score - a.score).map(item => item.location)
  }
}

/* ---------------------------------------------------------------- main */

function parseArgs(argv) {
  const out = {
    site: {}, material: {}, engines: ["minisearch", "lunr", "flexsearch", "orama", "material"], misses: false,
    queries: path.join(ROOT, "tests/search/queries")
  }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--site" || argv[i] === "--material") {
      const [lang, dir] = argv[++i].split("=")
      out[argv[i - 1].slice(2)][lang] = dir
    } else if (argv[i] === "--engines") {
      out.engines = argv[++i].split(",")
    } else if (argv[i] === "--queries") {
      out.queries = argv[++i]
    } else if (argv[i] === "--misses") {
      out.misses = "miss"
    } else if (argv[i] === "--not-first") {
      out.misses = "all"
    }
  }
  return out
}

async function evaluate(run, queries) {
  let top1 = 0, top3 = 0, time = 0
  const misses = []
  for (const item of queries) {
    const start = process.hrtime.bigint()
    const ranked = (await run(item.q)).map(label)
    time += Number(process.hrtime.bigint() - start) / 1e6
    const rank = ranked.slice(0, 3).findIndex(l => item.a.includes(l))
    if (rank === 0) top1++
    if (rank >= 0) top3++
    if (rank !== 0)
      misses.push(`${rank < 0 ? "miss" : `rank ${rank + 1}`}: ${item.q}  ->  ${ranked.slice(0, 3).join(" | ")}`)
  }
  return { top1, top3, n: queries.length, ms: time / queries.length, misses }
}

/** The index of `lang` in the built site `dir`: in the language's folder, or at the site's root
 *  for the default language (mkdocs-static-i18n builds it there; the index names its language). */
function siteIndex(dir, lang) {
  for (const file of [path.join(dir, lang, "search/catan-index.json"), path.join(dir, "search/catan-index.json")]) {
    if (!fs.existsSync(file)) continue
    const index = JSON.parse(fs.readFileSync(file, "utf8"))
    if (index.lang === lang) return index
  }
  throw new Error(`no search index of ${lang} in ${dir}`)
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const builders = { minisearch, lunr, flexsearch, orama }
  const rows = []
  for (const engine of args.engines) {
    for (const lang of Object.keys(args.site)) {
      let run
      try {
        if (engine === "material") {
          if (!args.material[lang]) continue
          run = material(path.join(args.material[lang], lang))
        } else {
          run = builders[engine](siteIndex(args.site[lang], lang))
        }
      } catch (err) {
        console.log(`${engine} ${lang}: not available (${err.message.split("\n")[0]})`)
        continue
      }
      const aliases = moved(lang)
      const queries = readQueries(lang, args.queries)
        .map(item => ({ ...item, a: item.a.map(a => aliases.get(a) || a) }))
      const r = await evaluate(run, queries)
      rows.push([engine, lang, r])
      console.log(`${engine.padEnd(10)} ${lang}  top-3 ${(100 * r.top3 / r.n).toFixed(1).padStart(5)}%`
        + `  top-1 ${(100 * r.top1 / r.n).toFixed(1).padStart(5)}%  (${r.top3}/${r.n})`
        + `  ${r.ms.toFixed(2)} ms/query`)
      if (args.misses)
        r.misses.filter(m => args.misses === "all" || m.startsWith("miss"))
          .forEach(m => console.log(`    ${m}`))
    }
  }
}

main()
