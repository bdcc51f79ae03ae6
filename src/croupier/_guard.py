"""One thread at a time: the guard of the stateful pure-Python objects (``Table``,
``VectorEnv``, ``SingleAgentEnv``).

A :class:`Guard` is entered around every call that reads or changes the
object's state.  A second thread that enters while the first is inside is
refused at once with :class:`~croupier.errors.ConcurrentUse` (nothing waits,
nothing changes); the same thread may enter again (a call that makes another
call of the same object).  The compiled ``Hand`` and ``PokerEnv`` keep the
same rule in C fields (the owner's thread identity).

>>> guard = Guard("the table")
>>> with guard:
...     with guard:        # the same thread: allowed
...         pass
>>> guard.owner is None
True
"""

from __future__ import annotations

import threading
from types import TracebackType

from croupier.errors import ConcurrentUse

__all__ = ["Guard"]


class Guard:
    """Refuses a second thread (see the module's documentation)."""

    __slots__ = ("_depth", "_lock", "owner", "what")

    def __init__(self, what: str) -> None:
        self.what = what
        self._lock = threading.Lock()
        self.owner: int | None = None
        self._depth = 0

    def __reduce__(self) -> tuple[type[Guard], tuple[str]]:
        """A copy (``copy``, ``pickle``) is a new guard, held by no thread."""
        return Guard, (self.what,)

    def __enter__(self) -> None:
        me = threading.get_ident()
        if self.owner == me:  # only this thread sets owner to its own identity
            self._depth += 1
            return
        if not self._lock.acquire(blocking=False):
            raise ConcurrentUse(
                f"{self.what} is in use by another thread: use one per thread, or a lock"
            )
        self.owner = me
        self._depth = 1

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._depth -= 1
        if not self._depth:
            self.owner = None
            self._lock.release()
