// The new-game form: seats (person or computer, level, personality, name), mode, board, map
// visibility, turn timer, dice, rule options, computer speed.

import { h, radios, select, swatch, uid } from "./ui.js"
import { BOARDS, COLOURS, DICE, LEVELS, MODES, PERSONALITIES, SPEEDS, TIMERS, VISIBILITIES, defaultSettings, sanitise } from "./store.js"

/**
 * The form as an element. `initial`: settings to start from (the last game's, but its seed); `onstart(settings, action)`
 * with the chosen settings (only the seats that play) and the `data-action` of the button pressed; `oncancel` (null: no Cancel button).
 */
export function setupForm(text, { initial = null, onstart, oncancel = null }) {
  const t = (key, params) => text.t(key, params)
  const s = sanitise(initial || defaultSettings())
  // start from all four colours, in the usual order, keeping what the last game chose
  const seats = COLOURS.map((colour) => s.seats.find((seat) => seat.colour === colour)
    || { colour, kind: "bot", name: "", level: "normal", personality: "builder", playing: false })
  let count = Math.max(3, seats.filter((seat) => seat.playing).length)
  const form = h("form", { class: "catan-setup", novalidate: true })
  const seatList = h("div", { class: "catan-setup__seats" })

  const drawSeats = () => {
    seatList.replaceChildren()
    seats.forEach((seat, i) => {
      seat.playing = i < count
      if (!seat.playing) return
      const nameId = uid("catan-name")
      const row = h("fieldset", { class: "catan-setup__seat", "data-colour": seat.colour },
        h("legend", {}, swatch(seat.colour),
          " ", t("colour_" + seat.colour)),
        h("div", { class: "catan-field" }, h("label", { for: nameId }, t("seat_name")),
          h("input", {
            id: nameId, type: "text", maxlength: 24, autocomplete: "off", value: seat.name,
            placeholder: t("colour_" + seat.colour), "data-field": "name",
            oninput: (event) => { seat.name = event.target.value },
          })),
        select(t("seat_kind"), [["human", t("kind_human")], ["bot", t("kind_bot")]], seat.kind,
          (v) => { seat.kind = v; drawSeats() }, { "data-field": "kind" }),
        seat.kind === "bot" ? [
          select(t("seat_level"), LEVELS.map((l) => [l, t("level_" + l)]), seat.level, (v) => { seat.level = v }, { "data-field": "level" }),
          select(t("seat_personality"), PERSONALITIES.map((p) => [p, t("personality_" + p)]), seat.personality,
            (v) => { seat.personality = v }, { "data-field": "personality" }),
        ] : null)
      seatList.append(row)
    })
  }

  // a new game gets a new seed (the island and the dice) unless the player types one: the
  // last game's seed is not offered again, or "New game" would replay it
  const seedId = uid("catan-seed")
  const seedInput = h("input", {
    id: seedId, type: "number", min: 0, max: 999999, step: 1, inputmode: "numeric",
    value: "", placeholder: t("seed_random"),
  })

  form.append(
    h("h2", { class: "catan-setup__title" }, t("new_game")),
    select(t("players_count"), [[3, "3"], [4, "4"]], count, (v) => { count = Number(v); drawSeats() }, { "data-field": "count" }),
    seatList,
    h("div", { class: "catan-setup__options" },
    radios(t("mode"), uid("mode"), MODES.map((m) => [m, t("mode_" + m)]), s.mode, (v) => { s.mode = v }),
    radios(t("board"), uid("board"), BOARDS.map((b) => [b, t("board_" + b)]), s.board, (v) => { s.board = v }),
    h("div", { class: "catan-field" }, h("label", { for: seedId }, t("seed")), seedInput),
    radios(t("visibility"), uid("vis"), VISIBILITIES.map((v) => [v, t("visibility_" + v)]), s.visibility, (v) => { s.visibility = v }),
    select(t("timer"), TIMERS.map((n) => [n, n ? t("timer_seconds", { n }) : t("timer_off")]), s.timer,
      (v) => { s.timer = Number(v) }, { "data-field": "timer" }),
    radios(t("dice"), uid("dice"), DICE.map((d) => [d, t("dice_" + d)]), s.dice, (v) => { s.dice = v }),
    h("label", { class: "catan-field catan-check" },
      h("input", {
        type: "checkbox", checked: s.rules.trade_before_build, "data-field": "trade_before_build",
        onchange: (event) => { s.rules.trade_before_build = event.target.checked },
      }), " ", t("rule_trade_before_build")),
    select(t("speed"), Object.keys(SPEEDS).map((k) => [k, t("speed_" + k)]), s.speed, (v) => { s.speed = v }, { "data-field": "speed" })),
    h("div", { class: "catan-setup__actions" },
      h("button", { type: "submit", class: "md-button md-button--primary", "data-action": "start" }, t("start_game")),
      oncancel ? h("button", { type: "button", class: "md-button", onclick: oncancel }, t("cancel")) : null),
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const seed = seedInput.value.trim() === "" ? Math.floor(Math.random() * 1e6) : Math.max(0, Math.floor(Number(seedInput.value)) || 0)
    const chosen = seats.filter((seat) => seat.playing).map((seat) => ({ ...seat, name: seat.name.trim() }))
    onstart(sanitise({ ...s, seed, seats: chosen }), event.submitter && event.submitter.dataset.action)
  })
  drawSeats()
  return form
}
