// payplan explorer: edit a scenario, see its answers. Every answer comes from the server's API
// (POST /api/COMMAND, the same JSON as `payplan serve`); this script names no game: what it
// draws is read from the scenario and the answers (ids, zones, flags, costs, steps).
"use strict";

const $ = (sel) => document.querySelector(sel);
const state = { data: null, tab: "plan", vocab: {}, seq: 0, timer: null, problems: [] };

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const kid of kids.flat(Infinity)) if (kid !== null && kid !== undefined) {
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

function svg(tag, attrs, ...kids) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value; else node.setAttribute(key, value);
  }
  for (const kid of kids.flat(Infinity)) if (kid) node.append(kid);
  return node;
}

async function api(method, url, body, type) {
  const init = { method, headers: {} };
  if (body !== undefined) { init.body = body; init.headers["Content-Type"] = type || "application/json"; }
  const response = await fetch(url, init);
  let answer;
  try { answer = await response.json(); } catch (e) { answer = { ok: false, errors: [`${url}: ${response.status}`] }; }
  return answer;
}

// --- Costs, read from any answer's totals --------------------------------------------------

function costText(cost) {
  if (cost === null || cost === undefined) return "—";
  if (typeof cost !== "object") return String(cost);
  const parts = [];
  for (const [key, value] of Object.entries(cost)) {
    if (typeof value === "number") { if (value) parts.push(`${key} ${value}`); }
    else if (typeof value === "string") { if (value && value !== "{0}") parts.push(value); }
    else if (Array.isArray(value)) { for (const v of value) parts.push(typeof v === "object" ? compact(v) : String(v)); }
    else if (value && typeof value === "object") { const inner = costText(value); if (inner !== "nothing") parts.push(inner); }
  }
  return parts.length ? parts.join(" + ") : "nothing";
}

function magnitude(cost) {
  if (typeof cost === "number") return Math.max(cost, 0);
  if (typeof cost === "string") {
    let sum = 0;
    for (const m of cost.matchAll(/\{([^}]*)\}/g)) sum += /^\d+$/.test(m[1]) ? Number(m[1]) : 1;
    return sum;
  }
  if (Array.isArray(cost)) return cost.reduce((s, v) => s + (typeof v === "object" ? Object.values(v).reduce((a, b) => a + magnitude(b), 0) : 1), 0);
  if (cost && typeof cost === "object") return Object.values(cost).reduce((s, v) => s + magnitude(v), 0);
  return 0;
}

function compact(value) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).map(([k, v]) => `${k} ${typeof v === "object" ? compact(v) : v}`).join(", ");
  }
  return Array.isArray(value) ? value.map(compact).join(", ") : String(value);
}

// --- The scenario's objects ----------------------------------------------------------------

function players() {
  const st = (state.data && state.data.state) || {};
  return Object.entries(st).filter(([, v]) => v && typeof v === "object" && !Array.isArray(v));
}

function objects() {
  const out = new Map();
  for (const [player, zones] of players()) {
    for (const [zone, items] of Object.entries(zones)) {
      if (!Array.isArray(items)) continue;
      items.forEach((item) => { if (item && item.id !== undefined) out.set(String(item.id), { item, zone, player }); });
    }
  }
  return out;
}

function cardName(card) {
  const cards = (state.data && state.data.cards) || {};
  return (cards[card] && cards[card].name) || card;
}

function label(item) {
  if (!item || typeof item !== "object") return String(item);
  if (item.card !== undefined) return cardName(item.card);
  const words = Object.entries(item).filter(([k, v]) => k !== "id" && typeof v === "string").map(([, v]) => v);
  return words.join(" ") || String(item.id);
}

function zoneVocab(zone) {
  const f = state.data && state.vocab[state.data.format];
  return (f && f.zones[zone]) || { flags: [], values: [] };
}

// Which objects a payment uses, and how: every id it names, with the key it is under. A list's
// strings are ids, and so is an entry's `id` (else the first of its values that names an object
// of the state, else its first string): an id the state does not list (a rune the loader made
// from a count) is named too.
function usage(payment, notes = new Map(), how = "") {
  const ids = objects();
  const note = (id, text) => { if (id) notes.set(id, [...(notes.get(id) || []), text]); };
  if (Array.isArray(payment)) {
    for (const entry of payment) {
      if (typeof entry === "string") note(entry, how);
      else if (entry && typeof entry === "object") {
        const strings = Object.entries(entry).filter(([, v]) => typeof v === "string");
        const named = typeof entry.id === "string" ? ["id", entry.id]
          : strings.find(([, v]) => ids.has(v)) || strings[0];
        if (!named) { usage(entry, notes, how); continue; }
        const rest = Object.entries(entry).filter(([k]) => k !== named[0]).map(([k, v]) => `${k} ${compact(v)}`);
        note(named[1], [how, ...rest].filter(Boolean).join(": "));
      }
    }
  } else if (payment && typeof payment === "object") {
    for (const [key, value] of Object.entries(payment)) usage(value, notes, key);
  } else if (typeof payment === "string" && ids.has(payment)) note(payment, how);
  return notes;
}

