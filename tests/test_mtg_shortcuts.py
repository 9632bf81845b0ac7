"""The single mtg/1 plan's shortcuts, each checked against the way it replaces on generated casts
(tests/mtg_reference/strategies.py's generator and the speed suite's wide optional costs), so a
wrong shortcut fails here."""

from __future__ import annotations

import random

import pytest

from payplan.engine.mtg import options as mtg_options
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.mtg.resources import resources
from payplan.engine.mtg.total_cost import changers, played_card
from payplan.engine.problems import ScenarioError
from tests.mtg_reference.strategies import casts
from tests.test_mtg_speed import _case


def _scenarios():  # type: ignore[no-untyped-def]
    for _, data in casts(22, 300):
        try:
            yield mtg_from_data(data, require_play=True)
        except ScenarioError:
            continue
    for seed in range(60):
        yield mtg_from_data(_case(seed, random.Random(seed).randint(2, 12)), require_play=True)


@pytest.mark.slow
def test_listed_most_bounds_the_compact_list() -> None:
    """`listed_most` is at least `_listed` of every cast's `linear_choices` (so skipping the
    choices below `COMPACT_FROM` never lists a cast the compact form would describe), and the
    compact decision is the one working the choices out gives."""
    checked = compact = 0
    for s in _scenarios():
        play = s.play
        assert play is not None
        card = played_card(s, play)
        obj = s.state.you.find(play.object)
        assert obj is not None
        for cap in (0, 3, resources(s, card, obj[1].id).mana_cap(), 40):
            if card.activation is not None:
                ways, problems = mtg_options.activations(card, obj[1], s)
            else:
                ways, problems = mtg_options.casts(card, play.zone, play, s.state.sorcery_speed)
            if problems or obj[0] != play.zone:
                continue
            linear = mtg_options.linear_choices(s, card, play, ways,
                                                changers(s, card, play.targets), cap)
            if linear is None:
                continue
            listed = mtg_options._listed(linear)
            assert mtg_options.listed_most(card, play, ways, cap, s.state.you.life) >= listed
            checked += 1
            try:
                got = mtg_options.cast_options(s, play, cap, compact=True)
            except mtg_options.TooManyChoices:
                continue
            assert (got.linear is not None) == (listed >= mtg_options.COMPACT_FROM)
            compact += got.linear is not None
    assert checked >= 300 and compact >= 5  # both sides of the decision were seen


def test_product_sums_are_the_sums_of_each_combination() -> None:
    """`fastpath.product_sums` over `_factors` gives, for every combination the fast path tries
    (`_mode_choices`, a wide board's `choices`, in their order), the sum of its modes' vectors
    and its count of modes, as summing each combination alone does, on boards and wide boards
    of the generated bench boards and the speed suite's."""
    import itertools

    from payplan.engine.mtg.generate import generate_mtg
    from payplan.planner.mtg import fastpath

    seen = wide = 0
    datas = [generate_mtg(size, seed) for size in (10, 20, 40, 60) for seed in range(8)]
    datas += [_case(seed, random.Random(seed).randint(2, 14)) for seed in range(30)]
    for data in datas:
        s = mtg_from_data(data, require_play=True)
        assert s.play is not None
        found = s.state.you.find(s.play.object)
        assert found is not None
        res = resources(s, played_card(s, s.play), found[1].id)
        boards = fastpath._boards(s, res)
        if boards is None:
            continue
        for board in (boards[0], fastpath._wide(boards[1](), res)):
            if board is None:
                continue
            combos = board.choices if board.wide else fastpath._mode_choices(board)
            factors = fastpath._factors(board)
            assert [tuple(m for pick in c for m in pick) for c in itertools.product(*factors)] \
                == list(combos)

            def vector(m: fastpath.Mode) -> tuple[int, ...]:
                return (m.permanent, m.offer, m.option + 1, m.charge, m.life, 3)

            got = fastpath.product_sums(factors, vector, 7)
            assert got == [tuple(map(sum, zip(*map(vector, c)))) + (len(c),) if c
                           else (0,) * 7 for c in combos]
            seen += bool(board.fixed)
            wide += board.wide
    assert seen >= 10 and wide >= 3


