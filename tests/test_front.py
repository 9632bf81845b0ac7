"""Issue 9's findings, each pinned by a test that failed before its fix: option checks, size
limits and duplicate keys, the serve line limit, `bench` without matplotlib, the JSON of plays
with no plan, `plays:` on `payplan plan`, documented exceptions instead of asserts, and the
structured problems (issue 11) that `play` and `serve` move without touching their text."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import payplan
from payplan.cli import main
from payplan.engine.problems import Problem, ScenarioError
from payplan.engine.riftbound.loader import Limits, load_text, parse_text, scenario_from_data
from payplan.planner.config import SolverConfig
from payplan.planner.serve import serve

ROOT = Path(__file__).resolve().parent.parent
SKY = ROOT / "examples" / "01-sky-splitter-order.yaml"


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`payplan ARGS` in-process: exit code, stdout, stderr."""
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def sky() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(SKY.read_text(encoding="utf-8"))
    return data


# --- 3. options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "option"), [
    (["plan", str(SKY), "--time-limit", "nan"], "--time-limit"),
    (["plan", str(SKY), "--time-limit", "-1"], "--time-limit"),
    (["plan", str(SKY), "--time-limit", "1e300"], "--time-limit"),
    (["plan", str(SKY), "--time-limit", "inf"], "--time-limit"),
    (["plan", str(SKY), "--workers", "-1"], "--workers"),
    (["plan", str(SKY), "--workers", "0"], "--workers"),
    (["hand", str(SKY), "--seed", "-5"], "--seed"),
    (["orders", str(SKY), "--seed", str(2**40)], "--seed"),
    (["serve", "--request-timeout", "nan"], "--request-timeout"),
    (["serve", "--request-timeout", "-3"], "--request-timeout"),
    (["gen", "hand", "--seed", "x"], "--seed"),
    (["bench", "--workers", "1000000"], "--workers"),
])
def test_bad_option_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str],
                                       option: str) -> None:
    code, out, err = cli(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"{option}: "), err


def test_each_command_shows_only_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, gen_help, _ = cli(capsys, "gen", "--help")
    assert code == 0
    assert "--workers" not in gen_help and "--time-limit" not in gen_help
    assert "CP-SAT" not in gen_help and "scenario seed" in gen_help
    _, bench_help, _ = cli(capsys, "bench", "--help")
    assert "one seed for both" in " ".join(bench_help.split())
    _, serve_help, _ = cli(capsys, "serve", "--help")
    assert "0 means no limit" in " ".join(serve_help.split()) and "default 10" in serve_help