// --- Editing the scenario ------------------------------------------------------------------

function changed() { state.changedAt = performance.now(); renderEditors(); refresh(); }

function readValue(text) {
  try { return JSON.parse(text); } catch (e) { return text; }
}

function freshId(prefix) {
  const ids = objects();
  for (let n = 1; ; n++) if (!ids.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

function addTo(items, zone, card) {
  const template = items.length ? items[items.length - 1] : null;
  const item = { id: freshId((template && String(template.id).replace(/\d+$/, "")) || zone[0]) };
  if (card) item.card = card;
  else if (template) for (const [k, v] of Object.entries(template)) { if (k !== "id" && typeof v !== "boolean") item[k] = v; }
  else for (const [k, v] of zoneVocab(zone).values) if (!(k in item)) item[k] = v;
  items.push(item);
  changed();
}

// The zones a card of this player can be moved to: the ones the player has, and the ones the
// examples of this format put cards in.
function cardZones(player) {
  const own = Object.entries(state.data.state[player]).filter(([, v]) => Array.isArray(v)).map(([z]) => z);
  const f = state.vocab[state.data.format];
  const known = f ? Object.entries(f.zones).filter(([, v]) => v.cards).map(([z]) => z) : [];
  return [...new Set([...own, ...known])];
}

function tile(player, zone, items, index, notes) {
  const item = items[index];
  if (!item || typeof item !== "object") return el("div", { class: "tile", text: JSON.stringify(item) });
  const path = `state.${player}.${zone}[${index}]`;
  const used = notes.get(String(item.id));
  const vocab = zoneVocab(zone);
  // The zone's commonest flag (ready or not) always, the others once set or picked below.
  const flags = [...new Set([...vocab.flags.slice(0, 1), ...Object.keys(item).filter((k) => typeof item[k] === "boolean")])];
  const node = el("div", { class: "tile" + (flags.some((f) => item[f]) ? " flagged" : "") + (used ? " used" : ""),
                           "data-path": path, "data-id": item.id },
    el("button", { class: "x", title: "remove", text: "×", onclick: () => { items.splice(index, 1); changed(); } }),
    el("div", { class: "name", text: label(item) }), el("div", { class: "id", text: String(item.id) }));
  for (const [key, value] of Object.entries(item)) {
    if (["id", "card"].includes(key) || typeof value === "boolean") continue;
    const choices = [...new Set(vocab.values.filter(([k]) => k === key).map(([, v]) => v).concat([value]))];
    const field = typeof value === "string" && choices.length > 1
      ? el("select", { "data-key": key, onchange: (e) => { item[key] = e.target.value; changed(); } },
           choices.map((v) => el("option", { value: v, selected: v === value, text: v })))
      : el("input", { "data-key": key, value: typeof value === "string" ? value : JSON.stringify(value), size: 8,
                      onchange: (e) => { item[key] = readValue(e.target.value); changed(); } });
    node.append(el("label", {}, `${key} `, field));
  }
  for (const flag of flags) {
    node.append(el("label", {}, el("input", { type: "checkbox", checked: !!item[flag], "data-flag": flag,
      onchange: (e) => { if (e.target.checked) item[flag] = true; else delete item[flag]; changed(); } }), ` ${flag}`));
  }
  const others = vocab.flags.filter((f) => !flags.includes(f));
  if (others.length) {
    node.append(el("select", { class: "more", onchange: (e) => { if (e.target.value) { item[e.target.value] = true; changed(); } } },
      el("option", { value: "", text: "+ flag" }), others.map((f) => el("option", { value: f, text: f }))));
  }
  if (item.card !== undefined) {
    const zones = cardZones(player).filter((z) => z !== zone);
    node.append(el("label", {}, "move to ", el("select", { class: "move",
      onchange: (e) => { const to = e.target.value; if (!to) return; const st = state.data.state[player];
        items.splice(index, 1); if (!Array.isArray(st[to])) st[to] = []; st[to].push(item); changed(); } },
      el("option", { value: "", text: "…" }), zones.map((z) => el("option", { value: z, text: z })))));
  }
  if (used) node.append(el("div", { class: "how", text: used.filter(Boolean).join("; ") || "used" }));
  return node;
}

function zoneRow(player, zone, items, notes) {
  const cards = Object.keys((state.data && state.data.cards) || {});
  const holdsCards = items.some((i) => i && i.card !== undefined) || (!items.length && !zoneVocab(zone).values.length);
  const add = holdsCards && cards.length
    ? el("select", { "data-add": zone, onchange: (e) => e.target.value && addTo(items, zone, e.target.value) },
         el("option", { value: "", text: "+ add a card" }), cards.map((c) => el("option", { value: c, text: cardName(c) })))
    : el("button", { "data-add": zone, text: "+ add", onclick: () => addTo(items, zone) });
  return el("div", { class: "zone", "data-path": `state.${player}.${zone}` },
    el("div", { class: "zone-head" }, el("span", { text: `${zone} (${items.length})` }), add),
    el("div", { class: "tiles" }, items.map((_, i) => tile(player, zone, items, i, notes))));
}

function scalarInputs(object, prefix) {
  const row = el("div", { class: "scalars" });
  for (const [key, value] of Object.entries(object)) {
    if (value !== null && typeof value === "object") continue;
    row.append(el("label", { "data-path": `${prefix}.${key}` }, `${key} `, el("input", {
      value: typeof value === "string" ? value : JSON.stringify(value),
      onchange: (e) => { object[key] = readValue(e.target.value); changed(); } })));
  }
  return row;
}

function renderState(notes) {
  const box = $("#state");
  box.replaceChildren();
  if (!state.data || !state.data.state || typeof state.data.state !== "object") return;
  box.append(scalarInputs(state.data.state, "state"));
  for (const [player, zones] of players()) {
    const block = el("div", { class: "player", "data-path": `state.${player}` }, el("h3", { text: player }),
                     scalarInputs(zones, `state.${player}`));
    for (const [zone, items] of Object.entries(zones)) if (Array.isArray(items)) block.append(zoneRow(player, zone, items, notes));
    box.append(block);
  }
}

// --- A value of the play or the payment, edited by its shape -------------------------------
// A string or number is a field (with the values the examples use as suggestions), true/false a
// checkbox, a list its entries with × and "+ add" (ids of the state's objects for a list of
// names), a mapping its keys with × and "+ name". `set(v)` stores the new value; `path` is where
// it sits in the scenario, for the problems; `hint(path)` lists the values seen there.

let lists = 0;
function suggestions(values) {
  const id = `hints-${++lists}`;
  return [id, el("datalist", { id }, [...new Set(values)].map((v) => el("option", { value: String(v) })))];
}

function scalarField(value, set, path, hint) {
  if (typeof value === "boolean") {
    return el("input", { type: "checkbox", checked: value, "data-path": path, onchange: (e) => set(e.target.checked) });
  }
  const [id, list] = suggestions(hint(path));
  return el("span", { class: "field" }, el("input", { value: typeof value === "string" ? value : JSON.stringify(value),
    list: id, size: Math.max(4, String(value).length + 1), "data-path": path,
    onchange: (e) => set(readValue(e.target.value)) }), list);
}

function idChoices() {
  const out = players().map(([p]) => [p, p]);
  for (const [id, o] of objects()) out.push([id, `${label(o.item)} (${id}, ${o.player} ${o.zone})`]);
  return out;
}

function valueEditor(value, set, path, hint) {
  if (value === null || typeof value !== "object") return scalarField(value, set, path, hint);
  if (Array.isArray(value)) {
    const box = el("span", { class: "list", "data-path": path });
    value.forEach((entry, i) => box.append(el("span", { class: "entry", "data-path": `${path}[${i}]` },
      valueEditor(entry, (v) => { value[i] = v; changed(); }, `${path}[${i}]`, hint),
      el("button", { class: "drop", title: "remove", text: "×", onclick: () => { value.splice(i, 1); changed(); } }))));
    const shape = value.find((v) => v && typeof v === "object");
    const add = shape
      ? el("button", { class: "add", text: "+ add", onclick: () => { value.push(JSON.parse(JSON.stringify(shape))); changed(); } })
      : el("select", { class: "add", "data-add": path, onchange: (e) => { if (e.target.value) { value.push(e.target.value); changed(); } } },
           el("option", { value: "", text: "+ add" }), idChoices().map(([id, text]) => el("option", { value: id, text })));
    box.append(add);
    return box;
  }
  const box = el("span", { class: "map", "data-path": path });
  for (const [key, inner] of Object.entries(value)) {
    box.append(el("span", { class: "entry", "data-path": `${path}.${key}` }, el("span", { class: "key", text: `${key} ` }),
      valueEditor(inner, (v) => { value[key] = v; changed(); }, `${path}.${key}`, hint),
      el("button", { class: "drop", title: "remove", text: "×", onclick: () => { delete value[key]; changed(); } })));
  }
  const [id, list] = suggestions(hint(path).filter((n) => !(n in value)));
  box.append(el("span", { class: "field" }, el("input", { class: "add", placeholder: "+ name", list: id, size: 9, "data-add": path,
    onchange: (e) => { const name = e.target.value.trim(); if (name && !(name in value)) { value[name] = hint(`${path}.${name}`)[0] ?? "yes"; changed(); } } }), list));
  return box;
}

// The values seen at a play path in the examples of this format; for `optional` also the ids
// and keys the played card's own text holds (its optional costs are named by those).
function playHint(path) {
  const choices = ((state.vocab[state.data.format] || {}).choices) || {};
  const key = path.replace(/^play\./, "").replace(/\[\d+\]/g, "");
  const seen = choices[key] || [];
  if (key === "x") return ["auto", ...seen, 0, 1, 2, 3];
  if (key === "optional") return [...cardWords(), ...seen];
  return seen.length ? seen : ["yes", "no", "auto"].filter(() => key.includes("."));
}

// The played card's own words that may name an optional cost: the ids its text gives (an
// additional cost's id), and its keys that the examples use as optional costs' names.
function cardWords() {
  const o = objects().get(String((state.data.play || {}).object));
  const card = o && (state.data.cards || {})[o.item.card];
  const known = new Set((((state.vocab[state.data.format] || {}).choices) || {}).optional || []);
  const words = [];
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, inner] of Object.entries(v)) {
        if (known.has(k)) words.push(k);
        if (k === "id" && typeof inner === "string") words.push(inner);
        walk(inner);
      }
    }
  };
  walk(card);
  return words;
}

