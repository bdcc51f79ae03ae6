"""Ctrl-C while the ``croupier`` command starts: no traceback, status 130.

The command line installs its Ctrl-C handler in ``croupier._cli.main``, but
importing croupier (its compiled modules, then the command line's own) takes
tens of milliseconds before that: a Ctrl-C then would print a
``KeyboardInterrupt`` traceback.  This module is the first one the package
imports.  When the process *is* the command (``python -m croupier``, or the
``croupier`` script), it installs a handler that prints ``croupier:
interrupted`` and ends the process at once with status 130 (nothing has been
done yet, so there is nothing to stop or to flush); ``main`` then replaces it
with its own.  In any other process (a program that imports croupier) it does
nothing: SIGINT stays the program's own.

What runs before any of croupier's code (the interpreter's own start-up, an
editable install's import hook) is out of its reach.

>>> is_command(["python", "-c", "import croupier"], ["-c"])
False
>>> is_command(["python", "-m", "croupier", "stats"], ["-m"])
True
>>> is_command(["/venv/bin/python", "/venv/bin/croupier", "eval"], ["/venv/bin/croupier", "eval"])
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as croupier._cli


def is_command(orig_argv: Sequence[str], argv: Sequence[str]) -> bool:
    """Whether a process started as ``orig_argv`` (``sys.argv`` now ``argv``) runs
    the ``croupier`` command: ``python -m croupier`` (``argv[0]`` is ``"-m"`` while
    the module is being found) or the ``croupier`` script."""
    if argv[:1] == ["-m"]:
        for i, arg in enumerate(orig_argv[1:], 1):
            if arg == "-m":
                return orig_argv[i + 1 : i + 2] == ["croupier"]
            if arg.startswith("-m"):
                return arg[2:] == "croupier"
        return False
    name = os.path.basename(argv[0]) if argv else ""
    return name in ("croupier", "croupier.exe")


def _interrupted(signum: int, frame: object) -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        sys.stderr.write("croupier: interrupted\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_INTERRUPTED)


def install() -> bool:
    """Install the start-up handler if this process is the command and SIGINT is
    still Python's own (in the main thread); returns whether it did."""
    if not is_command(getattr(sys, "orig_argv", []), getattr(sys, "argv", [])):
        return False
    import signal

    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False
    try:
        signal.signal(signal.SIGINT, _interrupted)
    except ValueError:  # not the main thread
        return False
    return True


install()
