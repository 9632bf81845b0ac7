"""`payplan batch` (planner.batch): every request answered once, in input order, as `payplan plan`
answers it alone; bad requests answered in place; a resumed run finishes what a cut one began;
a worker that dies loses nothing, and a request that kills workers twice is answered as an error,
on local processes and on a local Ray cluster of 2 CPUs.

The checks compute the expected answers with `plan()` in this process (the function `payplan
plan --json` prints), never with the batch code."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from payplan.benchmarks.generate import generate
from payplan.engine.riftbound.loader import scenario_from_data
from payplan.planner.batch import Progress
from payplan.planner.riftbound.plan import plan

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


FAULTS = Path(__file__).parent / "faults"  # sitecustomize.py: crashes and hangs, by request id


def cli(*args: str, env: dict[str, str] | None = None, stdin: bytes | None = None,
        timeout: float = 600) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "payplan.cli", *args], input=stdin,
                          capture_output=True, timeout=timeout, env=env)


def with_faults(**faults: str) -> dict[str, str]:
    """The environment of a run where `tests/faults/sitecustomize.py` injects `faults`."""
    path = os.pathsep.join(p for p in (str(FAULTS), os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, PYTHONPATH=path, **faults)


def typical_requests(count: int, first: int = 0) -> list[dict[str, Any]]:
    return [{"id": seed, "command": "plan", "scenario": generate("typical", 7, seed)}
            for seed in range(first, first + count)]


def expected_line(ident: object, data: object) -> dict[str, Any]:
    return {"id": ident, "ok": True, "result": plan(scenario_from_data(data)).to_json()}


def write_lines(path: Path, rows: list[Any]) -> None:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def read_answers(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.slow
def test_ten_thousand_requests_answered_as_plan_answers_each(tmp_path: Path) -> None:
    """10,000 typical requests on 2 local processes: each answer is the JSON `plan()` gives for
    that scenario alone (computed here while the batch runs), and on a sample, exactly what the
    real `payplan plan FILE --json` process prints."""
    requests = typical_requests(10_000)
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, requests)
    run = subprocess.Popen([sys.executable, "-m", "payplan.cli", "batch", str(source),
                            str(target), "--jobs", "2"], stderr=subprocess.PIPE)
    expected = [expected_line(r["id"], r["scenario"]) for r in requests]
    _, err = run.communicate(timeout=900)
    assert run.returncode == 0, err.decode()
    answers = read_answers(target)
    assert len(answers) == len(requests)
    mismatched = [a["id"] for a, e in zip(answers, expected) if a != e]
    assert not mismatched, f"{len(mismatched)} answers differ, first ids {mismatched[:5]}"
    assert sum(1 for a in answers if a["result"]["status"] == "ok") > 9000  # a real workload
    for seed in range(0, 10_000, 1_250):
        scenario = tmp_path / f"typical-{seed}.json"
        scenario.write_text(json.dumps(requests[seed]["scenario"]), encoding="utf-8")
        alone = cli("plan", str(scenario), "--json")
        assert alone.returncode in (0, 1), alone.stderr.decode()
        assert json.loads(alone.stdout) == answers[seed]["result"]


def test_bad_requests_answered_in_place(tmp_path: Path) -> None:
    sky = yaml.safe_load((EXAMPLES / "01-sky-splitter-order.yaml").read_text(encoding="utf-8"))
    bad_domain = json.loads(json.dumps(sky))
    bad_domain["state"]["you"]["runes"] = [{"domain": "firey"}]
    lines = [
        json.dumps({"id": "a", "command": "plan", "scenario": sky}),
        "{not json",
        "",
        json.dumps([1, 2]),
        json.dumps({"id": "b", "command": "plam", "scenario": sky}),
        json.dumps(sky),  # a bare scenario: id = its line number
        json.dumps(bad_domain),
        json.dumps({"command": "orders", "scenario": sky}),
    ]
    data = ("\n".join(lines) + "\n").encode() + b"\xff\xfe not utf-8\n"
    done = cli("batch", "-", "-", "--jobs", "2", stdin=data)
    assert done.returncode == 0, done.stderr.decode()
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [a["id"] for a in answers] == ["a", None, None, "b", 6, 7, None, None]
    assert [a["ok"] for a in answers] == [True, False, False, False, True, False, False, False]
    assert answers[0] == expected_line("a", sky)
    assert answers[4] == expected_line(6, sky)
    assert answers[1]["errors"] == ["<stdin>:2:2: invalid JSON: Expecting property name "
                                    "enclosed in double quotes"]
    assert "got a list" in answers[2]["errors"][0]
    assert answers[3]["errors"] == ["command: unknown command 'plam' (did you mean 'plan'?)"]
    assert answers[5]["errors"][0].startswith("scenario.state.you.runes[0].domain: unknown "
                                              "domain 'firey'")
    assert answers[6]["errors"] == ["id: missing (any JSON value; the answer repeats it)"]
    assert answers[7]["errors"][0].startswith("<stdin>:9:1: not UTF-8")


def test_folder_of_scenarios_in_name_order(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    datas = {name: generate("typical", 7, seed)
             for seed, name in enumerate(["9.yaml", "10.json", "b.yml"])}
    for name, data in datas.items():
        text = json.dumps(data) if name.endswith(".json") else yaml.safe_dump(data)
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "a.yaml").write_text("state: [unclosed\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a scenario\n", encoding="utf-8")
    (folder / "sub.yaml").mkdir()
    target = tmp_path / "out.jsonl"
    done = cli("batch", str(folder), str(target), "--jobs", "1")
    assert done.returncode == 0, done.stderr.decode()
    answers = read_answers(target)
    assert [a["id"] for a in answers] == ["10.json", "9.yaml", "a.yaml", "b.yml"]
    for answer in answers:
        if answer["id"] != "a.yaml":
            assert answer == expected_line(answer["id"], datas[answer["id"]])
    broken = cli("plan", str(folder / "a.yaml"))
    assert answers[2] == {"id": "a.yaml", "ok": False,
                          "errors": broken.stderr.decode().splitlines()}


def test_folder_entries_that_are_not_files_are_named_and_exit_2(tmp_path: Path) -> None:
    """A folder's scenario-named entries that are not regular files (a link to /dev/zero, a
    FIFO, a dangling link) are not read: each is named on stderr, the readable files are still
    answered, and the exit is 2 (an input not read); a subfolder is not an input."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    data = generate("typical", 7, 0)
    (folder / "b.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(folder / "pipe.yaml")
    (folder / "gone.json").symlink_to(tmp_path / "nothing-here.json")
    (folder / "sub.yaml").mkdir()
    target = tmp_path / "out.jsonl"
    done = cli("batch", str(folder), str(target), "--jobs", "1", timeout=120)
    assert done.returncode == 2, done.stderr.decode()
    assert read_answers(target) == [expected_line("b.yaml", data)]
    assert done.stderr.decode().splitlines() == [
        f"batch: {folder / 'gone.json'}: skipped: dangling link",
        f"batch: {folder / 'pipe.yaml'}: skipped: not a regular file",
        f"batch: {folder / 'zero.yaml'}: skipped: not a regular file",
    ]


@pytest.mark.slow
def test_resume_after_a_cut_run(tmp_path: Path) -> None:
    """OUT cut in the middle of a line (a run killed while writing): --resume keeps the whole
    answers, answers the rest, and OUT ends as a full run's; a foreign OUT is refused."""
    requests = typical_requests(40, first=500)
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, requests)
    full = cli("batch", str(source), str(target), "--jobs", "2")
    assert full.returncode == 0, full.stderr.decode()
    whole = target.read_bytes()
    lines = whole.splitlines(keepends=True)
    assert len(lines) == 40
    target.write_bytes(b"".join(lines[:13]) + lines[13][: len(lines[13]) // 2])
    resumed = cli("batch", str(source), str(target), "--jobs", "2", "--resume")
    assert resumed.returncode == 0, resumed.stderr.decode()
    assert target.read_bytes() == whole
    again = cli("batch", str(source), str(target), "--resume")  # nothing left to do
    assert again.returncode == 0 and target.read_bytes() == whole
    other = tmp_path / "other.jsonl"
    write_lines(other, typical_requests(40, first=600))
    target.write_bytes(b"".join(lines[:5]))
    refused = cli("batch", str(other), str(target), "--resume")
    assert refused.returncode == 2
    assert refused.stderr.decode().splitlines()[-1].startswith(f"batch: {target}:1: answer id 500")
    assert target.read_bytes() == b"".join(lines[:5])


def crash_run(tmp_path: Path, *pool: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                   Path, str]:
    """120 requests where request 17's worker dies once and request 42 kills every worker that
    answers it: the answers, the expected answers, the marker folder, stderr."""
    requests = typical_requests(120, first=1000)
    for i, r in enumerate(requests):
        r["id"] = i
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, requests)
    markers = tmp_path / "markers"
    markers.mkdir()
    env = with_faults(PAYPLAN_TEST_CRASH=f"17@{markers},42")
    done = cli("batch", str(source), str(target), *pool, env=env)
    # Every request answered, one of them an internal error: exit 3 (the run needs a look).
    assert done.returncode == 3, done.stderr.decode()
    expected = [expected_line(r["id"], r["scenario"]) for r in requests]
    return read_answers(target), expected, markers, done.stderr.decode()


def test_dead_workers_lose_nothing_locally(tmp_path: Path) -> None:
    answers, expected, markers, _ = crash_run(tmp_path, "--jobs", "2", "--chunk", "8")
    assert (markers / "crashed-17").exists()  # the worker did die with request 17 in hand
    assert len(answers) == len(expected)
    assert answers[17] == expected[17]
    assert answers[42] == {"id": 42, "ok": False, "errors": [
        "internal: the worker answering this request stopped, 2 times (exit code 86)"]}
    assert [a for i, a in enumerate(answers) if i != 42] == \
        [e for i, e in enumerate(expected) if i != 42]


@pytest.mark.slow
def test_a_request_past_its_time_is_answered_as_a_timeout(tmp_path: Path) -> None:
    """Request 2002 never finishes (an injected hang): its chunk runs out of time, is split, and
    2002 alone is answered as a timeout; every other request gets its answer."""
    requests = typical_requests(6, first=2000)
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, requests)
    done = cli("batch", str(source), str(target), "--jobs", "1", "--chunk", "3",
               "--request-timeout", "4", env=with_faults(PAYPLAN_TEST_HANG="2002"))
    assert done.returncode == 0, done.stderr.decode()
    answers = read_answers(target)
    assert answers[2] == {"id": 2002, "ok": False, "errors": [
        "timeout: the request took longer than 4 seconds and was stopped"]}
    assert [a for a in answers if a["id"] != 2002] == \
        [expected_line(r["id"], r["scenario"]) for r in requests if r["id"] != 2002]


