"""Writing the answers: a stream that refuses them (a full disk, `> /dev/full`, an I/O error) is
one line on stderr and exit code 4 (`EXIT_CANNOT_WRITE`), never a traceback, and never exit 1,
which says a play is unpayable.

`CannotWrite` carries what failed (`stdout`, or OUT's path for `payplan batch`) and why
(`No space left on device`); the command line (`planner.cli.main`) prints it as
`COMMAND: NAME: cannot write: WHY`, with the advice `batch` adds: the answers already written
are whole lines, and `--resume` continues from them.
"""

from __future__ import annotations

from typing import IO

__all__ = ["CannotWrite", "EXIT_CANNOT_WRITE", "flushed"]

EXIT_CANNOT_WRITE = 4


class CannotWrite(Exception):
    """Writing to `name` failed with `reason`; `advice`, if any, says how to carry on."""

    def __init__(self, name: str, reason: str, advice: str = "") -> None:
        super().__init__(f"{name}: cannot write: {reason}{f' ({advice})' if advice else ''}")
        self.name = name
        self.reason = reason
        self.advice = advice

    @classmethod
    def of(cls, name: str, exc: OSError, advice: str = "") -> CannotWrite:
        return cls(name, exc.strerror or str(exc), advice)


def flushed(stream: IO[str], text: str, name: str, advice: str = "") -> None:
    """`text` written on `stream` and flushed; a failure (other than a reader that left: a
    BrokenPipeError is the caller's) is a CannotWrite naming `name`."""
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise CannotWrite.of(name, exc, advice) from None
