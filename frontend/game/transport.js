// How the game page reaches the referee: one object with the methods the page uses. Every rule
// is decided behind it (catan_web.game, on catan_core.referee); the page only draws answers.
//
// LocalTransport runs the referee in this page's Web Worker (Pyodide). RoomTransport
// (game/online.js) is the second one, with the same methods, for an online room: the same
// requests over a WebSocket to a server (catan_rooms) that keeps the game; the page does not change.
//
// A game is {position, referee}: two JSON documents the local transport sends with each call
// (a room keeps them on the server and sends a seat its view only). Every answer that moves the
// game is {position, referee, log, last, view}; a refusal is {error} (the rule, in the engine's
// words, for the page's error pipeline).

import { call, ensureRuntime, onProgress } from "../core/runtime.js"

const game = (fn, ...args) => call(`game.${fn}`, ...args)

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
  newGame(settings) { return game("new_game", settings) }

  /** A saved or imported game checked by the engine: {position, referee}; a shared view is
   *  dealt with `seed` (its unknown cards again, fresh dice). */
  load(position, referee, legacy = null, seed = null) { return game("load", position, referee, legacy, seed) }

  /** The game as `viewer` may show it in a link: {position, referee} (their cards only). */
  share(g, viewer) { return game("share", g.position, g.referee, viewer) }

  /** What `viewer` sees and may do now. */
  view(g, viewer, options) { return game("view", g.position, g.referee, viewer, options) }

  /** A person's action. */
  act(g, action, viewer, options) { return game("act", g.position, g.referee, action, viewer, options) }

  /** A spot chosen on the board: a move, {mode} (the choice goes on) or {victims, tile}. */
  pick(g, viewer, options, spot) { return game("pick", g.position, g.referee, viewer, options, spot) }

  /** The referee's next step without a person (a computer's move, a forced answer). */
  advance(g, viewer, options) { return game("advance", g.position, g.referee, viewer, options) }

  /** Dice entered by hand for `colour`. */
  roll(g, colour, dice, viewer, options) { return game("roll", g.position, g.referee, colour, dice, viewer, options) }

  /** `colour`'s time ran out. */
  timeout(g, colour, acted, viewer, options) { return game("timeout", g.position, g.referee, colour, acted, viewer, options) }

  /** Who plays `colour`: "bot", "human", or "back" (the person takes the seat back). */
  seat(g, colour, change, viewer, options) { return game("seat", g.position, g.referee, colour, change, viewer, options) }

  /** The points of each player at the end, and their statistics from the game's log. */
  summary(g) { return game("summary", g.position, g.log.map((entry) => ({ e: entry.e, turn: entry.turn }))) }
}
