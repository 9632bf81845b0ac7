"""Reading the payment `payplan check` checks, and the choices named beside it (`base`,
`paid_optional`, `paid`, `discount_order`), each in the shape `payplan plan --json` prints it.

`CheckReader` builds on `CardReader` (`card_keys`); the loader's reader
(`engine.riftbound.loader`) reads these keys beside the scenario's own.
"""

from __future__ import annotations

import typing

from ..problems import DataPath
from ..reading import Fields
from ..reading import join as _join
from ..reading import kind as _kind
from .card_keys import CardReader, normalise_optional
from .cost import OTHER_KINDS, POWER_KEYS, Cost
from .options import Chosen, ChosenBase, cost_key
from .payment import SELF_ONLY, Payment
from .scenario import IGNORES
from .total_cost import BaseKind

# `payplan check` reads these beside the scenario: the payment, and the choices it names.
CHOICE_KEYS = ("base", "paid_optional", "paid", "discount_order")
CHECK_KEYS = ("payment",) + CHOICE_KEYS
PAYMENT_KEYS = ("pool", "exhaust", "recycle", "sources", "other", "source_kills")
PAID_KINDS = OTHER_KINDS + SELF_ONLY  # the kinds a payment's `other` names (as the plan's total)
BASE_KINDS = typing.get_args(BaseKind)


class CheckReader(CardReader):
    """`CardReader` with the words of a payment to check and the choices named beside it."""

    def submitted(self, data: object) -> tuple[Payment, Chosen]:
        if not isinstance(data, dict):
            return Payment(), Chosen()  # the scenario's reading says what a file must hold
        payment = Payment()
        if data.get("payment") is None:
            self.problem(("payment",), "missing (the payment to check, in the shape "
                                       "`payplan plan --json` prints it)")
        else:
            payment = self.payment(data["payment"], ("payment",))
        return payment, self.chosen(data)

    def payment(self, value: object, path: DataPath) -> Payment:
        """A payment in the plan's JSON shape (`Payment.to_json`); a key left out is empty."""
        f = self.fields(value, path, PAYMENT_KEYS)
        pool = f.read("pool", Cost(), self.plain_cost)
        recycle: list[tuple[str, str]] = []
        for where, entry in self.each(f["recycle"], f.at("recycle")) if "recycle" in f else ():
            g = self.fields(entry, where, ("rune", "pays"))
            if "rune" not in g:
                g.require("rune", "the id of the rune recycled")
            pays = g.word("pays", "unused", POWER_KEYS + ("unused",), "pip")
            recycle.append((g.read("rune", "", self.string), pays))
        other: list[tuple[str, tuple[str, ...]]] = []
        for where, entry in self.each(f["other"], f.at("other")) if "other" in f else ():
            if not isinstance(entry, dict) or len(entry) != 1:
                self.problem(where, "expected one non-standard cost and the objects that pay it, "
                                    f"like {{discard: [h2]}}, got {_kind(entry)}")
                continue
            ((kind, ids),) = entry.items()
            at = _join(where, kind)
            if not isinstance(kind, str) or kind not in PAID_KINDS:
                self.unknown(at, "non-standard cost", kind, PAID_KINDS)
                continue
            other.append((kind, self.strings(ids, at) if ids is not None else ()))
        killed: list[tuple[str, tuple[str, ...]]] = []
        for where, entry in (self.each(f["source_kills"], f.at("source_kills"))
                             if "source_kills" in f else ()):
            g = self.fields(entry, where, ("source", "kill"))
            if "source" not in g:
                g.require("source", "the id of the source whose cost kills")
            killed.append((g.read("source", "", self.string), g.read("kill", (), self.strings)))
        return Payment(pool.energy, pool.power, f.read("exhaust", (), self.strings),
                       tuple(recycle), f.read("sources", (), self.strings), tuple(other),
                       tuple(killed))

    def chosen(self, data: dict[object, object]) -> Chosen:
        """The choices named beside a payment; each key left out (or null) is left open."""
        f = Fields(self, {k: v for k, v in data.items()
                          if isinstance(k, str) and k in CHOICE_KEYS and v is not None}, ())
        base = f.read("base", None, self.chosen_base)
        optional = f.read("paid_optional", None, self.optional_names)
        counts = f.read("paid", None, self.paid_counts)
        if optional is not None and counts is not None and set(optional) != {n for n, _ in counts}:
            self.problem(("paid",), "names other optional costs than `paid_optional`")
        if optional is None and counts is not None:
            optional = tuple(name for name, _ in counts)
        order = f.read("discount_order", None, self.strings)
        if order is not None and len(set(order)) != len(order):
            self.problem(("discount_order",), "names a discount twice")
        return Chosen(base, optional, counts, order)

    def chosen_base(self, value: object, path: DataPath) -> ChosenBase:
        f = self.fields(value, path, ("kind", "index", "ignore", "cost"))
        if "cost" in f and not isinstance(f["cost"], dict):
            self.problem(f.at("cost"), f"expected a cost mapping as the plan writes it, got "
                                       f"{_kind(f['cost'])}")
        return ChosenBase(f.word("kind", None, BASE_KINDS, "base kind"),
                          f.read("index", None, self.integer),
                          f.word("ignore", None, IGNORES, "ignore"),
                          cost_key(f["cost"]) if "cost" in f else None)

    def optional_names(self, value: object, path: DataPath) -> tuple[str, ...]:
        names = tuple(normalise_optional(name) for name in self.strings(value, path))
        if len(set(names)) != len(names):
            self.problem(path, "names an optional cost twice")
        return names

    def paid_counts(self, value: object, path: DataPath) -> tuple[tuple[str, int], ...]:
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of optional cost to times paid, got "
                               f"{_kind(value)}")
            return ()
        out: dict[str, int] = {}
        for key, n in value.items():
            where = _join(path, key)
            name = normalise_optional(self.string(key, where))
            times = self.integer(n, where)
            if times < 1:
                self.problem(where, "an optional cost listed is paid at least once")
            if name in out:
                self.problem(where, "names an optional cost twice")
            out[name] = times
        return tuple(out.items())
