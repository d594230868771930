// An online room's lobby, above the game: the invitation link to share, the seats (take one
// under a name; the host chooses, until the start, which are free and which a computer plays),
// the room's settings (the host changes them until the start; the others read them), ready and
// start, chat (quick phrases, or a short message of one's own), and a line of who is connected.
// Names and messages are shown as text only. The requests go through the room's transport (transport-room.js).

import { roomError } from "./room.js"
import { message } from "./shell.js"
import { BOARDS, DICE, LEVELS, MODES, PERSONALITIES, TIMERS, VISIBILITIES } from "./store.js"
import { h, select, swatch } from "./ui.js"

const PHRASES = ["hello", "good_luck", "have_fun", "well_played", "thanks", "nice_move", "oops",
  "wait_please", "hurry_please", "trade_anyone", "no_thanks", "be_right_back", "im_back", "good_game", "bye"]
const CHAT_LINES = 6          // the last phrases said, shown
const KEPT = ["online-name", "chat-text"]  // fields whose typed text survives a redraw

/** Draw the lobby again when the room, the connection or the chat changed. */
export function renderLobby(s) {
  const transport = s.transport
  const update = transport.update
  const lobbyEl = s.el.lobby
  const t = s.t
  const lobby = update && update.lobby
  const mine = transport.colour
  const playing = lobby && lobby.status !== "lobby"
  const signature = JSON.stringify([lobby, mine, transport.connected, transport.host, s.chatLines?.length])
  collectChat(s, update)
  if (lobbyEl.catanSignature === signature && s.chatLines?.length === s.chatShown) return
  lobbyEl.catanSignature = signature
  s.chatShown = s.chatLines.length
  const link = `${location.origin}${location.pathname}#room=${transport.room}`
  const input = h("input", { id: "catan-online-invite", type: "text", readonly: true, value: link, class: "catan-online__link", "data-key": "invite", "aria-label": t("online_invite") })
  const done = h("span", { class: "catan-muted", "aria-live": "polite" })
  const parts = [
    h("h2", {}, t("online_room")),
    h("p", { class: "catan-online__state", "data-state": transport.connected ? "connected" : "reconnecting" },
      transport.connected ? (playing ? t("online_playing") : t("online_lobby_help")) : t("online_reconnecting")),
    h("label", { class: "catan-online__label", for: "catan-online-invite" }, t("online_invite")),
    h("div", { class: "catan-online__invite" }, input,
      h("button", {
        type: "button", class: "md-button", "data-action": "copy-invite", onclick: async () => {
          input.select()
          try {
            await navigator.clipboard.writeText(link)
            done.textContent = t("copied")
          } catch {
            done.textContent = t("copy_by_hand")
          }
        },
      }, t("copy")), done),
  ]
  // during the game the players panel shows the seats: here only those a watcher may take
  if (lobby && (!playing || (!mine && lobby.seats.some((seat) => seat.open)))) parts.push(seatList(s, lobby, mine, playing))
  if (lobby && !playing) parts.push(settingsBox(s, lobby.settings))
  if (lobby && !playing && mine) {
    const me = lobby.seats.find((seat) => seat.seat === mine)
    parts.push(h("div", { class: "catan-game__buttons" },
      h("button", {
        type: "button", class: "md-button", "data-action": "ready", "aria-pressed": String(Boolean(me && me.ready)),
        onclick: () => lobbyAsk(s, { t: "ready", ready: !(me && me.ready) }),
      }, t(me && me.ready ? "online_not_ready" : "online_ready")),
      h("button", { type: "button", class: "md-button md-button--primary", "data-action": "start-room", onclick: () => lobbyAsk(s, { t: "start" }) },
        t(transport.host ? "online_start" : "online_start_ready")),
      h("button", { type: "button", class: "md-button", "data-action": "leave-seat", onclick: () => lobbyAsk(s, { t: "leave" }) }, t("online_leave"))))
  }
  if (lobby && mine) {
    const chat = chatBox(s)
    if (playing) chat.append(" ", h("button", { type: "button", class: "md-button", "data-action": "leave-seat", onclick: () => lobbyAsk(s, { t: "leave" }) }, t("online_leave")))
    parts.push(chat)
  }
  // a name being typed and the field in use survive the redraw (another person joining, or
  // the host's own choice of a seat, redraws the lobby)
  const typed = Object.fromEntries(KEPT.map((key) => [key, lobbyEl.querySelector(`[data-field=${key}]`)]))
  const active = lobbyEl.contains(document.activeElement) ? document.activeElement : null
  const focused = active && (active.dataset.field || active.dataset.action)
  lobbyEl.replaceChildren(...parts)
  for (const key of KEPT) {
    const field = typed[key] && lobbyEl.querySelector(`[data-field=${key}]`)
    if (field) field.value = typed[key].value
  }
  const again = focused && [...lobbyEl.querySelectorAll("[data-field], [data-action]")]
    .find((el) => (el.dataset.field || el.dataset.action) === focused)
  if (again) {
    again.focus()
    const before = typed[again.dataset.field]
    if (before) again.setSelectionRange(before.selectionStart, before.selectionEnd)
  }
}