def test_bad_command_lines_exit_2(tmp_path: Path) -> None:
    missing = cli("batch", str(tmp_path / "nothing.jsonl"), "-")
    assert missing.returncode == 2
    assert missing.stderr.decode() == f"batch: {tmp_path / 'nothing.jsonl'}: no such file or folder\n"
    to_stdout = cli("batch", "-", "-", "--resume", stdin=b"")
    assert to_stdout.returncode == 2 and "--resume: OUT must be a file" in to_stdout.stderr.decode()


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install 'payplan[ray]')")
def test_ray_local_cluster_of_two_cpus(tmp_path: Path) -> None:
    """The same crash run on a local Ray cluster of 2 CPUs (`--ray` without an address starts
    one): Ray retries the chunk whose worker died once; the chunk with the request that kills
    every worker fails twice, is split, and only that request is answered as an error."""
    answers, expected, markers, err = crash_run(tmp_path, "--ray", "--jobs", "2", "--chunk", "16")
    assert (markers / "crashed-17").exists()
    assert answers[17] == expected[17]
    assert answers[42] == {"id": 42, "ok": False, "errors": [
        "internal: the worker answering this request stopped, 2 times (WorkerCrashedError)"]}
    assert [a for i, a in enumerate(answers) if i != 42] == \
        [e for i, e in enumerate(expected) if i != 42]


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install 'payplan[ray]')")
def test_bench_suite_on_ray(tmp_path: Path) -> None:
    """`payplan bench --ray` runs the suite's measurements as Ray tasks, with every check."""
    out = tmp_path / "bench"
    done = cli("bench", "--suite", "quick", "--cases", "1", "--repeats", "1", "--out", str(out),
               "--ray", "--jobs", "2")
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["config"]["runner"] == "ray local cluster"
    assert results["checks"]["errors"] == []
    assert len(results["cases"]) == 7
    for case in results["cases"]:
        assert case["planner"]["status"] in ("ok", "unpayable")
        assert case["greedy"]["status"] in ("ok", "failed")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_shows_done_rate_and_eta_on_a_terminal_only() -> None:
    shown = Terminal()
    bar = Progress(40, "batch", stream=shown, done=10)  # 10 answered by an earlier run
    for _ in range(30):
        bar.step()
    last = shown.getvalue().split("\r")[-1]
    assert last.startswith("batch [" + "#" * 30 + "] 40/40 ")
    assert "/s ETA 0:00" in last and last.endswith("\n")
    piped = io.StringIO()
    quiet = Progress(40, "batch", stream=piped)
    quiet.step()
    quiet.close()
    assert piped.getvalue() == ""
    unknown = Terminal()
    open_ended = Progress(None, "batch", stream=unknown)
    open_ended.step()
    open_ended.close()
    assert unknown.getvalue().startswith("\rbatch 1 0:00 ") and "ETA" not in unknown.getvalue()


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install 'payplan[ray]')")
def test_ray_address_connects_to_a_running_cluster(tmp_path: Path) -> None:
    """`--ray=ADDRESS` joins a cluster that is already up (here one this test starts, with 1
    CPU) instead of starting its own, and leaves it running."""
    import ray

    requests = typical_requests(30, first=3000)
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    write_lines(source, requests)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        address = ray.get_runtime_context().gcs_address
        done = cli("batch", str(source), str(target), f"--ray={address}", "--chunk", "4")
        assert done.returncode == 0, done.stderr.decode()[-3000:]
        assert ray.is_initialized() and ray.cluster_resources().get("CPU") == 1
    finally:
        ray.shutdown()
    assert read_answers(target) == [expected_line(r["id"], r["scenario"]) for r in requests]
