// The loop: after every change the referee's `next` says what happens (a computer's step, a
// person's decision, the end), one request to the referee at a time. Computers move one step
// at a time with a pause, each step computed and drawn in the worker, so the page never
// freezes. Also here: who sees the game (hot-seat play) and who plays each seat.

import { startClock, stopClock } from "./clock.js"
import { askDice, autoDialogs, showPass } from "./dialogs.js"
import { showEnd } from "./end.js"
import { save, saveAfterPaint, saveSoon } from "./games.js"
import { render, renderNow, showProduction } from "./render.js"
import { message, refuse } from "./shell.js"
import { alive, can, control, myDecision, options, seatOf } from "./state.js"
import * as store from "./store.js"
import { closeDialogs } from "./ui.js"

const ROLLS_KEPT = 10        // the dice history under the last roll

/** One request to the referee at a time: a person's waits for the one under way (`wait`),
 *  a computer's step is dropped instead. A move in the answer is taken before the next
 *  request starts, so each one starts from the game the last one left. Null (with the
 *  error shown) when it failed. */
export async function request(s, send, { wait = true } = {}) {
  while (s.busy) {
    if (!wait) return null
    await s.pending
  }
  s.busy = true
  let finished
  s.pending = new Promise((resolve) => { finished = resolve })
  const game = s.game
  try {
    const result = await send()
    if (s.game !== game) {                 // another game began meanwhile (an import, a link):
      setTimeout(() => pump(s), 0)         // its loop goes on once this request is out of the way
      return null
    }
    if (result && result.wait) take(s, result.view)
    else if (result && result.view && !result.error) commit(s, result, { soon: !wait })
    return result
  } catch (error) {
    console.error("catan game:", error)
    refuse(s, error)
    return null
  } finally {
    s.busy = false
    finished()
  }
}

/** Decide what happens next, from the referee's `next`; called after every change. */
export async function pump(s) {
  if (!alive(s) || !s.game || !s.view || s.busy || !s.el.setupHost.hidden) return
  const view = s.view
  const next = view.next
  if (view.winner) {
    if (s.saveTimer || s.savePainted) save(s)
    stopClock(s)
    render(s)
    if (!s.endShown) showEnd(s)
    return
  }
  if (next.auto) {
    stopClock(s)
    render(s)
    scheduleBot(s, next.computer ? undefined : 0)
    return
  }
  if (s.saveTimer) save(s)     // a person's turn or the end: the save is exact
  if (next.actor) startClock(s, next.actor, next.clock)
  // the pass-the-device screen opens over a board and status line that are already current
  if (next.pass_to) renderNow(s)
  else render(s)
  if (next.pass_to) showPass(s, next.pass_to)
  else autoDialogs(s)
  setTimeout(() => lookAhead(s), 0)     // once this answer is drawn
}

function scheduleBot(s, delay = store.SPEEDS[s.game.settings.speed] ?? 700) {
  if (s.botTimer || s.dead) return
  s.botTimer = setTimeout(async () => {
    s.botTimer = null
    if (s.dead || s.busy || !s.game) return
    const start = performance.now()
    const result = await request(s, () => s.transport.advance(s.game, s.game.viewer, options(s)), { wait: false })
    if (!result) return
    if (result.dice) return askDice(s, result.dice)
    if (!result.wait) {
      performance.measure("catan:bot-move", { start, end: performance.now(), detail: { ms: result.ms, colour: result.actor } })
      if (result.note && result.note !== "forced" && result.note !== "capped") console.warn("catan game: the computer's move was refused:", result.note)
    }
    pump(s)
  }, delay)
}

export function stopBot(s) {
  if (s.botTimer) clearTimeout(s.botTimer)
  s.botTimer = null
}

/** A person's action; a refusal shows the rule. `offeredTo`: who an offer is made to;
 *  `declined`: whose counter-offer a cancel declines. */
export async function perform(s, action, { offeredTo = null, declined = null } = {}) {
  const opts = options(s, { ...(offeredTo ? { offered_to: offeredTo } : {}), ...(declined ? { declined } : {}) })
  const result = await request(s, () => s.transport.act(s.game, action, s.game.viewer, opts))
  return done(s, result, action.player)
}

/** Dice entered by hand for `colour` (`person`: their own roll, else a computer's). */
export async function rollDice(s, colour, dice, person) {
  const result = await request(s, () => s.transport.roll(s.game, colour, dice, s.game.viewer, options(s)))
  return done(s, result, person ? colour : null)
}

