// The tutorial: lessons whose answers the rules engine judges, the lesson list with the reader's
// progress, and the worked example game (pages built by catan_site/tutorial.py).
//
// Every board is already on the page (drawn at build time); this module makes it answer through
// core/board.js. Answers go to catan_web.tutorial in the page's worker ("tutorial.judge"); the
// worked game steps through "tutorial.replay". Texts come from the page's catalog (core/i18n.js,
// section "tutorial"). Progress lives in localStorage only. Material's instant navigation
// evaluates this module once: pages are (re)bound through `document$`, and binding is idempotent.

import { call, ensureRuntime, onProgress } from "./core/runtime.js"
import { Board } from "./core/board.js"
import { h, onPage, parse } from "./core/dom.js"
import { Catalog } from "./core/i18n.js"

const STORE = "catan-tutorial/v1"
const EXAMPLE = "example-game"

// -- progress ----------------------------------------------------------------------------------

export function readProgress() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) || "null")
    if (saved && typeof saved.done === "object" && saved.done) return saved
  } catch (error) { /* unreadable or blocked storage: start afresh */ }
  return { done: {} }
}

function markDone(key) {
  const progress = readProgress()
  progress.done[key] = Date.now()
  try { localStorage.setItem(STORE, JSON.stringify(progress)) } catch (error) { /* private mode */ }
}

function resetProgress() {
  try { localStorage.removeItem(STORE) } catch (error) { /* nothing to clear */ }
}

const isDone = (key) => Boolean(readProgress().done[key])

// -- small helpers -----------------------------------------------------------------------------

/** The page's texts: `tx` (the catalog's tutorial section), its `words` (for the engine's
 *  players' panel) and the `lessons` of the course. */
function pageConfig() {
  const catalog = Catalog.page()
  const words = catalog?.data.ui.tutorial
  if (!words) return null
  const { lessons, ...rest } = words
  return { tx: catalog.for("tutorial"), words: rest, lessons }
}

function setStatus(el, content, kind = "") {
  el.replaceChildren(...[content].flat())
  el.className = "catan-task__status" + (kind ? ` is-${kind}` : "")
}

// One line per page that follows the engine's start-up.
function engineStatus(cfg) {
  let line = document.querySelector(".catan-engine-status")
  if (line) return line
  const first = document.querySelector(".catan-task, .catan-worked")
  if (!first) return null
  line = document.createElement("p")
  line.className = "catan-engine-status"
  line.setAttribute("role", "status")
  line.hidden = true
  first.before(line)
  let done = false
  let stop = null  // onProgress calls back at once when the engine already started
  stop = onProgress(({ stage, percent, error }) => {
    if (done) return
    if (stage === "ready" || !line.isConnected) {
      line.hidden = true
      done = true
      if (stop) stop()
      return
    }
    line.hidden = false
    line.textContent = stage === "failed"
      ? cfg.tx.t("failed", { error: error || "" })
      : cfg.tx.t("loading", { percent: percent ?? 0 })
    line.classList.toggle("is-error", stage === "failed")
  })
  if (done) stop()
  return line
}

// Start the engine once a tutorial board is on screen (never on pages without one).
function startWhenVisible(elements, cfg) {
  if (!elements.length) return
  const start = () => { engineStatus(cfg); ensureRuntime().catch(() => {}) }
  if (!("IntersectionObserver" in window)) { start(); return }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { observer.disconnect(); start() }
  })
  for (const el of elements) observer.observe(el)
}

// The board and the players' panel for a position, drawn by the engine.
async function redraw(root, board, position, options) {
  const shown = await call("tutorial.view", position, options)
  board.replace(shown.svg)
  const panel = root.querySelector(".catan-panel")
  if (panel) panel.replaceWith(parse(shown.panel))
}

// -- one task ----------------------------------------------------------------------------------

const MARK = { node: "nodes", edge: "edges", tile: "tiles" }

class Task {
  constructor(root, cfg) {
    this.root = root
    this.cfg = cfg
    this.spec = JSON.parse(root.dataset.spec)
    this.start = this.spec.position
    this.position = this.start
    this.busy = false
    this.solved = false
    this.status = root.querySelector(".catan-task__status")
    this.counts = {}
    root.catanTask = this
    this.bind()
    this.showDone(isDone(this.spec.key))
  }

