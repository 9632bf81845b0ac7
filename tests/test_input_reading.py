"""Input read the way it is written, the same by every entry point, and problems that say what
is wrong where.

- YAML is read by YAML 1.2's core schema (`engine.reading`): `1:30`, `1_000`, `yes`, `no`, `on`,
  `off` are strings, `010` is ten, `0o17`/`0x1F` as YAML 1.2 reads them; the command line,
  `serve` and the Python API (`load_text`, `load_file`, `load_data`) read one file alike.
- A leading UTF-8 byte-order mark is dropped everywhere: a file, a text, every `serve` line.
- The reader's messages: `turn.candidates` that is neither a list nor `auto`, a turn file given
  to a command that plans one play, a number too long to read, a huge id.
- `load_data` takes Python's own data: any sequence, any integral number.
"""

from __future__ import annotations

import copy
import io
import json
import numbers
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import EXAMPLES, example_data

from payplan import load_data, load_file, load_text
from payplan.engine.problems import Problem, ScenarioError
from payplan.engine.reading import parse_json, parse_text
from payplan.planner.cli import main as cli_main
from payplan.planner.config import DEFAULT_CONFIG
from payplan.planner.serve import serve

SKY = "01-sky-splitter-order.yaml"


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli_main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def serve_lines(raw: bytes) -> list[dict[str, Any]]:
    out = io.StringIO()
    serve(io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"), out, DEFAULT_CONFIG)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def request(ident: object, command: str, scenario: object) -> bytes:
    return (json.dumps({"id": ident, "command": command, "scenario": scenario}) + "\n").encode()


def problem_lines(text: str, name: str = "f.yaml") -> list[str]:
    with pytest.raises(ScenarioError) as info:
        load_text(text, name)
    return list(info.value.lines)


def sky_text(energy: str) -> str:
    """The Sky Splitter example with its card's Energy cost written as `energy`."""
    text = (EXAMPLES / SKY).read_text(encoding="utf-8")
    assert "cost: {energy: 8, power: {fury: 1}}" in text
    return text.replace("cost: {energy: 8, power: {fury: 1}}",
                        f"cost: {{energy: {energy}, power: {{fury: 1}}}}")


# --- YAML 1.2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [
    ("1:30", "1:30"), ("1_000", "1_000"), ("0b11", "0b11"), ("2024-01-01", "2024-01-01"),
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("off", "off"), ("Yes", "Yes"), ("=", "="),
    ("010", 10), ("-007", -7), ("+5", 5), ("0o17", 15), ("0x1F", 31), ("0", 0),
    ("true", True), ("False", False), ("TRUE", True), ("~", None), ("null", None), ("", None),
    ("1.5", 1.5), ("1e3", 1000.0), (".5", 0.5), ("-.inf", float("-inf")), ("'1:30'", "1:30"),
])
def test_yaml_scalars_are_read_by_yaml_1_2(text: str, value: object) -> None:
    data = parse_text(f"a: {text}\n", "f.yaml", as_json=False)
    assert data == {"a": value} and type(data["a"]) is type(value)  # type: ignore[index]


