"""What the state lacks to pay an `mtg/1` total (601.2g-h), per resource: the mana of each kind,
the generic mana, the life and the objects of each non-mana cost, each counted against everything
that could supply it alone.
"""

from __future__ import annotations

from .cards import Filter, OtherCost, Scenario
from .mana import TYPES, Mana, total
from .resources import Offer, Permanent, Resources, can_pay_with, once_most, per_counter
from .total_cost import Priced


def shortfall(scenario: Scenario, option: Priced, res: Resources
              ) -> tuple[Mana, int, tuple[OtherCost, ...]]:
    """What the state lacks to pay `option`'s total, per resource, each counted with everything
    that could supply it alone (a mana ability's own costs aside, each permanent once):

    - mana of each kind (W U B R G C; under `spend_as_any_color` only C): the total's pips of
      that kind beyond what the pool holds of it, the most of it one activation of each
      permanent's usable mana abilities adds, and (a color) the creatures that could convoke
      for it;
    - generic mana: the mana in all beyond the most the resources could give
      (`Resources.mana_cap`: the pool, each permanent's best activation or a convoke or
      improvise tap, each card delve could exile), less what the kinds lack already;
    - life: beyond your life total (life is paid only while the total is at least the amount);
    - each non-mana cost (its kind and filter): objects beyond those that could pay it (mill:
      cards beyond the library).

    The mana (generic first, then W U B R G C), the life and the non-mana costs lacking (each
    with the count lacking); nothing at all when each part could be paid alone (then the parts
    compete for the same sources and objects)."""
    lack = [0] * 7
    for i, t in enumerate(TYPES):
        need = option.mana[1 + i]
        if not need or (res.any_color and t != "C"):  # the Lattice: any mana pays the color,
            continue                                   # so only the mana in all can lack
        have = res.pool[1 + i] * res.pool_spendable + sum(
            _most_of_kind(p, i, t) for p in res.permanents)
        if res.life_for_of(t):  # K'rrik: life pays these pips too
            have += res.life // res.life_for_of(t)
        lack[1 + i] = max(0, need - have)
    lack[0] = max(0, total(option.mana) + option.snow - res.mana_cap()
                  - res.life_pips(option.mana) - sum(lack))
    life = max(0, option.life - res.life)
    other: list[OtherCost] = []
    counts: dict[tuple[str, Filter], int] = {}
    for part in option.other:
        counts[(part.kind, part.filter)] = counts.get((part.kind, part.filter), 0) + part.count
    for (kind, f), count in counts.items():
        part = OtherCost(kind, count, f)
        if kind == "mill":
            have = res.library
        else:
            have = sum(1 for p in res.permanents if can_pay_with(scenario, part, p.obj, "battlefield")
                       and (kind != "tap_untapped" or p.can_tap))
            have += sum(1 for c in res.cards if can_pay_with(scenario, part, c.obj, c.zone))
        if count > have:
            other.append(OtherCost(kind, count - have, f))
    return (lack[0], lack[1], lack[2], lack[3], lack[4], lack[5], lack[6]), life, tuple(other)


def _most_of_kind(p: Permanent, i: int, t: str) -> int:
    """The most mana of kind `t` (index `i` in TYPES) the permanent alone could give: one
    activation of one of its abilities (a counter-removing one as often as it has counters), or
    one that only taps it and then one that only sacrifices it (Eye of Ramos), or (a color) a
    convoke tap."""
    def kind_of(o: Offer) -> int:
        most = max((m[1 + i] for m in o.ability.adds), default=0) if o.spendable else 0
        return most * o.repeats if per_counter(o.ability) else most

    one = max((adds[1 + i] * (offer.repeats if per_counter(offer.ability) else 1)
               for offer in p.offers if offer.spendable for adds in offer.ability.adds),
              default=0)
    return max(one, once_most(p, kind_of), 1 if p.convoker and t in p.convoke else 0)
