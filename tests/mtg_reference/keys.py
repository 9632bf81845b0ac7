"""What a generated mtg/1 scenario draws, in the loader's terms: every key, by where it stands,
and every enum word, as `PLACE.NAME` (`card.per_mode`, `filter.name`, `cast.without_paying`,
`card_type.battle`, `weight.tap_other`). tests/test_mtg_reference.py compares these with the
loader's own lists; tests/test_mtg_vs_reference.py checks its fresh draws met every one.

Written from the format (shared/spec/mtg-format.md and the README's keys), not from the loader:
the test names which of the loader's tuples each place stands for.
"""

from __future__ import annotations

from typing import Any

COLOR_NAMES = {"white", "blue", "black", "red", "green"}


def drawn(data: dict[str, Any]) -> set[str]:
    """Every `PLACE.NAME` the scenario holds."""
    out: set[str] = set()
    _top(data, out)
    return out


def _keys(place: str, value: Any, out: set[str]) -> None:
    if isinstance(value, dict):
        out.update(f"{place}.{k}" for k in value)


def _words(place: str, value: Any, out: set[str]) -> None:
    for w in value if isinstance(value, list) else [value]:
        if isinstance(w, str):
            out.add(f"{place}.{w}")


def _colors(value: Any, out: set[str]) -> None:
    for c in value if isinstance(value, list) else [value]:
        out.add(f"color.{c}")


def _top(d: dict[str, Any], out: set[str]) -> None:
    _keys("top", d, out)
    for card in (d.get("cards") or {}).values():
        _card(card, out)
    if isinstance(d.get("state"), dict):
        _state(d["state"], out)
    if isinstance(d.get("play"), dict):
        _play(d["play"], out)
    for p in d.get("plays") or []:
        _play(p, out)
    obj = d.get("objective")
    if isinstance(obj, dict):
        _keys("objective", obj, out)
        _keys("weight", obj.get("weights"), out)


def _card(c: dict[str, Any], out: set[str]) -> None:
    _keys("card", c, out)
    _words("card_type", c.get("types"), out)
    if "colors" in c:
        _colors(c["colors"], out)
    for key in ("flashback", "multikicker", "replicate", "buyback"):
        if key in c:
            _full(c[key], out)
    if "kicker" in c:
        for k in c["kicker"] if isinstance(c["kicker"], list) else [c["kicker"]]:
            _full(k, out)
    for a in c.get("alternative") or []:
        _keys("alternative", a, out)
        _other(a.get("other"), out)
        if "zone" in a:
            _words("play_zone", a["zone"], out)
    for a in c.get("additional") or []:
        _keys("additional", a, out)
        _other(a.get("other"), out)
    for r in c.get("reductions") or []:
        _reduction(r, out)
    if isinstance(c.get("spend_only"), dict):     # issue 25 (A2): a filter on the producer
        _filter(c["spend_only"], out)
    for m in c.get("mana") or []:
        _keys("ability", m, out)
        _ability_costs(m.get("costs"), out)
        if "only_for" in m:
            _filter(m["only_for"], out)
        if isinstance(m.get("per"), dict):
            _filter(m["per"].get("count"), out)
            if "greatest_power" in m["per"]:
                out.add("per.greatest_power")          # Bighorner Rancher
                _filter(m["per"]["greatest_power"], out)
        elif m.get("per") == "removed":
            out.add("per.removed")                     # issue 25 C1: storage lands
            if "tap" in (m.get("costs") or []):
                out.add("per.removed_tap")             # Sand Silos
        elif m.get("per") in ("power", "devotion"):
            out.add(f"per.{m['per']}")                 # Marwyn; Nykthos
        if m.get("adds") in ("untapped", "milled", "any_type", "any_color", "sacrificed"):
            out.add(f"adds.{m['adds']}")               # issue 25 G2: Explorers, Pendant; 38: Pool, Squandered
        if isinstance(m.get("of"), dict):
            _filter(m["of"], out)                      # issue 38: what a Pool reads
    for e in c.get("mana_effects") or []:         # issue 25 G1: Damping Sphere, Crypt Ghast
        if isinstance(e, dict):
            _keys("mana_effect", e, out)
            for kind, body in e.items():
                if isinstance(body, dict):
                    _keys(f"mana_effect_{kind}", body, out)
                    _filter(body.get("sources"), out)
                    if body.get("adds") == "produced":
                        out.add("trigger_adds.produced")    # Dictate of Karametra
    for g in c.get("grants") or []:
        _keys("grant", g, out)
        if "turn" in g:
            _words("grant_turn", g["turn"], out)
        if "keyword" in g:
            _words("keyword", g["keyword"], out)
        if "flashback" in g:
            _words("grant_flashback", g["flashback"], out)
        if isinstance(g.get("reduction"), dict):
            _reduction(g["reduction"], out)
        if isinstance(g.get("additional"), dict):          # the Defilers
            _keys("grant_additional", g["additional"], out)
            _other(g["additional"].get("other"), out)
        if "applies_to" in g:
            _filter(g["applies_to"], out)
    for a in c.get("abilities") or []:
        _keys("activated", a, out)
        if "zone" in a:
            _words("ability_zone", a["zone"], out)      # issue 25: hand | battlefield
        _ability_costs(a.get("costs"), out)
        if "timing" in a:
            _words("timing", a["timing"], out)