def test_mode_count_counts_the_combinations_and_their_filter_orders() -> None:
    """`_mode_count` (counted factor by factor) is what listing `_mode_choices` and each one's
    orders of its active filters gives, on boards with fixed sources."""
    from payplan.engine.mtg.generate import generate_mtg
    from payplan.planner.mtg import fastpath

    seen = 0
    datas = [generate_mtg(size, seed) for size in (10, 20, 40) for seed in range(10)]
    datas += [_case(seed, random.Random(seed).randint(2, 14)) for seed in range(40)]
    for gates in (3, 4):  # filter lands enough for combinations of 3 and 4 active filters
        data = _case(0, 3)
        data["state"]["you"]["battlefield"] += [{"id": f"gate{i}", "card": "gate"}
                                                for i in range(gates)]
        datas.append(data)
    for data in datas:
        s = mtg_from_data(data, require_play=True)
        assert s.play is not None
        found = s.state.you.find(s.play.object)
        assert found is not None
        board = fastpath._board(s, resources(s, played_card(s, s.play), found[1].id))
        if board is None or not board.fixed:
            continue
        count = 1
        for _, modes, _ in board.fixed:
            count *= len(modes) + 1
        if count > fastpath.MAX_MODES:
            continue
        listed = sum(max(1, fastpath._factorial(sum(1 for m in chosen if m.filter)))
                     for chosen in fastpath._mode_choices(board))
        assert fastpath._mode_count(board) == listed
        seen += any(m.filter for _, modes, _ in board.fixed for m in modes)
    assert seen >= 5  # boards with filter lands among the fixed sources


@pytest.mark.slow
def test_unpayable_reasons_are_those_of_the_first_option_with_fewest() -> None:
    """`unpayable_reasons` counts each option's reasons without their words and words the
    closest option alone: the count is the same with words (option by option), and the answer
    is what wording every option and keeping the first with the fewest gives."""
    from payplan.planner.mtg import explain
    from payplan.planner.mtg.plan import plan as plan_mtg

    checked = 0
    for s in _scenarios():
        if plan_mtg(s).status != "unpayable":
            continue
        play = s.play
        assert play is not None
        found = s.state.you.find(play.object)
        assert found is not None
        card = played_card(s, play)
        res = resources(s, card, found[1].id if play.ability is None else "",
                        holder=found[1].id if play.ability is not None else "")
        try:
            opts = mtg_options.cast_options(s, play, res.mana_cap())
        except mtg_options.TooManyChoices:
            continue
        cap = res.mana_cap()
        supply: dict = {}  # type: ignore[type-arg]
        best: list[str] | None = None
        for option in opts.options:
            worded = explain._found(s, opts, res, option, cap, supply, words=True)
            assert len(explain._found(s, opts, res, option, cap, supply, words=False)) \
                == len(worded)
            if best is None or len(worded) < len(best):
                best = worded
        got = explain.unpayable_reasons(s, opts, res)
        notes = explain._hidden_note(s, res)  # issue 25 G2's lines, after the option's
        got = got[:len(got) - len(notes)] if notes else got
        assert notes == explain.unpayable_reasons(s, opts, res)[len(got):]
        if res.spend_only is None or not best:
            assert got == (best or ["no way to cast it"])
        else:  # and a line naming what may pay under `spend_only`
            assert got[:-1] == best and got[-1].startswith("spend_only")
        checked += len(opts.options) > 1
    assert checked >= 20


def test_shared_resources_are_each_spells_own() -> None:
    """`SharedResources.of` (`payplan hand`: the permanents worked out once per class of
    spells) equals `resources` for every card in hand, graveyard and command zone of generated
    states (restricted mana, convoke, improvise, delve, `spend_only`, altars among them), and
    really shares."""
    from payplan.engine.mtg.generate import generate_mtg
    from payplan.engine.mtg.resources import SharedResources
    from payplan.engine.mtg.total_cost import with_grants
    from tests.mtg_cases import scenario

    # A mana ability repeating for a discard of an instant (no tap): how often it repeats
    # counts the instants in hand but the spell, each spell's own (3 for the bear, 2 else).
    pitcher = scenario([{"id": "r1", "card": "pitcher"}, {"id": "l1", "card": "mountain"}],
                       {"object": "h1", "from": "hand"},
                       hand=[{"id": "h1", "card": "bolt"}, {"id": "h2", "card": "bolt"},
                             {"id": "h3", "card": "shock"}, {"id": "h4", "card": "bear"}],
                       cards={"pitcher": {"types": ["artifact"], "mana": [
                           {"adds": "{R}", "costs": [
                               {"discard": {"count": 1, "filter": {"type": "instant"}}}]}]},
                           "bolt": {"types": ["instant"], "cost": "{R}"},
                           "shock": {"types": ["instant"], "cost": "{1}{R}"}})
    compared = shared_hits = 0
    scenarios = list(_scenarios()) + [mtg_from_data(generate_mtg(size, seed), require_play=True)
                                      for size in (10, 40) for seed in range(5)]
    scenarios.append(mtg_from_data(pitcher, require_play=True))
    for s in scenarios:
        shared = SharedResources(s)
        seen: set[int] = set()
        for zone in ("hand", "graveyard", "command"):
            for obj in s.state.you.zone(zone):
                card = with_grants(s, s.cards[obj.card], zone)
                got = shared.of(card, obj.id)
                assert got == resources(s, card, obj.id)
                compared += 1
                shared_hits += id(got.permanents) in seen
                seen.add(id(got.permanents))
    assert compared >= 300 and shared_hits >= 50
