"""Why a play can't be paid, in words a player knows.

For each cost option, every part is compared with the most the resources could give to that part
alone (`engine.payment.most_energy` and `most_power`: all ready runes exhausted, every rune
recycled, every usable source; every eligible object), by the paying rules themselves
(`unpaid_power`, `eligible`, `capacity`). The option with the smallest shortfall is the one
that "came closest", and its shortfalls are the reasons. When no part falls short alone, the
parts compete for the same runes or objects, and the reason says so.
"""

from __future__ import annotations

from ...engine.discounts import ANY_INDEX, NO_POWER, Power
from ...engine.riftbound.cost import DOMAINS, Cost
from ...engine.riftbound.options import CostOption, PlayOptions
from ...engine.riftbound.payment import (
    PAYS_FROM,
    Resources,
    capacity,
    eligible,
    most_energy,
    most_power,
    need_key,
    needs_of,
    unpaid_power,
)
from ...engine.riftbound.scenario import Scenario

# What each kind of non-standard cost takes, in words; where it takes it from is
# `engine.payment.PAYS_FROM` ("the hand", ...), except where a zone is not the right word.
NOUNS = {
    "discard": ("a card to discard", "cards to discard"),
    "kill": ("a friendly unit to kill", "friendly objects to kill"),
    "exhaust": ("a ready friendly object to exhaust", "ready friendly objects to exhaust"),
    "recycle_from_trash": ("a card to recycle from the trash", "cards to recycle from the trash"),
    "return_to_hand": ("an object to return to hand", "objects to return to hand"),
    "spend_buff": ("a buff to spend", "buffs to spend"),
    "spend_xp": ("an XP to spend", "XP to spend"),
    # The atoms on the played ability's own object (`engine.cost.SELF_KINDS` kept as kinds).
    "banish_self": ("the ability's own object to banish", "of the ability's own object to banish"),
    "disempower_self": ("the ability's own object Empowered, to disempower",
                        "Empowers of the ability's own object to spend"),
    "recycle_self": ("the ability's own object to recycle", "of the ability's own object to recycle"),
}
WHERE = {"spend_buff": "your units", "spend_xp": "your XP"}


def _where(kind: str) -> str:
    return WHERE.get(kind) or f"the {PAYS_FROM[kind]}"


def shortfalls(scenario: Scenario, option: CostOption, res: Resources) -> list[tuple[int, str]]:
    """(amount short, sentence) for each part of the option the resources can't cover alone."""
    out: list[tuple[int, str]] = []
    total = option.total
    ready = res.ready_runes
    energy_max = most_energy(res)
    if total.energy > energy_max:
        short = total.energy - energy_max
        out.append((short, f"needs {short} more Energy: {ready} ready rune{'s' * (ready != 1)} "
                           f"and {res.pool_energy} in the pool"))
    supply = most_power(res)
    for d, name in enumerate(DOMAINS):
        # The pips of this domain alone, paid by the paying rule from everything.
        short = unpaid_power(_only(total.power, d), supply)
        if short:
            runes = sum(len(g.ids) for g in res.runes if g.domain == d)
            pool = res.pool_power[d]
            title = name.capitalize()
            rune_text = (f"no {title} rune" if runes == 0
                         else f"{runes} {title} rune{'s' * (runes != 1)}")
            pool_text = "none in the pool" if pool == 0 else f"{pool} in the pool"
            out.append((short, f"needs {short} more {title} Power: {rune_text} and {pool_text}"))
    # Every pip as an [A] pip: any Power pays it, so this is short only of Power in all.
    pips = sum(total.power)
    short = unpaid_power(_only(NO_POWER, ANY_INDEX, pips), supply)
    if short and not any("Power" in text for _, text in out):
        out.append((short, f"needs {short} more Power: only {pips - short} Power can be made"))
    samples = {need_key(need): need for need in total.other}
    for key, count in needs_of(total).items():
        need = samples[key]
        have: int
        if need.kind == "spend_xp":
            have = res.xp
        else:
            have = sum(capacity(g, need.kind) for g in res.objects if eligible(scenario, g, need))
        if count > have:
            (one, many), where = NOUNS[need.kind], _where(need.kind)
            short = count - have
            what = one if short == 1 else f"{short} more {many}"
            detail = f"{where} is empty" if have == 0 and need.filter.text() == "" else (
                f"{where} holds {have} that qualif{'y' if have != 1 else 'ies'}"
                + (f" ({need.filter.text()})" if need.filter.text() else ""))
            out.append((short, f"needs {what}: {detail}"))
    return out


def _only(power: Power, slot: int, count: int | None = None) -> Power:
    """Pips of one slot only: `power`'s (or `count`) there, none elsewhere."""
    return tuple((power[slot] if count is None else count) if i == slot else 0
                 for i in range(len(power)))


def unpayable_reasons(scenario: Scenario, opts: PlayOptions, res: Resources) -> list[str]:
    """The reasons for the option that came closest to being payable."""
    if not opts.options:
        return ["no cost option: the play has no base cost it may use"]
    best: list[tuple[int, str]] | None = None
    best_option = opts.options[0]
    for option in opts.options:
        found = shortfalls(scenario, option, res)
        if best is None or sum(s for s, _ in found) < sum(s for s, _ in best):
            best, best_option = found, option
    assert best is not None
    if best:
        return [text for _, text in best]
    if any(offer.needs != Cost() for offer in res.sources):
        return [f"can't pay {best_option.total} in full: a source's own cost is paid before it "
                f"adds, from what is there without it, or its parts need the same runes, "
                f"sources or objects more than once"]
    return [f"can't pay {best_option.total} in full: its parts need the same runes, sources or "
            f"objects more than once"]
