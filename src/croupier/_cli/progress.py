"""How far a run of the command line is: a progress bar on stderr.

``Progress`` shows how far a run is on stderr.  On a terminal it is one line
redrawn in place (``\\r``), at most every ``REDRAW_EVERY`` seconds and not
before ``FIRST_DRAW`` (a short run shows only its last line), ending at
100 %.  Elsewhere (a file, a pipe) there are no redraws: a plain line at most
every ``PLAIN_EVERY`` seconds, and a last one at 100 %.  The share shown
never goes back (a plan that grows holds the bar still).

>>> import io
>>> log = io.StringIO()                 # not a terminal
>>> bar = Progress("hands", log)
>>> bar.update(500, 2000)               # too soon for a line
>>> bar.finish()
>>> print(log.getvalue(), end="")
croupier: 100%  2,000 of 2,000 hands

**Why a bar of our own.**  tqdm or rich would be loaded only with
``--progress``, so ``croupier eval`` would not pay for them (its start-up is
about 45-50 ms at best here, 10 of them Python's own: under the 60 ms
bound of issue 12).  But as an optional extra (the ``cli`` extra) either needs a
fallback for when it is not installed, which is this bar anyway; tqdm writes
``\\r`` redraws into files unless told to print nothing (``disable=None``);
and importing them was measured at 45 ms (tqdm 4.70) and 42 ms
(``rich.progress``, rich 15), the least of 20 ``python -X importtime`` runs on
the project's 2-core machine, against under 1 ms for this module.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

__all__ = ["Progress", "progress"]

PLAIN_EVERY = 10.0  # seconds between progress lines when stderr is not a terminal
REDRAW_EVERY = 0.1  # seconds between redraws on a terminal
FIRST_DRAW = 0.3  # no bar before this (short runs show only their last line)


class Progress:
    """How far a run is, on stderr (see the module docstring).

    ``update(done, total)`` may be called from any thread; ``clear()`` wipes
    the line on a terminal before other output; ``finish(note)`` writes the
    last line (100 %); ``abandon()`` ends a half-drawn line (Ctrl-C).
    """

    WIDTH = 30

    def __init__(self, unit: str, stream: IO[str] | None = None) -> None:
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        isatty = getattr(self.stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.started = time.monotonic()
        self.last = self.started - PLAIN_EVERY + FIRST_DRAW  # the first plain line's time
        self.drawn = 0  # width of the line on the terminal now
        self.done = self.total = 0
        self.shown = 0.0  # the largest share drawn so far
        self.closed = False
        self.lock = threading.Lock()

    def _text(self, done: int, total: int) -> str:
        # The share shown never goes back (a plan that grows holds the bar still).
        share = max(done / total if total > 0 else 1.0, self.shown)
        self.shown = share
        percent = f"{int(100 * share):3d}%"
        counts = f"  {done:,} of {total:,} {self.unit}" if self.unit else ""
        if not self.tty:
            return f"croupier: {percent.strip()}{counts}"
        filled = int(self.WIDTH * share)
        return f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {percent}{counts}"

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr closed: no more progress
            self.closed = True

    def update(self, done: int, total: int) -> None:
        with self.lock:
            if self.closed:
                return
            self.done, self.total = done, total
            now = time.monotonic()
            if self.tty:
                if now - self.started < FIRST_DRAW or now - self.last < REDRAW_EVERY:
                    return
                text = self._text(done, total)
                self._write("\r" + text.ljust(self.drawn))
                self.drawn = len(text)
            else:
                if now - self.last < PLAIN_EVERY:
                    return
                self._write(self._text(done, total) + "\n")
            self.last = now

    def clear(self) -> None:
        with self.lock:
            if self.tty and self.drawn and not self.closed:
                self._write("\r" + " " * self.drawn + "\r")
                self.drawn = 0

    def finish(self, note: str = "") -> None:
        """The last line: 100 %, and ``note`` (what was done) when given."""
        with self.lock:
            if self.closed:
                return
            total = max(self.total, self.done, 1) if self.unit else 1
            text = self._text(total, total) + (f"  {note}" if note else "")
            self._write(("\r" + text.ljust(self.drawn) if self.tty else text) + "\n")
            self.closed = True

    def abandon(self) -> None:
        with self.lock:
            if self.tty and self.drawn and not self.closed:
                self._write("\n")
            self.closed = True


@contextmanager
def progress(shown: bool, unit: str) -> Iterator[Progress | None]:
    """A ``Progress`` when ``shown``, ended on the way out whatever happens."""
    if not shown:
        yield None
        return
    bar = Progress(unit)
    try:
        yield bar
    finally:
        bar.abandon()  # a no-op after finish()
