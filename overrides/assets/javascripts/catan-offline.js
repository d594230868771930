/*
 * The site offline (catan_site/offline): registers the service worker (site/sw.js, scope: the
 * whole site) from every page, tells it which files a page loaded before it was in control,
 * and runs the footer's "available offline" control, which asks it to keep every file of the
 * page's language and the rules engine, with progress. Runs once; survives Material's instant
 * navigation (the footer may be rendered again: the control is found again on every page).
 */
(function () {
  "use strict"
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return
  var config = JSON.parse(document.getElementById("__config").textContent)
  var lang = document.documentElement.lang
  /* Offline, registering again fails (the update check cannot fetch sw.js): the worker
   * already installed is still ready. */
  var registered = navigator.serviceWorker.register(new URL("sw.js", config.catan.site).href)
    .catch(function (error) { console.warn("offline:", error.message) })
    .then(function () { return navigator.serviceWorker.ready })

  function ask(worker, message) {                     /* -> its answers, through a port */
    var channel = new MessageChannel()
    worker.postMessage(message, [channel.port2])
    return channel.port1
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all
    })
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toLocaleString(lang, { maximumFractionDigits: 1 })
  }

  /* The worker keeps these files (this site's, listed in its build) if it has not yet. */
  function keep(registration, urls) {
    registration.active.postMessage({ type: "visited", urls: urls.filter(function (url) {
      return url.indexOf(location.origin + "/") === 0
    }) })
  }

  /* A page loaded outside the worker's control: what the page has loaded. */
  function reportVisit(registration) {
    keep(registration, [location.href.split("#")[0]].concat(
      performance.getEntriesByType("resource").map(function (entry) { return entry.name })))
  }

  /* The rules engine's files, which its Web Worker loaded (frontend/core/runtime.js tells). */
  window.addEventListener("catan:engine-loaded", function (event) {
    registered.then(function (registration) { keep(registration, event.detail || []) })
  })

  function bind() {
    var box = document.querySelector("[data-catan-offline]")
    if (!box || box.hasAttribute("data-catan-bound")) return
    box.setAttribute("data-catan-bound", "")
    var texts = JSON.parse(box.getAttribute("data-texts"))
    var intro = box.querySelector(".catan-offline__intro")
    var button = box.querySelector(".catan-offline__button")
    var bar = box.querySelector(".catan-offline__progress")
    var status = box.querySelector(".catan-offline__status")

    function show(answer) {
      if (answer.total) intro.textContent = fill(texts.offline_intro, { size: megabytes(answer.total) })
      if (answer.complete || answer.ok) {
        bar.hidden = true
        box.setAttribute("data-state", "done")
        status.textContent = texts.offline_done
      }
    }

    registered.then(function (registration) {
      box.hidden = false
      ask(registration.active, { type: "status", lang: lang }).onmessage = function (event) {
        show(event.data)
      }
    })

    button.addEventListener("click", function () {
      registered.then(function (registration) {
        button.disabled = true
        bar.hidden = false
        bar.value = 0
        box.setAttribute("data-state", "saving")
        var last = -1
        ask(registration.active, { type: "offline", lang: lang }).onmessage = function (event) {
          var data = event.data
          if (data.error) {
            bar.hidden = true
            button.disabled = false
            box.setAttribute("data-state", "failed")
            status.textContent = fill(texts.offline_failed, { message: data.error })
            return
          }
          var percent = data.total ? Math.floor(100 * data.done / data.total) : 0
          bar.value = percent
          if (data.ok) {
            button.disabled = false
            return show(data)
          }
          if (percent >= last + 10 || last < 0) {             /* a few announcements, not 100 */
            last = percent
            status.textContent = fill(texts.offline_progress, { percent: percent })
          }
        }
      })
    })
  }

  function onPage() {
    bind()
    registered.then(reportVisit)
  }

  if (window.document$ && typeof window.document$.subscribe === "function")
    window.document$.subscribe(onPage)
  else
    onPage()
})()