function renderPlay() {
  const box = $("#play");
  box.replaceChildren();
  if (!state.data) return;
  const play = state.data.play;
  if (!play || typeof play !== "object" || Array.isArray(play)) {
    box.append(el("p", { class: "hint", text: "No play: the hand and turn views still answer." }),
               el("button", { id: "add-play", text: "Add a play", onclick: () => { state.data.play = { object: "" }; delete state.data.turn; changed(); } }));
    return;
  }
  const choices = [...objects()].filter(([, o]) => o.item.card !== undefined);
  if (!choices.some(([id]) => id === String(play.object)) && play.object !== undefined) choices.unshift([String(play.object), null]);
  const rows = [];
  if ("object" in play || !("ability" in play)) {
    rows.push(el("div", { class: "row", "data-path": "play.object" }, el("span", { text: "object" }),
      el("select", { id: "play-object", onchange: (e) => { play.object = e.target.value; changed(); } },
         choices.map(([id, o]) => el("option", { value: id, selected: id === String(play.object),
           text: o ? `${label(o.item)} (${id}, ${o.zone})` : id })))));
  }
  for (const [key, value] of Object.entries(play)) {
    if (key === "object") continue;
    rows.push(el("div", { class: "row", "data-path": `play.${key}`, "data-key": key }, el("span", { text: key }),
      valueEditor(value, (v) => { play[key] = v; changed(); }, `play.${key}`, playHint),
      el("button", { class: "drop", text: "×", title: `remove ${key}`, onclick: () => { delete play[key]; changed(); } })));
  }
  const known = (state.vocab[state.data.format] || { play: {} }).play;
  const more = Object.keys(known).filter((k) => !(k in play) && k !== "object");
  if (more.length) {
    rows.push(el("div", { class: "row" }, el("span", { text: "add" }), el("select", { id: "play-add",
      onchange: (e) => { const k = e.target.value; if (!k) return; const v = known[k];
        play[k] = Array.isArray(v) ? [] : v && typeof v === "object" ? {} : v; changed(); } },
      el("option", { value: "", text: "+ optional costs, targets, X…" }), more.map((k) => el("option", { value: k, text: k })))));
  }
  box.append(...rows);
}

