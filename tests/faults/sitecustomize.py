"""Faults for the batch tests, injected from outside the shipped code.

`tests/test_batch.py` starts `payplan batch` with this folder on PYTHONPATH, so every Python
process of the run (the command, its fork server and workers, a local Ray cluster's workers)
imports this file at start-up. With one of these variables set, it wraps
`payplan.planner.batch.answer`, the function a worker calls for each request:

- `PAYPLAN_TEST_CRASH=ID`: the worker that answers the request whose id, written as JSON, is ID
  (`7`, `"a"`) dies (`os._exit(86)`). With `ID@DIR` it dies only the first time (it leaves
  `DIR/crashed-ID` behind), as a worker lost to a fault elsewhere would. Several,
  comma-separated: `5@DIR,9`.
- `PAYPLAN_TEST_HANG=ID`: the worker that answers request ID never finishes it.
- `PAYPLAN_TEST_SLOW=ID:SECONDS,...[@DIR]`: the worker that answers request ID takes SECONDS
  more; with `@DIR` it first leaves its pid behind (`DIR/PID`), so a test can watch it.
"""

import json
import os
import time

CRASH, HANG = os.environ.get("PAYPLAN_TEST_CRASH"), os.environ.get("PAYPLAN_TEST_HANG")
SLOW, _, PIDS = os.environ.get("PAYPLAN_TEST_SLOW", "").partition("@")
DELAYS = {ident: float(seconds) for ident, _, seconds in
          (entry.partition(":") for entry in SLOW.split(",") if entry)}


def _crash(ident_text: str) -> None:
    for entry in (CRASH or "").split(","):
        ident, _, once = entry.partition("@")
        if ident != ident_text:
            continue
        if once:
            marker = os.path.join(once, "crashed-" + ident.strip('"'))
            try:
                os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                return
        os._exit(86)


if CRASH or HANG or DELAYS:
    from payplan.planner import batch

    answer = batch.answer

    def faulty(request, config=batch.DEFAULT_CONFIG):  # type: ignore[no-untyped-def]
        result = answer(request, config)
        ident_text = json.dumps(result.get("id"))
        if ident_text in DELAYS:
            if PIDS:
                open(os.path.join(PIDS, str(os.getpid())), "w").close()
            time.sleep(DELAYS[ident_text])
        _crash(ident_text)
        while ident_text in (HANG or "").split(","):
            time.sleep(60)
        return result

    batch.answer = faulty
