"""The planner's commands on the command line (the whole `payplan` command is `payplan.cli`,
which adds the benchmark commands `gen` and `bench`).

    payplan plan FILE [--json]     the cheapest plan for the file's play
    payplan demo                   plan a built-in example and explain it
    payplan hand FILE [--json]     every card in hand (and playable from the trash), planned
    payplan orders FILE [--json]   each distinct total the discount orders reach
    payplan play FILE [--json]     plan, apply, and print the state after (several `plays` too)
    payplan serve                  JSON-lines service on stdin/stdout
    payplan batch IN OUT           many requests, in order, on every core or on Ray

Every file is read for its `format` and answered by that ruleset (`planner.rulesets`); FILE `-`
is standard input. Exit codes: 0 ok, 1 unpayable or illegal, 2 a bad file, option or environment
variable (one line per problem on stderr, never a traceback), 3 `batch` wrote an answer that is
an internal error, 4 the output can't be written (a full disk: one line on stderr), 130
interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import IO, Callable, Literal, Sequence

from .. import __version__
from ..engine.problems import ScenarioError
from ..engine.reading import Limits, read_data
from .answers import EXIT_BAD_INPUT, EXIT_OK, Answer
from .arguments import (
    MAX_CHUNK,
    MAX_SECONDS,
    WORKER_MB,
    Parser,
    add_pool_arguments,
    config_of,
    printable,
    ray_equals,
    seconds,
    solver_options,
    whole_number,
)
from .commands import COMMANDS, answer
from .config import REQUEST_MARGIN
from .output import EXIT_CANNOT_WRITE, CannotWrite, flushed
from .render import readable
from .rulesets import RulesetError

EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports a process SIGINT ended

# What adds more commands to the parser (`payplan.cli` adds `gen` and `bench`): it gets the
# subparsers and the command word of the command line (None while --help lists them all).
Extra = Callable[["argparse._SubParsersAction[Parser]", "str | None"], None]


def _print(result: Answer, as_json: bool) -> int:
    write(sys.stdout, json.dumps(result.to_json(), indent=2) if as_json else result.render())
    return result.exit_code


def write(stream: IO[str], text: str) -> None:
    """`text` and a line break on `stream`, flushed. Every control or format character of it
    (an id's ESC, OSC, BEL) is written as its escape, as a table cell is (`render.readable`):
    nothing a scenario holds reaches the terminal as a command. What the stream's encoding
    can't hold is written as its escape too, never a UnicodeEncodeError; a stream that refuses
    the text (a full disk) is a CannotWrite."""
    text = readable(text)
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        safe = text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        safe = text.encode("ascii", "backslashreplace").decode("ascii")
    name = "stdout" if stream is sys.stdout else "stderr" if stream is sys.stderr else "output"
    flushed(stream, safe + "\n", name)


def cmd_answer(args: argparse.Namespace) -> int:
    """`plan`, `hand`, `orders`, `play`: the file's ruleset answers."""
    return _print(answer(args.command, read_data(args.file), config_of(args)), args.json)


def demo_text() -> str:
    from importlib import resources as package_files

    return package_files.files("payplan.planner").joinpath("demo.yaml").read_text(encoding="utf-8")


def cmd_demo(args: argparse.Namespace) -> int:
    from .api import load_text, plan

    p = plan(load_text(demo_text(), "demo.yaml"), config_of(args))
    if not args.json:
        write(sys.stdout, "Demo (rule 353.4.c): Sky Splitter with Eager Apprentice and a 7-Might "
                          "unit.\n")
    return _print(p, args.json)


def cmd_serve(args: argparse.Namespace) -> int:
    from .rulesets import formats
    from .serve import serve

    formats()  # every registered ruleset imports (PAYPLAN_RULESETS), or one line and exit 2
    timeout: float | Literal["auto"] = (args.request_timeout if args.request_timeout is not None
                                        else "auto")
    return serve(sys.stdin, sys.stdout, config_of(args), request_timeout=timeout)


def cmd_web(args: argparse.Namespace) -> int:
    from .rulesets import formats
    from .web import run_web

    formats()
    return run_web(args.host, args.port, config_of(args), args.request_timeout)


def cmd_batch(args: argparse.Namespace) -> int:
    from .batch import BatchError, BatchOptions, batch
    from .rulesets import formats

    formats()
    options = BatchOptions(config=config_of(args), jobs=args.jobs, ray=args.ray is not None,
                           address=args.ray or None, chunk=args.chunk,
                           request_timeout=args.request_timeout, resume=args.resume,
                           oversubscribe=args.oversubscribe)
    try:
        return batch(args.input, args.output, options)
    except BatchError as err:
        print(f"batch: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def add_batch_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN",
                        help="JSON lines (requests as serve reads them, or bare scenarios), a "
                             "folder of scenario files (sorted by name), or - for stdin; a "
                             "folder's entry that is not a regular file (a FIFO, a device, a "
                             "dangling link) is named on stderr and not read, and the exit is 2 "
                             "(the other files are still answered)")
    parser.add_argument("output", metavar="OUT", help="JSON lines of answers, or - for stdout")
    add_pool_arguments(parser, "default: every core; at most the cores, and within the memory "
                               f"(a worker is estimated at {WORKER_MB} MB); never more than the chunks")
    parser.add_argument("--oversubscribe", action="store_true",
                        help="let --jobs start more workers than there are cores (still within "
                             "the memory: a --jobs that would not fit is refused)")
    parser.add_argument("--resume", action="store_true",
                        help="skip the requests OUT already answers (by position and id) and "
                             "append the rest")
    parser.add_argument("--chunk", type=whole_number(1, MAX_CHUNK), default=None, metavar="N",
                        help="requests per task (default 16 local, 64 on Ray)")
    parser.add_argument("--request-timeout", type=seconds(0, MAX_SECONDS, zero=True), default=0.0,
                        help="seconds one request may take before it is stopped and answered "
                             "as an error (default 0: no limit)")


def build_parser(command_word: str | None = None, extra: Extra | None = None) -> Parser:
    """The parser of every command; `extra` adds more (see `Extra`)."""
    parser = Parser(prog="payplan", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=f"payplan {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def command(name: str, func: Callable[[argparse.Namespace], int], help_text: str,
                file: bool = True, json_flag: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if file:
            p.add_argument("file", help="scenario file (YAML or JSON; its `format` names the "
                                        "ruleset: payplan/1, mtg/1, ...), or - for stdin")
        if json_flag:
            p.add_argument("--json", action="store_true", help="print JSON as the spec says")
        solver_options(p, seed_help="CP-SAT random seed", turn=name == "turn")
        p.set_defaults(func=func)
        return p

    for name, spec in COMMANDS.items():
        command(name, cmd_answer, spec.help)
    command("demo", cmd_demo, "plan a built-in example and explain it", file=False)
    serve = command("serve", cmd_serve, "JSON-lines service on stdin/stdout", file=False,
                    json_flag=False)
    serve.add_argument("--request-timeout", type=seconds(0, MAX_SECONDS, zero=True),
                       default=None, metavar="SECONDS",
                       help="seconds one request may take before its worker is stopped and "
                            "it is answered as an error (default: --time-limit plus "
                            f"{REQUEST_MARGIN:g}, so a plan the time limit stops is still "
                            "answered; 0 means no limit)")
    batch = command("batch", cmd_batch, "answer many requests in order, on every core or on Ray",
                    file=False, json_flag=False)
    add_batch_arguments(batch)
    web = command("web", cmd_web, "a local explorer in the browser: the cost, the payment, the "
                  "orders and the turn", file=False, json_flag=False)
    web.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this machine only)")
    web.add_argument("--port", type=whole_number(0, 65535), default=8353,
                     help="port (default 8353; 0 takes a free one)")
    web.add_argument("--request-timeout", type=seconds(0, MAX_SECONDS, zero=True), default=None,
                     metavar="SECONDS", help="seconds one answer may take before it is stopped "
                                             "(default: as serve's; 0 means no limit)")
    if extra is not None:
        extra(sub, command_word)
    return parser


def main(argv: Sequence[str] | None = None, extra: Extra | None = None) -> int:
    words = ray_equals(sys.argv[1:] if argv is None else argv)
    command_word = next((w for w in words if not w.startswith("-")), "")
    try:
        args = _parsed(build_parser(command_word, extra), words)
        Limits.from_env()  # PAYPLAN_MAX_BYTES / PAYPLAN_MAX_VALUES: refused here, not per file
        code: int = args.func(args)
        return code
    except ScenarioError as err:
        for line in err.lines:
            write(sys.stderr, line)
        return EXIT_BAD_INPUT
    except RulesetError as err:  # PAYPLAN_RULESETS or an entry point names no ruleset
        write(sys.stderr, " ".join(str(err).split()))
        return EXIT_BAD_INPUT
    except MemoryError:
        write(sys.stderr, "payplan: out of memory (lower PAYPLAN_MAX_BYTES or "
                          "PAYPLAN_MAX_VALUES, or give the process more memory)")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except CannotWrite as err:
        _quiet_stdout()  # the interpreter's last flush would fail again, and say so
        try:
            print(printable(f"{command_word or 'payplan'}: {err}"), file=sys.stderr, flush=True)
        except OSError:
            pass  # stderr refuses it too: the exit code says it
        return EXIT_CANNOT_WRITE
    except BrokenPipeError:  # e.g. piped into head: the reader left, nothing to say
        _quiet_stdout()
        return EXIT_OK


def _parsed(parser: Parser, words: Sequence[str]) -> argparse.Namespace:
    """The command line parsed; `--help` (and a usage error, on stderr) ends the process as
    argparse does, but only once what it printed is flushed: a stream that refuses it (a full
    disk) is a CannotWrite, not a help text lost with exit 0."""
    try:
        return parser.parse_args(words)
    except SystemExit:
        flushed(sys.stdout, "", "stdout")
        flushed(sys.stderr, "", "stderr")
        raise


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's last flush of a closed pipe does not
    print an error on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass


__all__ = ["EXIT_INTERRUPTED", "build_parser", "cmd_answer", "demo_text", "main", "write"]
