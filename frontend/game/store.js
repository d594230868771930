// Never lose a game: the saved game in localStorage, export / import files, share links.
//
// A saved game is {format, settings, position, referee, record, log, stats, viewer, last}: the
// position, the referee's state (who plays each seat, time-outs, the turn's caps) and the
// record (the start and every action since, for the game's review) are the engine's
// documents, the rest is the page's. Everything read back (storage, file, link) is untrusted:
// `sanitise` keeps only known settings with values of the right type, and the engine checks the
// position and the referee (game.load) before anything is shown. A save of the first format
// (seats, offers, to beside the position) is handed to the engine as `legacy`.

export const FORMAT = "catan-game-page/2"
const FORMATS = ["catan-game-page/1", FORMAT]   // the first format kept the referee's state apart
export const COLOURS = ["red", "blue", "white", "orange"]
export const KEY = "catan-companion/game"
export const BACKUP_KEY = "catan-companion/game-previous"
/** sessionStorage: a game handed to the review page by this tab (an online room's game). */
export const REVIEW_KEY = "catan-companion/review"
export const LEVELS = ["easy", "normal", "hard", "expert"]
export const PERSONALITIES = ["merchant", "aggressive", "builder", "expansionist", "opportunist"]
export const MODES = ["classic", "quick", "epic"]
export const VISIBILITIES = ["revealed", "fog", "terra"]
export const BOARDS = ["beginner", "variable"]
export const DICE = ["auto", "manual"]
export const SPEEDS = { slow: 1400, normal: 700, fast: 250, instant: 0 }
/** Seconds for each decision of a person (0: unlimited), 40 by default, as the rules say. */
export const TIMERS = [20, 30, 40, 60, 90, 120, 0]
const DEFAULT_TIMER = 40
/** The largest file or text the page imports (a long game's export is a few hundred kB). */
export const IMPORT_LIMIT_BYTES = 2_000_000

const pick = (value, allowed, fallback) => (allowed.includes(value) ? value : fallback)

export function defaultSettings() {
  return {
    seats: COLOURS.map((colour, i) => ({
      colour, kind: i === 0 ? "human" : "bot", name: "", level: "normal",
      personality: PERSONALITIES[(i + 1) % PERSONALITIES.length], playing: true,
    })),
    mode: "classic", board: "variable", seed: null, visibility: "revealed", timer: DEFAULT_TIMER,
    dice: "auto", speed: "normal", rules: { trade_before_build: false },
  }
}

/** Known settings only, each of the right type and range; names cut to 24 characters. */
export function sanitise(settings) {
  const base = defaultSettings()
  const s = settings && typeof settings === "object" ? settings : {}
  const seen = new Set()
  const seats = []
  for (const seat of Array.isArray(s.seats) ? s.seats : []) {
    if (!seat || typeof seat !== "object" || !COLOURS.includes(seat.colour) || seen.has(seat.colour)) continue
    seen.add(seat.colour)
    seats.push({
      colour: seat.colour,
      kind: seat.kind === "bot" ? "bot" : "human",
      name: typeof seat.name === "string" ? seat.name.slice(0, 24) : "",
      level: pick(seat.level, LEVELS, "normal"),
      personality: pick(seat.personality, PERSONALITIES, "builder"),
      playing: seat.playing !== false,
    })
  }
  const timer = s.timer === undefined ? DEFAULT_TIMER : Number(s.timer)
  return {
    seats: seats.length ? seats : base.seats,
    mode: pick(s.mode, MODES, base.mode),
    board: pick(s.board, BOARDS, base.board),
    seed: Number.isSafeInteger(s.seed) && s.seed >= 0 ? s.seed : null,
    visibility: pick(s.visibility, VISIBILITIES, base.visibility),
    timer: Number.isFinite(timer) && timer > 0 ? Math.min(120, Math.max(20, Math.round(timer))) : 0,
    dice: pick(s.dice, DICE, "auto"),
    speed: pick(s.speed, Object.keys(SPEEDS), base.speed),
    rules: { trade_before_build: Boolean(s.rules && s.rules.trade_before_build) },
  }
}

/** Settings for a position that came without any (a bare catan-position/1 document). */
export function settingsFor(position) {
  const settings = defaultSettings()
  const colours = Array.isArray(position && position.seats) ? position.seats.filter((c) => COLOURS.includes(c)) : []
  settings.seats = colours.map((colour) => ({ colour, kind: "human", name: "", level: "normal", personality: "builder", playing: true }))
  settings.rules.trade_before_build = Boolean(position && position.rules && position.rules.trade_before_build)
  return settings
}