/** After a person's request: false on a refusal (shown), else the move is taken. */
export function done(s, result, colour) {
  if (!result) return false
  if (result.error) {
    refuse(s, result.error)
    return false
  }
  message(s, null)
  // a person's action adds to their clock (a room's clock, the server's, has it already)
  if (colour && s.clock && s.clock.colour === colour && !s.transport.online) {
    s.clock.deadline += (s.view.next.bonus_s || 0) * 1000
    s.clock.acted = true
  }
  pump(s)
  return true
}

/** Take an answer of the referee: the new position, referee, log lines and view. */
function commit(s, result, { soon = false } = {}) {
  if (!alive(s)) return
  const game = s.game
  if (result.position) game.position = result.position
  if (result.referee) game.referee = result.referee
  if (result.acted && game.record) game.record.actions.push(...result.acted)
  if (result.last) game.last = result.last
  const turn = result.view.turn
  const stats = game.stats
  const gains = []
  for (const entry of result.log || []) {
    const e = entry.e
    if (e.type === "rolled") {
      stats.dice[e.total] = (stats.dice[e.total] || 0) + 1
      stats.rolls = [...(stats.rolls || []).slice(-(ROLLS_KEPT - 1)), e.dice]
    }
    if (e.type === "produced") gains.push(e.gains || {})
    game.log.push({ ...entry, turn })
  }
  take(s, result.view)
  if (gains.length) showProduction(s, gains)
  if (soon) {            // a computer's move: drawn with the next frame, saved a little later
    saveSoon(s)
    render(s)
  } else {               // the answer to a person's click: drawn at once, saved once painted
    renderNow(s)
    saveAfterPaint(s)
  }
}

// -- who sees, who plays ----------------------------------------------------------------------------

/** Ask what the viewer sees now (the referee may show someone else: hot-seat play); a view
 *  asked ahead for the same game and options is taken at once. */
export async function refresh(s, viewer = s.game.viewer) {
  const opts = options(s)
  const ready = viewer === s.game.viewer ? aheadView(s, opts) : null
  take(s, ready || await s.transport.view(s.game, viewer, opts))
}

// -- views asked ahead ------------------------------------------------------------------------
//
// What a build button shows (the board with the legal spots marked, the rule of every other
// spot) is asked of the engine while the person looks at the board, so that pressing the
// button draws at once instead of waiting for the worker and the frame it answers in. The
// answers belong to one position document and viewer: any move leaves them unused. A room's
// server is not asked for views that may never be shown.

const AHEAD_MODES = ["road", "settlement", "city"]

function lookAhead(s) {
  const game = s.game
  if (!alive(s) || !game || s.transport.online || s.mode || !myDecision(s) || !can(s, "end_turn")) return
  if (s.ahead && s.ahead.position === game.position && s.ahead.viewer === game.viewer) return
  const ahead = { position: game.position, viewer: game.viewer, views: new Map() }
  s.ahead = ahead
  ahead.views.set(JSON.stringify(options(s)), s.view)        // pressing the button again
  for (const kind of AHEAD_MODES) {
    const opts = options(s, { mode: { kind, picks: [] } })
    s.transport.view(game, game.viewer, opts)
      .then((view) => { ahead.views.set(JSON.stringify(opts), view) }, () => {})
  }
}

/** The view asked ahead with `opts` for the game as it is now, if it came. */
function aheadView(s, opts) {
  const ahead = s.ahead
  if (!ahead || ahead.position !== s.game.position || ahead.viewer !== s.game.viewer) return null
  return ahead.views.get(JSON.stringify(opts)) || null
}

export function take(s, view) {
  const changed = view.viewer !== s.game.viewer
  s.view = view
  s.game.viewer = view.viewer
  if (changed) {
    s.logReset = true
    s.mode = null
  }
  if (!view.choice.mode) s.mode = null
}

export async function setViewer(s, colour) {
  if (s.game.viewer === colour) return
  await refresh(s, colour)
  save(s)
  render(s)
}

async function changeSeat(s, colour, change) {
  closeDialogs(s.root)
  s.shownDialog = null
  const result = await request(s, () => s.transport.seat(s.game, colour, change, s.game.viewer, options(s)))
  if (!result) return
  if (change !== "back") seatOf(s, colour).kind = change
  pump(s)
}

export function toggleSeat(s, colour) { return changeSeat(s, colour, control(s, colour).kind === "bot" ? "human" : "bot") }
export function comeBack(s, colour) { return changeSeat(s, colour, "back") }