  bind() {
    const { root, spec } = this
    for (const control of root.querySelectorAll("button, input")) control.disabled = false
    this.board = new Board(root.querySelector("figure.catan-diagram"), {
      catalog: this.cfg.tx, label: this.prompt(),
      onPick: (kind, id, el) => this.submit(id, el),
    })
    if (MARK[spec.ui]) {  // every spot of the kind: which one is right is the question
      root.classList.add("is-clickable")
      this.board.pick([spec.ui])
    }
    for (const option of root.querySelectorAll("button.catan-task__option")) {
      option.addEventListener("click", () => this.submit(JSON.parse(option.dataset.value), option))
    }
    root.querySelector(".catan-task__do")?.addEventListener("click", (e) => this.submit(null, e.target))
    root.querySelector(".catan-task__check")?.addEventListener("click", () => this.submit(this.reply()))
    for (const stepper of root.querySelectorAll(".catan-stepper")) {
      for (const button of stepper.querySelectorAll("button[data-step]")) {
        button.addEventListener("click", () => this.step(stepper.dataset.resource,
          Number(button.dataset.step)))
      }
    }
    root.querySelector(".catan-task__again button")?.addEventListener("click", () => this.restart())
    this.updateCards()
  }

  // The reply of a multi or cards task: the ticked values, or the chosen cards.
  reply() {
    if (this.spec.ui === "cards") {
      return Object.fromEntries(Object.entries(this.counts).filter(([, n]) => n > 0))
    }
    return [...this.root.querySelectorAll("input[type=checkbox]:checked")]
      .map((input) => JSON.parse(input.dataset.value))
  }

  /** How many of `resource` the reply may hold: what the task's `hand` player holds (a task
   *  with no `hand` sets no limit, as tutorial/lessons.yml says; the engine judges the reply). */
  limit(resource) {
    const owner = this.spec.hand && this.position.players[this.spec.hand]
    return owner ? (owner.hand || {})[resource] || 0 : Infinity
  }

  step(resource, delta) {
    const next = (this.counts[resource] || 0) + delta
    if (next < 0 || next > this.limit(resource)) return
    this.counts[resource] = next
    this.updateCards()
  }

  updateCards() {
    if (this.spec.ui !== "cards") return
    let total = 0
    for (const stepper of this.root.querySelectorAll(".catan-stepper")) {
      const resource = stepper.dataset.resource
      const n = this.counts[resource] || 0
      total += n
      stepper.querySelector("output").textContent = n
      stepper.querySelector('[data-step="-1"]').disabled = this.solved || n <= 0
      stepper.querySelector('[data-step="1"]').disabled = this.solved || n >= this.limit(resource)
      stepper.classList.toggle("is-empty", this.limit(resource) === 0)
    }
    this.root.querySelector(".catan-task__count").textContent =
      this.cfg.tx.t("selected", { count: total })
  }

  async submit(reply, chosen = null) {
    if (this.busy || this.solved) return
    this.busy = true
    this.root.classList.add("is-busy")
    setStatus(this.status, this.cfg.tx.t("checking"), "pending")
    try {
      const verdict = await call("tutorial.judge", this.position, this.spec.check, reply)
      if (verdict.correct) await this.succeed(verdict, reply, chosen)
      else this.fail(verdict, chosen)
    } catch (error) {
      setStatus(this.status, error.message || String(error), "error")
    } finally {
      this.busy = false
      this.root.classList.remove("is-busy")
      this.root.dataset.verdicts = Number(this.root.dataset.verdicts || 0) + 1  // tests wait on it
    }
  }

  async succeed(verdict, reply, chosen) {
    this.solved = true
    this.root.classList.add("is-solved")
    setStatus(this.status, this.cfg.tx.t("right"), "right")
    for (const el of this.root.querySelectorAll(".is-wrong")) el.classList.remove("is-wrong")
    chosen?.classList.add("is-right")
    for (const control of this.root.querySelectorAll(".catan-task__options button, input")) {
      control.disabled = true
    }
    this.updateCards()
    this.root.querySelector(".catan-task__answer").open = true
    this.root.querySelector(".catan-task__again").hidden = false
    markDone(this.spec.key)
    this.showDone(true)
    if (verdict.position) {
      this.position = verdict.position
      const marks = { ...(this.spec.marks || {}) }
      if (MARK[this.spec.ui]) marks[MARK[this.spec.ui]] = [reply]
      await this.draw(marks)
      this.handOn()
    } else if (MARK[this.spec.ui]) {
      await this.draw({ ...(this.spec.marks || {}), [MARK[this.spec.ui]]: [reply] })
    }
    lessonComplete(this.cfg, this.spec.lesson)
  }