function renderEditors() {
  const notes = state.lastPlan ? usage(state.lastPlan.payment) : new Map();
  renderPlay();
  renderState(notes);
  $("#format").textContent = state.data ? `${state.data.format || "no format"} — ${(state.vocab[state.data.format] || {}).title || ""}` : "";
  showProblems(state.problems);
}

// --- Problems next to what they name -------------------------------------------------------

function showProblems(lines) {
  state.problems = lines || [];
  document.querySelectorAll(".problem").forEach((n) => n.remove());
  document.querySelectorAll(".has-problem").forEach((n) => n.classList.remove("has-problem"));
  $("#problems").replaceChildren(...state.problems.map((line) => el("li", { text: line })));
  for (const line of state.problems) {
    const m = /^scenario\.([^:]+): (.*)$/.exec(line);
    if (!m) continue;
    let path = m[1];
    for (let shorter = path; path; path = shorter) {
      const target = document.querySelector(`[data-path="${CSS.escape(path)}"]`);
      if (target) { target.classList.add("has-problem"); target.append(el("div", { class: "problem", text: m[2] })); break; }
      shorter = path.replace(/(\[\d+\]|\.[^.[\]]+)$/, "");
      if (shorter === path) break;  // a top-level key the page does not show
    }
  }
}

// --- Answers -------------------------------------------------------------------------------

// Every change asks again at once (changes made in one event are asked together); an answer
// that comes back after a newer question was asked is dropped. `changedAt` is when the person
// changed something: the time to the answer drawn is shown, and read by the browser test.
function refresh() {
  state.changedAt = state.changedAt ?? performance.now();
  clearTimeout(state.timer);
  state.timer = setTimeout(ask, 0);
}

function finish(view, command, seq) {
  view.dataset.command = command;
  view.dataset.seq = seq;  // which answer is drawn: a test waits for the next one
  const ms = Math.round(performance.now() - (state.changedAt ?? performance.now()));
  state.changedAt = null;
  view.dataset.ms = ms;
  $("#timing").textContent = `answered in ${ms} ms`;
}

// What a command is asked: the scenario; for `check`, with the payment to check beside it.
function body(command) {
  return command === "check" ? { ...state.data, payment: state.payment } : state.data;
}

