"""Why an `mtg/1` cast can't be paid, in words a player knows (the option that came closest)."""

from __future__ import annotations

from ...engine.mtg.cards import OtherCost, Scenario
from ...engine.mtg.mana import COLOR_NAMES, TYPES, Mana, mana_text, total
from ...engine.mtg.options import CastOptions
from ...engine.mtg.resources import Permanent, Resources, can_pay_with
from ...engine.mtg.total_cost import Priced, summoning_sick

# --- why a cast can't be paid --------------------------------------------------------------------

NOUNS = {
    "sacrifice": ("to sacrifice", "you control"),
    "return_to_hand": ("to return to hand", "you control"),
    "tap_untapped": ("untapped to tap", "you control"),
    "discard": ("to discard", "in your hand"),
    "exile_from_hand": ("to exile from your hand", "in your hand"),
    "exile_from_graveyard": ("to exile from your graveyard", "in your graveyard"),
}


# The reason of a cast whose every part could be paid alone: nothing is lacking part by part.
COMPETE = ("each part could be paid alone, but they compete for the same sources and objects, "
           "and no one payment covers them all")


def names_no_lack(reasons: tuple[str, ...] | list[str]) -> bool:
    """Whether `reasons` say only that the parts compete (no reason names a part lacking)."""
    return any(r.endswith(COMPETE) for r in reasons)


def unpayable_reasons(scenario: Scenario, opts: CastOptions, res: Resources) -> list[str]:
    """Why no option can be paid, in words a player knows, for the option that came closest:
    the first with the fewest reasons. The reasons are counted for every option and put in
    words for that one alone (`_found`: the count does not depend on the words)."""
    cap = res.mana_cap()  # the same for every option: worked out once
    supply: dict[int, tuple[int, list[Permanent], int]] = {}  # per color, as each option reads it
    best: Priced | None = None
    fewest = 0
    for option in opts.options:
        n = len(_found(scenario, opts, res, option, cap, supply, words=False))
        if best is None or n < fewest:
            best, fewest = option, n
    found = [] if best is None else _found(scenario, opts, res, best, cap, supply, words=True)
    if res.spend_only is not None and found:
        # Each permanent by its card's name and its id (an id the file left out is its place,
        # `battlefield[1]`: the name says what it is).
        makers = list(dict.fromkeys(f"{p.card.shown()} ({p.obj.id})" for p in res.permanents
                                    for o in p.offers if o.spendable))
        found = found + ["spend_only: only mana made by a permanent matching it is spent on it "
                         "(the pool's never): " + (", ".join(makers) if makers
                                                     else "none of your permanents makes such mana")]
    return (found or ["no way to cast it"]) + _hidden_note(scenario, res)