/** The room's settings: the host changes them until the start (each change is the server's
 *  to accept; everyone ready must say so again), the others read them in one line. */
function settingsBox(s, now) {
  const t = s.t
  const timer = now.timer || 0
  const ruleOn = Boolean(now.rules && now.rules.trade_before_build)
  const title = h("h3", {}, t("online_settings"))
  if (!s.transport.host) {
    const items = [["players_count", now.players], ["mode", t("mode_" + now.mode)], ["board", t("board_" + now.board)],
      ["visibility", t("visibility_" + now.visibility)], ["timer", timer ? t("timer_seconds", { n: timer }) : t("timer_off")],
      ["dice", t("dice_" + now.dice)]]
    return h("div", { class: "catan-online__settings" }, title,
      h("ul", { class: "catan-online__summary", "data-key": "room-settings" },
        items.map(([label, value]) => h("li", {}, t("setting_is", { setting: t(label), value }))),
        ruleOn ? h("li", {}, t("rule_trade_before_build")) : null))
  }
  const ask = (change) => lobbyAsk(s, { t: "options", ...change })
  const choice = (field, label, options, value, onchange) => select(t(label), options, value, onchange, { "data-field": `room-${field}` })
  return h("div", { class: "catan-online__settings" }, title,
    h("p", { class: "catan-muted" }, t("online_settings_help")),
    h("div", { class: "catan-online__options" },
      choice("players", "players_count", [[3, "3"], [4, "4"]], now.players, (v) => ask({ players: Number(v) })),
      choice("mode", "mode", MODES.map((m) => [m, t("mode_" + m)]), now.mode, (mode) => ask({ mode })),
      choice("board", "board", BOARDS.map((b) => [b, t("board_" + b)]), now.board, (board) => ask({ board })),
      choice("visibility", "visibility", VISIBILITIES.map((v) => [v, t("visibility_" + v)]), now.visibility,
        (visibility) => ask({ visibility })),
      choice("timer", "timer", TIMERS.map((n) => [n, n ? t("timer_seconds", { n }) : t("timer_off")]), timer,
        (v) => ask({ timer: Number(v) || "off" })),
      choice("dice", "dice", DICE.map((d) => [d, t("dice_" + d)]), now.dice, (dice) => ask({ dice })),
      h("label", { class: "catan-field catan-check" },
        h("input", {
          type: "checkbox", checked: ruleOn, "data-field": "room-trade_before_build",
          onchange: (event) => ask({ rules: { trade_before_build: event.target.checked } }),
        }), " ", t("rule_trade_before_build"))))
}

function seatList(s, lobby, mine, playing) {
  const t = s.t
  const nameId = "catan-online-name"
  const rows = lobby.seats.map((seat) => {
    const bot = seat.level && { level: t("level_" + seat.level), personality: t("personality_" + seat.personality) }
    const who = seat.kind === "open" ? (bot && !playing ? t("online_open_standby", bot) : t("online_open"))
      : seat.kind === "computer" ? t("kind_bot_detail", bot)
        : seat.name
    const marks = []
    if (seat.seat === mine) marks.push(t("online_you"))
    if (seat.kind === "human") marks.push(seat.connected ? t("online_connected") : t("online_offline"))
    if (seat.kind === "human" && !playing && seat.ready) marks.push(t("online_is_ready"))
    const take = !mine && seat.open ? h("button", {
      type: "button", class: "md-button md-button--primary", "data-action": `sit-${seat.seat}`,
      onclick: () => {
        const name = (s.el.lobby.querySelector(`#${nameId}`)?.value || "").trim() || t("colour_" + seat.seat)
        sitDown(s, seat.seat, name)
      },
    }, t("online_sit")) : null
    const choose = s.transport.host && !playing && seat.kind !== "human" ? seatChoice(s, seat) : null
    return h("li", { "data-colour": seat.seat, "data-kind": seat.kind }, swatch(seat.seat), " ", h("strong", {}, t("colour_" + seat.seat)), ": ",
      h("span", { class: "catan-online__name" }, who), marks.length ? h("span", { class: "catan-muted" }, ` · ${marks.join(" · ")}`) : null, " ", take, choose)
  })
  const out = [h("h3", {}, t("players")), h("ul", { class: "catan-online__seats" }, rows)]
  if (lobby.spectators) out.push(h("p", { class: "catan-muted" }, t("online_spectators", { n: lobby.spectators })))
  if (!mine && lobby.seats.some((seat) => seat.open)) {
    out.unshift(h("div", { class: "catan-field" }, h("label", { for: nameId }, t("seat_name")),
      h("input", { id: nameId, type: "text", maxlength: 24, autocomplete: "nickname", value: s.transport.savedName(), "data-field": "online-name" })))
  }
  return h("div", {}, out)
}

