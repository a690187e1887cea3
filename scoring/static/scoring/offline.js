/* The scorer's page works offline: store and forward, as bridge terminals do (issue 13).

   Online, the deal form posts through htmx as before. This script only steps in when that
   cannot work:

   - When the phone is offline (or deals are already waiting, so that order is kept), a saved
     deal is not posted: it is kept in IndexedDB ("deberc-scorer", store "waiting") with its
     Idempotency-Key and the match version it was typed against, shown as "waiting to send"
     with its figures, and the totals are marked provisional (nothing is scored on the phone).
   - When an htmx post fails on the network (or times out), the deal is kept the same way,
     with the key it was sent with: the server may or may not have stored it, and a retry with
     that key replays the first answer instead of writing a second deal.
   - When the connection is back (the "online" event, the page's load, every RETRY_MS), the
     waiting deals are posted in order to the same form view (scoring.views.deal_create, no
     htmx: real status codes), each with its own key on every retry. A deal typed behind
     waiting ones was typed against the table *with* them, so it carries the version after
     them (the version before + its place in the line); every deal write bumps the version
     by one.
   - 429 (the per-user deal throttle: too many deal writes at once): the deal keeps waiting in
     its place with its key, and the line is sent again after the answer's Retry-After.
   - 409 (someone else wrote meanwhile): the line stops; the scorer sees the table as it is
     now beside the waiting deal, and sends it as the next deal or drops it. 400 (the engine
     refuses figures typed offline): the scorer corrects it in the form (it keeps its place
     and its key: a refused request stores nothing) or drops it. Nothing is dropped unless the
     scorer says so.

   The service worker (/matches/sw.js, scoring/templates/scoring/sw.js) keeps this page and
   its static files; after each save online this script asks it to keep the new page, so that
   a reload offline shows the latest sheet and version.

   Texts come translated from data-t-* attributes of #offline-config (scoring/match.html). */
