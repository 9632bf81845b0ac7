"""The mtg/1 campaign's own behaviour (tests/mtg_reference/campaign.py): a cast past the time
limit is undecided (never counted as agreeing, saved, named, exit 3), and the report is the
same for any number of processes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.mtg_reference import campaign

# Cast 0 of seed 2535 (any cast would do: the limit below is a microsecond, less than any check
# of the brute force takes, so the test does not hang on one board staying slow as the
# generator and the reference change).
SLOW = 2535 * 1_000_003


def test_a_cast_past_the_limit_is_undecided(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = campaign.main(["--only", str(SLOW), "--cast-limit", "0.000001", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 3, out
    assert "casts checked: 0 of 1" in out and f"--only {SLOW}" in out
    assert "disagreements: 0" in out
    saved = yaml.safe_load((tmp_path / f"undecided-{SLOW}.yaml").read_text(encoding="utf-8"))
    assert saved["format"] == "mtg/1" and "play" in saved


def _report(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = campaign.main(list(args))
    lines = capsys.readouterr().out.splitlines()
    return code, [line for line in lines if not line.startswith("wall time")]


@pytest.mark.slow
def test_the_report_is_the_same_for_any_number_of_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--casts", "12", "--seed", "7", "--cast-limit", "0", "--out", str(tmp_path))
    one = _report(capsys, *args)
    two = _report(capsys, *args, "--jobs", "2")
    assert one == two
    assert one[0] == 0 and "casts checked: 12 of 12" in "\n".join(one[1])
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args, wanted", [
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--cast-limit", "-1"], "--cast-limit must be at least 0"),
    (["--only", "12,x"], "--only: cast seeds are whole numbers"),
])
def test_bad_options_get_one_line_each(args: list[str], wanted: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert campaign.main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and wanted in err[0], err


def test_a_disagreement_is_saved_with_the_reference_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = {"status": "ok", "score": -5, "total": {"mana": ""}}
    monkeypatch.setattr(campaign, "PLANNERS", {"wrong": lambda data: (0, wrong, "")})
    code = campaign.main(["--casts", "2", "--seed", "7", "--cast-limit", "0", "--out", str(tmp_path)])
    assert code == 1 and "disagreements: 2" in capsys.readouterr().out
    for path in tmp_path.iterdir():
        header = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
        assert any(line.startswith("# reference: {'status': ") for line in header), header
        assert any(line.startswith("# explained by: ") for line in header), header