def _found(scenario: Scenario, opts: CastOptions, res: Resources, option: Priced, cap: int,
           supply: dict[int, tuple[int, list[Permanent], int]], words: bool) -> list[str]:
    """Why `option` can't be paid: one entry per reason, in words when `words` (else each
    entry is empty: `unpayable_reasons` counts them). `supply`: per color, what can make it
    (filled as asked, shared by the options)."""
    found: list[str] = []
    for i, t in enumerate(TYPES):
        need = option.mana[1 + i]
        if not need or (res.any_color and t != "C"):  # the Lattice: any mana pays the color
            continue
        if i not in supply:
            supply[i] = (res.pool[1 + i] * res.pool_spendable + sum(
                max(m[1 + i] for m in o.ability.adds) * o.repeats for p in res.permanents
                for o in p.offers if not o.ability.mana.symbols and o.spendable),
                [p for p in res.permanents for o in p.offers if o.spendable
                 and o.ability.mana.symbols and any(m[1 + i] for m in o.ability.adds)],
                sum(1 for p in res.permanents if p.convoker and t in p.convoke))
        direct, filtered, convoke = supply[i]
        if res.life_for_of(t):  # K'rrik: your life pays these pips too
            direct += res.life // res.life_for_of(t)
        if direct + convoke < need and not words:
            found.append("")
        elif direct + convoke < need:
            name = COLOR_NAMES[t]
            text = (f"needs {mana_text(_only(i, need))}: {_count(direct + convoke, name + ' source')}"
                    if direct + convoke else f"needs {mana_text(_only(i, need))}: no {name} source")
            if filtered:
                f = filtered[0]
                cost = next(o.ability.mana for o in f.offers if o.ability.mana.symbols)
                text += (f", and the filter land {f.obj.id} needs {cost} from another source")
            sick = [p.obj.id for p in res.permanents if not p.offers
                    and summoning_sick(scenario, p.obj)
                    and any(any(m[1 + i] for m in a.adds) for a in p.card.mana)]
            sick += [o.id for o in scenario.state.you.battlefield
                     if summoning_sick(scenario, o) and o.id not in sick
                     and any(any(m[1 + i] for m in a.adds) for a in scenario.cards[o.card].mana)
                     and "creature" in scenario.cards[o.card].types]
            if sick:
                text += f" ({', '.join(sorted(set(sick)))} summoning sick: can't tap for mana)"
            found.append(text)
    if option.snow:
        own = {o.filter.object for o in option.other}  # an ability's own {T}, sacrifice
        made = sum(res.snow_pool[1:]) + sum(
            max(total(m) for m in o.ability.adds) * o.repeats for p in res.permanents
            if p.card.snow and p.obj.id not in own for o in p.offers)
        if made < option.snow:
            found.append(f"needs {'{S}' * option.snow}: {option.snow} mana from a snow "
                         f"source, " + (f"at most {made} can be made" if made
                                        else "none can be made") if words else "")
    if option.size > cap + res.life_pips(option.mana):
        ways = ["untapped sources", "the pool"] + [w for w, on in (
            ("convoke", opts.card.convoke), ("delve", opts.card.delve),
            ("improvise", opts.card.improvise)) if on]
        found.append(f"needs {option.size} mana in all ({option.text}): at "
                     f"most {cap} can be made ({', '.join(ways)}){_counters_note(res)}"
                     if words else "")
    if option.life > res.life:
        found.append(f"needs {option.life} life and you have {res.life} (life is paid only "
                     f"while your life total is at least the amount, 119.4)" if words else "")
    for part in option.other:
        if part.kind == "mill":
            if part.count > res.library:
                found.append(f"needs to mill {part.count} and your library has "
                             f"{res.library} card{'s' * (res.library != 1)} (701.13b)"
                             if words else "")
            continue
        eligible = sum(1 for p in res.permanents if can_pay_with(scenario, part, p.obj, "battlefield")
                       and (part.kind != "tap_untapped" or p.can_tap))
        eligible += sum(1 for c in res.cards if can_pay_with(scenario, part, c.obj, c.zone))
        if eligible < part.count:
            verb, where = NOUNS.get(part.kind, (part.kind, "available"))
            found.append(f"needs {part.count} {_what(part)} {verb}: {eligible} {where}"
                         if words else "")
    if not found and not words:
        found.append("")
    elif not found:
        others = ', '.join(f'{o.kind} {o.count}' for o in option.other)
        found.append(f"{option.text}"
                     f"{f' and {option.life} life' if option.life else ''}"
                     f"{' and ' + others if option.other else ''}"
                     f": {COMPETE}")
    return found


def _hidden_note(scenario: Scenario, res: Resources) -> list[str]:
    """Why a mana ability reading another object (an untap cost, `adds: milled`) was left out: a Benthic
    Explorers' untap cost found nothing to untap; a Charmed Pendant's activation would mill a
    card past `library_top`, whose mana nobody knows."""
    out = [f"untap: the untap cost of {', '.join(res.idle_untaps)}'s mana ability finds "
           f"nothing to untap: no tapped permanent of the opponent's matching its filter (for "
           f"adds: untapped, one that could produce a type of mana, 106.7)"
           ] if res.idle_untaps else []
    if not res.hidden_mills:
        return out
    you = scenario.state.you
    known = len(you.library_top)
    return out + [f"library_top: the top card is hidden past the {known} known (library_top, "
                  f"of {you.library} in your library): the adds: milled ability of "
                  f"{', '.join(res.hidden_mills)} is never activated on a card whose mana "
                  f"nobody knows"]


def _counters_note(res: Resources) -> str:
    """`; counters bound r1 (2 charge)`: the permanents whose mana abilities remove counters,
    with what is there (each counter pays one activation's cost, once)."""
    bound = [f"{p.obj.id} ({', '.join(f'{n} {k}' for k, n in p.counters) or 'no counters'})"
             for p in res.permanents if any(o.ability.counter_kinds() for o in p.offers)]
    return f"; counters removed as a cost bound {', '.join(bound)}" if bound else ""


def _only(i: int, n: int) -> Mana:
    out = [0] * 7
    out[1 + i] = n
    return (out[0], out[1], out[2], out[3], out[4], out[5], out[6])


def _count(n: int, noun: str) -> str:
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    return f"{words.get(n, str(n))} {noun}{'s' * (n != 1)}"


def _what(part: OtherCost) -> str:
    f = part.filter
    types = "/".join(f.type) if f.type else " ".join(f.all_types) if f.all_types else (
        "card" if part.kind in ("discard", "exile_from_hand", "exile_from_graveyard")
        else "permanent")
    return types + ("s" if part.count != 1 else "")



__all__ = ["unpayable_reasons"]