/**
 * A saved game, file or link content as {settings, position, log, ...}; throws on anything
 * that is not one (the position is checked later by the engine).
 */
export function readGame(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("not a JSON object")
  const empty = { log: [], stats: { dice: Array(13).fill(0) }, viewer: null, last: null, referee: null, legacy: null, clocks: {} }
  if (FORMATS.includes(data.format) || data.position) {
    if (!data.position || typeof data.position !== "object") throw new Error("no position")
    const settings = data.settings ? sanitise(data.settings) : settingsFor(data.position)
    const referee = data.referee && typeof data.referee === "object" ? data.referee : null
    return {
      ...empty,
      settings,
      position: data.position,
      referee,
      legacy: referee ? null : {
        players: settings.seats, seed: settings.seed,
        seats: data.seats && typeof data.seats === "object" ? data.seats : {},
        to: Array.isArray(data.to) ? data.to : null,
      },
      log: Array.isArray(data.log) ? data.log.filter((x) => x && typeof x === "object" && x.e) : [],
      stats: readStats(data.stats) || empty.stats,
      viewer: typeof data.viewer === "string" ? data.viewer : null,
      clocks: readClocks(data.clocks),
      record: readRecord(data.record),
    }
  }
  if (typeof data.format === "string" && data.format.startsWith("catan-position/") || data.board || data.seats) {
    const settings = settingsFor(data)
    return { ...empty, settings, position: data, legacy: { players: settings.seats } }
  }
  throw new Error("not a saved game or a position")
}

/** Saved statistics: the count of each dice total, the last rolls as [a, b] pairs. */
function readStats(stats) {
  if (!stats || !Array.isArray(stats.dice)) return null
  const die = (n) => Number.isInteger(n) && n >= 1 && n <= 6
  const rolls = Array.isArray(stats.rolls) ? stats.rolls.filter((r) => Array.isArray(r) && r.length === 2 && r.every(die)) : []
  return { dice: stats.dice.slice(0, 13).map((n) => (Number.isInteger(n) ? n : 0)), rolls }
}

/** A saved record {start, actions} (checked by the engine against the position), or null. */
function readRecord(record) {
  if (!record || typeof record !== "object" || !record.start || typeof record.start !== "object"
      || !Array.isArray(record.actions)) return null
  return { start: record.start, actions: record.actions }
}

/** Saved turn clocks: {decision key: {left (ms), acted}}. */
function readClocks(clocks) {
  const out = {}
  if (!clocks || typeof clocks !== "object") return out
  for (const [key, clock] of Object.entries(clocks).slice(0, 8)) {
    if (clock && Number.isFinite(clock.left)) out[key] = { left: Math.max(0, clock.left), acted: clock.acted === true }
  }
  return out
}

export function serialise(game) {
  return {
    format: FORMAT, settings: game.settings, position: game.position, referee: game.referee,
    log: game.log, stats: game.stats, viewer: game.viewer, last: game.last || null,
    clocks: game.clocks || {}, record: game.record || null,
  }
}

export function save(game) {
  try {
    localStorage.setItem(KEY, JSON.stringify(serialise(game)))
    return true
  } catch (error) {
    console.warn("catan game: not saved", error)
    return false
  }
}

/** The saved text, or null. */
export function loadSaved() {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** Keep the current save aside (replaced or unreadable games can be recovered by hand). */
export function backUp() {
  try {
    const text = localStorage.getItem(KEY)
    if (text) localStorage.setItem(BACKUP_KEY, text)
    localStorage.removeItem(KEY)
  } catch { /* storage unavailable: nothing to keep */ }
}

// -- links: #pos=<base64url of the JSON> -----------------------------------------------------------

export function toBase64url(text) {
  const bytes = new TextEncoder().encode(text)
  let binary = ""
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

export function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/")
  const binary = atob(b64 + "=".repeat((4 - b64.length % 4) % 4))
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/** The link that opens `shared` ({position, referee} as one seat may show them: game.share)
 *  with this game's settings, without the seed (it would tell the dice) or the log. */
export function shareLink(game, shared) {
  const data = { format: FORMAT, settings: { ...game.settings, seed: null }, position: shared.position, referee: shared.referee }
  const url = new URL(location.href)
  url.hash = "pos=" + toBase64url(JSON.stringify(data))
  return url.href
}

/** The #pos= payload of the current address, parsed, or undefined when there is none. */
export function linkPayload() {
  const match = /^#pos=([A-Za-z0-9_-]+)$/.exec(location.hash)
  if (!match) return undefined
  return JSON.parse(fromBase64url(match[1]))
}

export function clearLink() {
  if (location.hash.startsWith("#pos=")) history.replaceState(history.state, "", location.pathname + location.search)
}