  fail(verdict, chosen) {
    const { tx } = this.cfg
    const parts = [tx.t("wrong")]
    if (verdict.code) {  // the engine's rule in the page's language, with its FAQ answer
      const { text, href, title } = tx.error({ code: verdict.code, details: verdict.details, message: verdict.code })
      parts.push(" ", text)
      if (href) parts.push(" ", h("span", { class: "catan-task__rule" }, "(", h("a", { href, class: "catan-faq-link" }, title || href), ")"))
    } else if (["apply", "cards"].includes(this.spec.check.type)) {
      parts.push(" ", this.root.dataset.miss)  // legal, but not what the task asks
    }
    setStatus(this.status, parts, "wrong")
    this.root.querySelector(".catan-task__hint").open = true
    if (chosen) {
      chosen.classList.add("is-wrong")
      setTimeout(() => chosen.classList.remove("is-wrong"), 1800)
    }
  }

  prompt() { return this.root.querySelector(".catan-task__prompt").textContent.trim() }

  async draw(marks) {
    const { focus, labels } = this.spec
    await redraw(this.root, this.board, this.position, {
      marks, focus, labels, words: this.cfg.words, you: "red", title: this.prompt(),
    })
  }

  // A task that starts "from: previous" continues from the position this one reached.
  handOn() {
    const next = this.root.parentElement && [...document.querySelectorAll(".catan-task")]
      .map((el) => el.catanTask).find((task, i, all) => all[i - 1] === this)
    if (next && next.spec.from === "previous" && !next.solved) {
      next.start = this.position
      next.position = this.position
      next.counts = {}
      next.updateCards()
      next.draw(next.spec.marks || {}).catch(() => {})
    }
  }

  async restart() {
    this.solved = false
    this.root.classList.remove("is-solved")
    this.position = this.start
    this.counts = {}
    for (const control of this.root.querySelectorAll("button, input")) control.disabled = false
    for (const input of this.root.querySelectorAll("input[type=checkbox]")) input.checked = false
    for (const el of this.root.querySelectorAll(".is-right, .is-wrong")) {
      el.classList.remove("is-right", "is-wrong")
    }
    this.updateCards()
    setStatus(this.status, "")
    this.root.querySelector(".catan-task__answer").open = false
    this.root.querySelector(".catan-task__hint").open = false
    this.root.querySelector(".catan-task__again").hidden = true
    await this.draw(this.spec.marks || {})
  }

  showDone(done) {
    this.root.querySelector(".catan-task__done").hidden = !done
    this.root.classList.toggle("is-done", done)
  }
}

// After a lesson's last task: say so and point to the next lesson.
function lessonComplete(cfg, lessonId) {
  const index = cfg.lessons.findIndex((lesson) => lesson.id === lessonId)
  if (index < 0 || !cfg.lessons[index].tasks.every(isDone)) return
  const tasks = document.querySelectorAll(".catan-task")
  const last = tasks[tasks.length - 1]
  if (!last || document.querySelector(".catan-lesson-done")) return
  const next = cfg.lessons[index + 1]
  last.after(h("p", { class: "catan-lesson-done", role: "status" }, `✓ ${cfg.tx.t("lesson_done")}`,
    next ? [" ", h("a", { href: next.href }, cfg.tx.labelled(cfg.tx.t("next"), next.title))] : null))
}

// -- the lesson list -----------------------------------------------------------------------------

