// Drawing the game: the board, the bar (status, dice, what the viewer received, the prompt),
// the away notes and the log, at most once per frame; the side panels are panels.js's. Each
// part is drawn again only when what it shows changed. Everything shown comes from the
// referee's view (catan_web.game.view).

import { focusBoard, pickTargets, setMode } from "./choices.js"
import { describe, visibleEvent } from "./log.js"
import { comeBack } from "./loop.js"
import { renderActions, renderCosts, renderHand, renderPlayers, renderScores } from "./panels.js"
import { setStatus } from "./shell.js"
import { chime, soundOn } from "./sound.js"
import { can, control, myDecision, name } from "./state.js"
import { capitalise, cardsText, h } from "./ui.js"

const LOG_LINES = 400          // lines of the log kept on screen (the saved log keeps them all)
const NOTICE_MS = 6000         // how long "you received 2 grain" stays
const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]
const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)")

/** Draw the game at the next frame: several moves within one frame are drawn once. */
export function render(s) {
  if (s.frame || s.dead) return
  s.frame = requestAnimationFrame(() => {
    s.frame = null
    renderNow(s)
  })
}

export function renderNow(s) {
  if (s.frame) cancelAnimationFrame(s.frame)
  s.frame = null
  if (!s.game || !s.view || s.dead || !s.board) return
  const el = s.el
  const active = document.activeElement && s.root.contains(document.activeElement) ? document.activeElement : null
  const focused = active && active.getAttribute("data-key")
  const onBoard = active && el.boardHost.contains(active)
  const view = s.view
  // the board comes drawn by the engine: put it in place only when it changed, with the
  // spots that may be chosen on it
  const [kinds, targets] = pickTargets(s)
  const picking = JSON.stringify([kinds, targets, view.choice.illegal])
  const drawn = s.boardMarkup !== view.board
  if (drawn) {
    s.boardMarkup = view.board
    s.board.replace(view.board, { kinds, targets })
  } else if (s.picking !== picking) {
    s.board.pick(kinds, targets)
  }
  if (drawn || s.picking !== picking) {
    s.picking = picking
    if (!onBoard) focusBoard(s, false)   // the board's one tab stop starts on a legal spot
  }
  // the viewer's turn begins: the chime, if they asked for it (once per turn)
  const turnKey = view.me && view.current === view.me.colour && can(s, "roll") ? `${view.turn}:${view.current}` : null
  if (turnKey && turnKey !== s.chimed) {
    s.chimed = turnKey
    if (soundOn()) chime()
  }
  setStatus(s, statusLine(s))
  patch(el.dice, [s.game.stats.rolls], () => renderDice(s))
  renderPrompt(s)
  // panels are rebuilt only when what they show changed, so a button under the pointer
  // stays put while the computer players move
  const names = s.game.settings.seats.map((seat) => seat.name)
  // who is away, not every seat's counters: the computer plays on for an away seat, and a
  // button replaced at each of its moves can lose a click that lands between two of them
  const away = awaySeats(s)
  patch(el.away, [away, names], () => renderAway(s, away))
  patch(el.actions, [view.phase, view.next, view.trade, view.discard, view.can, view.me, view.winner,
    names, s.declined, s.bankGive, s.draftVersion], () => renderActions(s))
  // a build mode pressed or let go changes one button, not the panel (its trade grid is large)
  const pressed = s.mode && `build-${s.mode.kind}`
  for (const b of el.actions.querySelectorAll("[data-action^=build-][aria-pressed]")) {
    b.setAttribute("aria-pressed", String(b.dataset.action === pressed))
  }
  patch(el.hand, [view.me, view.cards, view.next.decides, view.can], () => renderHand(s))
  patch(el.scores, [view.players, view.current, view.winner, view.awards, view.vp_to_win, names], () => renderScores(s))
  patch(el.players, [view.players, view.current, view.winner, view.me && view.me.colour, view.seats, names, view.bank, view.deck], () => renderPlayers(s))
  patch(el.costs, [view.costs], () => renderCosts(s))
  renderLog(s)
  if (focused) s.root.querySelector(`[data-key="${focused}"]`)?.focus()
  else if (onBoard && !el.boardHost.contains(document.activeElement)) {
    // the spot just chosen by keyboard is gone: go on with the next choice, or the actions
    if (s.board.spots.length) focusBoard(s)
    else el.actions.querySelector("button")?.focus()
  }
}

/** Run `build` (which fills `el`) unless `inputs` are those of the last build. */
function patch(el, inputs, build) {
  const signature = JSON.stringify(inputs)
  if (el.catanSignature === signature) return
  el.catanSignature = signature
  build()
}

function statusLine(s) {
  const view = s.view
  if (view.winner) return s.t("status_won", { name: name(s, view.winner) })
  const actor = view.next.actor
  const who = actor ? name(s, actor) : ""
  const phase = s.t("phase_" + view.phase)
  const turn = view.turn ? s.t("turn_n", { n: view.turn }) : capitalise(s.text.term("setup"))
  const dice = view.dice ? ` · ${s.t("dice_shown", { a: view.dice[0], b: view.dice[1], total: view.dice[0] + view.dice[1] })}` : ""
  const computer = view.next.computer ? ` ${s.t("computer_thinking")}` : ""
  // an open offer waits for the players it asks, on the offerer's turn: say so
  const waiting = view.trade && actor && actor !== view.current
    ? s.t("status_answer", { name: who, from: name(s, view.current) })
    : s.t("status_waiting", { name: who, phase })
  return `${turn} · ${waiting}${computer}${dice}`
}