def test_option_defaults_are_read_from_solver_config(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed SolverConfig default shows in --help and reaches the planner."""
    import payplan.planner.arguments as arguments
    import payplan.planner.cli as cli_module

    monkeypatch.setitem(arguments.DEFAULTS, "time_limit", 7.5)
    _, text, _ = cli(capsys, "plan", "--help")
    assert "default 7.5" in text
    args = cli_module.build_parser().parse_args(["plan", str(SKY)])
    assert arguments.config_of(args) == SolverConfig(time_limit=7.5)
    assert arguments.DEFAULTS == {**{"workers": 1, "seed": 0, "fast_path": True},
                                  "time_limit": 7.5}


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--version")
    assert code == 0 and out.strip() == f"payplan {payplan.__version__}"


def test_orders_uses_the_solver_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = cli(capsys, "orders", str(SKY), "--time-limit", "0.5", "--workers", "2")
    assert code == 0


# --- 4. size limits and duplicate keys ----------------------------------------------------------


def test_file_over_the_byte_limit_is_refused_before_reading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(SKY.read_text(encoding="utf-8") + "#" * 5000 + "\n", encoding="utf-8")
    monkeypatch.setenv("PAYPLAN_MAX_BYTES", "4000")
    code, out, err = cli(capsys, "plan", str(big))
    assert code == 2 and out == ""
    assert err == (f"{big}: the file is over the size limit of 4,000 bytes (raise it with the "
                   "environment variable PAYPLAN_MAX_BYTES)\n")
    monkeypatch.setenv("PAYPLAN_MAX_BYTES", "100000")
    assert cli(capsys, "plan", str(big))[0] == 0


def test_too_many_values_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    text = SKY.read_text(encoding="utf-8")
    monkeypatch.setenv("PAYPLAN_MAX_VALUES", "20")
    with pytest.raises(ScenarioError) as info:
        load_text(text, "s.yaml")
    assert info.value.lines == ("s.yaml: the text has more than 20 values (raise the limit with "
                                "the environment variable PAYPLAN_MAX_VALUES)",)
    with pytest.raises(ScenarioError):
        load_text(json.dumps(sky()), "s.json")


def test_yaml_alias_bomb_is_refused_quickly() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, "
              f"*a{i-1}, *a{i-1}, *a{i-1}]" for i in range(1, 12)]
    with pytest.raises(ScenarioError) as info:
        parse_text("\n".join(lines), "bomb.yaml", as_json=False, limits=Limits())
    assert "more than 500,000 values" in str(info.value)


def test_self_containing_yaml_is_refused() -> None:
    with pytest.raises(ScenarioError) as info:
        load_text("format: payplan/1\nstate: &s {you: {hand: [*s]}}\n", "loop.yaml")
    assert "contains itself (a cycle)" in str(info.value)


@pytest.mark.parametrize("as_json", [False, True])
def test_duplicate_keys_are_errors_naming_key_and_path(as_json: bool) -> None:
    if as_json:
        text = ('{"format": "payplan/1", "state": {"you": {"runes": {"fury": 1, "fury": 2}}},'
                ' "format": "payplan/1"}')
    else:
        text = ("format: payplan/1\nstate:\n  you:\n    runes: {fury: 1, fury: 2}\n"
                "format: payplan/1\n")
    with pytest.raises(ScenarioError) as info:
        load_text(text, "d.json" if as_json else "d.yaml")
    assert sorted(info.value.lines) == [
        "format: duplicate key 'format' (a key may appear once)",
        "state.you.runes.fury: duplicate key 'fury' (a key may appear once)",
    ]


def test_yaml_merge_keys_are_not_duplicates() -> None:
    data = parse_text("base: &b {energy: 1}\ncost: {<<: *b, energy: 2}\n", "m.yaml",
                      as_json=False)
    assert data == {"base": {"energy": 1}, "cost": {"energy": 2}}


def test_serve_refuses_a_line_over_the_limit_without_reading_it_whole() -> None:
    class Counting(io.BytesIO):
        """stdin whose reads are watched: no single read may return the whole long line."""
        biggest = 0

        def readline(self, size: int | None = -1) -> bytes:
            line = super().readline(size)
            Counting.biggest = max(Counting.biggest, len(line))
            return line

    request = json.dumps({"id": 1, "command": "plan", "scenario": {"format": "payplan/1"}})
    long_line = json.dumps({"id": 0, "pad": "x" * 500_000})
    raw = Counting((long_line + "\n" + request + "\n").encode())
    stdin = io.TextIOWrapper(raw, encoding="utf-8")
    out = io.StringIO()
    serve(stdin, out, request_timeout=30, limits=Limits(max_bytes=10_000))
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0] == {"id": None, "ok": False, "errors": [
        "<stdin>:1: the request line is over the size limit of 10,000 bytes (raise it with the "
        "environment variable PAYPLAN_MAX_BYTES)"]}
    assert answers[1]["id"] == 1 and answers[1]["ok"] is False
    assert answers[1]["errors"][0].startswith("scenario.play: missing")
    assert Counting.biggest <= 1 << 16  # read in pieces, never the 500 kB line whole


def test_serve_duplicate_key_has_the_request_path() -> None:
    line = ('{"id": 3, "command": "plan", "scenario": {"format": "payplan/1", '
            '"state": {"you": {"xp": 1, "xp": 2}}}}')
    out = io.StringIO()
    serve(io.StringIO(line + "\n"), out, request_timeout=30)
    answer = json.loads(out.getvalue())
    assert answer == {"id": None, "ok": False, "errors": [
        "scenario.state.you.xp: duplicate key 'xp' (a key may appear once)"]}


# --- 5. bench without matplotlib ----------------------------------------------------------------


def test_bench_without_matplotlib_writes_results_and_exits_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import payplan.benchmarks.suite as suite

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` fails
    monkeypatch.setattr(suite, "run_suite", lambda *args: [])
    code, _, err = cli(capsys, "bench", "--out", str(tmp_path / "b"))
    assert code == 0
    assert "pip install 'payplan[bench]'" in err
    results = json.loads((tmp_path / "b" / "results.json").read_text(encoding="utf-8"))
    assert results["plots"] == []


# --- 6. the JSON of a play with no plan ---------------------------------------------------------


def test_illegal_play_says_nothing_untrue(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    data = sky()
    data["play"]["from"] = "trash"  # Sky Splitter is in hand: illegal from the trash
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "plan", str(path), "--json")
    answer = json.loads(out)
    assert code == 1 and answer["status"] == "illegal"
    assert answer["optimal"] is None and answer["executions"] is None
    assert answer["payment"] is None and answer["score"] is None


def test_unpayable_play_says_nothing_untrue(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    data = sky()
    data["state"]["you"]["runes"] = []
    data["state"]["you"].pop("pool", None)
    path = tmp_path / "poor.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = cli(capsys, "plan", str(path), "--json")
    answer = json.loads(out)
    assert code == 1 and answer["status"] == "unpayable"
    assert answer["optimal"] is None and answer["executions"] is None


# --- 7. `plays:` on payplan plan ----------------------------------------------------------------


def test_plays_file_on_plan_names_payplan_play(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    data = sky()
    data["plays"] = [data.pop("play")]
    path = tmp_path / "plays.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = cli(capsys, "plan", str(path))
    assert code == 2 and out == ""
    assert err.startswith("plays: a list of plays is read by `payplan play` only")
    assert cli(capsys, "play", str(path))[0] == 0


# --- 8. documented exceptions, not asserts ------------------------------------------------------


@pytest.mark.parametrize("optimise", [False, True])
def test_public_entry_points_raise_scenario_error(optimise: bool) -> None:
    code = ("import payplan\n"
            "for f in (payplan.plan, payplan.orders):\n"
            "    try:\n"
            "        f(payplan.Scenario())\n"
            "    except payplan.ScenarioError as e:\n"
            "        assert isinstance(e, ValueError)\n"
            "        print(e)\n")
    flags = ["-O"] if optimise else []
    done = subprocess.run([sys.executable, *flags, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["play: missing (the scenario has no play to plan)"] * 2


# --- issue 11: structured problems ---------------------------------------------------------------


def test_problems_carry_their_path_as_a_tuple() -> None:
    data = sky()
    data["state"]["you"]["runes"] = [{"domain": "firey"}]
    with pytest.raises(ScenarioError) as info:
        scenario_from_data(data)
    (problem,) = info.value.problems
    assert problem.path == ("state", "you", "runes", 0, "domain")
    assert str(problem) == ("state.you.runes[0].domain: unknown domain 'firey' "
                            "(did you mean 'fury'?)")
    assert str(problem.under("scenario")).startswith("scenario.state.you.runes[0].domain: ")
    assert str(Problem((), "x").under("scenario")) == "scenario: x"
    assert isinstance(info.value, ValueError)


def test_cli_argument_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "plan")
    assert code == 2 and len(err.splitlines()) == 1
    assert err.startswith("payplan plan: ")
    assert isinstance(argparse.ArgumentParser, type)


def test_a_key_with_a_line_break_stays_on_one_line() -> None:
    """Fuzz finding: a key holding U+0085 (a line break to `splitlines`) split the problem's line."""
    data = sky()
    data["state"]["you"]["runes"] = {"\x85a\nb": 1}
    with pytest.raises(ScenarioError) as info:
        scenario_from_data(data)
    (line,) = info.value.lines
    assert len(line.splitlines()) == 1 and line.startswith("state.you.runes.'\\x85a\\nb': ")


def test_a_fast_path_plan_loads_neither_ortools_nor_the_benchmarks() -> None:
    """Start-up: `payplan plan` on a play paid from runes alone imports only what planning it
    needs (not OR-Tools, the mtg/1 ruleset, `serve` or the benchmark suite), while `bench`
    still has its options."""
    probe = ("import sys; from payplan.cli import main; code = main(['plan', sys.argv[1]]);"
             "print(code, sorted(m for m in ('ortools', 'payplan.benchmarks.suite',"
             " 'payplan.planner.mtg.plan', 'payplan.planner.serve') if m in sys.modules))")
    example = str(ROOT / "examples" / "01-sky-splitter-order.yaml")
    done = subprocess.run([sys.executable, "-c", probe, example], capture_output=True, text=True,
                          timeout=300)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr
    helped = subprocess.run([sys.executable, "-m", "payplan.cli", "bench", "--help"],
                            capture_output=True, text=True, timeout=300)
    assert helped.returncode == 0 and "--suite" in helped.stdout
