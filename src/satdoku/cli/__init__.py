"""The ``satdoku`` command line: a thin layer over the library; ``main(argv)`` returns the status.

Exit statuses (exact contract): 0 when every input puzzle could be read, whatever its verdict
(``check`` alone says 1 when any grid is invalid, like ``cmp``); 2 when any input could not be
read (the rest is still processed first) or the usage is wrong;
130 when interrupted, 143 on SIGTERM, 129 on SIGHUP (what was done is flushed first), whenever
such a signal arrived; 141 when standard output was closed before everything was written (a
reader such as ``head`` that stopped early: the rest, a verdict included, is lost); 70 on an
internal error (a bug, such as a solver answer that failed the independent checker: said on
stderr, never printed as an answer).
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import signal
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TextIO

from ..backends import _compiled as native
from ..backends import _stop_flag as stop_flag
from ..backends._limits import is_keyboard_interrupt
from ..core._errors import InputError, InternalError, shorten
from ..core._version import __version__
from ._common import resolve_input
from ._help_format import HelpFormat
from ._whole_writes import whole_text

__all__ = ["main", "build_parser", "command_module", "COMMANDS", "INTERNAL_ERROR", "OUTPUT_LOST"]

INTERNAL_ERROR = 70
"""Exit status of a bug in satdoku (EX_SOFTWARE), e.g. an answer that failed the checker."""

OUTPUT_LOST = 128 + 13
"""Exit status when standard output was closed before everything was written (a reader such as
``head`` that stopped): 141, what a command killed by SIGPIPE reports, so no verdict is lost."""

COMMANDS = (
    "solve",
    "check",
    "count",
    "step",
    "hint",
    "dimacs",
    "decode",
    "show",
    "generate",
    "rate",
)
"""The commands, in the order ``--help`` lists them; each is the module ``satdoku.cli._NAME``,
with ``NAME``, ``register(subparsers)`` and ``run(args) -> int``."""


def command_module(name: str) -> ModuleType:
    """Return the module of command ``name``, importing it now (only the command run is loaded).

    >>> command_module("check").NAME
    'check'
    """
    if name not in COMMANDS:
        raise ValueError(f"no command {name!r}")
    return importlib.import_module(f"._{name}", __name__)


def _command_of(argv: Sequence[str]) -> str | None:
    """The command an argument list names (its first word that is not an option), if known."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {shorten(message)}", file=sys.stderr)
        sys.exit(2)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Return the parser of every command, or of command ``only`` alone (a run loads only the
    module of the command it runs).

    >>> build_parser("check").parse_args(["check", "-"]).command
    'check'
    """
    parser = _Parser(
        prog="satdoku",
        description="Solve Sudoku, Latin squares and variants by logic: claims, exactly-one "
        "axioms, CNF.",
        epilog="example: satdoku solve puzzles.txt --json",
        formatter_class=HelpFormat,
    )
    parser.add_argument("--version", action=_Version, help="show the version and which C parts run")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        command_module(name).register(sub)
    return parser


class _Version(argparse.Action):
    """Print the version and which compiled parts are in use (found only when asked)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from ..rules.techniques._compiled import native as techniques  # lazy: start-up

        engine = "compiled engine in use" if native.AVAILABLE else "no compiled engine: PySAT only"
        finders = "compiled" if techniques() is not None else "in Python"
        sys.stdout.write(f"satdoku {__version__} ({engine}; techniques {finders})\n")
        parser.exit()


_OUTPUT_ERRORS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}
"""Errors of writing the output (a full disk, ``>/dev/full``, a closed descriptor)."""


def _drop_output() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush has nothing to fail."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a real file: nothing is flushed at exit
        pass


def _print_traceback() -> None:
    import traceback  # loaded for --debug's errors only, not at start-up

    traceback.print_exc()


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _drop_output()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    >>> main(["check", "-", "--help"]) if False else 0
    0
    """
    if sys.stdout is None:  # started with standard output closed (`>&-`)
        if sys.stderr is not None:
            print(
                "satdoku: standard output is closed: nowhere to write the answers", file=sys.stderr
            )
        return 2
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(_command_of(words))
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
        return 2
    replaced = stop_flag.install()
    process_stdout = _whole_stdout()
    try:
        status = _outcome(args)
        number = stop_flag.arrived()
        if number is not None and status != 128 + number:  # a stop signal the run did not say
            _flush_quietly()
            print(f"satdoku: {stop_flag.Stopped(number).name}", file=sys.stderr)
            status = 128 + number
        return status
    finally:
        if process_stdout is not None:
            _flush_quietly()
            sys.stdout = process_stdout
        stop_flag.restore(replaced)


def _whole_stdout() -> TextIO | None:
    """Put a stream whose writes are whole over the process's standard output
    (:mod:`._whole_writes`); return the stream replaced (None: left as it was, as under a test's
    capture)."""
    stream = sys.stdout
    if stream is not sys.__stdout__ or not isinstance(stream, io.TextIOWrapper):
        return None
    try:
        fd = stream.fileno()
        stream.flush()
    except (OSError, ValueError):
        return None
    sys.stdout = whole_text(
        fd, stream.encoding, stream.errors or "strict", stream.line_buffering, stream.write_through
    )
    return stream


def _outcome(args: argparse.Namespace) -> int:
    """Run the command parsed; return its exit status, errors and stops said on stderr."""
    try:
        if hasattr(args, "example") and not getattr(args, "examples", None):
            resolve_input(args, stdin_taken=getattr(args, "model", None) == "-")
        status = int(args.run(args))
        sys.stdout.flush()  # here, where a reader gone (EPIPE) is still told apart
        return status
    except InputError as err:
        if args.debug:
            _print_traceback()
        print(f"satdoku: {err.located()}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:  # Ctrl-C, SIGTERM or SIGHUP: a clean stop
        _flush_quietly()
        number = stop.number if isinstance(stop, stop_flag.Stopped) else stop_flag.arrived()
        number = int(signal.SIGINT) if number is None else number
        print(f"satdoku: {stop_flag.Stopped(number).name}", file=sys.stderr)
        return 128 + number
    except BrokenPipeError:  # the reader stopped reading (`| head`): the rest is lost
        _drop_output()
        return OUTPUT_LOST
    except (InternalError, Exception) as err:  # a bug: loud, one line, never a quiet wrong answer
        if isinstance(err, OSError) and err.errno in _OUTPUT_ERRORS:
            _drop_output()
            print(f"satdoku: cannot write the output: {err.strerror}", file=sys.stderr)
            return 2
        sys.stdout.flush()
        if is_keyboard_interrupt(err):  # PySAT's own report of Ctrl-C inside a solver
            print("satdoku: interrupted", file=sys.stderr)
            return 130
        if args.debug:
            _print_traceback()
        kind = "" if isinstance(err, InternalError) else f"{type(err).__name__}: "
        print(
            f"satdoku: internal error (a bug in satdoku, please report it; --debug shows the "
            f"traceback): {kind}{err}",
            file=sys.stderr,
        )
        return INTERNAL_ERROR