async function ask() {
  if (!state.data) return;
  const command = state.tab;
  const seq = ++state.seq;
  const view = $("#view");
  $("#busy").hidden = false;
  const answer = await api("POST", `/api/${command}`, JSON.stringify(body(command)));
  if (seq !== state.seq) return;
  $("#busy").hidden = true;
  view.replaceChildren();
  view.answer = answer;  // the answer drawn, as the API gave it (the browser test compares it)
  if (!answer.ok) {
    state.lastPlan = null;
    renderEditors();
    showProblems(answer.errors || ["no answer"]);
    view.append(el("p", { class: "reasons", id: "answer-problems", text: "The scenario has problems: see them on the left." }),
                el("ul", { class: "problems" }, (answer.errors || []).map((e) => el("li", { text: e }))));
    if (command === "check" && !state.payment && state.data.play) {
      view.append(el("p", { class: "hint" }, "Check a payment you choose: start from the best plan's, then change it. ",
                     el("button", { id: "start-check", text: "Start from the best payment", onclick: startCheck })));
    }
    if (command === "check" && state.payment) view.append(paymentEditor());
    finish(view, command, seq);
    return;
  }
  state.problems = [];
  state.lastPlan = ["plan", "play"].includes(command) ? answer.result : null;
  renderEditors();
  ({ plan: drawPlan, orders: drawOrders, hand: drawHand, turn: drawTurn, play: drawPlay, check: drawCheck })[command](answer.result, view);
  finish(view, command, seq);
}

async function startCheck() {
  state.changedAt = performance.now();
  const answer = await api("POST", "/api/plan", JSON.stringify(state.data));
  state.payment = answer.ok && answer.result.payment ? answer.result.payment : {};
  refresh();
}

function statusBadge(status) {
  return el("span", { class: "status " + (status === "ok" ? "ok" : "bad"), text: status });
}

function facts(pairs) {
  return el("dl", { class: "facts" }, pairs.filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => [el("dt", { text: k }), el("dd", { text: typeof v === "object" ? costText(v) : String(v) })]));
}

function waterfall(steps) {
  if (!steps || !steps.length) return el("p", { class: "hint", text: "This answer lists no cost steps." });
  const values = steps.map((s) => magnitude(s.total));
  const top = Math.max(1, ...values);
  const w = 100, gap = 22, h = 170, pad = 24;
  const width = (steps.length + 1) * (w + gap) + gap;
  const y = (v) => pad + (h - (v / top) * h);
  const chart = svg("svg", { width, height: h + pad + 40, role: "img", "aria-label": "cost steps", id: "waterfall" });
  let prev = 0;
  steps.forEach((step, i) => {
    const v = values[i], x = gap + i * (w + gap);
    const lo = i === 0 ? 0 : Math.min(prev, v), hi = i === 0 ? v : Math.max(prev, v);
    const colour = i === 0 ? "#3056c6" : v < prev ? "#1f8a4c" : v > prev ? "#c0392b" : "#9aa6c4";
    chart.append(svg("rect", { x, y: y(hi), width: w, height: Math.max(2, y(lo) - y(hi)), fill: colour, rx: 3 }),
                 svg("text", { x: x + w / 2, y: y(hi) - 6, "text-anchor": "middle", text: costText(step.total) }),
                 svg("text", { x: x + w / 2, y: h + pad + 16, "text-anchor": "middle", text: `${i + 1}` }));
    prev = v;
  });
  const x = gap + steps.length * (w + gap);
  chart.append(svg("rect", { x, y: y(prev), width: w, height: Math.max(2, y(0) - y(prev)), fill: "#1d2230", rx: 3 }),
               svg("text", { x: x + w / 2, y: y(prev) - 6, "text-anchor": "middle", text: costText(steps[steps.length - 1].total) }),
               svg("text", { x: x + w / 2, y: h + pad + 16, "text-anchor": "middle", text: "total" }));
  return el("div", {}, chart, el("ol", { class: "steps" }, steps.map((s) =>
    el("li", {}, el("span", { class: "rule", text: `${s.rule || ""} ` }), s.discount ? `${s.discount}: ${s.text}` : s.text))));
}

function chips(payment) {
  const notes = usage(payment);
  const ids = objects();
  const list = [...notes].map(([id, how]) => el("span", { class: "chip" }, el("b", { text: ids.has(id) ? label(ids.get(id).item) : "" }),
    `${id} — ${how.filter(Boolean).join("; ") || "used"}`));
  const pool = payment && payment.pool;
  if (pool && magnitude(pool)) list.push(el("span", { class: "chip" }, el("b", { text: "pool" }), costText(pool)));
  return list.length ? el("div", { class: "chips" }, list) : el("p", { class: "hint", text: "Nothing to pay with: it costs nothing." });
}

