/*
 * Search normaliser, browser copy of catan_site/search_norm.py (keep the two in step:
 * tests/test_search_norm.py runs both on every word of the site and compares).
 *
 * The rules (stop words, suffixes, synonyms) are not written here: they arrive as JSON in the
 * "rules" of search/catan-index.json (catan_site/search_index.py), from Lexicon.to_json().
 *
 * Loaded with importScripts() in the search worker (global CatanNormalise) and with require()
 * in Node for the tests.
 */
(function (root) {
  "use strict"

  const WORD = /[\p{L}\p{N}]+/gu
  const COMBINING = /[\u0300-\u036f]/g
  const LIGATURES = { "œ": "oe", "æ": "ae", "ß": "ss", "ĳ": "ij" }
  const VOWEL_PAIRS = /(aa|ee|oo|uu)/g
  const VOWELS = "aeiouy"
  const DIGITS = /^[0-9]+$/
  const RATIO = /([0-9]+)\s*:\s*([0-9]+)/g
  const GAP = "*"         /* a gap in a phrasing: one to GAP_WORDS words */
  const GAP_WORDS = 3

  /** Number of code points, as Python's len(). */
  const size = s => [...s].length

  /** Lower-case words (letters and digits), accents kept. */
  function words(text) {
    return text.normalize("NFC").toLowerCase().replace(RATIO, "$1to$2").match(WORD) || []
  }

  /** Remove accents and expand ligatures. */
  function fold(word) {
    const lower = word.toLowerCase().replace(/[œæßĳ]/g, c => LIGATURES[c])
    return lower.normalize("NFD").replace(COMBINING, "").normalize("NFC")
  }

  /** Apply the first (longest) rule whose suffix matches and leaves a long enough stem. */
  function strip(word, rules, minStem) {
    for (const [suffix, replacement] of rules)
      if (word.endsWith(suffix) && size(word) - size(suffix) >= minStem)
        return word.slice(0, word.length - suffix.length) + replacement
    return word
  }

  /** Dutch past participles: afgelegd(e) -> afleg. */
  function participle(word, lex) {
    const ending = ["de", "te", "d", "t"].find(e => word.endsWith(e)) || ""
    if (!ending)
      return word
    for (const prefix of lex.participlePrefixes) {
      const head = prefix + "ge"
      if (word.startsWith(head) && size(word) - size(head) - ending.length >= lex.minStem)
        return prefix + word.slice(head.length, word.length - ending.length)
    }
    return word
  }

  /** Stem one folded word. */
  function stem(word, lex) {
    if (DIGITS.test(word))
      return word
    const fixed = lex.fixedMap.get(word)
    if (fixed)
      return fixed
    word = participle(word, lex)
    word = strip(word, lex.plural, lex.minStem)
    word = strip(word, lex.suffixes, lex.minStem)
    if (lex.undoubleVowels)
      word = word.replace(VOWEL_PAIRS, m => m[0])
    const n = word.length
    if (lex.undoubleFinal && size(word) > lex.minStem && word[n - 1] === word[n - 2]
        && !VOWELS.includes(word[n - 1]))
      word = word.slice(0, -1)
    return word
  }

  /** True if the (lower-case, unfolded) word is dropped before stemming. */
  function isStopword(word, lex) {
    return lex.stopset.has(word) || (size(word) < 2 && !DIGITS.test(word))
  }

  /**
   * Expand synonyms: after each synonym phrase, the tokens of its official term it lacks.
   * Returns [token, index of the source token] pairs (the query side needs the owner).
   */
  function expandSynonymsIndexed(tokens, lex) {
    const out = []
    for (let i = 0; i < tokens.length;) {
      let span = Math.min(lex.longestSynonym, tokens.length - i)
      for (; span > 0; span--) {
        const target = lex.synonymMap.get(tokens.slice(i, i + span).join(" "))
        if (target) {
          const phrase = tokens.slice(i, i + span)
          phrase.forEach((token, k) => out.push([token, i + k]))
          target.filter(token => !phrase.includes(token)).forEach(token => out.push([token, i, span]))
          break
        }
      }
      if (span === 0)
        out.push([tokens[i], i++])
      else
        i += span
    }
    return out
  }

  /** Expand synonyms, tokens only (as catan_site/search_norm._expand_synonyms). */
  function expandSynonyms(tokens, lex) {
    return expandSynonymsIndexed(tokens, lex).map(([token]) => token)
  }

  /** ["3", "for", "1"] -> ["3to1"]: a ratio in words is one token, as "3:1" is. */
  function ratios(found, lex) {
    const out = []
    for (let i = 0; i < found.length;) {
      if (i + 2 < found.length && lex.ratioSet.has(found[i + 1])
          && DIGITS.test(found[i]) && DIGITS.test(found[i + 2])) {
        out.push(`${found[i]}to${found[i + 2]}`)
        i += 3
      } else
        out.push(found[i++])
    }
    return out
  }

  /**
   * The site's wording of the player phrasings (glossary) in a list of words, matched on every
   * word stemmed, stop words included, longest first: [token, index of its first word, number
   * of words] triples.
   */
  function phrasingTokens(found, lex) {
    const full = found.map(w => stemCached(w, lex))
    const out = []
    for (let i = 0; i < full.length;) {
      let span = Math.min(lex.longestPhrasing, full.length - i)
      for (; span > 0; span--) {
        const phrase = full.slice(i, i + span)
        const target = lex.phrasingMap.get(phrase.join(" "))
        if (target) {
          target.filter(token => !phrase.includes(token)).forEach(token => out.push([token, i, span]))
          break
        }
      }
      i += span || 1
    }
    for (const [head, tail, target] of lex.gapPhrasings)
      for (let i = 0; i < full.length; i++)
        if (gapMatch(full, i, head, tail))
          target.forEach(token => out.push([token, i, head.length + 1 + tail.length]))
    return out
  }

  /** True if head, one to GAP_WORDS words, then tail start at full[i] ("turn ... into"). */
  function gapMatch(full, i, head, tail) {
    if (full.slice(i, i + head.length).join(" ") !== head.join(" "))
      return false
    const start = i + head.length
    for (let gap = 1; gap <= GAP_WORDS; gap++)
      if (full.slice(start + gap, start + gap + tail.length).join(" ") === tail.join(" "))
        return true
    return false
  }

  /** stem(fold(word)), remembered: an index repeats the same words many times. */
  function stemCached(word, lex) {
    let token = lex.stems.get(word)
    if (token === undefined) {
      token = stem(fold(word), lex)
      lex.stems.set(word, token)
    }
    return token
  }

  /** Prepare the JSON rules once (sets and maps for fast lookup). */
  function prepare(json) {
    const synonymMap = new Map(json.synonyms.map(([k, v]) => [k.join(" "), v]))
    const longestSynonym = Math.max(0, ...json.synonyms.map(([k]) => k.length))
    const phrasings = (json.phrasings || []).filter(([k]) => !k.includes(GAP))
    const gapPhrasings = (json.phrasings || []).filter(([k]) => k.includes(GAP))
      .map(([k, v]) => [k.slice(0, k.indexOf(GAP)), k.slice(k.indexOf(GAP) + 1), v])
    const phrasingMap = new Map(phrasings.map(([k, v]) => [k.join(" "), v]))
    const longestPhrasing = Math.max(0, ...phrasings.map(([k]) => k.length))
    return {
      ...json, stopset: new Set(json.stopwords), synonymMap, longestSynonym, phrasingMap,
      longestPhrasing, gapPhrasings, fixedMap: new Map(json.fixed || []),
      ratioSet: new Set(json.ratioWords || []), stems: new Map()
    }
  }

  /** The search tokens of a text, as catan_site/search_norm.normalise(). */
  function normalise(text, lex) {
    const found = ratios(words(text), lex)
    const stems = found.filter(w => !isStopword(w, lex)).map(w => stemCached(w, lex))
    const extra = lex.longestPhrasing ? phrasingTokens(found, lex).map(([token]) => token) : []
    return expandSynonyms(stems, lex).concat(extra)
  }

  const api = {
    words, fold, stem, normalise, prepare, isStopword, expandSynonyms, expandSynonymsIndexed,
    ratios, phrasingTokens
  }
  if (typeof module !== "undefined" && module.exports)
    module.exports = api
  else
    root.CatanNormalise = api
})(typeof self !== "undefined" ? self : this)