function showLessons(root, cfg) {
  let finished = 0
  const items = root.querySelectorAll(".catan-lessons__item")
  for (const item of items) {
    const tasks = JSON.parse(item.dataset.tasks)
    const done = tasks.filter(isDone).length
    const complete = done === tasks.length
    finished += complete
    item.classList.toggle("is-complete", complete)
    item.querySelector(".catan-lessons__state").textContent = complete
      ? `✓ ${cfg.tx.t("done")}` : done ? cfg.tx.t("tasks_done", { done, total: tasks.length }) : ""
  }
  root.querySelector(".catan-lessons__summary").textContent =
    cfg.tx.t("lessons_done", { done: finished, total: items.length })
  root.querySelector(".catan-lessons__example").hidden = !isDone(EXAMPLE)
}

function initLessons(root, cfg) {
  const reset = root.querySelector(".catan-lessons__reset")
  reset.hidden = false
  reset.addEventListener("click", () => {
    resetProgress()
    showLessons(root, cfg)
    root.querySelector(".catan-lessons__summary").textContent += ` ${cfg.tx.t("reset_done")}`
  })
  showLessons(root, cfg)
}

// -- the worked game ------------------------------------------------------------------------------

class WorkedGame {
  constructor(root, cfg) {
    this.root = root
    this.cfg = cfg
    this.spec = JSON.parse(root.dataset.spec)
    this.positions = [this.spec.start]
    this.index = 0
    this.busy = false
    this.board = new Board(root.querySelector("figure.catan-diagram"), { catalog: cfg.tx })
    this.now = root.querySelector(".catan-worked__now")
    this.intro = this.now.textContent
    this.items = [...root.querySelectorAll(".catan-worked__steps li")]
    const buttons = (name) => root.querySelector(`.catan-worked__${name}`)
    this.first = buttons("first")
    this.previous = buttons("previous")
    this.next = buttons("next")
    this.first.addEventListener("click", () => this.go(0))
    this.previous.addEventListener("click", () => this.go(this.index - 1))
    this.next.addEventListener("click", () => this.go(this.index + 1))
    this.update()
  }

  // Position after step n: replayed by the engine the first time, remembered afterwards.
  async positionAt(n) {
    while (this.positions.length <= n) {
      const position = this.positions[this.positions.length - 1]
      const step = this.spec.steps[this.positions.length - 1]
      const result = await call("tutorial.replay", position, step.actions)
      if (result.error) throw Object.assign(new Error(result.error.message), result.error)
      this.positions.push(result.position)
    }
    return this.positions[n]
  }

  async go(n) {
    if (this.busy || n < 0 || n > this.spec.steps.length) return
    this.busy = true
    this.root.classList.add("is-busy")
    this.first.disabled = this.previous.disabled = this.next.disabled = true
    try {
      const position = await this.positionAt(n)
      const marks = n > 0 ? this.spec.steps[n - 1].marks : {}
      await redraw(this.root, this.board, position, {
        marks, words: { ...this.cfg.words, names: this.spec.names }, you: null, points: true,
        title: n > 0 ? this.items[n - 1].textContent : this.intro,
      })
      this.index = n
      if (n === this.spec.steps.length) markDone(EXAMPLE)
    } catch (error) {
      this.now.textContent = error.message || String(error)
    } finally {
      this.busy = false
      this.root.classList.remove("is-busy")
      this.update()
    }
  }

  update() {
    const n = this.index
    const total = this.spec.steps.length
    this.now.textContent = n > 0 ? this.items[n - 1].textContent : this.intro
    this.root.querySelector(".catan-worked__counter").textContent =
      this.cfg.tx.t("step", { n, total })
    this.items.forEach((item, i) => {
      if (i === n - 1) item.setAttribute("aria-current", "step")
      else item.removeAttribute("aria-current")
    })
    this.first.disabled = this.previous.disabled = n === 0
    this.next.disabled = n === total
  }
}

// -- binding ------------------------------------------------------------------------------------

function init() {
  const cfg = pageConfig()
  if (!cfg) return
  const fresh = (selector) => [...document.querySelectorAll(selector)].filter((el) => {
    if (el.dataset.catanBound) return false
    el.dataset.catanBound = "1"
    return true
  })
  const tasks = fresh(".catan-task[data-spec]")
  for (const el of tasks) new Task(el, cfg)
  const worked = fresh(".catan-worked[data-spec]")
  for (const el of worked) new WorkedGame(el, cfg)
  for (const el of fresh(".catan-lessons")) initLessons(el, cfg)
  startWhenVisible([...tasks, ...worked], cfg)
}

onPage(init)
