// The board's choices: the spots a person may choose now (the referee's `choice`), a build mode,
// a spot chosen (played, or the choice goes on), the rule of an illegal spot, and the
// development cards that start a choice.

import { CAPTURE_PX, SPOTS } from "../core/board.js"
import { monopolyDialog, victimDialog, yearOfPlentyDialog } from "./dialogs.js"
import { done, perform, refresh, request } from "./loop.js"
import { render, renderNow } from "./render.js"
import { message, refuse } from "./shell.js"
import { myDecision, options } from "./state.js"

// on a touch screen a tap picks the nearest legal spot: no refusal for a near miss
const COARSE = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches

/** A mouse click nearer an illegal spot than any legal one names the rule that forbids it
 *  (the board itself lets only legal spots be chosen: keyboard, touch). */
export function illegalClick(s, event) {
  const choice = s.view && s.view.choice
  if (!choice || !choice.pick || !myDecision(s) || event.detail === 0 || COARSE) return
  let best = null
  let bestDistance = CAPTURE_PX
  for (const el of s.el.boardHost.querySelectorAll(SPOTS[choice.pick])) {
    const box = el.getBoundingClientRect()
    const d = Math.hypot(event.clientX - (box.left + box.width / 2), event.clientY - (box.top + box.height / 2))
    if (d < bestDistance) { best = el; bestDistance = d }
  }
  const id = best && (best.dataset.node ?? best.dataset.edge ?? best.dataset.tile)
  const reason = id !== undefined && id !== null && choice.illegal[id]
  if (!reason) return
  event.stopImmediatePropagation()
  refuse(s, reason)
}

/** A spot was chosen on the board: an illegal one shows its rule, a legal one is played. */
export async function pick(s, kind, id) {
  if (!myDecision(s) || s.busy || kind !== s.view.choice.pick) return
  const reason = s.view.choice.illegal[String(id)]
  if (reason) return refuse(s, reason)
  const result = await request(s, () => s.transport.pick(s.game, s.game.viewer, options(s), id))
  if (!result) return
  if (result.mode) {
    s.mode = result.mode
    await refresh(s)
    renderNow(s)
    focusBoard(s)
    return
  }
  if (result.victims) return victimDialog(s, result.tile, result.victims)
  const ok = done(s, result, s.game.viewer)
  if (!ok && s.mode) {
    s.mode = { ...s.mode, picks: [] }
    await refresh(s)
    render(s)
  }
}

export async function setMode(s, kind) {
  s.mode = s.mode && s.mode.kind === kind ? null : { kind, picks: [] }
  message(s, null)
  await refresh(s)
  renderNow(s)
  if (s.mode) focusBoard(s)
}

/** Put the board's tab stop on the first legal spot (and the focus, unless `focus` is false). */
export function focusBoard(s, focus = true) {
  const legal = new Set(s.view.choice.legal.map(String))
  const spot = s.board.spots.find((sp) => legal.has(sp.id))
  if (spot) s.board.focusSpot(spot, focus)
}

/** The spots a person may choose on the board now: the legal ones (one tab stop, arrow keys
 *  between them, large touch targets); a click on another spot names its rule. */
export function pickTargets(s) {
  const choice = s.view.choice
  if (!myDecision(s) || !choice.pick) return [[], null]
  return [[choice.pick], choice.legal.map(String)]
}

export function playCard(s, card) {
  const me = s.view.me.colour
  if (card === "knight") return perform(s, { type: "play_knight", player: me })
  if (card === "year_of_plenty") return yearOfPlentyDialog(s)
  if (card === "monopoly") return monopolyDialog(s)
  if (card === "road_building") return setMode(s, "road_building")
  return null
}