(function () {
  "use strict";

  var config = document.getElementById("offline-config");
  if (!config || !window.indexedDB) return;
  var cfg = config.dataset;
  var MATCH = Number(cfg.match);
  var PAGE_URL = cfg.pageUrl;
  var PAGE_PATH = new URL(PAGE_URL, location.href).pathname;
  var DEAL_URL = cfg.dealUrl;
  var NAMES = [];
  try { NAMES = JSON.parse(cfg.players || "[]"); } catch (err) { NAMES = []; }
  var SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
  var BOOKKEEPING = ["csrfmiddlewaretoken", "version", "idempotency_key"];
  var FORM = "form[data-offline-queue]";
  var RETRY_MS = 15000;

  var state = {
    items: [],          // this match's waiting deals, in order
    ready: false,       // the waiting deals were read from IndexedDB
    flushing: false,
    again: false,       // a flush was asked for while one ran
    sending: null,      // the key being posted now
    inFlight: null,     // what htmx is posting now: kept if the network fails
    correcting: null,   // the key of a refused waiting deal being corrected in the form
    sheet: null,
    version: null,
  };

  // --- IndexedDB ------------------------------------------------------------------------

  var dbPromise = null;

  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var req = indexedDB.open("deberc-scorer", 1);
        req.onupgradeneeded = function () {
          var store = req.result.createObjectStore("waiting", { keyPath: "key" });
          store.createIndex("match", "match");
        };
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      });
    }
    return dbPromise;
  }

  // Resolves once the transaction is committed: a deal is on the phone when this resolves.
  function run(mode, work) {
    return db().then(function (conn) {
      return new Promise(function (resolve, reject) {
        var tx = conn.transaction("waiting", mode);
        var result;
        work(tx.objectStore("waiting"), function (value) { result = value; });
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = function () { reject(tx.error); };
        tx.onabort = function () { reject(tx.error); };
      });
    });
  }

  function loadItems() {
    return run("readonly", function (store, done) {
      var req = store.index("match").getAll(MATCH);
      req.onsuccess = function () { done(req.result || []); };
    }).then(function (items) {
      items.sort(function (a, b) { return a.seq - b.seq; });
      state.items = items;
      state.ready = true;
      reportQueue();
      return items;
    });
  }

  // The organiser's round view shows how many deals wait on this phone (issue 20:
  // tournaments.staff_views.offline_queue_report); said again only when the count changed.
  // Only from a page that may enter the deals (data-reports-queue): a spectator's has none.
  var reported = null;
  function reportQueue() {
    var count = state.items.length;
    if (!("reportsQueue" in cfg) || count === reported || !navigator.onLine || !window.fetch) return;
    // Marked said before the answer: the page's first two reads of the queue come at once.
    reported = count;
    fetch("/matches/" + MATCH + "/queue/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken() },
      body: new URLSearchParams({ waiting: String(count) }),
    }).then(function (answer) { if (!answer.ok) reported = null; }, function () { reported = null; });
  }

  function saveItems(items) {
    return run("readwrite", function (store) {
      items.forEach(function (item) { store.put(item); });
    });
  }

  function removeItem(key) {
    return run("readwrite", function (store) { store.delete(key); });
  }

  function replaceKey(item) {
    // A key the server holds for another deal (422): the deal goes on under a new one.
    var old = item.key;
    item.key = newKey();
    return run("readwrite", function (store) {
      store.delete(old);
      store.put(item);
    });
  }

  // --- the form -------------------------------------------------------------------------

  function dealForm() { return document.querySelector(FORM); }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }

  function freshKey(form) {
    var input = form && form.elements.namedItem("idempotency_key");
    if (input) input.value = newKey();
  }

  function fieldsOf(form, submitter) {
    var data;
    try {
      data = new FormData(form, submitter || null);
    } catch (err) {
      data = new FormData(form);
      if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    }
    // A game's page marks its own page-state fields (e.g. the dealer it showed) with
    // data-offline-skip: they are not part of the deal kept on the phone.
    var skip = BOOKKEEPING.slice();
    form.querySelectorAll("[data-offline-skip][name]").forEach(function (node) { skip.push(node.name); });
    var out = [];
    data.forEach(function (value, name) {
      if (skip.indexOf(name) < 0 && typeof value === "string") out.push([name, value]);
    });
    return out;
  }

  function typedSomething(fields) {
    return fields.some(function (pair) { return pair[1] !== "" && pair[0] !== "violation_kind"; });
  }

  function clearForm(form) {
    if (!form) return;
    Array.prototype.forEach.call(form.elements, function (el) {
      if (["hidden", "submit", "button"].indexOf(el.type) >= 0 || el.tagName === "FIELDSET") return;
      if (el.type === "radio" || el.type === "checkbox") el.checked = false;
      else if (el.tagName === "SELECT") el.selectedIndex = 0;
      else el.value = "";
    });
    form.querySelectorAll(".field-errors-of, .field-errors").forEach(function (e) { e.remove(); });
    form.querySelectorAll(".field-error").forEach(function (e) { e.classList.remove("field-error"); });
    form.querySelectorAll("[aria-invalid]").forEach(function (e) {
      e.removeAttribute("aria-invalid");
      e.removeAttribute("aria-describedby");
    });
    form.querySelectorAll("details[open]").forEach(function (d) { d.open = false; });
    freshKey(form);
    filled(form);
  }

  // The game's script (preferans.js) shows and hides its fields by what is chosen: told
  // when the form is filled or emptied here, where no input event fires.
  function filled(form) {
    form.dispatchEvent(new CustomEvent("scorer:form-filled", { bubbles: true }));
  }

  function fillForm(form, fields) {
    clearForm(form);
    fields.forEach(function (pair) {
      var name = pair[0];
      var value = pair[1];
      form.querySelectorAll('[name="' + CSS.escape(name) + '"]').forEach(function (el) {
        if (el.type === "submit" || el.type === "hidden") return;
        if (el.type === "radio") el.checked = el.value === value;
        else if (el.type === "checkbox") el.checked = true;
        else el.value = value;
        var details = el.closest("details");
        if (details && value && name !== "violation_kind") details.open = true;
      });
    });
    filled(form);
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function stop(evt) {
    evt.preventDefault();
    evt.stopImmediatePropagation();
  }

  // Capture phase: before htmx's own listener on the form (static/js/site.js's data-confirm
  // question, registered earlier, runs before this one).
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    if (!form || !form.matches || !form.matches(FORM)) return;
    var fields = fieldsOf(form, evt.submitter);
    var keyInput = form.elements.namedItem("idempotency_key");
    var versionInput = form.elements.namedItem("version");
    var key = (keyInput && keyInput.value) || newKey();
    var version = Number(versionInput && versionInput.value);
    if (state.correcting) {
      stop(evt);
      correctWaiting(state.correcting, fields);
    } else if (!navigator.onLine || !state.ready || state.items.length) {
      stop(evt);
      enqueue(fields, key, version);
    } else {
      state.inFlight = { key: key, version: version, fields: fields };
    }
  }, true);

  function onNetworkFailure(evt) {
    var sent = state.inFlight;
    var elt = evt.detail && evt.detail.elt;
    if (!sent || (elt && elt.matches && !elt.matches(FORM))) return;
    state.inFlight = null;
    enqueue(sent.fields, sent.key, sent.version);
  }

  document.addEventListener("htmx:sendError", onNetworkFailure);
  document.addEventListener("htmx:timeout", onNetworkFailure);
  document.addEventListener("htmx:afterSwap", function () { state.inFlight = null; afterSheetChange(); });
  document.addEventListener("htmx:afterSettle", afterSheetChange);

  function enqueue(fields, key, version) {
    return loadItems().then(function (items) {
      if (items.some(function (item) { return item.key === key; })) return null;
      var last = items[items.length - 1];
      return saveItems([{
        key: key,
        match: MATCH,
        seq: last ? last.seq + 1 : Date.now(),
        // Typed behind waiting deals: against the table as it will be with them.
        version: last ? last.version + 1 : version,
        seen: version,      // the version the page showed when it was typed
        fields: fields,
        typedAt: new Date().toISOString(),
        state: "waiting",
        errors: [],
        note: "",
      }]);
    }).then(loadItems).then(function () {
      clearForm(dealForm());
      render();
      flush();
    });
  }

  function correctWaiting(key, fields) {
    state.correcting = null;
    var item = state.items.filter(function (i) { return i.key === key; })[0];
    if (!item) { render(); return Promise.resolve(); }
    item.fields = fields;
    item.state = "waiting";
    item.errors = [];
    item.note = "";
    var saved = item.keyReused ? replaceKey(item) : saveItems([item]);
    item.keyReused = false;
    return saved.then(loadItems).then(function () {
      clearForm(dealForm());
      render();
      flush();
    });
  }

  // --- sending --------------------------------------------------------------------------

  function messagesIn(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var out = [];
    doc.querySelectorAll("#sheet [data-testid=errors] div, #sheet form .field-errors")
      .forEach(function (node) {
        var text = node.textContent.trim();
        if (text && out.indexOf(text) < 0) out.push(text);
      });
    return out;
  }

  function judge(response, html) {
    var path = new URL(response.url || DEAL_URL, location.href).pathname;
    if (response.ok && response.redirected && path === PAGE_PATH) return { kind: "saved" };
    if (response.ok && response.redirected) return { state: "waiting", note: cfg.tSignIn };
    if (response.status === 409) return { state: "conflict" };
    if (response.status === 400) return { state: "rejected", errors: messagesIn(html) };
    if (response.status === 422) {
      return { state: "rejected", errors: messagesIn(html), keyReused: true };
    }
    if (response.status === 429) {
      // Throttled: nothing was written. The deal keeps its place and its key; it goes again
      // when the server says (never dropped, never sent in a tight loop).
      return { state: "waiting", note: cfg.tThrottled || cfg.tNotYet, retryAfter: retryAfterMs(response) };
    }
    return { state: "waiting", note: cfg.tNotYet };
  }

  function retryAfterMs(response) {
    // Retry-After in seconds (the site sends whole seconds); a date or nothing: one second.
    var seconds = Number(response.headers.get("Retry-After"));
    if (!isFinite(seconds) || seconds < 1) seconds = 1;
    return Math.min(seconds, 300) * 1000;
  }

  var retryTimer = null;
  var holdUntil = 0;  // after a 429: nothing is sent before this time (Date.now())

  function retryLater(ms) {
    holdUntil = Math.max(holdUntil, Date.now() + ms);
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(function () { retryTimer = null; flush(); }, holdUntil - Date.now());
  }

  function post(item) {
    var token = csrfToken();
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("version", String(item.version));
    body.set("idempotency_key", item.key);
    body.set("csrfmiddlewaretoken", token);
    return fetch(DEAL_URL, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": token, "Idempotency-Key": item.key },
    }).then(function (response) {
      return response.text().then(function (html) { return judge(response, html); });
    }).catch(function () { return { kind: "network" }; });
  }

  function withLock(work) {
    // One tab at a time sends a match's waiting deals (a second tab would only get replays).
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request("deberc-waiting-" + MATCH, work);
    }
    return work();
  }

  function sendInOrder() {
    var touched = false;
    function step() {
      var item = state.items[0];
      if (!item || item.state !== "waiting" || !navigator.onLine) return Promise.resolve();
      state.sending = item.key;
      render();
      return post(item).then(function (answer) {
        state.sending = null;
        if (answer.kind === "saved") {
          touched = true;
          return removeItem(item.key).then(loadItems).then(step);
        }
        if (answer.kind === "network") return null;
        touched = touched || answer.state === "conflict";
        item.state = answer.state;
        item.errors = answer.errors || [];
        item.note = answer.note || "";
        item.keyReused = Boolean(answer.keyReused);
        if (answer.retryAfter) retryLater(answer.retryAfter);
        return saveItems([item]).then(loadItems);
      });
    }
    return loadItems().then(step).then(function () { return touched ? refreshSheet() : null; });
  }

  function flush() {
    if (!navigator.onLine || !state.ready) return Promise.resolve();
    // The server asked to wait (Retry-After): the periodic retry, the "online" event or a new
    // deal do not send before then; the line goes when the wait is over.
    if (holdUntil > Date.now()) {
      if (!retryTimer) retryLater(0);
      return Promise.resolve();
    }
    if (state.flushing) { state.again = true; return Promise.resolve(); }
    state.flushing = true;
    state.again = false;
    return withLock(sendInOrder).catch(function () { return null; }).then(function () {
      state.flushing = false;
      state.sending = null;
      render();
      if (state.again) return flush();
      return null;
    });
  }

  // The sheet as the server has it now (after the waiting deals went, or beside a conflict).
  // The page's fetch goes through the service worker, which keeps it for the next reload.
  function refreshSheet() {
    return fetch(PAGE_URL, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok && !response.redirected ? response.text() : null;
      })
      .then(function (html) { if (html) swapSheet(html); })
      .catch(function () { return null; });
  }

  function swapSheet(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("sheet");
    var current = document.getElementById("sheet");
    if (!fresh || !current) return;
    var form = dealForm();
    var typing = form ? fieldsOf(form, null) : [];
    var node = document.importNode(fresh, true);
    current.replaceWith(node);
    if (window.htmx) window.htmx.process(node);
    var newForm = dealForm();
    if (newForm && typedSomething(typing)) fillForm(newForm, typing);
    afterSheetChange();
  }

  function afterSheetChange() {
    var sheet = document.getElementById("sheet");
    if (!sheet || sheet === state.sheet) return;
    var before = state.version;
    state.sheet = sheet;
    state.version = sheet.dataset.version;
    freshKey(dealForm());
    if (before !== null && before !== state.version) keepPage();
    render();
  }

  // --- the actions on a waiting deal ----------------------------------------------------

  function rebase(items, from, version) {
    items.slice(from).forEach(function (item, k) { item.version = version + k; });
  }

  function act(action, key) {
    var items = state.items;
    var index = items.findIndex(function (item) { return item.key === key; });
    if (index < 0) return;
    var item = items[index];
    if (action === "drop") {
      if (!window.confirm(cfg.tDropConfirm)) return;
      var later = items.slice(index + 1);
      rebase(later, 0, item.version);
      removeItem(key).then(function () { return saveItems(later); }).then(loadItems)
        .then(function () { render(); flush(); });
    } else if (action === "resend") {
      // Typed against an older table: the scorer has seen the table now and sends it on top.
      rebase(items, index, Number(document.getElementById("sheet").dataset.version));
      item.state = "waiting";
      item.errors = [];
      saveItems(items.slice(index)).then(loadItems).then(function () { render(); flush(); });
    } else if (action === "retry") {
      item.state = "waiting";
      item.errors = [];
      item.note = "";
      var saved = item.keyReused ? replaceKey(item) : saveItems([item]);
      item.keyReused = false;
      saved.then(loadItems).then(function () { render(); flush(); });
    } else if (action === "correct") {
      var form = dealForm();
      if (!form) return;
      state.correcting = key;
      fillForm(form, item.fields);
      render();
      form.scrollIntoView({ block: "start" });
    } else if (action === "cancel") {
      state.correcting = null;
      clearForm(dealForm());
      render();
    }
  }

  // --- showing the waiting deals --------------------------------------------------------

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "testid") node.setAttribute("data-testid", attrs[name]);
      else node.setAttribute(name, attrs[name]);
    });
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function fill(template, values) {
    return Object.keys(values).reduce(function (text, name) {
      return text.split("__" + name + "__").join(values[name]);
    }, template || "");
  }

  function seatName(index) {
    var name = NAMES[Number(index)];
    return index === undefined || index === "" || name === undefined ? "" : name;
  }

  function optionText(name, value) {
    var select = document.querySelector(FORM + ' select[name="' + name + '"]');
    var option = select && Array.prototype.filter.call(select.options, function (o) {
      return o.value === value;
    })[0];
    return option ? option.textContent.trim() : value;
  }

  function figures(fields) {
    // A game whose form is not Deberc's shows its own waiting deals (its page's script sets
    // window.ScorerGame, e.g. scoring/preferans.js).
    var custom = window.ScorerGame;
    if (custom && typeof custom.figures === "function") {
      return custom.figures(fields, { el: el, fill: fill, names: NAMES, seatName: seatName });
    }
    var f = {};
    fields.forEach(function (pair) { f[pair[0]] = pair[1]; });
    var box = el("div", { "class": "waiting-figures", testid: "waiting-figures" });
    if (f.void) {
      box.appendChild(el("p", {}, cfg.tVoid));
      return box;
    }
    var game = el("p", { "class": "waiting-game" });
    var red = f.trump === "H" || f.trump === "D";
    var suit = el("span", { "class": "suit" + (red ? " suit-red" : "") });
    // The suit's name for a screen reader, as the form's own trump button carries it.
    var trumpInput = document.querySelector(FORM + ' input[name="trump"][value="' + CSS.escape(f.trump || "") + '"]');
    var trumpName = trumpInput && trumpInput.closest("label").querySelector(".visually-hidden");
    if (SUITS[f.trump] && trumpName) {
      suit.appendChild(el("span", { "aria-hidden": "true" }, SUITS[f.trump]));
      suit.appendChild(el("span", { "class": "visually-hidden" }, trumpName.textContent.trim()));
    } else {
      suit.textContent = SUITS[f.trump] || "\u2013";
    }
    game.appendChild(suit);
    game.appendChild(document.createTextNode(" " + (seatName(f.declarer) || "\u2013")));
    box.appendChild(game);
    var points = el("dl", { "class": "waiting-points" });
    NAMES.forEach(function (name, i) {
      points.appendChild(el("dt", {}, name));
      points.appendChild(el("dd", { testid: "waiting-points-" + i }, f["points_" + i] || "\u2013"));
    });
    box.appendChild(points);
    var extras = [];
    if (f.last_trick) extras.push(fill(cfg.tLastTrick, { NAME: seatName(f.last_trick) }));
    NAMES.forEach(function (name, i) {
      var said = [];
      for (var slot = 0; slot < 3; slot += 1) {
        var kind = f["decl_" + i + "_" + slot + "_kind"];
        if (!kind) continue;
        var suit = f["decl_" + i + "_" + slot + "_suit"] || f.trump;
        said.push(optionText("decl_0_0_kind", kind) + " " +
          (f["decl_" + i + "_" + slot + "_rank"] || "") + (SUITS[suit] || ""));
      }
      if (f["bella_" + i]) said.push(cfg.tBella);
      if (said.length) extras.push(name + ": " + said.join(", "));
    });
    if (f.closing_player) {
      extras.push(fill(cfg.tClosing, { NAME: seatName(f.closing_player), POINTS: f.closing_points || "0" }));
    }
    if (f.violation_player) {
      extras.push(fill(cfg.tViolation, {
        NAME: seatName(f.violation_player),
        KIND: optionText("violation_kind", f.violation_kind || "renonce"),
      }));
    }
    if (extras.length) box.appendChild(el("p", { "class": "muted" }, extras.join(" \u00b7 ")));
    return box;
  }

  function strip(node) {
    [node].concat(Array.prototype.slice.call(node.querySelectorAll("[data-testid], [id]")))
      .forEach(function (n) {
        n.removeAttribute("data-testid");
        n.removeAttribute("id");
      });
    return node;
  }

  // The table as it is now: the totals and its last deals, beside the waiting deal.
  function tableNow(sheet) {
    var box = el("div", { "class": "table-now-figures" });
    var board = sheet && sheet.querySelector(".scoreboard");
    if (board) {
      var copy = strip(board.cloneNode(true));
      copy.classList.remove("provisional");
      box.appendChild(copy);
    }
    var table = sheet && sheet.querySelector("table.deals");
    if (table) {
      var last = strip(table.cloneNode(true));
      var rows = last.tBodies[0] ? Array.prototype.slice.call(last.tBodies[0].rows) : [];
      rows.slice(0, Math.max(0, rows.length - 2)).forEach(function (row) { row.remove(); });
      box.appendChild(last);
    }
    return box;
  }

  function buttons(list, key) {
    var row = el("div", { "class": "row waiting-actions" });
    list.forEach(function (spec) {
      var button = el("button", { type: "button", "class": spec[2] || "", testid: "waiting-" + spec[1] }, spec[0]);
      button.addEventListener("click", function () { act(spec[1], key); });
      row.appendChild(button);
    });
    return row;
  }

  function renderItem(item, number, sheet, canCorrect) {
    var li = el("li", { "class": "waiting-deal waiting-" + item.state, testid: "waiting-deal" });
    li.setAttribute("data-state", item.state);
    var head = el("div", { "class": "waiting-head" });
    head.appendChild(el("strong", {}, fill(cfg.tDeal, { N: number })));
    head.appendChild(document.createTextNode(" "));
    head.appendChild(el("span", { "class": "badge waiting-badge" },
      state.sending === item.key ? cfg.tSending : cfg.tWaiting));
    li.appendChild(head);
    if (item.state === "conflict") {
      var box = el("div", { "class": "offline-conflict", testid: "offline-conflict" });
      box.appendChild(el("p", { "class": "errors-box", role: "alert" }, cfg.tConflict));
      var sides = el("div", { "class": "side-by-side" });
      var now = el("div", { "class": "side", testid: "table-now" });
      now.appendChild(el("h3", {}, cfg.tTableNow));
      now.appendChild(tableNow(sheet));
      var mine = el("div", { "class": "side", testid: "your-deal" });
      mine.appendChild(el("h3", {}, cfg.tYourDeal));
      mine.appendChild(figures(item.fields));
      sides.appendChild(now);
      sides.appendChild(mine);
      box.appendChild(sides);
      box.appendChild(buttons([[cfg.tResend, "resend", "primary"], [cfg.tDrop, "drop", "danger"]], item.key));
      li.appendChild(box);
      return li;
    }
    li.appendChild(figures(item.fields));
    if (item.state === "rejected") {
      var errors = el("div", { "class": "errors-box", role: "alert", testid: "waiting-errors" });
      errors.appendChild(el("div", {}, cfg.tRejected));
      (item.errors || []).forEach(function (text) { errors.appendChild(el("div", {}, text)); });
      li.appendChild(errors);
      var actions = [];
      if (canCorrect) actions.push([cfg.tCorrect, "correct", "primary"]);
      actions.push([cfg.tRetry, "retry", ""]);
      actions.push([cfg.tDrop, "drop", "danger"]);
      li.appendChild(buttons(actions, item.key));
    } else if (item.note) {
      li.appendChild(el("p", { "class": "muted", testid: "waiting-note" }, item.note));
      li.appendChild(buttons([[cfg.tRetry, "retry", ""], [cfg.tDrop, "drop", "danger"]], item.key));
    }
    return li;
  }

  function render() {
    var status = document.getElementById("offline-status");
    if (status) {
      status.textContent = cfg.tOffline;
      status.hidden = navigator.onLine;
    }
    var sheet = document.getElementById("sheet");
    if (!sheet) return;
    var items = state.items;
    var next = Number(sheet.dataset.nextNumber) || 1;
    var board = sheet.querySelector(".scoreboard");
    if (board) board.classList.toggle("provisional", items.length > 0);
    var dealer = sheet.querySelector(".next-dealer-line");
    if (dealer) dealer.classList.toggle("provisional", items.length > 0);

    var form = dealForm();
    if (form) {
      var heading = form.querySelector("[data-testid=form-heading]");
      var correcting = -1;
      items.forEach(function (item, i) { if (item.key === state.correcting) correcting = i; });
      if (heading) heading.textContent = fill(cfg.tDeal, { N: next + (correcting >= 0 ? correcting : items.length) });
      var note = form.querySelector(".correcting-note");
      if (note) note.remove();
      if (correcting >= 0) {
        note = el("div", { "class": "correcting-note card", testid: "correcting-note" });
        note.appendChild(el("p", {}, cfg.tCorrecting));
        note.appendChild(buttons([[cfg.tCancel, "cancel", ""]], state.correcting));
        if (heading) heading.after(note);
        else form.prepend(note);
      }
    }

    var panel = document.getElementById("offline-panel");
    if (!panel) return;
    panel.textContent = "";
    panel.hidden = items.length === 0;
    if (!items.length) return;
    panel.appendChild(el("p", { "class": "provisional-note", testid: "provisional" }, cfg.tProvisional));
    var list = el("ol", { "class": "waiting-list", testid: "waiting-list" });
    items.forEach(function (item, i) { list.appendChild(renderItem(item, next + i, sheet, Boolean(form))); });
    panel.appendChild(list);
  }

  // --- the service worker ---------------------------------------------------------------

  // The page's own scripts and style sheets: the worker keeps them with the page, whatever
  // the base template loads.
  function pageAssets() {
    var urls = [];
    document.querySelectorAll("script[src], link[rel=stylesheet][href]").forEach(function (node) {
      var url = new URL(node.getAttribute("src") || node.getAttribute("href"), location.href);
      if (url.origin === location.origin && urls.indexOf(url.href) < 0) urls.push(url.href);
    });
    return urls;
  }

  function keepPage() {
    if (!navigator.onLine || !("serviceWorker" in navigator)) return Promise.resolve(false);
    return navigator.serviceWorker.ready.then(function (registration) {
      var worker = registration.active;
      if (!worker) return false;
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (evt) { resolve(Boolean(evt.data && evt.data.kept)); };
        worker.postMessage({
          type: "keep-page",
          url: new URL(PAGE_URL, location.href).href,
          assets: pageAssets(),
        }, [channel.port2]);
        setTimeout(resolve, 15000, false);
      });
    });
  }

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !cfg.swUrl) return;
    var script = new URL(cfg.swUrl, location.href);
    navigator.serviceWorker.register(script.pathname, { scope: new URL(".", script).pathname })
      .then(function () { return keepPage(); })
      .then(function (kept) {
        if (kept) document.documentElement.setAttribute("data-offline-ready", "1");
      })
      .catch(function () { return null; });
  }

  // --- start ----------------------------------------------------------------------------

  window.addEventListener("online", function () { render(); flush(); });
  window.addEventListener("offline", render);
  setInterval(function () {
    if (state.items.some(function (item) { return item.state === "waiting"; })) flush();
  }, RETRY_MS);

  afterSheetChange();
  registerWorker();
  loadItems().then(function () {
    var form = dealForm();
    // A page kept by the service worker carries the key of its day: never reuse it.
    freshKey(form);
    render();
    return flush();
  }).catch(function () { state.ready = true; render(); });
}());
