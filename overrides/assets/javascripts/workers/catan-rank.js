/*
 * Search ranking of the Catan rules companion, on MiniSearch (self-hosted from npm).
 *
 * Shared by the search worker (catan-search.js, through importScripts) and by the engine
 * comparison and tests in Node (require), so what is measured is what readers get.
 *
 * Documents come from search/catan-index.json (catan_site/search_index.py): l location,
 * t title (the question), a one-line answer, x other text, k kind (q FAQ question, r rules
 * section, s other section, p page start), p page title. Words are normalised by
 * catan-normalise.js (stop words, accents, light stemming, glossary synonyms) on both sides.
 */
(function (root) {
  "use strict"

  /** Field weights: the question and its answer line weigh most. */
  const BOOST = { t: 4, a: 2.5, x: 1, p: 0.5 }
  /** Kind weights: a FAQ question before a rules section, a page's start last. */
  const KIND = { q: 1.6, r: 1.2, s: 0.8, p: 0.35 }
  /** Edit distance allowed: one typo in a word of five letters or more. */
  const TYPO_MIN_LENGTH = 5

  /**
   * Build the index of one language.
   *
   * @param MiniSearch - the MiniSearch class
   * @param N - the normaliser (catan-normalise.js)
   * @param data - the parsed search/catan-index.json
   */
  function createIndex(MiniSearch, N, data) {
    const lex = N.prepare(data.rules)
    const tokenize = text => N.normalise(text, lex)
    const docs = data.docs.map((doc, id) => ({ id, ...doc }))
    const index = new MiniSearch({
      fields: ["t", "a", "x", "p"],
      storeFields: [],
      tokenize,
      processTerm: term => term
    })
    index.addAll(docs)
    return { index, docs, lex, search: (query, options) => search(index, docs, lex, N, query, options) }
  }

  /**
   * The query's terms: [token, word typed] pairs, synonyms' official terms included.
   * Stop words go, unless nothing else is left (then they are searched for as they are).
   */
  function queryTerms(query, lex, N) {
    const typed = N.words(query).filter(w => !N.isStopword(w, lex))
    const stems = typed.map(w => N.stem(N.fold(w), lex))
    return N.expandSynonymsIndexed(stems, lex).map(([token, i]) => [token, typed[i]])
  }

  /**
   * Rank the documents for a query: [{doc, score, match}], best first.
   *
   * match maps each matched index term to the fields it was found in (MiniSearch's).
   * options.prefix: complete the last word as typed (search as you type); default true
   * unless the query ends with a space.
   */
  function search(index, docs, lex, N, query, options = {}) {
    const terms = queryTerms(query, lex, N)
    if (!terms.length)
      return { terms, hits: [] }
    const words = new Map(terms)
    const last = terms[terms.length - 1][0]
    const prefix = options.prefix ?? !/\s$/.test(query)
    const results = index.search(terms.map(([token]) => token).join(" "), {
      tokenize: text => text.split(" "),
      boost: BOOST,
      fuzzy: term => (words.get(term) || term).length >= TYPO_MIN_LENGTH ? 1 : 0,
      maxFuzzy: 1,
      prefix: term => prefix && term === last && term.length >= 2,
      boostDocument: id => KIND[docs[id].k] || 1,
      weights: { fuzzy: 0.6, prefix: 0.5 }
    })
    return { terms, hits: results.map(r => ({ doc: docs[r.id], score: r.score, match: r.match })) }
  }

  const api = { createIndex, search, queryTerms, BOOST, KIND }
  if (typeof module !== "undefined" && module.exports)
    module.exports = api
  else
    root.CatanRank = api
})(typeof self !== "undefined" ? self : this)
