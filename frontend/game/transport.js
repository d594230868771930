// How the game page reaches the referee: one object with the methods the page uses. Every rule
// is decided behind it (catan_web.game, on catan_core.referee); the page only draws answers.
//
// LocalTransport runs the referee in this page's Web Worker (Pyodide). RoomTransport
// (game/transport-room.js) is the second one, with the same methods, for an online room: the same
// requests over a WebSocket to a server (catan_rooms) that keeps the game; the page does not change.
//
// A game is {position, referee}: two JSON documents the page saves (with the game's record: the
// position it started from and every action since, which its review plays again). The worker keeps the game
// itself between calls (catan_web.game: a session per game), so a click sends only what it asks.
// The session is found by the position document the page holds (every answer that moves the game
// brings a new one); a position the worker never answered with (an import, a copy) is opened
// again from the two documents, and so is a game the worker lost (a restart: `no_session`). Every answer that moves the game is {position, referee, log, last, view}; a refusal
// is {error} (the rule, in the engine's words, for the page's error pipeline).

import { call, ensureRuntime, onProgress } from "../core/runtime.js"

const game = (fn, ...args) => call(`game.${fn}`, ...args)

// The worker's session of each position document it answered with (never saved with a game).
const sessions = new WeakMap()

/** `fn` of the bridge on the worker's copy of `g`, opened again if the worker lost it. */
async function onGame(g, fn, ...args) {
  for (let attempt = 0; ; attempt++) {
    let session = sessions.get(g.position)
    if (!session) {
      session = (await game("open", g.position, g.referee, g.record || null)).session
      sessions.set(g.position, session)
    }
    try {
      const answer = await game(fn, session, ...args)
      if (answer && answer.position && fn !== "share") sessions.set(answer.position, session)
      return answer
    } catch (error) {
      if (error && error.code === "no_session" && attempt === 0) { sessions.delete(g.position); continue }
      throw error
    }
  }
}

export class LocalTransport {
  /** Start the engine; `progress({stage, percent})` meanwhile. Resolves when it answers. */
  async start(progress = () => {}) {
    const stop = onProgress(progress)
    try {
      await ensureRuntime()
    } finally {
      stop()
    }
    game("warm_up").catch(() => {})
  }

  /** A new game from the form's settings: {position, referee}. */
  newGame(settings) { return game("new_game", settings).then(opened) }

  /** A saved or imported game checked by the engine: {position, referee, record}; a shared
   *  view is dealt with `seed` (its unknown cards again, fresh dice). `record` (the start and
   *  the actions since, for a review) is kept when it leads to the position. */
  load(position, referee, legacy = null, seed = null, record = null) { return game("load", position, referee, legacy, seed, record).then(opened) }

  /** The game as `viewer` may show them in a link: {position, referee} (their cards only). */
  share(g, viewer) { return onGame(g, "share", viewer) }

  /** What `viewer` sees and may do now. */
  view(g, viewer, options) { return onGame(g, "view", viewer, options) }

  /** A person's action. */
  act(g, action, viewer, options) { return onGame(g, "act", action, viewer, options) }

  /** A spot chosen on the board: a move, {mode} (the choice goes on) or {victims, tile}. */
  pick(g, viewer, options, spot) { return onGame(g, "pick", viewer, options, spot) }

  /** The referee's next step without a person (a computer's move, a forced answer). */
  advance(g, viewer, options) { return onGame(g, "advance", viewer, options) }

  /** Dice entered by hand for `colour`. */
  roll(g, colour, dice, viewer, options) { return onGame(g, "roll", colour, dice, viewer, options) }

  /** `colour`'s time ran out. */
  timeout(g, colour, acted, viewer, options) { return onGame(g, "timeout", colour, acted, viewer, options) }

  /** Who plays `colour`: "bot", "human", or "back" (the person takes the seat back). */
  seat(g, colour, change, viewer, options) { return onGame(g, "seat", colour, change, viewer, options) }

  /** The points of each player at the end, and their statistics from the game's log. */
  summary(g) { return game("summary", g.position, g.log.map((entry) => ({ e: entry.e, turn: entry.turn }))) }
}

/** A new or loaded game's documents, its position known as the worker's session. */
function opened({ session, ...documents }) {
  sessions.set(documents.position, session)
  return documents
}
