// The game page's dialogs: passing the device, discards, trade answers, dice by hand, the
// development cards that need a choice, the robber's victim, import, export and share (the
// end of the game: end.js). What a dialog offers comes from the referee's view (the hand,
// what is owed, the robber's victims).

import { RESOURCES } from "../core/i18n.js"
import { call } from "../core/runtime.js"
import { restore } from "./games.js"
import { perform, pump, rollDice, setViewer } from "./loop.js"
import { message, refuse } from "./shell.js"
import { can, myDecision, name, offerId } from "./state.js"
import * as store from "./store.js"
import { h, capitalise, cardChips, openDialog, select, steppers, tradeGrid } from "./ui.js"

const close = (e) => e.target.closest("dialog").close()

// -- the game as a file or a link -----------------------------------------------------------------

export function exportGame(s) {
  if (!s.game) return
  const blob = new Blob([JSON.stringify(store.serialise(s.game), null, 1)], { type: "application/json" })
  const url = URL.createObjectURL(blob)
  const link = h("a", { href: url, download: `catan-game-${new Date().toISOString().slice(0, 10)}.json`, hidden: true })
  s.root.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Import a file or pasted text. A file over store.IMPORT_LIMIT_BYTES is refused before it is
 *  read; the game in progress stays (and its computers play on) until the engine has
 *  checked the new one (restore). */
export function importDialog(s) {
  const t = s.t
  const area = h("textarea", { rows: 6, class: "catan-import__text", "aria-label": t("import_paste"), spellcheck: "false" })
  const file = h("input", { type: "file", accept: ".json,application/json", "aria-label": t("import_file") })
  const failed = (detail, details = null) => message(s, { text: `${t("import_failed")} ${detail}`, href: null, details })
  const tooBig = () => failed(t("import_too_big", { mb: store.IMPORT_LIMIT_BYTES / 1e6 }))
  openDialog(s.root, {
    title: t("import"),
    body: [h("p", {}, t("import_help")), h("label", { class: "catan-field" }, t("import_file"), file),
      h("label", { class: "catan-field" }, t("import_paste"), area)],
    buttons: [
      {
        label: t("import_load"), primary: true, action: "import-load", onclick: async (e) => {
          close(e)
          const chosen = file.files[0]
          if (chosen && chosen.size > store.IMPORT_LIMIT_BYTES) return tooBig()
          const text = chosen ? await chosen.text() : area.value
          if (text.length > store.IMPORT_LIMIT_BYTES) return tooBig()
          let data
          try {
            data = JSON.parse(text)
          } catch (error) {
            return failed(t("import_not_game"), String(error.message))
          }
          await restore(s, data, "import")
        },
      },
      { label: t("cancel"), onclick: close },
    ],
  })
}

/** Open the board as the player on screen sees it on the analysis board (cards they cannot
 *  see are left out: catan_web.analysis.from_view). */
export async function openAnalysis(s) {
  if (!s.game) return
  try {
    const shared = await s.transport.share(s.game, s.game.viewer)
    const result = await call("analysis.from_view", shared.position)
    if (result.error) return refuse(s, result.error)
    const code = await call("analysis.share", result.position)
    location.href = `${s.t("analysis_href")}#p=${code}`
  } catch (error) {
    return refuse(s, error)
  }
}

export async function shareDialog(s) {
  if (!s.game) return
  let link
  try {
    link = store.shareLink(s.game, await s.transport.share(s.game, s.game.viewer))
  } catch (error) {
    return refuse(s, error)
  }
  const input = h("input", { type: "text", readonly: true, value: link, class: "catan-share__link", "aria-label": s.t("share_link") })
  const done = h("p", { class: "catan-muted", "aria-live": "polite" })
  openDialog(s.root, {
    title: s.t("share"), body: [h("p", {}, s.t("share_help")), input, done],
    buttons: [
      {
        label: s.t("copy"), primary: true, onclick: async () => {
          input.select()
          try {
            await navigator.clipboard.writeText(link)
            done.textContent = s.t("copied")
          } catch {
            done.textContent = s.t("copy_by_hand")
          }
        },
      },
      { label: s.t("close"), onclick: close },
    ],
  })
}

// -- decisions --------------------------------------------------------------------------------------

/** The robber goes to `tile`, where several players could be robbed: whom? */
export function victimDialog(s, tile, victims) {
  const me = s.view.me.colour
  s.shownDialog = "victim"
  const counts = Object.fromEntries(s.view.players.map((p) => [p.colour, p.cards]))
  openDialog(s.root, {
    title: s.t("victim_title"), body: [h("p", {}, s.t("victim_help"))],
    buttons: victims.map((v) => ({
      label: s.t("victim_option", { name: name(s, v), n: counts[v] }), action: `victim-${v}`,
      onclick: (e) => { close(e); perform(s, { type: "move_robber", tile, victim: v, player: me }) },
    })).concat([{ label: s.t("cancel"), onclick: close }]),
    onclose: () => { s.shownDialog = null },
  })
}

/** Open the dialog a decision needs (a discard) once; an offer is answered in its panel. */
export function autoDialogs(s) {
  const view = s.view
  if (!myDecision(s)) return
  const me = view.me.colour
  if (can(s, "discard") && s.shownDialog !== `discard-${me}-${view.turn}`) discardDialog(s)
}

export function showPass(s, colour) {
  if (s.shownDialog === `pass-${colour}`) return
  s.shownDialog = `pass-${colour}`
  openDialog(s.root, {
    title: s.t("pass_title", { name: name(s, colour) }), cls: "catan-dialog--pass", dismissable: false,
    body: [h("p", {}, s.t("pass_help", { name: name(s, colour) }))],
    buttons: [{
      label: s.t("pass_ready", { name: name(s, colour) }), primary: true, action: "pass-ready",
      onclick: async (e) => {
        close(e)
        s.shownDialog = null
        await setViewer(s, colour)
        pump(s)
      },
    }],
    onclose: () => { if (s.shownDialog === `pass-${colour}`) s.shownDialog = null },
  })
}

export function discardDialog(s) {
  const view = s.view
  const me = view.me.colour
  const owed = view.discard[me]
  s.shownDialog = `discard-${me}-${view.turn}`
  const hand = view.me.hand
  const counter = h("p", { class: "catan-muted", "aria-live": "polite" }, s.t("discard_count", { n: 0, total: owed }))
  const pickers = steppers(s.text, {
    label: s.t("discard_title", { n: owed }), max: (r) => hand[r],
    onchange: (v) => { counter.textContent = s.t("discard_count", { n: Object.values(v).reduce((a, b) => a + b, 0), total: owed }) },
  })
  openDialog(s.root, {
    title: s.t("discard_title", { n: owed }), dismissable: false,
    body: [h("p", {}, s.t("discard_help", { name: name(s, me), n: owed })), cardChips(s.text, hand), pickers.el, counter],
    buttons: [{
      label: s.t("discard_ok"), primary: true, action: "discard",
      onclick: async (e) => {
        const dialog = e.target.closest("dialog")
        const ok = await perform(s, { type: "discard", player: me, cards: pickers.value() })
        if (ok) dialog.close(); else showDialogError(s, dialog)
      },
    }],
  })
}

/** A refusal shown inside the open dialog too (the page message is behind it). */
function showDialogError(s, dialog) {
  const note = s.el.message.firstElementChild
  if (!note || !dialog) return
  dialog.querySelector(".catan-game__note")?.remove()
  dialog.querySelector(".catan-dialog__body").append(note.cloneNode(true))
  dialog.querySelector(".catan-dialog__body .catan-game__close")?.remove()
}

/** The offer's answers in a dialog, with the counter-offer grid (`countering`: open). */
export function answerDialog(s, countering = false) {
  const view = s.view
  const me = view.me.colour
  const offer = view.trade
  s.shownDialog = `answer-${me}-${offerId(s)}`
  const from = name(s, offer.player)
  // from the answering player's side: they give what the active player gets
  const counterGrid = tradeGrid(s.text, {
    giveLabel: s.t("you_give"), getLabel: s.t("you_get"), giveMax: (r) => view.me.hand[r], give: offer.get, get: offer.give,
  })
  const counterBox = h("div", { class: "catan-counter", hidden: !countering },
    h("h3", {}, s.t("counter")), counterGrid.el,
    h("button", {
      type: "button", class: "md-button md-button--primary", "data-action": "send-counter",
      onclick: async (e) => {
        const dialog = e.target.closest("dialog")
        const ok = await perform(s, { type: "counter_trade", player: me, give: counterGrid.get(), get: counterGrid.give() })
        if (ok) dialog.close(); else showDialogError(s, dialog)
      },
    }, s.t("send_counter")))
  const answer = (type) => async (e) => {
    const dialog = e.target.closest("dialog")
    const ok = await perform(s, { type, player: me })
    if (ok) dialog.close(); else showDialogError(s, dialog)
  }
  openDialog(s.root, {
    title: s.t("offer_title", { name: from }), dismissable: false,
    body: [
      h("p", {}, s.t("offer_you_give"), " ", cardChips(s.text, offer.get)),
      h("p", {}, s.t("offer_you_get"), " ", cardChips(s.text, offer.give)),
      h("p", { class: "catan-muted" }, s.t("your_hand"), " ", cardChips(s.text, view.me.hand)),
      counterBox,
    ],
    buttons: [
      { label: s.t("accept"), primary: true, action: "accept", onclick: answer("accept_trade") },
      { label: s.t("reject"), action: "reject", onclick: answer("reject_trade") },
      {
        label: s.t("counter"), action: "counter",
        onclick: () => { counterBox.hidden = false; counterBox.querySelector("button").scrollIntoView({ block: "nearest" }) },
      },
    ],
  })
}

/** Dice entered by hand for `colour` (`person`: their own roll, which they may cancel). */
export function askDice(s, colour, person = false) {
  const t = s.t
  const values = [1, 2, 3, 4, 5, 6].map((n) => [n, String(n)])
  let a = 1
  let b = 1
  openDialog(s.root, {
    title: t("dice_title", { name: name(s, colour) }), dismissable: person,
    body: [h("p", {}, t("dice_help")),
      h("div", { class: "catan-dice-pick" },
        select(t("die_first"), values, 1, (v) => { a = Number(v) }, { "data-field": "die1" }),
        select(t("die_second"), values, 1, (v) => { b = Number(v) }, { "data-field": "die2" }))],
    buttons: [{
      label: t("roll"), primary: true, action: "roll-dice",
      onclick: async (e) => {
        close(e)
        await rollDice(s, colour, [a, b], person)
      },
    }].concat(person ? [{ label: t("cancel"), onclick: close }] : []),
  })
}

export function yearOfPlentyDialog(s) {
  const me = s.view.me.colour
  const names = RESOURCES.map((r) => [r, capitalise(s.text.term(r))])
  let a = "brick"
  let b = "brick"
  openDialog(s.root, {
    title: s.text.term("year_of_plenty"),
    body: [h("p", {}, s.t("yop_help")),
      select(s.t("yop_first"), names, a, (v) => { a = v }, { "data-field": "yop1" }),
      select(s.t("yop_second"), names, b, (v) => { b = v }, { "data-field": "yop2" })],
    buttons: [
      {
        label: s.t("play"), primary: true, action: "play-yop",
        onclick: (e) => { close(e); perform(s, { type: "play_year_of_plenty", resources: [a, b], player: me }) },
      },
      { label: s.t("cancel"), onclick: close },
    ],
  })
}

export function monopolyDialog(s) {
  const me = s.view.me.colour
  openDialog(s.root, {
    title: s.text.term("monopoly"), body: [h("p", {}, s.t("monopoly_help"))],
    buttons: RESOURCES.map((r) => ({
      label: capitalise(s.text.term(r)), action: `monopoly-${r}`,
      onclick: (e) => { close(e); perform(s, { type: "play_monopoly", resource: r, player: me }) },
    })).concat([{ label: s.t("cancel"), onclick: close }]),
  })
}
