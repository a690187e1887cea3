/* The Preferans scorer's page (scoring/templates/scoring/preferans/), beside scorer.js and
   offline.js; no inline script (Content-Security-Policy).

   - Tricks: as soon as every playing hand but one has its tricks, the last one is filled in
     (10 minus the others; on a four-handed all-pass the dealer's talon tricks count, blank
     meaning 0). A figure filled in this way is marked data-auto and follows the others; once
     the scorer types in it, it is the scorer's.
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

  function fillLast(fields) {
    var inputs = trickInputs(fields);
    if (!inputs.length) return;
    var talon = 0;
    var hands = [];
    inputs.forEach(function (input) {
      if (input.hasAttribute("data-talon")) {
        talon += Number(input.value) || 0;
      } else {
        hands.push(input);
      }
    });
    var blank = hands.filter(function (i) { return i.value === "" || i.hasAttribute("data-auto"); });
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

  document.addEventListener("input", function (evt) {
    var input = evt.target;
    var fields = input && input.closest && input.closest(".pf-fields");
    if (!fields) return;
    if (input.name && input.name.indexOf("tricks_") === 0) input.removeAttribute("data-auto");
    fillLast(fields);
  });
  document.addEventListener("change", function (evt) {
    var fields = evt.target && evt.target.closest && evt.target.closest(".pf-fields");
    if (fields && evt.target.type === "radio") fillLast(fields);
  });

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
      game.appendChild(h.el("span", { "class": "pf-contract" + (red ? " suit-red" : "") },
        contractText(f.contract, t)));
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