/** Two dice with the last roll, and the totals of the rolls before it. */
function renderDice(s) {
  const el = s.el.dice
  const rolls = s.game.stats.rolls || []
  const last = rolls[rolls.length - 1]
  el.replaceChildren()
  if (!last) return
  const earlier = rolls.slice(0, -1).reverse().map(([a, b]) => a + b)
  // a new roll tumbles in (game.css: a short turn of each die, none under reduced motion)
  const fresh = s.diceShown !== undefined && rolls.length > s.diceShown
  s.diceShown = rolls.length
  el.append(h("span", { class: `catan-dice__pair${fresh ? " is-rolled" : ""}`, role: "img", "aria-label": s.t("dice_last", { a: last[0], b: last[1], total: last[0] + last[1] }) },
    last.map((n) => h("span", { class: "catan-die", "data-n": n }, DIE_FACES[n - 1]))))
  if (earlier.length) {
    el.append(h("span", { class: "catan-dice__history", title: s.t("dice_history") },
      earlier.map((n) => h("span", { class: n === 7 ? "is-seven" : null }, String(n)))))
  }
}

/** After a roll: what the viewer received (or, with no one viewing, everyone), for a while. */
export function showProduction(s, gains) {
  const el = s.el.notice
  const me = s.view && s.view.me && s.view.me.colour
  const total = {}
  for (const g of gains) {
    for (const [colour, cards] of Object.entries(g)) {
      if (me && colour !== me) continue
      total[colour] = total[colour] || {}
      for (const [r, n] of Object.entries(cards)) total[colour][r] = (total[colour][r] || 0) + n
    }
  }
  const lines = Object.entries(total).map(([colour, cards]) => (colour === me
    ? s.t("notice_you_received", { cards: cardsText(s.text, cards) })
    : s.t("log_received", { name: name(s, colour), cards: cardsText(s.text, cards) })))
  clearTimeout(s.noticeTimer)
  if (!lines.length) {
    el.hidden = true
    return
  }
  el.replaceChildren(...lines.map((line) => h("span", {}, line)))
  el.hidden = false
  // a short entrance, none for those who asked the system for less motion
  if (!REDUCED_MOTION.matches) {
    el.animate([{ opacity: 0, transform: "translateY(-0.3rem)" }, { opacity: 1, transform: "none" }],
      { duration: 400, easing: "ease-out" })
  }
  s.noticeTimer = setTimeout(() => { el.hidden = true }, NOTICE_MS)
}

function renderPrompt(s) {
  const view = s.view
  const choice = view.choice
  s.el.prompt.replaceChildren()
  if (!myDecision(s) || !view.prompt) return
  const parts = [h("span", {}, s.t(view.prompt, { n: choice.left }))]
  if (choice.pick && !choice.legal.length && s.mode) parts.push(" ", h("span", { class: "catan-muted" }, s.t("no_legal_spot")))
  if (s.mode) {
    parts.push(" ", h("button", { type: "button", class: "md-button", "data-key": "cancel-mode", onclick: () => setMode(s, s.mode.kind) }, s.t("cancel")))
  }
  s.el.prompt.append(...parts)
}

/** The seats a person left to the computer (none once the game is won). */
function awaySeats(s) {
  if (s.view.winner) return []
  return s.game.position.seats.filter((colour) => {
    const seat = control(s, colour)
    return seat.kind === "human" && seat.away
  })
}

/** A "X is back: resume" button per seat in `away`. */
function renderAway(s, away) {
  const el = s.el.away
  el.replaceChildren()
  for (const colour of away) {
    el.append(h("p", { class: "catan-game__note catan-game__note--info" }, s.t("away_note", { name: name(s, colour) }), " ",
      h("button", { type: "button", class: "md-button md-button--primary", "data-action": `back-${colour}`, "data-key": `back-${colour}`, onclick: () => comeBack(s, colour) },
        s.t("im_back", { name: name(s, colour) }))))
  }
}

/** Append the new log lines (all of them after `logReset`: a new viewer sees other details). */
function renderLog(s) {
  const list = s.el.logList
  const full = s.logReset
  s.logReset = false
  if (full) {
    list.replaceChildren()
    s.logCount = 0
  }
  const viewer = s.game.viewer
  const ctx = { text: s.text, name: (c) => name(s, c), tile: (t) => s.text.tile(s.game.position, t) }
  const log = s.game.log
  const items = []
  for (let i = Math.max(s.logCount, log.length - LOG_LINES); i < log.length; i++) {
    const entry = log[i]
    const event = visibleEvent(entry, viewer)
    if (event.type === "turn_started") {
      items.push(h("li", { class: "catan-log__turn" }, s.t("log_turn", { n: event.number, name: name(s, event.player) })))
      continue
    }
    const line = describe(event, ctx)
    if (line) items.push(h("li", { "data-event": event.type }, line))
  }
  s.logCount = log.length
  if (!items.length) return
  list.append(...items)
  const extra = list.childElementCount - LOG_LINES
  for (let i = 0; i < extra; i++) list.firstElementChild.remove()
}
