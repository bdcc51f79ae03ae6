"""Side pots and settlement: layered pots, uncalled bets, hi/lo halves, ties, odd chips.

Typed interface of the Cython module ``croupier.pots``; the rules it applies
are in the module docstring of ``pots.pyx`` (and docs/rules.md §6).

Seats are numbered from the first seat left of the button; a lower seat gets
odd chips first.  Amounts and hand values are ints (not bool) ``>= 0`` of any
size (beyond a total of ``2**62``, or a value of ``2**63``, an exact, slower
path settles them); at most 64 players.  Every function raises
``ValueError`` for input it cannot settle and never modifies its arguments.
"""

from collections.abc import Iterable
from typing import Any, ClassVar, SupportsIndex, final

__all__ = ["Pot", "Settlement", "award", "distribute", "settle", "side_pots", "uncalled"]

# Sequences of amounts, flags or hand values: a list or tuple of ints, bools
# and None is read in place; when any item is of another type every list is
# copied to a tuple first (an item's __index__ cannot change what is read);
# any other iterable (a numpy array, a generator) is copied first.  Text,
# sets, mappings and masked arrays are refused.
_Amounts = Iterable[SupportsIndex]
_Flags = Iterable[bool | SupportsIndex]
# Values of folded seats are never read, so they may be anything (e.g. None).
_Values = Iterable[SupportsIndex | None]

@final
class Pot:
    """One pot: ``amount`` chips that only the seats in ``eligible`` may win (frozen)."""

    __match_args__: ClassVar[tuple[str, str]]

    def __init__(self, amount: SupportsIndex, eligible: Iterable[SupportsIndex]) -> None: ...
    @property
    def amount(self) -> int:
        """Chips in the pot (> 0 for pots built by ``side_pots``)."""

    @property
    def eligible(self) -> tuple[int, ...]:
        """Seats that may win the pot, ascending: not folded, put in at least its top."""

    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Settlement:
    """How a hand was settled (``settle``); a frozen value like ``Pot``."""

    __match_args__: ClassVar[tuple[str, str, str, str, str, str, str]]

    def __init__(
        self,
        pots: Iterable[Pot],
        uncalled: tuple[int, int] | None,
        returned: Iterable[int],
        payouts: Iterable[int],
        shares: Iterable[Iterable[int]],
        net: Iterable[int],
        rake: Iterable[int] = (),
    ) -> None: ...
    @property
    def pots(self) -> tuple[Pot, ...]:
        """The pots, main pot first (as ``side_pots``)."""

    @property
    def uncalled(self) -> tuple[int, int] | None:
        """``(seat, amount)`` of the chips nobody matched, given back; or ``None``."""

    @property
    def returned(self) -> tuple[int, ...]:
        """Chips each seat gets back without winning them.

        The uncalled chips, and the seat's part of any layer that only folded
        players put in (nobody still in contested it).
        """

    @property
    def payouts(self) -> tuple[int, ...]:
        """Chips each seat receives, ``returned`` included (as ``award``)."""

    @property
    def shares(self) -> tuple[tuple[int, ...], ...]:
        """One row per pot: the chips each seat won from that pot."""

    @property
    def net(self) -> tuple[int, ...]:
        """``payouts[i] - contributions[i]``: each seat's result for the hand."""

    @property
    def rake(self) -> tuple[int, ...]:
        """The chips the house took from each pot before it was awarded (one entry a
        pot, ``croupier.rake``), or ``()`` when no rake rule applied."""

    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def uncalled(contributions: _Amounts) -> tuple[int, int] | None:
    """``(seat, amount)`` of the single largest contribution's unmatched part, or ``None``.

    The largest contribution minus the second largest (folded players' chips
    count as matching); ``None`` when two players share the largest amount.
    """

def side_pots(contributions: _Amounts, folded: _Flags, *, dead: SupportsIndex = 0) -> list[Pot]:
    """The pots, main pot first, then the side pots in order.

    Cut at every amount put in by a player who has not folded; each pot's
    ``eligible`` seats are those still in who put in at least its top.  The
    uncalled chips are in no pot, and neither are the chips of folded players
    above everything put in by the players still in (nobody contested them:
    they go back); ``dead`` chips (nobody's bet: a big-blind ante, dead
    blinds) join the main pot.
    """

# (award, distribute and settle take the same lists: the stub repeats them.)
def award(
    contributions: _Amounts,
    folded: _Flags,
    high: _Values,
    low: _Values | None = None,
    *,
    dead: SupportsIndex = 0,
) -> list[int]:
    """The chips each seat receives at the end of the hand, chips given back included.

    Each pot goes to the best ``high`` among its eligible seats; with ``low``
    it is halved: the high half (with any odd chip) to the best high, the low
    half to the best qualifying low (``low > 0``) among the pot's eligible
    seats, or everything to the high when none of them has a low.  Ties split
    equally, the odd chips one at a time to the lowest seats first.
    """

def distribute(
    contributions: _Amounts,
    folded: _Flags,
    high: _Values,
    low: _Values | None = None,
    *,
    dead: SupportsIndex = 0,
) -> tuple[list[int], list[int]]:
    """``(payouts, returned)``: ``award``'s payouts and, of them, the chips given back.

    ``returned`` is ``Settlement.returned``; ``payouts[i] - returned[i]`` is
    what seat ``i`` won from the pots.
    """

def settle(
    contributions: _Amounts,
    folded: _Flags,
    high: _Values,
    low: _Values | None = None,
    *,
    dead: SupportsIndex = 0,
) -> Settlement:
    """Pots, uncalled and returned chips, payouts, per-pot shares and net results of a hand."""
