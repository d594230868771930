/*
 * Search worker of the Catan rules companion.
 *
 * It is Material's own lunr worker (loaded below with importScripts; main.html passes its file
 * name as ?material=) with two interceptions:
 *
 *  - each query is normalised like the index was at build time (hooks/search_index.py): stop
 *    words dropped, accents folded, words stemmed and synonyms mapped to the official term; the
 *    normalised tokens are marked with "_" and meet only the index's normalised fields, while
 *    the words as typed meet the title and text as written, so exact forms still rank first and
 *    get highlighted; question words and negations are added as exact terms;
 *  - in each result, the "missing terms" are reported per word the user typed, not per token,
 *    and the suggestion (search.suggest) completes the last word from the titles.
 *
 * The rules arrive with the index (config.catan), so there is no extra request.
 */
importScripts("catan-normalise.js")

const N = self.CatanNormalise
const MESSAGE = { SETUP: 0, QUERY: 2, RESULT: 3 }  /* Material's SearchMessageType */
const MARK = "_"                                  /* prefix of normalised tokens (index too) */
const pending = []                                /* the queries in flight, oldest first */
let lexicon = null
let titleWords = new Map()                        /* word of a title -> how many titles have it */

/** Expand the user's query into original words plus normalised tokens. */
function transformQuery(query) {
  const typed = N.words(query).filter(w => !N.isStopword(w, lexicon))
  if (!typed.length)
    return { query, groups: null }
  const groups = new Map()                        /* term -> word the user typed */
  const add = (term, word) => { if (!groups.has(term)) groups.set(term, word) }
  const stems = typed.map(w => N.stem(N.fold(w), lexicon))
  typed.forEach(word => add(word, word))
  for (const [token, owner] of N.expandSynonymsIndexed(stems, lexicon))
    add(MARK + token, typed[owner])
  return { query: [...groups.keys(), ...exactTerms(query)].join(" "), groups }
}

/** Question words and negations the reader typed, as exact terms ("^1" stops the "*"). */
function exactTerms(query) {
  const typed = new Set(N.words(query).map(N.fold))
  return lexicon.exactWords.filter(w => typed.has(N.fold(w))).map(w => `${w}^1`)
}

/** Count the words of every title, for suggestions. */
function indexTitles(docs) {
  titleWords = new Map()
  for (const doc of docs)
    for (const word of new Set(N.words(doc.title.replace(/<[^>]+>/g, " "))))
      titleWords.set(word, (titleWords.get(word) || 0) + 1)
}

/**
 * Suggest how to finish the last word typed, from the titles (Material's own suggestion
 * asks for every query term in one title, which our added tokens never are). Accents may be
 * left out: "defau" suggests "defausser".
 */
function suggest(query) {
  const last = query.split(/[\s-]+/).pop()
  const folded = N.fold(last)
  if (folded.length < 2)
    return []
  let best = null
  for (const [word, count] of titleWords)
    if (word.length > last.length && N.fold(word).startsWith(folded)
        && (!best || count > best[1] || (count === best[1] && word < best[0])))
      best = [word, count]
  if (!best)
    return []
  const [word] = best
  return [last + (word.startsWith(last.toLowerCase()) ? word : N.fold(word)).slice(last.length)]
}

/** Report matched / missing per typed word, and drop our index-only fields. */
function rewriteItem(item, groups) {
  delete item.ntitle
  delete item.ntext
  if (!groups)
    return item
  const terms = {}
  for (const [term, word] of groups)
    if (term in item.terms)
      terms[word] = terms[word] || item.terms[term]
  return { ...item, terms }
}

function onMessage(data) {
  if (data.type === MESSAGE.SETUP && data.data.config.catan) {
    lexicon = N.prepare(data.data.config.catan)
    indexTitles(data.data.docs)
  }
  if (data.type === MESSAGE.QUERY && lexicon) {
    const { query, groups } = transformQuery(data.data)
    pending.push({ typed: data.data, groups })
    return { ...data, data: query }
  }
  return data
}

function onResult(message) {
  if (message.type !== MESSAGE.RESULT || !lexicon)
    return message
  const { typed, groups } = pending.shift() || { typed: "", groups: null }
  const data = { ...message.data }
  data.items = data.items.map(group => group.map(item => rewriteItem(item, groups)))
  if ("suggest" in data)
    data.suggest = suggest(typed)
  return { ...message, data }
}

/* Install the interceptions, then start Material's worker. */
const listen = self.addEventListener.bind(self)
self.addEventListener = function (type, fn, options) {
  if (type !== "message")
    return listen(type, fn, options)
  return listen(type, ev => fn({ data: onMessage(ev.data) }), options)
}
const post = self.postMessage.bind(self)
self.postMessage = message => post(onResult(message))

importScripts(new URL(self.location.href).searchParams.get("material"))
