// The "try it" box of a rules page (docs/hooks/docsgen/tryit.py writes the box
// and its data). It scores one hand as fourhundred.spec.model.Rules does:
// hand_is_played, then hand_result for the first hand at the variant's target.
(function () {
  "use strict";
  var CONTINUE = 0, TEAM0 = 1, TEAM1 = 2, DRAW = 3;
  var TEAMS = [[0, 2], [1, 3]];

  function band(r, score) {
    if (score < r.bandStart) return 0;
    var k = 1 + Math.floor((score - r.bandStart) / r.bandWidth);
    return Math.min(k, r.ownMinimum.length - 1);
  }
  function value(r, bid, own, highest) {
    var row = r.values[String(bid)];
    return row[band(r, r.valueBy === "own" ? own : highest)];
  }
  function special(r, bid) { return r.special.indexOf(bid) >= 0; }
  function partnerOk(r, s) { return r.partnerCondition === "positive" ? s > 0 : s >= 0; }
  function qualifies(r, team, sc, target) {
    var a = sc[TEAMS[team][0]], b = sc[TEAMS[team][1]];
    if (r.winMeasure === "team_total") return a + b >= target && partnerOk(r, a) && partnerOk(r, b);
    return (a >= target && partnerOk(r, b)) || (b >= target && partnerOk(r, a));
  }
  function reached(r, team, sc, target) {
    var a = sc[TEAMS[team][0]], b = sc[TEAMS[team][1]];
    return r.winMeasure === "team_total" ? a + b >= target : a >= target || b >= target;
  }
  function standing(r, team, sc) {
    var a = sc[TEAMS[team][0]], b = sc[TEAMS[team][1]];
    return r.bothQualifyBy === "team_total" ? a + b : Math.max(a, b);
  }
  function played(r, bids, scores) {
    var highest = Math.max.apply(null, scores), lowest = Math.min.apply(null, scores);
    var level = r.tableMinimum[band(r, r.tableScore === "highest" ? highest : lowest)];
    var total = 0;
    for (var s = 0; s < 4; s++) {
      total += r.tableMeasure === "tricks" ? bids[s] : value(r, bids[s], scores[s], highest);
    }
    var ok = r.tableComparison === "at_least" ? total >= level : total === level;
    if (r.tableMeasure === "values" && r.thirteen !== "points") {
      ok = ok || bids.some(function (b) { return special(r, b); });
    }
    return { played: ok, total: total, level: level };
  }
  function change(r, bid, took, own, highest) {
    var v = value(r, bid, own, highest), made = took >= bid;
    var signed = made ? v : -v;
    if (r.thirteen === "points" || !special(r, bid)) return signed;
    var decided = r.thirteen === "win_or_lose_points" ? made : true;
    return decided ? 0 : signed;
  }
  function specialResult(r, bids, tricks, after, dealer) {
    if (r.thirteen === "points") return CONTINUE;
    var effects = [0, 1, 2, 3].map(function (s) {
      if (!special(r, bids[s])) return 0;
      if (tricks[s] >= bids[s]) return 1;  // the team wins
      return r.thirteen === "win_or_lose_game" ? 2 : 0;  // the team loses
    });
    var wins = [], loses = [];
    for (var t = 0; t < 2; t++) {
      wins.push(TEAMS[t].some(function (s) {
        var cond = r.thirteenWin === "outright" ? true : partnerOk(r, after[(s + 2) % 4]);
        return effects[s] === 1 && cond;
      }));
      loses.push(TEAMS[t].some(function (s) { return effects[s] === 2; }));
    }
    var claims = [wins[0] || loses[1], wins[1] || loses[0]];
    if (claims[0] && claims[1]) {
      if (r.thirteenConflict !== "first_bid") return DRAW;
      var order = r.biddingSeats[dealer];
      for (var i = 0; i < order.length; i++) {
        var seat = order[i];
        if (effects[seat] === 1) return seat % 2 === 0 ? TEAM0 : TEAM1;
        if (effects[seat] === 2) return seat % 2 === 0 ? TEAM1 : TEAM0;
      }
      return CONTINUE;
    }
    return claims[0] ? TEAM0 : claims[1] ? TEAM1 : CONTINUE;
  }
  function pointsResult(r, sc) {
    var target = r.target;
    var q = [qualifies(r, 0, sc, target), qualifies(r, 1, sc, target)];
    var alone = q[0] && !q[1] ? TEAM0 : q[1] && !q[0] ? TEAM1 : -1;
    if (r.bothQualify === "higher_total") {
      if (alone >= 0) return { result: alone, target: target };
      if (q[0] && q[1]) {
        var a = standing(r, 0, sc), b = standing(r, 1, sc);
        var tie = r.totalTie === "play_on" ? CONTINUE : DRAW;
        return { result: a > b ? TEAM0 : b > a ? TEAM1 : tie, target: target };
      }
      return { result: CONTINUE, target: target };
    }
    var trigger = r.raiseTrigger === "qualified" ? q
      : [reached(r, 0, sc, target), reached(r, 1, sc, target)];
    if (trigger[0] && trigger[1]) return { result: CONTINUE, target: target + r.bandWidth };
    return { result: alone >= 0 ? alone : CONTINUE, target: target };
  }
  // One hand: {scores, bids, tricks, dealer} -> what the rules make of it.
  function score(r, hand) {
    var scores = hand.scores, bids = hand.bids, tricks = hand.tricks;
    var table = played(r, bids, scores);
    if (!table.played) {
      return { played: false, total: table.total, level: table.level, after: scores.slice(),
               result: CONTINUE, target: r.target };
    }
    var highest = Math.max.apply(null, scores);
    var after = [0, 1, 2, 3].map(function (s) {
      return scores[s] + change(r, bids[s], tricks[s], scores[s], highest);
    });
    var sp = specialResult(r, bids, tricks, after, hand.dealer);
    var pts = pointsResult(r, after);
    var decided = sp !== CONTINUE;
    if (r.thirteenPrecedence === "points_first") decided = decided && pts.result === CONTINUE;
    return { played: true, total: table.total, level: table.level, after: after,
             result: decided ? sp : pts.result, target: decided ? r.target : pts.target };
  }
  function words(r, outcome) {
    if (!outcome.played) {
      return "Thrown in: the bids come to " + outcome.total + ", short of " + outcome.level +
        ". Nobody scores; the next dealer deals again.";
    }
    var said = outcome.result === TEAM0 ? r.teams[0] + " win: the game is over."
      : outcome.result === TEAM1 ? r.teams[1] + " win: the game is over."
      : outcome.result === DRAW ? "A draw: the game is over."
      : "No winner yet: play goes on.";
    if (outcome.target !== r.target) said += " The target rises to " + outcome.target + ".";
    return said;
  }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }
  function read(form) {
    function n(name) { return parseInt(form.elements[name].value, 10); }
    return {
      scores: [0, 1, 2, 3].map(function (s) { return n("score" + s); }),
      bids: [0, 1, 2, 3].map(function (s) { return n("bid" + s); }),
      tricks: [0, 1, 2, 3].map(function (s) { return n("tricks" + s); }),
      dealer: n("dealer"),
    };
  }
  function problems(r, hand) {
    var out = [];
    var all = hand.scores.concat(hand.bids, hand.tricks);
    if (all.some(function (x) { return isNaN(x); })) return ["Fill in every box with a whole number."];
    var sum = hand.tricks.reduce(function (a, b) { return a + b; }, 0);
    if (sum !== 13) out.push("The tricks add up to " + sum + ", not 13.");
    for (var s = 0; s < 4; s++) {
      var least = r.ownMinimum[band(r, hand.scores[s])];
      var bid = hand.bids[s];
      if (r.bids.indexOf(bid) < 0) out.push(r.seats[s] + " bids " + bid + ": bids run " +
        r.bids[0] + "\u2013" + r.bids[r.bids.length - 1] + ".");
      else if (bid < least) out.push(r.seats[s] + "'s minimum on " + hand.scores[s] + " points is " + least + ".");
      if (hand.tricks[s] < 0 || hand.tricks[s] > 13) out.push(r.seats[s] + " takes " + hand.tricks[s] + " tricks?");
    }
    return out;
  }
  function show(box) {
    var r = JSON.parse(box.querySelector(".fh-tryit-rules").textContent);
    var form = box.querySelector("form");
    var hand = read(form);
    var wrong = problems(r, hand);
    var result = box.querySelector(".fh-tryit-result");
    box.querySelector(".fh-tryit-notes").textContent = wrong.join(" ");
    var invalid = wrong.some(function (w) { return /Fill in|bids run|tricks\?/.test(w); });
    if (invalid) { result.textContent = ""; return; }
    var outcome = score(r, hand);
    for (var s = 0; s < 4; s++) {
      box.querySelector('.fh-tryit-change[data-seat="' + s + '"]').textContent =
        signed(outcome.after[s] - hand.scores[s]);
      box.querySelector('.fh-tryit-after[data-seat="' + s + '"]').textContent = outcome.after[s];
    }
    result.textContent = words(r, outcome);
    result.setAttribute("data-result", String(outcome.result));
    result.setAttribute("data-played", String(outcome.played));
  }
  function wire() {
    Array.prototype.forEach.call(document.querySelectorAll(".fh-tryit"), function (box) {
      if (box.getAttribute("data-wired")) return;
      box.setAttribute("data-wired", "1");
      box.querySelector(".fh-tryit-go").addEventListener("click", function () { show(box); });
      box.querySelector("form").addEventListener("input", function () { show(box); });
      show(box);
    });
  }
  window.fhTryIt = { score: score, wire: wire };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
  // mkdocs-material's instant navigation swaps pages without a reload.
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(wire);
})();
