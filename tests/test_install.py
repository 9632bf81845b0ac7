"""The layout: the Python API, `serve`, `batch` and `bench` work from the repository's root and
from another folder, with the editable install the tests run under and with a regular install
(the wheel built from this checkout, installed into a folder of its own).

A regular install run from the root once failed: Python found the repository's own `payplan/`
folder first, which held no `engine` (the installed names were mapped from other folders).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "01-sky-splitter-order.yaml"
MTG = ROOT / "examples" / "mtg" / "20-flashback-from-graveyard.yaml"
SNIPPET = ("import sys, payplan; from payplan import load_file, plan; "
           "p = plan(load_file(sys.argv[1])); q = plan(load_file(sys.argv[2])); "
           "print(p.status, p.total, p.score, q.status, q.format); "
           "import payplan.engine as e; print(e.__file__)")


@pytest.fixture(scope="module")
def regular(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A regular (non-editable) install of this checkout, into a folder of its own (as
    `.ci/typecheck` makes one): only `payplan` and its metadata land there."""
    target = tmp_path_factory.mktemp("regular") / "site"
    had_build = (ROOT / "build").exists()
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                                "--target", str(target), str(ROOT)],
                               capture_output=True, text=True, timeout=900, cwd=target.parent)
    if not had_build:  # pip builds in the tree; leave it as it was
        shutil.rmtree(ROOT / "build", ignore_errors=True)
    assert installed.returncode == 0, installed.stderr
    names = {p.name for p in target.iterdir() if not p.name.endswith(".dist-info")}
    assert names <= {"payplan", "bin"} and "payplan" in names, names
    return target


def _env(site: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return env


def _run(args: list[str], cwd: Path, site: Path | None,
         stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          timeout=600, cwd=cwd, env=_env(site))


def _where(kind: str, site: Path | None, tmp_path: Path) -> list[tuple[str, Path]]:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    return [(f"{kind}, from the repository root", ROOT), (f"{kind}, from another folder", elsewhere)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["editable", "regular"])
def test_api_serve_batch_and_bench_from_any_folder(kind: str, tmp_path: Path,
                                                   request: pytest.FixtureRequest) -> None:
    site = request.getfixturevalue("regular") if kind == "regular" else None
    scenario = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    lines = "".join(json.dumps({"id": i, "command": c, "scenario": scenario}) + "\n"
                    for i, c in enumerate(("plan", "hand", "orders"), 1))
    for label, folder in _where(kind, site, tmp_path):
        api = _run(["-c", SNIPPET, str(EXAMPLE), str(MTG)], folder, site)
        assert api.returncode == 0, f"{label}: {api.stderr}"
        first, where = api.stdout.splitlines()
        assert first == "ok [fury] 3 ok mtg/1", label
        # From the root the checkout's own code runs (Python finds it first); elsewhere, the
        # install's.
        if folder == ROOT or site is None:
            assert Path(where).resolve() == (ROOT / "engine" / "__init__.py").resolve(), label
        else:
            assert Path(where).resolve().is_relative_to(site.resolve()), label
        served = _run(["-m", "payplan", "serve"], folder, site, stdin=lines)
        assert served.returncode == 0, f"{label}: {served.stderr}"
        answers = [json.loads(line) for line in served.stdout.splitlines()]
        assert [a["ok"] for a in answers] == [True, True, True], f"{label}: {answers}"
        source = tmp_path / f"in-{folder.name}.jsonl"
        source.write_text(lines, encoding="utf-8")
        out = tmp_path / f"out-{folder.name}.jsonl"
        batched = _run(["-m", "payplan", "batch", str(source), str(out), "--jobs", "2"], folder,
                       site)
        assert batched.returncode == 0, f"{label}: {batched.stderr}"
        assert [json.loads(line)["ok"] for line in out.read_text().splitlines()] == [True] * 3
        bench = _run(["-m", "payplan", "bench", "--suite", "quick", "--cases", "1",
                      "--repeats", "1", "--out", str(tmp_path / f"bench-{folder.name}")],
                     folder, site)
        assert bench.returncode == 0, f"{label}: {bench.stdout[-2000:]}{bench.stderr[-2000:]}"
        assert "errors 0" in bench.stdout or "error" not in bench.stdout.lower(), label
