"""What the command line writes besides results: its exit statuses, an error as
one line, output that never fails on a character its stream cannot encode.

>>> one_line(OSError(2, "No such file or directory", "hand.phh"))
'No such file or directory: hand.phh'
"""

from __future__ import annotations

import sys
from typing import IO

from croupier.errors import bounded

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_PIPE",
    "EXIT_USAGE",
    "UsageError",
    "ascii_safe",
    "encodes",
    "one_line",
    "plus_minus",
]

EXIT_PIPE = 1  # stdout closed early
EXIT_USAGE = 2  # bad arguments or input: one line on stderr
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)


class UsageError(ValueError):
    """A bad option found after parsing (exit status 2, one line)."""


def one_line(exc: BaseException) -> str:
    """An error as one line: an OSError's reason and file, else its text; at most
    ``croupier.errors.MESSAGE_LIMIT`` characters (a long one keeps its start and end).

    >>> one_line(ValueError("bad action 'p1 " + "x" * 10**7 + "'"))[:18]
    "bad action 'p1 xxx"
    >>> len(one_line(ValueError("x" * 10**7))) <= 500
    True
    """
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror if exc.filename is None else f"{exc.strerror}: {exc.filename}"
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(bounded(text).split())


def encodes(stream: IO[str], text: str) -> bool:
    """Whether ``stream`` can write ``text`` in its encoding."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def ascii_safe(stream: IO[str]) -> None:
    """Make ``stream`` write what its encoding lacks as backslash escapes, not fail."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and not encodes(stream, "±…é♠"):
        reconfigure(errors="backslashreplace")


def plus_minus() -> str:
    """The plus-minus sign stdout can write."""
    return "±" if encodes(sys.stdout, "±") else "+/-"
