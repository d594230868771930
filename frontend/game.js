// The Play page: a whole game of Catan against computer players or people at the same screen,
// or in an online room.
//
// No rule lives here. The referee (catan_core.referee, through catan_web.game) decides whose
// decision comes next, plays the computers, answers for a player an offer they cannot answer,
// caps offers and turns, and says what the viewer may do (costs, playable cards, legal spots and
// why the others are not) and draws the board (catan_core.svg). The page asks it through a
// transport (game/transport.js: the engine in this page's Web Worker; game/transport-room.js:
// an online room's server), shows the answers, and sends what a person chooses.
//
// This file mounts the page on <div class="catan-game" data-catan-game> (catan_site/game_page.py),
// once per element, also after Material's instant navigation (core/dom.js onPage). The page is
// one state object (game/state.js) and modules of plain functions over it, each taking it first:
//
//   game/app.js       start-up, the engine, starting again over another transport
//   game/shell.js     the page's elements, the tools, the message line
//   game/games.js     which game is on the table (new, saved, imported, linked) and saving it
//   game/loop.js      requests to the referee, what happens next, computers, seats
//   game/clock.js     the turn timer
//   game/choices.js   the board's choices and build modes
//   game/render.js    drawing: board, bar, log (panels.js, trade.js: the side panels)
//   game/dialogs.js   dialogs (end.js: the end of the game)
//   game/room.js      the page over an online room (lobby.js: its lobby)
//
// Words come from the page's catalog (core/i18n.js), section "game".

import { onPage } from "./core/dom.js"
import { mount } from "./game/app.js"
import { LocalTransport } from "./game/transport.js"
import { RoomTransport, roomInLink } from "./game/transport-room.js"

function mountAll() {
  for (const root of document.querySelectorAll(".catan-game[data-catan-game]:not([data-mounted])")) {
    root.setAttribute("data-mounted", "")
    const room = roomInLink()   // an invitation to an online room
    mount(root, room ? new RoomTransport(room) : new LocalTransport())
  }
}

onPage(mountAll)
