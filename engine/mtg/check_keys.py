"""Reading what `payplan check` reads beside an `mtg/1` scenario: the payment the player chose
(the pool, each mana ability's source and costs, convoke, delve, improvise, life, the non-mana
costs' objects, the pips paid with life) and the choices it names (the way cast, X, the optional
costs paid, the announcements)."""

from __future__ import annotations

from ..problems import DataPath
from ..reading import Fields as _Fields
from ..reading import join as _join
from ..reading import kind as _kind
from .keys import CHOICE_KEYS, CONVOKE_PAYS, KICKER, LIFE_FOR_PIPS, MAX_LIFE, PAID_KINDS, PAYMENT_KEYS
from .mana import COLORS, NO_MANA, Mana
from .options import Chosen
from .payment import LifePaid, Payment, SourceUse
from .state_keys import StateReader


class CheckReader(StateReader):
    """The state's reader, reading a payment to check and its choices too."""

    # --- a payment to check, and the choices named beside it (`payplan check`)

    def submitted(self, data: object) -> tuple[Payment, Chosen]:
        if not isinstance(data, dict):
            return Payment(), Chosen()  # the scenario's reading says what a file must hold
        payment = Payment()
        if data.get("payment") is None:
            self.problem(("payment",), "missing (the payment to check, in the shape "
                                       "`payplan plan --json` prints it)")
        else:
            payment = self.mtg_payment(data["payment"], ("payment",))
        return payment, self.mtg_chosen(data)

    def mtg_payment(self, value: object, path: DataPath) -> Payment:
        """A payment in the plan's JSON shape (`Payment.to_json`); a key left out is empty.
        Each source's `costs` are its words as the plan lists them (`tap`, `sacrifice c2`):
        `check_payment` reads them against the ability."""
        f = self.fields(value, path, PAYMENT_KEYS)
        sources: list[SourceUse] = []
        for where, entry in self.each(f["sources"], f.at("sources")) if "sources" in f else ():
            g = self.fields(entry, where, ("id", "adds", "costs", "counters_removed", "replaced",
                                           "triggered", "untapped", "milled"))
            for key, what in (("id", "the permanent whose mana ability is activated"),
                              ("adds", "the mana it adds, like \"{G}\""),
                              ("costs", "its costs as the plan lists them, like [tap]")):
                if isinstance(entry, dict) and key not in g:
                    g.require(key, what)
            sources.append(SourceUse(g.read("id", "", self.string),
                                     g.read("adds", NO_MANA, self.plain_mana),
                                     g.read("costs", (), self.cost_words),
                                     counters_removed=g.read("counters_removed", (), self.counters),
                                     replaced=g.read("replaced", None, self.replaced_entry),
                                     triggered=g.read("triggered", (), self.triggered_entries),
                                     untapped=g.read("untapped", (), self.strings),
                                     milled=g.read("milled", (), self.strings)))
        convoke: list[tuple[str, str]] = []
        for where, entry in self.each(f["convoke"], f.at("convoke")) if "convoke" in f else ():
            g = self.fields(entry, where, ("id", "pays"))
            for key, what in (("id", "the creature tapped"), ("pays", "{1} or one of its colors")):
                if isinstance(entry, dict) and key not in g:
                    g.require(key, what)
            convoke.append((g.read("id", "", self.string),
                            g.word("pays", "{1}", CONVOKE_PAYS, "convoke payment")))
        other: list[tuple[str, tuple[str, ...] | int]] = []
        if "other" in f:
            if not isinstance(f["other"], dict):
                self.problem(f.at("other"), f"expected a mapping of non-mana cost to the objects "
                                            f"that pay it, like {{sacrifice: [c1]}}, got "
                                            f"{_kind(f['other'])}")
            else:
                for kind, ids in f["other"].items():
                    at = _join(f.at("other"), kind)
                    if not isinstance(kind, str) or kind not in PAID_KINDS:
                        self.unknown(at, "non-mana cost", kind, PAID_KINDS)
                    elif kind == "mill":
                        other.append((kind, self.integer(ids, at)))
                    else:
                        other.append((kind, self.strings(ids, at) if ids is not None else ()))
        return Payment(pool=f.read("pool", NO_MANA, self.plain_mana), sources=tuple(sources),
                          convoke=tuple(convoke), delve=f.read("delve", (), self.strings),
                          improvise=f.read("improvise", (), self.strings),
                          life=f.read("life", 0, self.integer, MAX_LIFE), other=tuple(other),
                          life_for=f.read("life_for", (), self.paid_life_for))

    def paid_life_for(self, value: object, path: DataPath) -> tuple[LifePaid, ...]:
        """A payment's `life_for: {"{B}": 2}`: pips of a color paid with life (K'rrik)."""
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of a pip to how many such pips life paid, "
                               f"like {{\"{{B}}\": 2}}, got {_kind(value)}")
            return ()
        counts: dict[str, int] = {}
        for pip, n in value.items():
            where = _join(path, pip)
            if not isinstance(pip, str) or pip not in LIFE_FOR_PIPS:
                self.unknown(where, "pip", pip, LIFE_FOR_PIPS)
                continue
            counts[pip[1]] = self.integer(n, where)
        return tuple(LifePaid(c, counts[c]) for c in COLORS if counts.get(c))

    def replaced_entry(self, value: object, path: DataPath) -> tuple[str, Mana]:
        """A source's `replaced: {by: ID, was: MANA}` (the plan's words; `check` reads the
        source's `adds` against the mana effects, not this)."""
        g = self.fields(value, path, ("by", "was"))
        return g.read("by", "", self.string), g.read("was", NO_MANA, self.plain_mana)

    def triggered_entries(self, value: object, path: DataPath) -> tuple[tuple[str, Mana], ...]:
        """A source's `triggered: [{id: ID, adds: MANA}, ...]`: the mana triggered mana
        abilities added on its activation (605.4a)."""
        out: list[tuple[str, Mana]] = []
        for where, entry in self.each(value, path):
            g = self.fields(entry, where, ("id", "adds"))
            for key, what in (("id", "the permanent whose triggered mana ability added it"),
                              ("adds", "the mana it added, like \"{B}\"")):
                if isinstance(entry, dict) and key not in g:
                    g.require(key, what)
            out.append((g.read("id", "", self.string), g.read("adds", NO_MANA, self.plain_mana)))
        return tuple(out)

    def cost_words(self, value: object, path: DataPath) -> tuple[str, ...]:
        return tuple(" ".join(word.split()) for word in self.strings(value, path))

    def mtg_chosen(self, data: dict[object, object]) -> Chosen:
        """The choices named beside a payment; each key left out (or null) is left open."""
        f = _Fields(self, {k: v for k, v in data.items()
                           if isinstance(k, str) and k in CHOICE_KEYS and v is not None}, ())
        cast = f.read("cast", None, self.string)
        x = f.read("x", None, self.integer)
        paid: tuple[tuple[str, int], ...] | None = None
        if "paid" in f:
            if not isinstance(f["paid"], dict):
                self.problem(f.at("paid"), f"expected a mapping of optional cost to times paid, "
                                           f"got {_kind(f['paid'])}")
            else:
                counts: dict[str, int] = {}
                for key, n in f["paid"].items():
                    at = _join(f.at("paid"), key)
                    name = self.string(key, at)
                    m = KICKER.fullmatch(name)
                    if m is not None:
                        k = int(m.group(1)) if len(m.group(1)) < 9 else 10**9
                        name = "kicker" if k == 0 else f"kicker.{k}"
                    if name in counts:
                        self.problem(at, "names an optional cost twice")
                    counts[name] = self.integer(n, at, 100)
                    if counts[name] < 1:
                        self.problem(at, "an optional cost listed is paid at least once")
                paid = tuple(counts.items())
        hybrid: tuple[str, ...] | None = None
        phyrexian: tuple[str, ...] | None = None
        if "announced" in f:
            a = self.fields(f["announced"], f.at("announced"), ("hybrid", "phyrexian"))
            hybrid = a.read("hybrid", None, self.strings)
            phyrexian = a.read("phyrexian", None, self.strings)
        return Chosen(cast, x, paid, hybrid, phyrexian)
