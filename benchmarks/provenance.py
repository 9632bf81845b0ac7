"""Where a benchmark's figures came from: the command line that ran it and the commit it
measured (written into every suite's `results.json`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any


def command_line() -> str:
    """The command as the user typed it (`payplan bench ...`)."""
    argv = sys.argv[1:] if Path(sys.argv[0]).name == "payplan" else sys.argv
    return " ".join(["payplan", *argv]) if argv and argv[0] == "bench" else " ".join(sys.argv)


def tree() -> dict[str, Any]:
    """The commit the code was measured at and the files that differed from it (read-only
    git queries; empty when git or the repository is not there)."""
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                                text=True, timeout=10, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True,
                                text=True, timeout=10, check=True).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        return {}
    return {"commit": commit, "changed": [line[3:] for line in status]}


__all__ = ["command_line", "tree"]
