/*
 * Search ranking of the Catan rules companion, on MiniSearch (self-hosted from npm).
 *
 * Shared by the search worker (catan-search.js, through importScripts) and by the engine
 * comparison and tests in Node (require), so what is measured is what readers get.
 *
 * Documents come from search/catan-index.json (catan_site/search_index.py): l location,
 * t title (the question), v questions merged into it, a one-line answer, x other text, k kind
 * (q FAQ question, r rules section, s other section, p page start), p page title. Words are normalised by
 * catan-normalise.js (stop words, accents, light stemming, glossary synonyms) on both sides.
 */
(function (root) {
  "use strict"

  const DEFAULTS = {
    /** Field weights: the question and its answer line weigh most; v is each other way of
        asking, scored on its own (see ways). */
    boost: { t: 6, v: 2.5, a: 2.5, x: 0.7, p: 0.5 },
    /* A token found in several ways of asking one answer: the best way counts, each other
       this much (0: an answer's ways are as many titles, not one long text). */
    waysRest: 0.3,
    /** Kind weights: a FAQ question before a rules section, a page's start last. */
    kind: { q: 1.6, r: 1.2, s: 0.8, p: 0.35 },
    /** Bonus per question word or negation (exact_words) that the query and the title share. */
    exactBonus: 0.6,
    /* A token found in the heading fields and in the body: the body's score counts this much
       (and the other way round when the body scores higher). */
    tie: 0.5,
    /* MiniSearch multiplies a score by the number of words found; a word found only in the
       body counts this much */
    bodyWord: 0.8,
    /* The score is multiplied by the number of words found to this power (MiniSearch: 1) */
    coverage: 1,
    /** Weights of a match with a typo and of a completed word (MiniSearch's: 0.45, 0.375). */
    weights: { fuzzy: 0.4, prefix: 0.5 },
    /** BM25 parameters (MiniSearch's defaults: k 1.2, b 0.7, d 0.5). */
    bm25: { k: 1.2, b: 0.7, d: 0.5 }
  }
  /** The heading fields (the question, merged questions, the answer line) and the body. */
  const HEAD = ["t", "a"]
  const BODY = ["x", "p"]
  /** Edit distance allowed: one typo in a word of five letters or more. */
  const TYPO_MIN_LENGTH = 5
  /** Two neighbouring letters swapped are looked for in words of this length or more. */
  const SWAP_MIN_LENGTH = 4
  /** Compounds (Dutch): a word of this length or more also indexes a known word it ends with. */
  const COMPOUND_MIN = { word: 8, tail: 4 }
  /** How search_index.py joins the other ways of asking an answer in its v field. */
  const WAY_SEPARATOR = " · "

  /**
   * Build the index of one language.
   *
   * @param MiniSearch - the MiniSearch class
   * @param N - the normaliser (catan-normalise.js)
   * @param data - the parsed search/catan-index.json
   */
  function createIndex(MiniSearch, N, data, tuning = {}) {
    const lex = N.prepare(data.rules)
    const docs = data.docs.map((doc, id) => ({ id, ...doc }))
    const { tokenize, parts } = compounds(docs, lex, N)
    const known = new Set()  /* every token of the index */
    const options = {
      storeFields: [],
      tokenize: text => {
        const tokens = tokenize(text)
        tokens.forEach(token => known.add(token))
        return tokens
      },
      processTerm: term => term
    }
    const index = new MiniSearch({ ...options, fields: ["t", "a", "x", "p"] })
    index.addAll(docs)
    /* The other ways of asking (v), one document each: an answer asked in many ways is not
       diluted by the length of them all, each way is scored as a title is */
    const ways = new MiniSearch({ ...options, fields: ["v"] })
    const owner = []  /* way -> its answer */
    const wayExact = []  /* way -> its question words and negations */
    docs.forEach(doc => (doc.v ? doc.v.split(WAY_SEPARATOR) : []).forEach(v => {
      ways.add({ id: owner.length, v })
      owner.push(doc.id)
      wayExact.push(exactWords(v, lex, N))
    }))
    docs.forEach(doc => { doc.exact = exactWords(doc.t, lex, N) })
    const weights = { ...DEFAULTS, ...tuning, parts, known }
    return {
      index, docs, lex,
      search: (query, options) => search({ index, ways, owner, wayExact }, docs, lex, N, query,
        { ...weights, ...options })
    }
  }

  /**
   * Compounds. Dutch writes them as one word ("overwinningspunten", "startgrondstoffen"): a long
   * token also yields the longest known token it ends with ("punt"), and the part before it when
   * that is known too ("start"), on both sides, so "punten" finds "overwinningspunten" and
   * "startgrondstoffen" finds "grondstoffen bij de start". Known tokens are those that occur
   * somewhere in the index. Returns {tokenize (for the index), parts (token -> its parts)}.
   */
  function compounds(docs, lex, N) {
    const plain = text => N.normalise(text, lex)
    if (!lex.undoubleVowels)  /* Dutch only (the rule set that undoubles vowels) */
      return { tokenize: plain, parts: () => [] }
    const known = new Set()
    for (const doc of docs)
      for (const field of ["t", "a", "x"])
        plain(doc[field] || "").forEach(token => known.add(token))
    const cache = new Map()
    const parts = token => {
      if (token.length < COMPOUND_MIN.word)
        return []
      if (!cache.has(token)) {
        const found = []
        for (let i = COMPOUND_MIN.tail; i <= token.length - COMPOUND_MIN.tail; i++)
          if (known.has(token.slice(i))) {  /* the longest known tail */
            const head = token.slice(0, i)
            found.push(token.slice(i))
            if (known.has(head))
              found.push(head)
            break
          }
        cache.set(token, found)
      }
      return cache.get(token)
    }
    const tokenize = text => plain(text).flatMap(token => [token, ...parts(token)])
    return { tokenize, parts }
  }

  /** The question words and negations (exact_words) of a text, folded. */
  function exactWords(text, lex, N) {
    const words = new Set(N.words(text || "").map(N.fold))
    return lex.exactWords.map(N.fold).filter(w => words.has(w))
  }

  /**
   * A word typed with two letters swapped ("theif", "freinds"), the index does not know and
   * one swap of neighbours turns into a word it knows (or a synonym): that word; else the word.
   * (MiniSearch's one typo is one edit: a swap is two.)
   */
  function transposed(word, lex, N, known) {
    const isKnown = w => {
      const token = N.stem(N.fold(w), lex)
      return known.has(token) || lex.synonymMap.has(token)
    }
    if (word.length < SWAP_MIN_LENGTH || N.isStopword(word, lex) || /[0-9]/.test(word)
        || isKnown(word))
      return word
    for (let i = 0; i + 1 < word.length; i++) {
      const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
      if (swapped !== word && isKnown(swapped))
        return swapped
    }
    return word
  }

  /**
   * The query's terms: [token, word typed] pairs, synonyms' official terms included.
   * Stop words go, unless nothing else is left (then they are searched for as they are).
   */
  function queryTerms(query, lex, N, known) {
    const all = N.ratios(N.words(query), lex).map(w => known ? transposed(w, lex, N, known) : w)
    const kept = all.filter(w => !N.isStopword(w, lex))
    const typed = kept.length ? kept : all
    const stems = typed.map(w => N.stem(N.fold(w), lex))
    const terms = N.expandSynonymsIndexed(stems, lex).map(([token, i]) => [token, typed[i]])
    /* the stems of the words typed: only these may have a typo or be completed */
    terms.typed = new Set(stems)
    /* the last word typed, completed as a prefix (not when it is a stop word) */
    const last = typed.length && typed[typed.length - 1] === all[all.length - 1]
      ? stems[stems.length - 1] : null
    for (const [token, i, span] of N.phrasingTokens(all, lex)) {
      /* owned by the phrase's first word that is not a stop word (the one shown as missing) */
      const words = all.slice(i, i + span)
      const owner = words.find(w => !N.isStopword(w, lex)) || words[0]
      if (!terms.some(([t]) => t === token))
        terms.push([token, owner])
    }
    terms.last = last  /* the last word typed (completed as a prefix), phrasings aside */
    return terms
  }

  /**
   * Rank the documents for a query: {terms, hits: [{doc, score, terms, queryTerms}]}, best
   * first; a hit's terms are the index terms it matched (typos and completions included), its
   * queryTerms the query's tokens that found them.
   * options.prefix: complete the last word as typed (search as you type); default true
   * unless the query ends with a space. options.closest: when nothing matched, allow more
   * typos and complete every word, to offer the closest questions.
   */
  function search({ index, ways, owner, wayExact }, docs, lex, N, query, options = {}) {
    const terms = queryTerms(query, lex, N, options.known)
    const last = terms.last
    if (options.parts)
      for (const [token, word] of [...terms])
        for (const part of options.parts(token))
          if (!terms.some(([t]) => t === part))
            terms.push([part, word])
    if (!terms.length)
      return { terms, hits: [] }
    const words = new Map(terms)
    const prefix = options.prefix ?? !/\s$/.test(query)
    const closest = !!options.closest  /* nothing matched: look further */
    const searchOptions = {
      tokenize: text => [text],
      boost: options.boost,
      bm25: options.bm25,
      /* a typo in a word typed, never in a synonym's or phrasing's tokens */
      fuzzy: closest ? 0.34 : term => terms.typed.has(term)
        && (words.get(term) || term).length >= TYPO_MIN_LENGTH ? 1 : 0,
      maxFuzzy: closest ? 3 : 1,
      /* the last word typed is completed unless it is a word of the index as it stands */
      prefix: term => closest
        || (prefix && term === last && term.length >= 2 && !options.known?.has(term)),
      boostDocument: id => options.kind[docs[id].k] || 1,
      weights: options.weights
    }
    const waysOptions = { ...searchOptions, fields: ["v"],
      boostDocument: id => options.kind[docs[owner[id]].k] || 1 }
    /* The ways of asking: each answer's way that holds most of the query (its score times
       the words it holds) is its way; a token found in another way of the answer adds
       waysRest of its score there */
    const wayScores = new Map()  /* token -> Map(way -> MiniSearch result) */
    const wayTotals = new Map()  /* way -> {score, words} */
    for (const [token] of terms) {
      const found = new Map(ways.search(token, waysOptions).map(r => [r.id, r]))
      wayScores.set(token, found)
      for (const [way, r] of found) {
        const total = wayTotals.get(way) || { score: 0, words: new Set() }
        total.score += r.score
        total.words.add(words.get(token))
        wayTotals.set(way, total)
      }
    }
    const bestWay = new Map()  /* answer -> [way, value] */
    for (const [way, total] of wayTotals) {
      const value = total.score * total.words.size
      const seen = bestWay.get(owner[way])
      if (!seen || value > seen[1])
        bestWay.set(owner[way], [way, value])
    }
    /* Each token is scored in the heading fields and in the body fields apart, and a document
       gets the better of the two plus a fraction (tie) of the other: a word of the question
       found again in its text adds little, so the question about a term does not lose to
       one whose text repeats it (a sum of fields, MiniSearch's, when tie is 1). */
    const found = new Map()
    for (const [token] of terms) {
      const head = new Map(index.search(token, { ...searchOptions, fields: HEAD })
        .map(r => [r.id, r]))
      const inWays = new Map()  /* answer -> {score, terms} for this token */
      for (const [way, r] of wayScores.get(token)) {
        const id = owner[way]
        const share = bestWay.get(id)[0] === way ? 1 : options.waysRest
        const seen = inWays.get(id) || { score: 0, terms: [] }
        inWays.set(id, { score: share === 1 ? seen.score + r.score
          : Math.max(seen.score, seen.score + share * r.score), terms: [...seen.terms, ...r.terms] })
      }
      for (const [id, r] of inWays) {
        const h = head.get(id)
        head.set(id, h ? { score: h.score + r.score, terms: [...h.terms, ...r.terms] } : r)
      }
      const body = new Map(index.search(token, { ...searchOptions, fields: BODY })
        .map(r => [r.id, r]))
      for (const id of new Set([...head.keys(), ...body.keys()])) {
        const h = head.get(id)?.score || 0
        const b = body.get(id)?.score || 0
        let entry = found.get(id)
        if (!entry)
          found.set(id, entry = { score: 0, words: new Map(), terms: new Set(), queryTerms: [] })
        entry.score += Math.max(h, b) + options.tie * Math.min(h, b)
        /* a word typed counts fully when found in the heading fields, else bodyWord */
        const word = words.get(token)
        entry.words.set(word, Math.max(entry.words.get(word) || 0, h ? 1 : options.bodyWord))
        if (!entry.queryTerms.includes(token))
          entry.queryTerms.push(token)
        for (const r of [head.get(id), body.get(id)])
          r?.terms.forEach(t => entry.terms.add(t))
      }
    }
    const asked = exactWords(query, lex, N)
    const hits = [...found].map(([id, entry]) => {
      /* question words and negations of the title or of the answer's way (above) */
      const way = bestWay.get(id)
      const exact = way ? [...docs[id].exact, ...wayExact[way[0]]] : docs[id].exact
      const shared = asked.filter(w => exact.includes(w)).length
      /* MiniSearch multiplies by the number of tokens found: count the words typed instead,
         so one word found as its stem and as its phrasing's wording counts once */
      let count = 0
      entry.words.forEach(weight => { count += weight })
      const score = entry.score * Math.pow(count, options.coverage)
        * (1 + options.exactBonus * shared)
      return { doc: docs[id], score, terms: [...entry.terms], queryTerms: entry.queryTerms }
    })
    return { terms, hits: hits.sort((a, b) => b.score - a.score) }
  }

  /**
   * The tokens another engine is given, for a fair comparison (benchmarks/search_compare.cjs):
   * the index's tokenizer (normaliser and compounds) and a query's tokens as this ranking
   * searches them ({tokens, typed: may have a typo, last: may be completed}).
   */
  function tokens(N, data) {
    const lex = N.prepare(data.rules)
    const { tokenize, parts } = compounds(data.docs, lex, N)
    const query = text => {
      const terms = queryTerms(text, lex, N)
      const out = terms.map(([token]) => token)
      for (const token of [...out])
        for (const part of parts(token))
          if (!out.includes(part))
            out.push(part)
      const words = new Map(terms)
      const typed = new Set(out.filter(t => terms.typed.has(t)
        && (words.get(t) || t).length >= TYPO_MIN_LENGTH))
      return { tokens: out, typed, last: /\s$/.test(text) ? null : terms.last }
    }
    return { tokenize, query }
  }

  const api = { createIndex, search, queryTerms, tokens, DEFAULTS }
  if (typeof module !== "undefined" && module.exports)
    module.exports = api
  else
    root.CatanRank = api
})(typeof self !== "undefined" ? self : this)
