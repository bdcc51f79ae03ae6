r"""Player statistics from hand histories: VPIP, PFR, 3-bet, c-bet, aggression,
showdowns, net won and all-in adjusted winnings.

``stats(hands)`` replays each :class:`~croupier.phh.HandHistory` on the engine
(:func:`croupier.replay.replay`, which shows every player action to a watcher
with the :class:`~croupier.Hand` as it stands) and counts, per player, what
the common trackers count.  The result is a :class:`Stats`: a mapping of
player name to :class:`PlayerStats`, whose counters add up (``a + b``), so
files can be counted apart — in processes, or on any
``concurrent.futures.Executor`` — and summed.  Every definition, with a
worked example, is in ``docs/stats.md``.

>>> from croupier import phh
>>> text = (
...     "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
...     "starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bob', 'Cy']\n"
...     "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f',"
...     " 'p2 cc', 'd db 2c7d9h', 'p2 cc', 'p3 cbr 8', 'p2 f']\n"
... )
>>> s = stats([phh.loads(text)])
>>> cy = s["Cy"]
>>> cy.vpip, cy.pfr, cy.cbets, cy.cbet_opportunities, cy.net
(1, 1, 1, 1, Fraction(7, 1))
>>> s["Bob"].vpip_percent, s["Bob"].net, sum(p.net for p in s.values())
(100.0, Fraction(-6, 1), Fraction(0, 1))

Choices (``docs/stats.md`` has them all):

* Players are named by the history's ``players``; a history without them
  names its players ``p1``, ``p2``, ... — positions of that file only, so
  ``p1`` of two files without names are counted as one "player".
* Results are the engine's settlement: the files' own ``winnings`` and
  ``finishing_stacks`` are not read (some are net of a rake the file does
  not describe), so chips are conserved, hand by hand.  A hand whose game
  has a rake (the ``_rake_*`` user fields, docs/rules.md §6.10) is settled
  with it: ``net`` is after the rake, and the chips the house took are the
  players' losses (the payoffs add up to minus the rake).  A hand shown at showdown as ``????``
  (or not shown) is taken as mucked: it wins nothing.  A hand whose result
  still depends on hidden cards, or a file that stops before the end, is
  counted (``unsettled``) but gives no result.
* Money is exact: :class:`~fractions.Fraction` amounts of the files' own unit
  (``1.5`` in a file is ``Fraction(3, 2)``), never binary floats.

The package's modules, by job: ``_players`` (:class:`PlayerStats`, :class:`Stats`,
``COLUMNS``), ``_reading`` (:func:`stats`: files, hand histories, executors;
:func:`stats_by_hand`, hand by hand; :class:`StatsError`), ``_counting`` (one hand's
counters, by name), ``_allin`` (the all-in adjustment) and ``_mucked`` (a showdown
with hidden hands: why the statistics settle it themselves is in its docstring).
"""

from __future__ import annotations

from croupier.statistics._players import COLUMNS, PlayerStats, Stats
from croupier.statistics._players import PROBLEMS_KEPT as PROBLEMS_KEPT
from croupier.statistics._reading import HANDS_PER_TASK as HANDS_PER_TASK
from croupier.statistics._reading import StatsError, stats, stats_by_hand

__all__ = ["COLUMNS", "PlayerStats", "Stats", "StatsError", "stats", "stats_by_hand"]
