/*
 * Search worker of the Catan rules companion, in place of Material's lunr worker.
 *
 * It speaks Material's search protocol (SETUP, READY, QUERY, RESULT: Material's
 * integrations/search/worker/message), so Material's search box, keyboard handling, result list
 * and suggestion work unchanged; only what is found differs:
 *
 *  - the index is search/catan-index.json (catan_site/search_index.py), ranked by catan-rank.js
 *    on MiniSearch: FAQ questions first, the question and its answer line weighing most, one
 *    typo allowed in words of five letters or more, glossary synonyms leading to the official
 *    term, accents, case and inflections ignored;
 *  - each result shows the question (or section) under its page's title, with the one-line
 *    answer (or the passage where the words are) and the words found highlighted;
 *  - when nothing matches, the closest questions are offered.
 *
 * Material's page script sends SETUP on every page with its own (empty) index; this worker
 * answers READY at once and fetches the real index and the ranking code only when the reader
 * first focuses the search box (main.html posts "load" on the "catan-search" BroadcastChannel)
 * or types.
 */
importScripts("catan-normalise.js")

const N = self.CatanNormalise
const MESSAGE = { SETUP: 0, READY: 1, QUERY: 2, RESULT: 3 }  /* Material's SearchMessageType */
/* the language's index: the page names it after "#" in the worker's address (overrides/main.html) */
const INDEX_URL = new URL(self.location.hash.slice(1) || "../../../search/catan-index.json",
                          self.location.href)
const MAX_RESULTS = 20
const CLOSEST = 5                 /* questions offered when nothing matches */
const SNIPPET = 180               /* characters of text shown when there is no answer line */

let engine = null                 /* {index, docs, lex, search} once loaded */
let loading = null                /* the promise of the engine */
let suggestions = false           /* Material's search.suggest feature */
let titleWords = new Map()        /* folded word of a title -> [word, count] */
let latest = null                 /* the last query received, answered when the index is in */

/** Fetch and index the language's documents, once (the ranking code is loaded then too). */
function load() {
  if (!loading)
    loading = fetch(INDEX_URL)
      .then(response => response.json())
      .then(data => {
        importScripts("catan-rank.js", "minisearch.js")
        engine = self.CatanRank.createIndex(self.MiniSearch, N, data)
        countTitleWords(engine.docs)
        if (latest !== null)
          answer(latest)
      })
  return loading
}

/** Count the words of the titles, for completing the last word typed. */
function countTitleWords(docs) {
  titleWords = new Map()
  for (const doc of docs)
    for (const word of new Set(N.words(doc.t))) {
      const key = N.fold(word)
      const entry = titleWords.get(key) || [word, 0]
      titleWords.set(key, [entry[0], entry[1] + 1])
    }
}

/** Material's suggestion: the query with its last word completed from the titles. */
function suggest(query) {
  const last = query.split(/[\s-]+/).pop()
  const folded = N.fold(last)
  if (folded.length < 2)
    return []
  let best = null
  for (const [key, [word, count]] of titleWords)
    if (key.length > folded.length && key.startsWith(folded) && (!best || count > best[1]))
      best = [word, count]
  if (!best)
    return []
  return [last + (best[0].startsWith(last) ? best[0] : N.fold(best[0])).slice(last.length)]
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`)
}

/** Wrap in <mark> the words whose search token is one of the matched terms. */
function highlight(text, matched) {
  let out = ""
  let end = 0
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[:’'][\p{L}\p{N}]+)*/gu)) {
    const word = m[0].toLowerCase()
    const token = N.isStopword(word, engine.lex) ? "" : N.stem(N.fold(word), engine.lex)
    out += escapeHtml(text.slice(end, m.index))
    out += token && matched.has(token) ? `<mark>${escapeHtml(m[0])}</mark>` : escapeHtml(m[0])
    end = m.index + m[0].length
  }
  return out + escapeHtml(text.slice(end))
}

/** The passage of a long text around its first matched word. */
function snippet(text, matched) {
  if (text.length <= SNIPPET)
    return text
  let at = 0
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu))
    if (matched.has(N.stem(N.fold(m[0]), engine.lex))) { at = m.index; break }
  const start = Math.max(0, text.lastIndexOf(" ", Math.max(0, at - 40)))
  const cut = text.slice(start, start + SNIPPET)
  return (start > 0 ? "… " : "") + cut.slice(0, cut.lastIndexOf(" ")) + " …"
}

/** One result group for Material: [page header, hit], or [page] for a page's start. */
function group(hit, terms) {
  const { doc } = hit
  const matched = new Set(hit.terms)
  const found = new Set(hit.queryTerms)
  const wordTerms = {}
  for (const [token, word] of terms)
    wordTerms[word] = wordTerms[word] || found.has(token)
  const shown = doc.a || snippet(doc.x, matched)
  const item = {
    location: doc.l,
    title: highlight(doc.t, matched),
    text: shown ? `<p>${highlight(shown, matched)}</p>` : "",
    score: hit.score,
    terms: wordTerms
  }
  if (!doc.l.includes("#"))
    return [item]
  const page = doc.l.slice(0, doc.l.indexOf("#"))
  return [{ location: page, title: escapeHtml(doc.p), text: "", score: 0, terms: {} }, item]
}

/** Results of a query; when nothing matches, the closest questions (looser search). */
function results(query) {
  let { terms, hits } = engine.search(query)
  if (!hits.length && terms.length)
    hits = engine.search(query, { closest: true }).hits.slice(0, CLOSEST)
  return hits.slice(0, MAX_RESULTS).map(hit => group(hit, terms))
}

function answer(query) {
  latest = null
  const data = { items: query.trim() ? results(query) : [] }
  if (suggestions)
    data.suggest = suggest(query)
  self.postMessage({ type: MESSAGE.RESULT, data })
}

self.addEventListener("message", ({ data: message }) => {
  if (message.type === MESSAGE.SETUP) {
    suggestions = !!(message.data.options && message.data.options.suggest)
    self.postMessage({ type: MESSAGE.READY })
  } else if (message.type === MESSAGE.QUERY) {
    if (engine) {
      answer(message.data)
    } else if (!message.data.trim()) {
      self.postMessage({ type: MESSAGE.RESULT, data: { items: [] } })
    } else {
      latest = message.data
      load()
    }
  }
})

if (typeof BroadcastChannel !== "undefined")
  new BroadcastChannel("catan-search").addEventListener("message", ({ data }) => {
    if (data === "load")
      load()
  })