// The zones the payment draws on, every object in them: the ones that pay in amber, with how.
function paymentPicture(payment) {
  const notes = usage(payment);
  const ids = objects();
  const zones = new Map();
  for (const id of notes.keys()) {
    const o = ids.get(id);
    if (o) zones.set(`${o.player}.${o.zone}`, state.data.state[o.player][o.zone]);
  }
  if (!zones.size) return null;
  const w = 130, h = 60, gap = 10;
  const rows = [...zones];
  const most = Math.max(...rows.map(([, items]) => items.length));
  const picture = svg("svg", { width: 90 + most * (w + gap), height: rows.length * (h + 44) + 4, id: "payment-picture" });
  rows.forEach(([where, items], r) => {
    const y = 4 + r * (h + 44);
    picture.append(svg("text", { x: 0, y: y + h / 2 + 4, text: where.split(".")[1] }));
    items.forEach((item, i) => {
      const x = 90 + i * (w + gap);
      const how = notes.get(String(item.id));
      const flagged = Object.values(item).some((v) => v === true);
      picture.append(
        svg("rect", { x, y, width: w, height: h, rx: 10, fill: how ? "#ffe7a8" : flagged ? "#dfe2ea" : "#ffffff",
                      stroke: how ? "#e8a317" : "#9aa6c4", "stroke-width": how ? 3 : 1 }),
        svg("text", { x: x + w / 2, y: y + 22, "text-anchor": "middle", "font-weight": "bold", text: label(item).slice(0, 16) }),
        svg("text", { x: x + w / 2, y: y + 40, "text-anchor": "middle", text: `${item.id}${flagged ? " · " + Object.keys(item).filter((k) => item[k] === true).join(", ") : ""}`.slice(0, 18) }),
        ...(how ? howLines(how).map((line, n) => svg("text", { x: x + w / 2, y: y + h + 14 + n * 13, "text-anchor": "middle",
                                                               "font-size": "11px", text: line })) : []));
    });
  });
  return picture;
}

// How an object pays, in two short lines under its picture: what the payment calls it, then the rest.
function howLines(how) {
  const parts = how.filter(Boolean).join("; ").split(": ");
  const cut = (text) => (text.length > 21 ? text.slice(0, 20) + "…" : text);
  return [cut(parts[0] || "used"), cut(parts.slice(1).join(", "))].filter(Boolean);
}

function drawPlan(plan, view) {
  view.append(el("h3", {}, "Status ", statusBadge(plan.status)));
  if (plan.status !== "ok") {
    view.append(el("ul", { class: "reasons" }, (plan.reasons || []).map((r) => el("li", { text: r }))));
    if (plan.shortfall) view.append(facts([["shortfall", plan.shortfall]]));
  }
  view.append(facts([["play", plan.play && `${cardName(plan.play.card)} (${plan.play.object}, from ${plan.play.from})`],
                     ["total", plan.total], ["spent", plan.spent], ["score", plan.score],
                     ["discount order", (plan.discount_order || []).join(" → ")],
                     ["goes to", plan.destination], ["optimal", plan.optimal]]));
  view.append(el("h3", { text: "Cost, step by step" }), waterfall(plan.steps));
  if (plan.payment) {
    view.append(el("h3", { text: "Paid with (marked on the left too)" }), paymentPicture(plan.payment) || "", chips(plan.payment));
  }
}

function drawOrders(result, view) {
  view.append(el("h3", {}, "Discount orders ", statusBadge(result.payable === false ? "unpayable" : result.status)));
  view.append(facts([["start", result.start], ["discounts", (result.discounts || []).join(", ")], ["orders", result.total_orders]]));
  const orders = result.orders || [];
  if (!orders.length) { view.append(el("p", { class: "hint", text: "No discounts to order." })); }
  const values = orders.map((o) => magnitude(o.total));
  const best = values.indexOf(Math.min(...values));
  const top = Math.max(1, ...values), rowH = 30, left = 160, barW = 320;
  const chart = svg("svg", { width: left + barW + 120, height: orders.length * rowH + 10, id: "orders-chart" });
  orders.forEach((o, i) => {
    const yy = 5 + i * rowH;
    chart.append(svg("text", { x: 0, y: yy + 17, text: `${costText(o.total)}` }),
                 svg("rect", { x: left, y: yy, width: Math.max(3, (values[i] / top) * barW), height: rowH - 8,
                               class: i === best ? "best" : "other", rx: 3 }),
                 svg("text", { x: left + Math.max(3, (values[i] / top) * barW) + 6, y: yy + 17,
                               text: `${o.count} order${o.count === 1 ? "" : "s"}${i === best ? " — best" : ""}` }));
  });
  view.append(chart, el("ol", { class: "steps" }, orders.map((o, i) =>
    el("li", {}, el(i === best ? "b" : "span", { text: `${costText(o.total)}: ` }), (o.order || []).join(" → ")))));
  if (result.why) view.append(el("p", { text: result.why }));
}

function drawHand(result, view) {
  const plays = result.plays || [];
  view.append(el("h3", { text: `Every play you could make now (${plays.length})` }));
  view.append(el("table", { id: "hand" }, el("tr", {}, ["play", "from", "status", "total", "why"].map((t) => el("th", { text: t }))),
    plays.map((p) => el("tr", { class: p.status === "ok" ? "" : "no" },
      el("td", { text: `${cardName((p.play || {}).card || "")} ${(p.play || {}).object || ""}${(p.play || {}).ability ? " · " + compact((p.play || {}).ability) : ""}` }),
      el("td", { text: (p.play || {}).from || "" }), el("td", {}, statusBadge(p.status)),
      el("td", { text: costText(p.total) }),
      el("td", { text: [...(p.reasons || []), ...(p.shortfall ? [`short by ${costText(p.shortfall)}`] : [])].join("; ") })))));
}

