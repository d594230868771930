// The turn timer: the time left of the decision under way, shown in the bar. When it runs out
// the referee acts for the player (game.timeout): it declines a computer's offer, or the
// stand-in finishes the turn. A room's clock is its server's.

import { pump, request } from "./loop.js"
import { alive, name, options } from "./state.js"
import { closeDialogs } from "./ui.js"

/** The clock of `colour`'s decision `key`: the time left of that decision when it was
 *  interrupted (another player's answer, a reload), else the whole time. */
export function startClock(s, colour, key) {
  // a computer's offer waits the referee's time for an answer (the timer's, if shorter)
  const timer = s.game.settings.timer
  const offer = s.view.next.offer_s
  const seconds = offer && !(timer && timer < offer) ? offer : timer
  if (!seconds || !key) return stopClock(s)
  // a room's clock is the server's, taken again at every change: the seconds a person's
  // action adds are in it, for the one who acted and for everyone else
  if (s.transport.online) {
    const left = s.transport.clockLeft()
    if (left === null) return stopClock(s)
    s.clock = { key, colour, deadline: performance.now() + left, acted: false }
    return onTick(s)
  }
  if (s.clock && s.clock.key === key) return
  keepClock(s)
  const kept = (s.game.clocks || {})[key]
  s.clock = { key, colour, deadline: performance.now() + (kept ? kept.left : seconds * 1000), acted: Boolean(kept && kept.acted) }
  onTick(s)
}

/** Keep the running clock's time left in the game (saved with it), with those of the other
 *  decisions of the same turn. */
export function keepClock(s) {
  if (!s.clock || !s.game) return
  const turn = s.clock.key.split("|")[0]
  const clocks = Object.fromEntries(Object.entries(s.game.clocks || {}).filter(([k]) => k.split("|")[0] === turn))
  clocks[s.clock.key] = { left: Math.max(0, s.clock.deadline - performance.now()), acted: s.clock.acted }
  s.game.clocks = clocks
}

export function stopClock(s) {
  keepClock(s)
  s.clock = null
  if (s.el) s.el.clock.hidden = true
}

export function onTick(s) {
  if (!alive(s) || !s.clock) return
  const el = s.el.clock
  const left = Math.max(0, Math.ceil((s.clock.deadline - performance.now()) / 1000))
  el.hidden = false
  el.textContent = s.t("clock", { name: name(s, s.clock.colour), n: left })
  el.classList.toggle("is-short", left <= 10)
  if (left <= 0 && !s.busy) timeout(s, s.clock.colour)
}

/** Time is up: the referee lets a computer finish the turn (and keep the seat when idle). */
async function timeout(s, colour) {
  const acted = Boolean(s.clock && s.clock.acted)
  stopClock(s)
  s.mode = null
  closeDialogs(s.root)
  s.shownDialog = null
  const result = await request(s, () => s.transport.timeout(s.game, colour, acted, s.game.viewer, options(s)))
  if (result) pump(s)
}
