/* The Preferans scorer's page (scoring/templates/scoring/games/preferans/), beside scorer.js and
   offline.js; no inline script (Content-Security-Policy).

   - Tricks: as soon as every playing hand but one has its tricks, the last one is filled in
     (10 minus the others; on a four-handed all-pass the dealer's talon tricks count, blank
     meaning 0). A figure filled in this way is marked data-auto and follows the others; once
     the scorer types in it, it is the scorer's.
   - A correction starts from the deal's figures: the last hand's (when they add up to ten)
     is marked as filled in, so it follows when another hand's figure is changed; once every
     figure there is the scorer's own, the last hand the scorer has not typed in follows.
   - No tricks to enter: a game passed by both defenders, or a half-whist not answered
     "играем", is not played. The tricks are hidden then (data-no-tricks on .pf-fields) and
     their fields disabled, so that none is sent (the server refuses them as before).
   - Offline: a waiting deal is shown with its game, declarer, defenders and tricks
     (window.ScorerGame.figures, asked by offline.js). */
(function () {
  "use strict";

  var TRICKS = 10;
  var SUITS = { S: "\u2660", C: "\u2663", D: "\u2666", H: "\u2665", NT: "\u0411\u041a" };

  function shown(el) { return el.offsetParent !== null || el.getClientRects().length > 0; }

  function trickInputs(fields) {
    return Array.prototype.filter.call(
      fields.querySelectorAll("input[name^=tricks_]"), shown);
  }

  function handsOf(inputs) {
    var talon = 0;
    var hands = [];
    inputs.forEach(function (input) {
      if (input.hasAttribute("data-talon")) {
        talon += Number(input.value) || 0;
      } else {
        hands.push(input);
      }
    });
    return { talon: talon, hands: hands };
  }

  function fillLast(fields) {
    var inputs = trickInputs(fields);
    if (!inputs.length) return;
    var split = handsOf(inputs);
    var talon = split.talon;
    var hands = split.hands;
    var blank = hands.filter(function (i) { return i.value === "" || i.hasAttribute("data-auto"); });
    if (!blank.length) {
      // Every figure is there (a correction): the last hand the scorer has not typed in
      // follows, when the others leave it a figure it can have.
      var untyped = hands.filter(function (i) { return !i.hasAttribute("data-typed"); });
      if (!untyped.length) return;
      var follower = untyped[untyped.length - 1];
      var rest = talon;
      for (var k = 0; k < hands.length; k += 1) {
        if (hands[k] === follower) continue;
        if (!/^\d+$/.test(hands[k].value)) return;
        rest += Number(hands[k].value);
      }
      if (rest > TRICKS) return;
      follower.setAttribute("data-auto", "");
      blank = [follower];
    }
    if (blank.length !== 1) {
      // More than one open: an earlier automatic figure no longer stands.
      hands.forEach(function (i) {
        if (i.hasAttribute("data-auto")) { i.value = ""; i.removeAttribute("data-auto"); }
      });
      return;
    }
    var taken = talon;
    var bad = false;
    hands.forEach(function (i) {
      if (i === blank[0]) return;
      var n = Number(i.value);
      if (!/^\d+$/.test(i.value) || n > TRICKS) bad = true;
      taken += n;
    });
    var target = blank[0];
    if (bad || taken > TRICKS) {
      if (target.hasAttribute("data-auto")) { target.value = ""; target.removeAttribute("data-auto"); }
      return;
    }
    target.value = String(TRICKS - taken);
    target.setAttribute("data-auto", "");
  }

  // The deal's figures as the page shows them (a correction, or a deal sent back with an
  // error): when the hands add up to ten, the last one is marked as filled in.
  function markLast(fields) {
    var inputs = trickInputs(fields);
    if (!inputs.length) return;
    var split = handsOf(inputs);
    var hands = split.hands;
    if (!hands.length || hands.some(function (i) { return i.hasAttribute("data-auto"); })) return;
    var taken = split.talon;
    for (var k = 0; k < hands.length; k += 1) {
      if (!/^\d+$/.test(hands[k].value)) return;
      taken += Number(hands[k].value);
    }
    if (taken === TRICKS) hands[hands.length - 1].setAttribute("data-auto", "");
  }

  function checked(fields, name) {
    var input = fields.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }

  // A game is played when a defender whists (or checks a ten), or answers a half-whist
  // "играем"; with every defender's word said and none of these, no tricks are entered.
  function noTricks(fields) {
    var contract = checked(fields, "contract");
    if (!/^\d/.test(contract)) return false;
    var declarer = checked(fields, "declarer");
    if (declarer === "") return false;
    var rows = fields.querySelectorAll(".pf-whist-row");
    var said = [];
    for (var k = 0; k < rows.length; k += 1) {
      var seat = rows[k].getAttribute("data-seat");
      if (seat === declarer) continue;
      var choice = checked(rows[k], "whist_" + seat);
      if (!choice) return false;
      said.push(choice);
    }
    if (!said.length) return false;
    if (said.indexOf("whist") >= 0 || said.indexOf("check") >= 0) return false;
    var answered = fields.querySelector("input[name=half_answered]");
    return !(said.indexOf("half") >= 0 && answered && answered.checked);
  }

  function showTricks(fields) {
    var none = noTricks(fields);
    fields.toggleAttribute("data-no-tricks", none);
    fields.querySelectorAll("input[name^=tricks_]").forEach(function (input) {
      input.disabled = none;
    });
  }

  function update(fields) {
    showTricks(fields);
    fillLast(fields);
  }

  function start() {
    document.querySelectorAll(".pf-fields").forEach(function (fields) {
      fields.querySelectorAll("input[name^=tricks_]").forEach(function (input) {
        if (input.value === "") { input.removeAttribute("data-auto"); input.removeAttribute("data-typed"); }
      });
      showTricks(fields);
      markLast(fields);
    });
  }

  document.addEventListener("input", function (evt) {
    var input = evt.target;
    var fields = input && input.closest && input.closest(".pf-fields");
    if (!fields) return;
    if (input.name && input.name.indexOf("tricks_") === 0) {
      input.removeAttribute("data-auto");
      input.setAttribute("data-typed", "");
    }
    update(fields);
  });
  document.addEventListener("change", function (evt) {
    var fields = evt.target && evt.target.closest && evt.target.closest(".pf-fields");
    if (fields && (evt.target.type === "radio" || evt.target.type === "checkbox")) update(fields);
  });
  // offline.js filled the form with a waiting deal, or emptied it.
  document.addEventListener("scorer:form-filled", function () { start(); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { start(); });
  } else {
    start();
  }
  document.addEventListener("htmx:afterSwap", function () { start(); });

  // --- offline: a waiting deal's figures -------------------------------------------------

  function texts() {
    var box = document.getElementById("preferans-texts");
    return box ? box.dataset : {};
  }

  function contractText(code, t) {
    if (code === "misere") return t.tMisere || code;
    if (code === "allpass") return t.tAllpass || code;
    var m = /^(\d+)(S|C|D|H|NT)$/.exec(code || "");
    return m ? m[1] + SUITS[m[2]] : "\u2013";
  }

  // "6 пики" for a screen reader: the name the form's own button for the game carries.
  function contractName(code) {
    var input = document.querySelector('input[name="contract"][value="' + CSS.escape(code || "") + '"]');
    var name = input && input.closest("label") && input.closest("label").querySelector(".visually-hidden");
    return name ? name.textContent.trim() : "";
  }

  // The symbols shown, the name said (when there is one).
  function spoken(h, box, shown, name) {
    if (!name) {
      box.textContent = shown;
      return box;
    }
    box.appendChild(h.el("span", { "aria-hidden": "true" }, shown));
    box.appendChild(h.el("span", { "class": "visually-hidden" }, name));
    return box;
  }

  function choiceText(seat, value) {
    var input = document.querySelector('input[name="whist_' + seat + '"][value="' + value + '"]');
    var label = input && input.closest("label");
    return label ? label.textContent.trim() : value;
  }

  window.ScorerGame = {
    figures: function (fields, h) {
      var f = {};
      fields.forEach(function (pair) { f[pair[0]] = pair[1]; });
      var t = texts();
      var box = h.el("div", { "class": "waiting-figures", testid: "waiting-figures" });
      var game = h.el("p", { "class": "waiting-game" });
      var red = /(H|D)$/.test(f.contract || "");
      game.appendChild(spoken(h, h.el("span", { "class": "pf-contract" + (red ? " suit-red" : "") }),
        contractText(f.contract, t), contractName(f.contract)));
      if (f.contract !== "allpass" && f.declarer !== undefined) {
        game.appendChild(document.createTextNode(" " + (h.seatName(f.declarer) || "\u2013")));
      }
      box.appendChild(game);
      var said = [];
      if (f.contract && f.contract !== "allpass" && f.contract !== "misere") {
        h.names.forEach(function (name, i) {
          if (String(i) !== f.declarer && f["whist_" + i]) said.push(name + ": " + choiceText(i, f["whist_" + i]));
        });
      }
      if (said.length) box.appendChild(h.el("p", { "class": "muted" }, said.join(", ")));
      var tricks = h.el("dl", { "class": "waiting-points" });
      h.names.forEach(function (name, i) {
        tricks.appendChild(h.el("dt", {}, name));
        tricks.appendChild(h.el("dd", { testid: "waiting-tricks-" + i }, f["tricks_" + i] || "\u2013"));
      });
      box.appendChild(tricks);
      ["violation", "violation2"].forEach(function (prefix) {
        if (f[prefix + "_player"]) {
          box.appendChild(h.el("p", { "class": "muted" }, h.fill(t.tRenonce, {
            NAME: h.seatName(f[prefix + "_player"]), COUNT: f[prefix + "_count"] || "1",
          })));
        }
      });
      return box;
    },
  };
}());