// A turn's candidate key (`h3`, `g1.equip`): the card of the object it names, and the key.
function whatIs(key) {
  const o = objects().get(String(key).split(".")[0]);
  return o ? `${label(o.item)} (${key})` : String(key);
}

function drawTurn(result, view) {
  view.append(el("h3", {}, "Turn ", statusBadge(result.status)),
              facts([["value", result.value], ["score", result.score], ["optimal", result.optimal]]));
  const row = el("div", { class: "turn", id: "turn" });
  const plays = result.plays || [];
  const after = result.after || [];
  plays.forEach((p, i) => row.append(el("div", { class: "card", "data-play": i + 1 },
    el("div", { class: "n", text: `play ${i + 1}` }), el("div", { class: "title", text: cardName((p.play || {}).card || "") }),
    facts([["total", p.total], ["pool used", p.payment && p.payment.pool], ["left in pool", p.left_in_pool]]),
    p.payment ? chips(p.payment) : null,
    el("div", { class: "pool" }, el("b", { text: "left after: " }), leftText(after[i])))));
  view.append(el("h3", { text: "Plays in order" }), row.childNodes.length ? row : el("p", { class: "hint", text: "Nothing to play." }));
  const left = result.not_played || [];
  if (left.length) {
    view.append(el("h3", { text: "Left unplayed" }), el("ul", { id: "not-played" }, left.map((n) =>
      el("li", { text: n && typeof n === "object" ? `${whatIs(n.play)}: ${n.reason ?? compact(n)}` : String(n) }))));
  }
  if (result.state) {
    const after = el("div", {});
    for (const [player, zones] of Object.entries(result.state)) {
      if (!zones || typeof zones !== "object") continue;
      after.append(el("div", {}, el("b", { text: `${player}: ` }), Object.entries(zones).map(([z, v]) =>
        Array.isArray(v) ? `${z} [${v.map((o) => (o && o.id) + (Object.entries(o || {}).some(([, b]) => b === true) ? "*" : "")).join(" ")}]  `
                         : `${z} ${typeof v === "object" ? costText(v) : v}  `)));
    }
    view.append(el("h3", { text: "The state after (* an object with a flag set)" }), after);
  }
}

// `play`: the plan, then what it changed: each object that moved, changed or went, each
// player's value that changed; "Continue from here" makes the state after the state.
function drawPlay(result, view) {
  drawPlan(result, view);
  if (!result.state) return;
  const lines = stateChanges(state.data.state || {}, result.state);
  view.append(el("h3", { text: "What the play changed" }),
              lines.length ? el("ul", { id: "changes" }, lines.map((t) => el("li", { text: t }))) : el("p", { class: "hint", text: "Nothing." }),
              el("button", { id: "continue", text: "Continue from here (the state after, no play)", onclick: () => {
                state.data.state = result.state; delete state.data.play; changed(); } }));
}

function stateChanges(before, after) {
  const where = (st) => {
    const out = new Map();
    for (const [player, zones] of Object.entries(st || {})) {
      if (!zones || typeof zones !== "object" || Array.isArray(zones)) continue;
      for (const [zone, items] of Object.entries(zones)) {
        if (Array.isArray(items)) items.forEach((o) => o && o.id !== undefined && out.set(String(o.id), { o, at: `${player} ${zone}` }));
      }
    }
    return out;
  };
  const was = where(before), now = where(after), lines = [];
  for (const [id, { o, at }] of was) {
    const next = now.get(id);
    if (!next) { lines.push(`${label(o)} ${id}: gone from ${at}`); continue; }
    const flags = [...new Set([...Object.keys(o), ...Object.keys(next.o)])]
      .filter((k) => typeof (o[k] ?? next.o[k]) === "boolean" && !!o[k] !== !!next.o[k])
      .map((k) => (next.o[k] ? k : `not ${k}`));
    const moved = next.at !== at ? [`${at} → ${next.at}`] : [];
    if (moved.length || flags.length) lines.push(`${label(o)} ${id}: ${[...moved, ...flags].join(", ")}`);
  }
  for (const [id, { o, at }] of now) if (!was.has(id)) lines.push(`${label(o)} ${id}: new in ${at}`);
  for (const [player, zones] of Object.entries(after || {})) {
    const old = (before || {})[player];
    if (zones && typeof zones === "object" && !Array.isArray(zones) && old && typeof old === "object") {
      for (const [k, v] of Object.entries(zones)) {
        if (!Array.isArray(v) && JSON.stringify(v) !== JSON.stringify(old[k]) && old[k] !== undefined) {
          lines.push(`${player} ${k}: ${costText(old[k])} → ${costText(v)}`);
        }
      }
    } else if (JSON.stringify(zones) !== JSON.stringify(old) && old !== undefined) lines.push(`${player}: ${costText(old)} → ${costText(zones)}`);
  }
  return lines;
}

