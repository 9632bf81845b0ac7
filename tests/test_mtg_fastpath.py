"""The `mtg/1` fast path's Hall check (`fastpath._hall`) against what it shortcuts: it rejects
only combinations of modes that `fastpath._pay` can't pay, on generated boards."""

from __future__ import annotations

from payplan.engine.mtg.generate import generate_mtg
from payplan.engine.mtg.loader import scenario_from_data as mtg_from_data
from payplan.engine.mtg.options import cast_options
from payplan.engine.mtg.resources import Resources, resources
from payplan.engine.mtg.total_cost import played_card
from payplan.planner.mtg import fastpath


def _boards() -> list[tuple[object, ...]]:
    """Generated boards the fast path takes: (scenario, options, resources, board)."""
    out: list[tuple[object, ...]] = []
    for size in (5, 10, 20, 40):
        for seed in range(12):
            scenario = mtg_from_data(generate_mtg(size, seed), require_play=True)
            assert scenario.play is not None
            card = played_card(scenario, scenario.play)
            res = resources(scenario, card, scenario.play.object)
            opts = cast_options(scenario, scenario.play, res.mana_cap())
            board = fastpath.fast_board(scenario, opts.options, res)
            if board is not None and opts.options:
                out.append((scenario, opts.options, res, board))
    return out


def test_hall_rejects_only_combinations_that_cannot_pay() -> None:
    rejected = paid = 0
    for _, options, res, board in _boards():
        assert isinstance(board, fastpath.Board) and isinstance(options, tuple)
        assert isinstance(res, Resources)
        combos = board.choices if board.wide else fastpath._mode_choices(board)
        reach = fastpath._reach(board, res)
        pool = [fastpath._unit(("pool", i), (fastpath.Way((kind,), False, "mana"),), (0, 0, 0), 0)
                for i, kind in enumerate(k for k in fastpath.KINDS for _ in range(res.pool[k]))]
        for option in options[:8]:
            for chosen in combos[:24]:
                try:
                    found = fastpath._pay(option, chosen, board, pool, res)
                except fastpath.GaveUp:
                    continue
                if not fastpath._hall(fastpath._needs(option.mana), chosen, reach, res, {}):
                    rejected += 1
                    assert found is None, (option, chosen)
                paid += found is not None
    assert rejected >= 20 and paid >= 100  # both sides of the check really ran
