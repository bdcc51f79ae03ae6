"""Reading a child process's pipe in the tests that interrupt the command line."""

from __future__ import annotations

import os
import select
import time


def first_line(fd: int, seconds: float) -> bytes:
    """The first line a child writes to the pipe ``fd``, read byte by byte (so that
    nothing after it is taken from the pipe), within ``seconds``."""
    line = b""
    deadline = time.monotonic() + seconds
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        assert ready, f"the child printed no line in time: {line!r}"
        byte = os.read(fd, 1)
        assert byte, f"the child closed the pipe: {line!r}"
        line += byte
    return line
