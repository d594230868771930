// The page's frame: its elements (kept in `s.el`), the tools under the game and the message
// line, where a refusal says the rule in the page's language with its FAQ link.

import { exportGame, importDialog, openAnalysis, shareDialog } from "./dialogs.js"
import { showSetup } from "./games.js"
import { setSound, soundOn } from "./sound.js"
import { h } from "./ui.js"

/** Build the page's elements in `s.root`: the loading line, the message, the new-game form's
 *  place, the play area (bar, board, side panels, log) and the tools. */
export function shell(s) {
  const t = s.t
  const el = s.el = {
    status: h("p", { class: "catan-game__status" }),   // changes at every move: not read aloud
    loading: h("p", { class: "catan-game__loading catan-muted", "aria-live": "polite" }, t("engine_loading", { percent: 0 })),
    clock: h("span", { class: "catan-game__clock", hidden: true }),
    dice: h("span", { class: "catan-dice" }),                 // the last roll and the ones before
    notice: h("p", { class: "catan-notice", "aria-live": "polite", hidden: true }),   // "you received 2 grain"
    away: h("div", { class: "catan-game__away" }),
    message: h("div", { class: "catan-game__message", role: "alert" }),
    prompt: h("div", { class: "catan-game__prompt", "aria-live": "polite" }),   // what you must do now
    boardHost: h("div", { class: "catan-game__board catan-game__svg" }),
    actions: h("section", { class: "catan-game__actions", "aria-label": t("actions") }),
    hand: h("section", { class: "catan-game__hand" }),
    players: h("section", { class: "catan-game__players" }),
    scores: h("ul", { class: "catan-game__scores", "aria-label": t("players") }),   // everyone at a glance
    strip: h("ul", { class: "catan-game__strip", "aria-hidden": "true" }),   // the hand, small, in the bar (phones: game.css)
    costs: h("section", { class: "catan-game__costs" }),
    logList: h("ol", { class: "catan-game__log-list" }),
    setupHost: h("div", { class: "catan-game__setup", hidden: true }),
    lobby: null,              // an online room's lobby (lobby.js)
  }
  // the scroller is a reversed flex box: it stays at the newest line by itself, with no
  // scroll position to read or write (which would force a layout after every move)
  el.log = h("section", { class: "catan-game__log" }, h("h2", {}, t("log")),
    h("div", { class: "catan-game__log-scroll", tabindex: 0, role: "log", "aria-label": t("log") }, el.logList))
  el.tools = h("div", { class: "catan-game__tools" },
    h("button", { type: "button", class: "md-button", "data-action": "new", onclick: () => showSetup(s, true) }, t("new_game")),
    h("button", { type: "button", class: "md-button", "data-action": "export", onclick: () => exportGame(s) }, t("export")),
    h("button", { type: "button", class: "md-button", "data-action": "import", onclick: () => importDialog(s) }, t("import")),
    h("button", { type: "button", class: "md-button", "data-action": "share", onclick: () => shareDialog(s) }, t("share")),
    s.text.has("analysis_href")
      ? h("button", { type: "button", class: "md-button", "data-action": "analyse", onclick: () => openAnalysis(s) }, t("open_analysis"))
      : null,
    h("button", {
      type: "button", class: "md-button", "data-action": "sound", "aria-pressed": String(soundOn()),
      onclick: (event) => {
        const on = event.currentTarget.getAttribute("aria-pressed") !== "true"
        event.currentTarget.setAttribute("aria-pressed", String(on))
        setSound(on)
      },
    }, t("sound_turn")))
  // whose decision, what to do, the clock, every player's points and cards: kept in view
  // while the page scrolls
  el.bar = h("div", { class: "catan-game__bar" }, el.status, el.dice, el.clock, el.scores, el.strip, el.notice, el.prompt)
  // a running game fills the screen (game.css): the bar, then the board beside (desktop) or
  // above (phone) one column that scrolls by itself, what to do first and the log last
  el.playArea = h("div", { class: "catan-game__play", hidden: true },
    el.bar,
    el.away,
    h("div", { class: "catan-game__main" },
      el.boardHost,
      h("div", { class: "catan-game__side" }, el.actions, el.hand, el.players, el.costs, el.log)))
  s.root.replaceChildren(el.loading, el.message, el.setupHost, el.playArea, el.tools)
  showTools(s, false)
}

export function setStatus(s, text) { s.el.status.textContent = text }

/** Export and Share need a game; New game and Import are always there. */
export function showTools(s, game) {
  for (const action of ["export", "share", "analyse"]) {
    const button = s.el.tools.querySelector(`[data-action=${action}]`)
    if (button) button.hidden = !game || Boolean(s.transport.online)
  }
}

/** Show a message: `{text, href}` (an engine refusal through the catalog, or any notice);
 *  `details`: words not in the page's language (a parser's), folded away under "Details". */
export function message(s, msg, kind = "error") {
  const el = s.el
  el.message.replaceChildren()
  if (!msg) return
  // during a game the message sits in the bar that stays in view; otherwise above the form
  if (!el.playArea.hidden) el.bar.append(el.message)
  else s.root.insertBefore(el.message, el.setupHost)
  const box = h("div", { class: `catan-game__note catan-game__note--${kind}`, "data-note": msg.note || null }, h("span", {}, msg.text))
  if (msg.href) box.append(" ", h("a", { href: msg.href, target: "_blank", rel: "noopener", class: "catan-game__faq" }, s.t("why_faq")))
  if (msg.details) box.append(" ", h("details", { class: "catan-game__details" }, h("summary", {}, s.t("error_details")), h("code", {}, msg.details)))
  box.append(h("button", { type: "button", class: "catan-game__close", "aria-label": s.t("close"), onclick: () => message(s, null) }, "×"))
  el.message.append(box)
}

/** An engine error (a refusal or a failure) in the page's language, with its FAQ link; the
 *  engine's own message fills a `{message}` of the catalog's text. */
export function explain(s, error) {
  const room = `online_error_${error.code}`   // a room's own refusal (transport-room.js)
  if (s.transport.online && s.text.has(room)) return { code: error.code, text: s.t(room), href: null }
  return s.text.error({ ...error, details: { message: error.message || "", ...(error.details || {}) } })
}

export function refuse(s, error) { message(s, explain(s, error)) }
