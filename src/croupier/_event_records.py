"""The engine's record of events: light tuples ``(kind, seat, street, amount, cards)``,
with each kind as its code (:data:`croupier.events.KINDS`), made into
:class:`~croupier.events.Event` values only when asked for.

>>> _plain(0, 1, 2) is _plain(0, 1, 2)   # a fold of seat 1 on street 2: made once
True
>>> [str(e) for e in _events([_plain(1, 0, 0), (_CALL, 1, 0, 4, None)], (0, 9), 0)]
['check p1 (street 0)', 'call p2 4 (street 0)', 'award p2 9 (street 0)']
"""

from __future__ import annotations

from croupier.events import KINDS, Event, EventKind

# The engine records each event's kind as its code (croupier.events.KINDS).
_ANTE, _BLIND, _DEAD_BLIND = EventKind.ANTE.code, EventKind.BLIND.code, EventKind.DEAD_BLIND.code
_DEAL_HOLE, _DEAL_BOARD = EventKind.DEAL_HOLE.code, EventKind.DEAL_BOARD.code
_FOLD, _CHECK, _CALL = EventKind.FOLD.code, EventKind.CHECK.code, EventKind.CALL.code
_BET_RAISE, _BRING_IN, _DRAW = (
    EventKind.BET_RAISE.code,
    EventKind.BRING_IN.code,
    EventKind.DRAW.code,
)
_RETURN, _SHOW = EventKind.RETURN.code, EventKind.SHOW.code
_RUN = EventKind.RUN.code
_MUCK = EventKind.MUCK.code
_RAKE = EventKind.RAKE.code
# Events without an amount or cards (fold, check, muck) are the same tuple each
# time for a seat and street: made once here, so recording one allocates nothing
# (fewer objects for the garbage collector: replay keeps whole hands).
_PLAIN_KINDS = (_FOLD, _CHECK, _MUCK)  # ``which`` of _plain: 0, 1, 2
_PLAIN: list[tuple[int, int, int, None, None]] = [
    (kind, seat, street, None, None)
    for kind in _PLAIN_KINDS
    for street in range(8)
    for seat in range(32)
]


def _plain(which: int, seat: int, street: int) -> tuple[int, int, int, None, None]:
    """The record (kind, seat, street, None, None) of a fold (``which`` 0), check (1) or
    muck (2), shared for the first 32 seats and 8 streets."""
    if seat < 32 and street < 8:
        return _PLAIN[(which * 8 + street) * 32 + seat]
    return (_PLAIN_KINDS[which], seat, street, None, None)


def _events(
    history: list[tuple[object, ...]], received: tuple[int, ...] | None, street: int
) -> tuple[Event, ...]:
    """The events of a hand's ``history``, then, once it is settled (what each seat
    ``received``, or None), an award for each seat that received chips."""
    events = [
        Event(
            KINDS[entry[0]],  # type: ignore[call-overload]
            entry[1],  # type: ignore[arg-type]
            entry[2],  # type: ignore[arg-type]
            entry[3],  # type: ignore[arg-type]
            () if entry[4] is None else tuple(entry[4]),  # type: ignore[arg-type]
        )
        for entry in history
    ]
    if received is not None:
        # The awards close the record; what each seat received is kept anyway.
        award = EventKind.AWARD
        events += [Event(award, i, street, r) for i, r in enumerate(received) if r]
    return tuple(events)