def _full(v: Any, out: set[str]) -> None:
    if isinstance(v, dict):
        _keys("cost", v, out)
        _other(v.get("other"), out)


def _other(items: Any, out: set[str]) -> None:
    for item in items or []:
        if isinstance(item, dict):
            for kind, body in item.items():
                out.add(f"other_kind.{kind}")
                if isinstance(body, str) and body.upper() == "X":
                    out.add(f"x_cost.{kind}")      # issue 25: {pay_life: X}
                if isinstance(body, dict):
                    _keys("other_long", body, out)
                    if body.get("count") == "any":
                        out.add(f"count_any.{kind}")      # issue 25 (B2): Torgaar
                    if "filter" in body:
                        _filter(body["filter"], out)


def _ability_costs(costs: Any, out: set[str]) -> None:
    for c in costs or []:
        if isinstance(c, str) and not c.startswith("{"):
            out.add(f"ability_word.{c}")
        elif isinstance(c, dict) and "untap" in c:       # issue 25 G2: Benthic Explorers
            out.add("cost_atom.untap")
            _keys("untap", c["untap"], out)
            if isinstance(c["untap"], dict):
                _filter(c["untap"].get("filter"), out)
        elif isinstance(c, dict) and "remove_counters" in c:
            # issue 25 C1: counters removed from the ability's own permanent (count X: per removed)
            out.add("cost_atom.remove_counters")
            body = c["remove_counters"]
            if isinstance(body, dict) and str(body.get("count")).upper() == "X":
                out.add("remove_counters.count_x")
        elif isinstance(c, dict):
            _other([c], out)


def _filter(f: Any, out: set[str]) -> None:
    if not isinstance(f, dict):
        return
    _keys("filter", f, out)
    for key in ("type", "not_type", "all_types"):
        if key in f:
            _words("card_type", f[key], out)
    if "color" in f:
        _colors(f["color"], out)
    if "controller" in f:
        _words("controller", f["controller"], out)
    if "ability" in f:
        _words("ability_kind", f["ability"], out)
    if "targets" in f:
        _targets(f["targets"], out)


def _targets(f: Any, out: set[str]) -> None:
    """A target filter (issue 25): an object's conditions, `self`, or `player` alone."""
    if not isinstance(f, dict):
        return
    _keys("targets_filter", f, out)
    for key in ("type", "not_type"):
        if key in f:
            _words("card_type", f[key], out)
    if "color" in f:
        _colors(f["color"], out)
    if "controller" in f:
        _words("controller", f["controller"], out)
    if "player" in f:
        _words("target_player", f["player"], out)


def _reduction(r: Any, out: set[str]) -> None:
    if isinstance(r, dict):
        _keys("reduction", r, out)
        for color, amount in r.items():                 # issue 25 (B1): Khalni Hydra
            if color in ("W", "U", "B", "R", "G", "C") and isinstance(amount, dict):
                _keys("color_amount", amount, out)
                _filter(amount.get("count"), out)
        if isinstance(r.get("generic"), dict):
            _keys("amount", r["generic"], out)
            if "each" in r["generic"] and "per_paid" not in r["generic"]:
                out.add("amount.each_count")             # The Cauldron of Eternity
            _filter(r["generic"].get("count"), out)
            _targets(r["generic"].get("count_targets"), out)


def _state(s: dict[str, Any], out: set[str]) -> None:
    _keys("state", s, out)
    if "stack" in s:
        _words("stack", s["stack"], out)
    if "turn" in s:
        _words("player", s["turn"], out)
    for who in ("you", "opponent"):
        p = s.get(who)
        if not isinstance(p, dict):
            continue
        _keys("player_keys", p, out)
        for entry in p.get("restricted_pool") or []:      # mana restricted in the pool (106.6)
            if isinstance(entry, dict):
                _keys("restricted_entry", entry, out)
                _filter(entry.get("only_for"), out)
        for zone in ("hand", "graveyard", "exile", "command", "battlefield"):
            if zone in p:
                out.add(f"zone.{zone}")
            for o in p.get(zone) or []:
                if isinstance(o, str):
                    out.add("object.shorthand")
                else:
                    _keys("object", o, out)
                    if o.get("attached_to") in ("you", "opponent"):
                        out.add("attached_to.player")        # a Curse
                    if isinstance(o.get("counters"), dict):
                        _words("counter_kind", list(o["counters"]), out)   # issue 25 C1


def _play(p: dict[str, Any], out: set[str]) -> None:
    _keys("play", p, out)
    if isinstance(p.get("cast"), str):
        out.add(f"cast.{p['cast']}")
    if "from" in p:
        _words("play_zone", p["from"], out)
    for v in (p.get("optional") or {}).values():
        if isinstance(v, bool):
            out.add("choice.true_or_false")
        elif isinstance(v, int):
            out.add("choice.count")
        else:
            out.add(f"choice.{v}")
    if isinstance(p.get("ability"), dict):
        _keys("ability_play", p["ability"], out)
    for t in p.get("targets") or []:
        out.add(f"target.{t}" if t in ("you", "opponent") else "target.object")