/** The host's choice for a seat nobody sits at: free (a friend may take it; its computer
 *  plays it if it is still free at the start) or a computer's, with its level and personality. */
function seatChoice(s, seat) {
  const t = s.t
  const colour = t("colour_" + seat.seat)
  const ask = (change) => lobbyAsk(s, { t: "seat", seat: seat.seat, ...change })
  const choice = (field, label, options, value, onchange) => h("select", {
    "data-field": `seat-${field}-${seat.seat}`, "aria-label": t(label, { colour }), onchange: (event) => onchange(event.target.value),
  }, options.map(([v, text]) => h("option", { value: v, selected: v === value }, text)))
  const out = [choice("kind", "online_seat_kind", [["open", t("online_open")], ["computer", t("kind_bot")]], seat.kind,
    (kind) => ask(kind === "open" ? { kind } : { kind, level: seat.level, personality: seat.personality }))]
  if (seat.kind === "computer") {
    out.push(" ", choice("level", "online_seat_level", LEVELS.map((l) => [l, t("level_" + l)]), seat.level,
      (level) => ask({ kind: "computer", level })))
    out.push(" ", choice("personality", "online_seat_personality", PERSONALITIES.map((p) => [p, t("personality_" + p)]), seat.personality,
      (personality) => ask({ kind: "computer", personality })))
  }
  return h("span", { class: "catan-online__choice" }, out)
}

/** Keep the chat's phrases of an update (each once), the last CHAT_LINES of them. */
function collectChat(s, update) {
  s.chatLines = s.chatLines || []
  for (const e of (update && update.events) || []) {
    if (e.type === "chat" && e.seq > s.chatSeen) {
      s.chatSeen = e.seq
      s.chatLines.push(e)
    }
  }
  s.chatLines = s.chatLines.slice(-CHAT_LINES)
}

function chatBox(s) {
  const t = s.t
  const name = (c) => {
    const seat = s.transport.update.lobby.seats.find((x) => x.seat === c)
    return (seat && seat.name) || t("colour_" + c)
  }
  const choose = h("select", { "data-field": "phrase", "aria-label": t("online_chat") },
    PHRASES.map((p) => h("option", { value: p }, t("chat_" + p))))
  // a message of one's own: text nodes only (never markup), one line, as long as the room says
  const own = h("input", {
    type: "text", maxlength: s.transport.update.lobby.chat_max, "data-field": "chat-text", "aria-label": t("online_message"),
    placeholder: t("online_message"), autocomplete: "off", enterkeyhint: "send",
  })
  const sendOwn = async (event) => {
    event.preventDefault()
    const text = own.value.trim()
    if (!text) return
    if (await lobbyAsk(s, { t: "chat", text })) {
      const field = s.el.lobby.querySelector("[data-field=chat-text]")  // the lobby may have been drawn again
      if (field) field.value = ""
    }
  }
  return h("div", { class: "catan-online__chat" },
    h("ul", { class: "catan-online__said", "aria-live": "polite" },
      s.chatLines.map((e) => h("li", e.text === undefined ? { "data-phrase": e.phrase } : { "data-text": "" },
        swatch(e.seat), " ", h("strong", {}, name(e.seat)), ": ", e.text === undefined ? t("chat_" + e.phrase) : e.text))),
    h("div", { class: "catan-online__say" }, choose, " ",
      h("button", { type: "button", class: "md-button", "data-action": "say", onclick: () => lobbyAsk(s, { t: "chat", phrase: choose.value }) }, t("online_say"))),
    h("form", { class: "catan-online__say", onsubmit: sendOwn }, own, " ",
      h("button", { type: "submit", class: "md-button", "data-action": "say-text" }, t("online_say"))))
}

async function sitDown(s, seat, name) {
  const answer = await s.transport.sit(seat, name)
  if (answer.error) return message(s, { text: roomError(s, answer.error), href: null })
  message(s, null)
  renderLobby(s)
}

/** Send a lobby request; true when the room accepted it, else the reason is shown. */
async function lobbyAsk(s, request) {
  const answer = await s.transport.send(request)
  if (answer.error) {
    message(s, { text: roomError(s, answer.error), href: null })
    return false
  }
  message(s, null)
  return true
}
