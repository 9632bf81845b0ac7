#!/usr/bin/env node
// A minimal client of `payplan serve` (JSON lines on stdin/stdout), with no dependencies.
//
//   node examples/clients/serve_client.js                         # runs `payplan serve`
//   node examples/clients/serve_client.js python -m payplan.planner.cli serve
//   PAYPLAN_SERVE=".venv/bin/payplan serve" node examples/clients/serve_client.js
//
// `payplan` must be on the PATH (activate the venv: `. .venv/bin/activate`), or give the
// command as arguments or in PAYPLAN_SERVE (split on spaces).
//
// It starts the service, sends two requests (a plan and the discount orders), prints each
// answer as it arrives, closes the service's input and exits with the service's exit code.
// Answers come back one line per request, in the order the requests were sent.

"use strict";

const { spawn } = require("node:child_process");
const readline = require("node:readline");

const fromEnv = (process.env.PAYPLAN_SERVE || "").trim();
const command = process.argv.length > 2 ? process.argv.slice(2)
  : fromEnv ? fromEnv.split(/\s+/) : ["payplan", "serve"];

// Rule 353.4.c: Eager Apprentice's minimum binds only itself, so the order of discounts matters.
const skySplitter = {
  format: "payplan/1",
  cards: {
    "sky-splitter": {
      name: "Sky Splitter", type: "spell", domains: ["fury"],
      cost: { energy: 8, power: { fury: 1 } },
      discounts: [{ id: "sky-splitter", energy: { max: "might", of: { type: "unit" } } }],
    },
    "eager-apprentice": {
      name: "Eager Apprentice", type: "unit", domains: ["mind"], cost: { energy: 2 }, might: 2,
      grants: [{
        discount: { id: "eager-apprentice", energy: 1, minimum: { energy: 1 } },
        applies_to: { type: "spell" },
        while: { at: "battlefield" },
      }],
    },
    "stone-colossus": {
      name: "Stone Colossus", type: "unit", domains: ["body"], cost: { energy: 7 }, might: 7,
    },
  },
  state: {
    phase: "main",
    turn: "you",
    you: {
      runes: [
        { id: "r1", domain: "fury", exhausted: true },
        { id: "r2", domain: "fury" },
        { id: "r3", domain: "mind" },
      ],
      hand: [{ id: "h1", card: "sky-splitter" }],
      board: [
        { id: "u1", card: "eager-apprentice", location: "battlefield" },
        { id: "u2", card: "stone-colossus", location: "base" },
      ],
    },
  },
  play: { object: "h1" },
};

const requests = [
  { id: "plan-1", command: "plan", scenario: skySplitter },
  { id: "orders-1", command: "orders", scenario: skySplitter },
];

function costText(cost) {
  if (!cost) return "-";
  let text = cost.energy ? `[${cost.energy}]` : "";
  for (const [domain, n] of Object.entries(cost.power || {})) {
    text += (domain === "any" ? "[A]" : `[${domain}]`).repeat(n);
  }
  return text || "[0]";
}

function describe(request, answer) {
  if (!answer.ok) return `errors: ${answer.errors.join("; ")}`;
  const result = answer.result;
  if (request.command === "plan") {
    return `${result.status}: total ${costText(result.total)}, score ${result.score}, ` +
      `discount order ${result.discount_order.join(" -> ") || "(none)"}`;
  }
  if (request.command === "orders") {
    return result.orders
      .map((o) => `${costText(o.total)} by ${o.order.join(" -> ")} (${o.count} order(s))`)
      .join("; ");
  }
  return `${result.plays.length} card(s) planned`;
}

const server = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
server.on("error", (err) => {
  const hint = err.code === "ENOENT"
    ? " (is the venv active? `. .venv/bin/activate`, or set PAYPLAN_SERVE=\".venv/bin/payplan serve\")"
    : "";
  console.error(`cannot start ${command.join(" ")}: ${err.message}${hint}`);
  process.exit(2);
});

let next = 0;
readline.createInterface({ input: server.stdout }).on("line", (line) => {
  const answer = JSON.parse(line);
  const request = requests[next++];
  console.log(`${answer.id} (${request.command}) ok=${answer.ok}: ${describe(request, answer)}`);
});

server.on("close", (code) => {
  console.log(`payplan serve exited with ${code}`);
  process.exit(code === 0 && next === requests.length ? 0 : 1);
});

for (const request of requests) server.stdin.write(JSON.stringify(request) + "\n");
server.stdin.end();