def test_base_60_energy_is_refused_at_its_path_the_same_by_cli_serve_and_python(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """YAML 1.1 read `energy: 1:30` as 90 and planned it; now it is the string it looks like."""
    line = ("cards.sky-splitter.cost.energy: expected a whole number, got the string '1:30' "
            "(write the number in decimal digits: YAML 1.2 reads 1:30, 1_000 and 0b11 as text)")
    assert problem_lines(sky_text("1:30")) == [line]
    path = tmp_path / "f.yaml"
    path.write_text(sky_text("1:30"), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    assert list(info.value.lines) == [line]
    code, _, err = cli(capsys, "plan", str(path))
    assert code == 2 and err.splitlines() == [line]
    data = yaml.safe_load(sky_text("'1:30'"))
    with pytest.raises(ScenarioError) as info:
        load_data(data)
    assert list(info.value.lines) == [line]
    [answer] = serve_lines(request(1, "plan", data))
    assert answer["errors"] == [f"scenario.{line}"]


def test_leading_zero_is_decimal_everywhere(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    """`010` is ten (YAML 1.1 read it as octal eight): the same plan as `10`."""
    path = tmp_path / "f.yaml"
    path.write_text(sky_text("010"), encoding="utf-8")
    ten = tmp_path / "ten.yaml"
    ten.write_text(sky_text("10"), encoding="utf-8")
    assert load_file(path) == load_file(ten) == load_text(sky_text("010"))
    assert cli(capsys, "plan", str(path), "--json")[1] == cli(capsys, "plan", str(ten), "--json")[1]


def test_yes_and_no_are_words_a_boolean_key_refuses_them() -> None:
    text = """
format: payplan/1
cards: {c1: {type: unit, keywords: {accelerate: true}, additional_costs: [{id: x, mandatory: no}]}}
state: {you: {hand: [c1]}}
play: {object: "hand[0]", optional: {accelerate: yes, x: no}}
"""
    assert problem_lines(text) == [
        "cards.c1.additional_costs[0].mandatory: expected true or false, got the string 'no' "
        "(write true or false: YAML 1.2 reads yes, no, on and off as words)"]
    play = load_text(text.replace("mandatory: no", "mandatory: false")).play
    assert play is not None and play.optional == (("accelerate", "yes"), ("x", "no"))


def test_explicit_tags_follow_yaml_1_2() -> None:
    assert problem_lines("a: !!bool yes\n") == [
        "f.yaml:1:4: invalid YAML: 'yes' is not a YAML 1.2 boolean (true or false)"]
    assert problem_lines("a: !!int 1:30\n")[0].startswith("f.yaml:1:4: invalid YAML: '1:30' is not")


def test_shipped_yaml_files_keep_their_meaning() -> None:
    """Every YAML file of the repository reads as YAML 1.1 read it, but for an optional cost's
    `yes`/`no`, which YAML 1.1 made a boolean and the loaders read back as `yes`/`no`."""
    root = EXAMPLES.parent
    files = [p for pattern in ("examples/**/*.yaml", "tests/**/*.yaml", "planner/*.yaml",
                               "benchmarks/**/*.yaml") for p in root.glob(pattern)]
    assert len(files) > 200
    changed: list[str] = []

    def compare(old: object, new: object, path: str) -> None:
        if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
            for key in old:
                compare(old[key], new[key], f"{path}.{key}")
        elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
            for i, (a, b) in enumerate(zip(old, new)):
                compare(a, b, f"{path}[{i}]")
        elif (old, new) in ((True, "yes"), (False, "no")) and ".optional." in path:
            return
        elif type(old) is not type(new) or old != new:
            changed.append(path)

    for path in files:
        text = path.read_text(encoding="utf-8")
        try:
            old = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError:
            continue
        compare(old, parse_text(text, str(path), as_json=False), str(path.relative_to(root)))
    assert changed == []


# --- A byte-order mark ---------------------------------------------------------------------------


def test_a_leading_bom_is_dropped_by_every_reader(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    text = (EXAMPLES / SKY).read_text(encoding="utf-8")
    data = example_data(SKY)
    as_json = json.dumps(data)
    expected = load_data(data)
    for name, body in (("f.yaml", text), ("f.json", as_json)):
        assert load_text("\ufeff" + body, name) == expected
        path = tmp_path / name
        path.write_bytes(b"\xef\xbb\xbf" + body.encode())
        assert load_file(path) == expected
        code, out, _ = cli(capsys, "plan", str(path), "--json")
        assert code == 0 and json.loads(out)["status"] == "ok"
    bom = b"\xef\xbb\xbf"
    answers = serve_lines(bom + request(1, "plan", data) + bom + request(2, "plan", data))
    assert [(a["id"], a["ok"]) for a in answers] == [(1, True), (2, True)]
    assert parse_json("\ufeff[1]", "x") == [1]


# --- Messages -----------------------------------------------------------------------------------


def turn_data(candidates: object) -> dict[str, Any]:
    data: dict[str, Any] = example_data("01-apprentice-first.yaml", EXAMPLES / "turns")
    data["turn"] = {"candidates": candidates, "values": {"h1": 2, "h3": 5}}
    return data


def test_candidates_that_are_not_a_list_or_auto_make_one_problem() -> None:
    with pytest.raises(ScenarioError) as info:
        load_data(turn_data("all"))
    assert list(info.value.lines) == [
        "turn.candidates: expected a list of candidates or auto, got the string 'all'"]
    assert load_data(turn_data("auto")).turn.value("h3") == 5


@pytest.mark.parametrize("name", ["01-apprentice-first.yaml", "02-keep-colors-open.yaml"])
def test_plan_on_a_turn_file_points_to_payplan_turn(capsys: pytest.CaptureFixture[str],
                                                     name: str) -> None:
    code, _, err = cli(capsys, "plan", str(EXAMPLES / "turns" / name))
    assert code == 2
    assert err.splitlines() == ["play: missing (this command plans one play) (this file has a "
                                "`turn`: plan it with `payplan turn`)"]
    code, _, err = cli(capsys, "plan", str(EXAMPLES / SKY))
    assert code == 0


def test_a_number_too_long_to_read_is_one_line_at_its_path(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    digits = "9" * 5000
    limit = f"{sys.get_int_max_str_digits():,}" if hasattr(sys, "get_int_max_str_digits") else ""
    if not limit or limit == "0":
        pytest.skip("this Python converts integers of any length")
    line = f"cards.sky-splitter.cost.energy: a number of more than {limit} digits"
    path = tmp_path / "f.yaml"
    path.write_text(sky_text(digits), encoding="utf-8")
    code, _, err = cli(capsys, "plan", str(path))
    assert code == 2 and err.splitlines() == [line]
    as_json = json.dumps(example_data(SKY)).replace('"energy": 8', f'"energy": {digits}')
    assert problem_lines(as_json, "f.json") == [line]
    [answer] = serve_lines((json.dumps({"id": 1, "command": "plan"})[:-1]
                            + f', "scenario": {as_json}}}\n').encode())
    assert answer["errors"] == [f"scenario.{line}"]
    assert "set_int_max_str_digits" not in err + json.dumps(answer)


HUGE = "x" * 3_000_000


def huge_id_cases() -> list[tuple[str, dict[str, Any], str]]:
    """(what, data, the start of the problem about the huge id)."""
    cases = []
    sky = example_data(SKY)
    data = copy.deepcopy(sky)
    data["play"]["object"] = HUGE
    cases.append(("unknown object", data, "play.object: unknown object 'xxx"))
    data = copy.deepcopy(sky)
    data["state"]["you"]["hand"][0]["card"] = HUGE
    cases.append(("unknown card", data, "state.you.hand[0].card: unknown card 'xxx"))
    data = copy.deepcopy(sky)
    data["state"]["you"]["runes"][0]["id"] = data["state"]["you"]["runes"][1]["id"] = HUGE
    cases.append(("duplicate id", data, "state.you.runes[1].id: duplicate id 'xxx"))
    mtg = example_data("05-mana-dork-only.yaml", EXAMPLES / "mtg")
    data = copy.deepcopy(mtg)
    data["play"]["object"] = HUGE
    cases.append(("mtg unknown object", data, "play.object: unknown object 'xxx"))
    data = copy.deepcopy(mtg)
    data["state"]["you"]["battlefield"][0]["card"] = HUGE
    cases.append(("mtg unknown card", data, "state.you.battlefield[0].card: unknown card 'xxx"))
    return cases


@pytest.mark.parametrize("case", range(5))
def test_a_huge_id_makes_a_short_line(case: int) -> None:
    _, data, start = huge_id_cases()[case]
    with pytest.raises(ScenarioError) as info:
        load_data(data)
    lines = info.value.lines
    assert any(line.startswith(start) and "..." in line for line in lines), lines
    assert max(len(line) for line in lines) <= 200


def test_no_problem_line_is_longer_than_a_thousand_characters() -> None:
    line = str(Problem(("a",), "x" * 10_000))
    assert len(line) == 1000 and line.endswith("...")


# --- Python's own data --------------------------------------------------------------------------


class Count(numbers.Integral):
    """An integral number that is not an int: what `numbers.Integral` promises, no more."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value

    # numbers.Integral's abstract methods, none of which the reader needs
    __abs__ = __add__ = __and__ = __ceil__ = __eq__ = __floor__ = __floordiv__ = __invert__ = \
        __le__ = __lshift__ = __lt__ = __mod__ = __mul__ = __neg__ = __or__ = __pos__ = \
        __pow__ = __radd__ = __rand__ = __rfloordiv__ = __rlshift__ = __rmod__ = __rmul__ = \
        __ror__ = __round__ = __rpow__ = __rrshift__ = __rshift__ = __rtruediv__ = \
        __rxor__ = __truediv__ = __trunc__ = __xor__ = lambda *args: NotImplemented
    __hash__ = object.__hash__


def tupled(value: object, number: Any) -> object:
    """The data with every list a tuple and every int `number(int)`."""
    if isinstance(value, dict):
        return {k: tupled(v, number) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(tupled(v, number) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


@pytest.mark.parametrize("name", [SKY, "mtg/05-mana-dork-only.yaml",
                                  "turns/01-apprentice-first.yaml"])
def test_load_data_takes_tuples_and_any_integral_number(name: str) -> None:
    folder, _, file = name.rpartition("/")
    data = example_data(file, EXAMPLES / folder if folder else EXAMPLES)
    expected = load_data(data)
    numbers_ = [Count]
    try:
        import numpy
        numbers_ += [numpy.int64, numpy.int32, numpy.uint8]
    except ImportError:
        pass
    for number in numbers_:
        assert load_data(tupled(data, number)) == expected, number


def test_load_data_still_refuses_a_bool_or_a_float_for_a_number() -> None:
    for value, got in ((True, "a boolean (true)"), (8.0, "the number 8.0")):
        data = example_data(SKY)
        data["cards"]["sky-splitter"]["cost"]["energy"] = value
        with pytest.raises(ScenarioError) as info:
            load_data(tupled(data, Count))
        assert list(info.value.lines) == [
            f"cards.sky-splitter.cost.energy: expected a whole number, got {got}"]
