"""Exceptions of croupier."""

from __future__ import annotations

__all__ = [
    "ConcurrentUse",
    "IllegalAction",
    "PHHError",
    "PHHWarning",
    "SiteError",
    "WrongBringIn",
]

MESSAGE_LIMIT = 500
"""The longest message of a :class:`PHHError` (and of the command line's error
line): a longer one keeps its start and its end, and says how much was left out."""


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message: whole when short, else its first
    ``limit`` characters and its length (input can be megabytes long).

    >>> excerpt("p1 fold"), excerpt("p1 " + "x" * 10**7)
    ("'p1 fold'", "'p1 xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (10,000,003 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def bounded(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """``message`` cut to at most ``limit`` characters: its start and its end kept.

    >>> bounded("short")
    'short'
    >>> text = bounded("hand [1], line 7: " + "x" * 10**7 + " is bad")
    >>> len(text) <= MESSAGE_LIMIT, text[:20], text[-10:]
    (True, 'hand [1], line 7: xx', 'xxx is bad')
    """
    if len(message) <= limit:
        return message
    gap = f" [... {len(message):,} characters in all ...] "
    tail = min(80, max(0, (limit - len(gap)) // 4))
    head = max(0, limit - len(gap) - tail)
    return message[:head] + gap + message[len(message) - tail :]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the hand is left unchanged.

    >>> raise IllegalAction("seat 2 cannot check: 4 to call")
    Traceback (most recent call last):
    ...
    croupier.errors.IllegalAction: seat 2 cannot check: 4 to call

    ``action_index`` is, when a replay raises it, the index in the history's
    ``actions`` of the action refused (``None`` otherwise).
    """

    action_index: int | None = None


class WrongBringIn(ValueError):
    """A stud hand told that ``bring_in_seat`` brings in when the up cards,
    all known, make another seat bring in; no hand is dealt.

    A hand history names who brought in; :func:`croupier.replay.replay`
    turns this error into an :class:`IllegalAction` (a history whose bring-in
    breaks the rules).

    >>> raise WrongBringIn("seat 2 brings in by the rules, not 0")
    Traceback (most recent call last):
    ...
    croupier.errors.WrongBringIn: seat 2 brings in by the rules, not 0
    """


class ConcurrentUse(RuntimeError):
    """A call on an object that another thread is using at this moment; refused,
    and nothing changed.

    A ``Hand``, a ``Table`` and every environment belong to one thread at a
    time (docs/architecture.md, "Threads"): use one per thread, or a lock.

    >>> raise ConcurrentUse("the hand is in use by another thread (fold refused)")
    Traceback (most recent call last):
    ...
    croupier.errors.ConcurrentUse: the hand is in use by another thread (fold refused)
    """


class PHHError(ValueError):
    """Malformed PHH input, or an invalid ``HandHistory`` or ``Action`` value.

    Raised by :mod:`croupier.phh` and :mod:`croupier.actions`; ``field`` is
    the PHH field concerned, ``path`` the file, ``table`` the hand's ``[N]``
    table in a ``.phhs`` file and ``line`` the line, when they are known.

    >>> raise PHHError("line 1: field 'variant': unknown variant code 'XX'", field="variant")
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: line 1: field 'variant': unknown variant code 'XX'
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        path: str | None = None,
        table: str | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(bounded(message))
        self.field, self.path, self.table, self.line = field, path, table, line

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only fields survive pickling (errors come back from worker processes).
        where = {"field": self.field, "path": self.path, "table": self.table, "line": self.line}
        return _rebuild, (type(self), str(self), where)


def _rebuild(cls: type[PHHError], message: str, where: dict[str, object]) -> PHHError:
    return cls(message, **where)  # type: ignore[arg-type]


class PHHWarning(UserWarning):
    """A hand that :func:`croupier.phh.iter_load` skipped (``errors="skip"``), reported.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warnings.warn("skipped: hand [7], line 90: ...", PHHWarning)
    >>> caught[0].category.__name__
    'PHHWarning'
    """


class SiteError(PHHError):
    """A poker site's hand history that cannot be read, or whose hand the rules
    forbid or whose recorded results the replay does not reach.

    Raised by :mod:`croupier.sites`; ``site`` is the site, ``hand`` the site's
    hand number, ``path`` the file and ``line`` the line, when they are known
    (its message names them).

    >>> raise SiteError("hands.txt: hand 42, line 7: bad amount 'x'", site="PokerStars",
    ...                 hand="42", line=7)
    Traceback (most recent call last):
    ...
    croupier.errors.SiteError: hands.txt: hand 42, line 7: bad amount 'x'
    """

    def __init__(
        self,
        message: str,
        *,
        site: str | None = None,
        hand: str | None = None,
        path: str | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(message, path=path, line=line)
        self.site, self.hand = site, hand

    def __reduce__(self) -> tuple[object, ...]:
        where = {"site": self.site, "hand": self.hand, "path": self.path, "line": self.line}
        return _rebuild, (type(self), str(self), where)