// `check`: the payment a person chose, legal or not and why, its score against the best's.
function drawCheck(result, view) {
  view.append(el("h3", {}, "Your payment ", el("span", { class: "status " + (result.legal ? "ok" : "bad"),
                                                         text: result.legal ? "legal" : "illegal" })));
  if ((result.problems || []).length) view.append(el("ul", { class: "reasons", id: "check-problems" }, result.problems.map((t) => el("li", { text: t }))));
  view.append(facts([["play", result.play && `${cardName(result.play.card)} (${result.play.object}, from ${result.play.from})`],
                     ["total", result.total], ["spent", result.spent], ["score", result.score],
                     ["best score", result.optimal_score], ["gap to the best", result.gap]]));
  view.append(paymentEditor());
}

function paymentEditor() {
  const hint = (path) => (/\.(rune|id|object)$|\]$/.test(path) ? [...objects().keys()] : []);
  return el("div", { id: "payment-editor", "data-path": "payment" },
    el("h3", { text: "Change the payment" }),
    valueEditor(state.payment, (v) => { state.payment = v; changed(); }, "payment", hint),
    el("p", {}, el("button", { id: "best-payment", text: "Back to the best payment", onclick: startCheck })));
}

// What a turn's `after` entry says is left to pay with after a play, each of its keys in turn
// (the ruleset names them): a list of ids, a cost or a pool's text; an empty one as "none".
function leftText(left) {
  return Object.entries(left || {}).map(([key, value]) => {
    const text = Array.isArray(value) ? value.join(" ")
      : value && typeof value === "object" ? (costText(value) === "nothing" ? "" : costText(value)) : String(value ?? "");
    return `${key.replace(/_/g, " ")}: ${text || "none"}`;
  }).join("; ");
}

function showTab(name) {
  state.tab = name;
  document.querySelectorAll("#tabs button").forEach((o) => o.classList.toggle("on", o.dataset.tab === name));
}

// --- Opening a scenario --------------------------------------------------------------------

// A file's own `payment` (what `check` checks) is kept beside the scenario: the other commands
// refuse one, and the Check view edits it.
function open(data, problems) {
  state.changedAt = performance.now();
  state.data = data && typeof data === "object" && !Array.isArray(data) ? data : null;
  state.payment = state.data && state.data.payment !== undefined ? state.data.payment : null;
  if (state.data) delete state.data.payment;
  if (state.data && state.data.turn !== undefined && !state.data.play) showTab("turn");
  else if (state.data && state.data.play && state.tab === "turn") showTab("plan");
  state.lastPlan = null;
  state.problems = problems || [];
  renderEditors();
  if (state.data) refresh();
  else $("#view").replaceChildren(el("p", { class: "reasons", id: "answer-problems", text: "No scenario: see the problems on the left." }));
}

async function openExample(name) {
  const answer = await api("GET", `/api/example?name=${encodeURIComponent(name)}`);
  if (!answer.ok) { open(null, answer.errors); return; }
  history.replaceState(null, "", `/?example=${name}`);
  $("#example").value = name;
  open(answer.data);
}

async function openText(text, name) {
  const answer = await api("POST", `/api/parse?name=${encodeURIComponent(name)}`, text, "text/plain");
  history.replaceState(null, "", "/");
  $("#example").value = "";
  if (!answer.ok) {
    open(null, answer.errors);
    showSource(text, answer.errors);
    return;
  }
  open(answer.data);
  if (state.data && !state.data.format) showProblems(["format: missing"]);
}

// A file that can't be read: its text, with the line the first problem names selected.
function showSource(text, errors) {
  const box = $("#paste");
  box.value = text;
  $("#paste-box").open = true;
  const m = /:(\d+):\d+: /.exec((errors || [""])[0]);
  if (!m) return;
  const lines = text.split("\n");
  const line = Math.min(Number(m[1]), lines.length) - 1;
  const startAt = lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0);
  box.focus();
  box.setSelectionRange(startAt, startAt + lines[line].length);
}

async function start() {
  const [list, vocab] = await Promise.all([api("GET", "/api/examples"), api("GET", "/api/vocabulary")]);
  state.vocab = vocab.formats || {};
  const groups = new Map();
  for (const name of list.examples || []) {
    const group = name.includes("/") ? name.slice(0, name.lastIndexOf("/")) : "payplan";
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(name);
  }
  for (const [group, names] of groups) {
    $("#example").append(el("optgroup", { label: group }, names.map((n) => el("option", { value: n, text: n }))));
  }
  if (!(list.examples || []).length) $("#example").append(el("option", { value: "", text: "(no shipped examples found)" }));
  $("#example").addEventListener("change", (e) => e.target.value && openExample(e.target.value));
  $("#file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) openText(await file.text(), file.name);
  });
  $("#load-paste").addEventListener("click", () => openText($("#paste").value, "pasted"));
  document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => {
    state.changedAt = performance.now();
    showTab(b.dataset.tab);
    refresh();
  }));
  const name = new URLSearchParams(location.search).get("example");
  if (name) openExample(name);
}

start();
