#!/usr/bin/env node
// A conformance adapter written from scratch in JavaScript (Node, no npm packages).
//
// It implements the pure kinds for two variants under their default readings,
// qahwa-400 and pagat-41, with rules of its own (not a wrapper around the
// Python reference): proof that the adapter protocol is language-neutral.
// Run it with:
//
//   fourhundred conformance run --adapter 'node conformance/adapters/js/adapter.js'
//
// Protocol (see conformance/ADAPTERS.md): one JSON message per line on stdin,
// one JSON answer per start/run line on stdout, in order.
"use strict";

const readline = require("readline");

const RANKS = "23456789TJQKA";
const SUITS = "CDHS";
const TRUMP = "H";

const cardIndex = (card) => SUITS.indexOf(card[1]) * 13 + RANKS.indexOf(card[0]);
const band = (score) => (score >= 30 ? 1 + Math.floor((score - 30) / 10) : 0);

// The two variants, each as a handful of rules.
const VARIANTS = {
  "qahwa-400": {
    minBid: 2,
    maxBid: 13,
    ownMinimum: (own) => Math.min(2 + band(own), 5), // 3/4/5 from 30/40/50
    tableMinimum: (scores) => Math.min(11 + band(Math.max(...scores)), 14),
    countsValues: false, // the table minimum adds up tricks
    value: (bid, own) => {
      if (own >= 30 && (bid === 5 || bid === 6)) return bid; // 5 = 5, 6 = 6 from 30
      return { 2: 2, 3: 3, 4: 4, 5: 10, 6: 12, 7: 14, 8: 16, 9: 27 }[bid] ?? 40;
    },
    target: 41,
  },
  "pagat-41": {
    minBid: 1,
    maxBid: 13,
    ownMinimum: () => 1,
    tableMinimum: () => 11,
    countsValues: true, // "the sum of all the bid values"
    value: (bid) => (bid <= 6 ? bid : 2 * bid), // 7 or more count double
    target: 41,
  },
};

function trickWinner(trick) {
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    const card = trick[i];
    const top = trick[best];
    const trumps = card[1] === TRUMP && top[1] !== TRUMP;
    const higher = card[1] === top[1] && RANKS.indexOf(card[0]) > RANKS.indexOf(top[0]);
    if (trumps || higher) best = i;
  }
  return best;
}

function legalPlays(hand, led) {
  const sorted = [...hand].sort((a, b) => cardIndex(a) - cardIndex(b));
  if (led === null || led === undefined) return sorted;
  const following = sorted.filter((card) => card[1] === led[1]);
  return following.length ? following : sorted;
}

function scoresAfter(v, scores, bids, tricks) {
  return scores.map((score, seat) => {
    const value = v.value(bids[seat], score);
    return score + (tricks[seat] >= bids[seat] ? value : -value);
  });
}

function outcome(v, after) {
  const qualifies = (a, b) => (after[a] >= v.target && after[b] > 0) || (after[b] >= v.target && after[a] > 0);
  const north = qualifies(0, 2);
  const west = qualifies(1, 3);
  if (north && !west) return "team_0_wins";
  if (west && !north) return "team_1_wins";
  if (north && west) {
    const ns = after[0] + after[2];
    const we = after[1] + after[3];
    if (ns !== we) return ns > we ? "team_0_wins" : "team_1_wins";
  }
  return "continue";
}

const KINDS = {
  bid_value: (v, x) => ({ value: v.value(x.bid, x.own_score), decides_game: false }),
  legal_bids: (v, x) => {
    const bids = [];
    for (let b = v.ownMinimum(x.own_score); b <= v.maxBid; b++) bids.push(b);
    return { bids };
  },
  table_minimum: (v, x) => {
    const minimum = v.tableMinimum(x.scores);
    const counted = x.bids.map((bid, seat) => (v.countsValues ? v.value(bid, x.scores[seat]) : bid));
    return { minimum, played: counted.reduce((a, b) => a + b, 0) >= minimum };
  },
  trick_winner: (v, x) => ({ winner: trickWinner(x.trick) }),
  legal_plays: (v, x) => ({ cards: legalPlays(x.hand, x.led) }),
  hand_scoring: (v, x) => ({ scores: scoresAfter(v, x.scores, x.bids, x.tricks) }),
  game_outcome: (v, x) => {
    const after = scoresAfter(v, x.scores, x.bids, x.tricks);
    return { scores: after, result: outcome(v, after), target_in_force: x.target_in_force };
  },
};

const HELLO = {
  version: 1,
  implementation: { name: "fourhundred-js-example", version: "0.1.0", language: "javascript" },
  kinds: Object.keys(KINDS),
  variants: { "qahwa-400": [], "pagat-41": [] },
};

function handle(message) {
  if (message.cmd === "start") return HELLO;
  if (message.cmd === "run") {
    const { seq, case: c } = message;
    const variant = VARIANTS[c.variant];
    const kind = KINDS[c.kind];
    if (!variant || !kind) return { seq, skipped: { message: `not implemented: ${c.kind} for ${c.variant}` } };
    try {
      return { seq, result: kind(variant, c.input) };
    } catch (error) {
      return { seq, errored: { message: String(error && error.stack ? error.stack : error) } };
    }
  }
  if (message.cmd === "stop") process.exit(0);
  return { error: `unknown command ${message.cmd}` };
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (!line.trim()) return;
  process.stdout.write(JSON.stringify(handle(JSON.parse(line))) + "\n");
});
