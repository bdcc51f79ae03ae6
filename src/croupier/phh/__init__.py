"""Read and write poker hand histories in the PHH format.

PHH (https://phh.readthedocs.io) is a TOML-based text format: one hand per
``.phh`` file, or many hands in a ``.phhs`` file under ``[1]``, ``[2]``, ...
table headers.  This module is the data layer only: it reads, checks and
writes the fields (the action notation is :mod:`croupier.actions`); it does
not replay hands (no betting rules are applied here).

>>> text = '''
... variant = 'NT'
... antes = [0, 0, 0]
... blinds_or_straddles = [0.50, 1, 0]
... min_bet = 1
... starting_stacks = [100, 80.25, inf]
... actions = ['d dh p1 AsKd', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 2.5', 'p1 f', 'p2 f']
... _note = 'user-defined fields are kept'
... '''
>>> hand = loads(text)
>>> hand.scale, hand.blinds_or_straddles, hand.starting_stacks
(100, (50, 100, 0), (10000, 8025, None))
>>> first = hand.actions[0]
>>> first.kind, first.actor, first.target, first.cards
('dh', None, 0, (51, 45))
>>> hand.actions[3].amount, hand.actions[3].to_text(hand.scale)
(250, 'p3 cbr 2.5')
>>> print(dumps(hand), end="")
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [100, 80.25, inf]
actions = ['d dh p1 AsKd', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 2.5', 'p1 f', 'p2 f']
_note = 'user-defined fields are kept'
>>> loads(dumps(hand)) == hand
True

Every choice of this module (exact money and the scale, ``inf`` stacks, card
text, the checks, what is kept of fields the specification does not define, the
order in which fields are written) is written down in the project's rulebook,
``docs/rules.md`` §7.1.  The TOML itself is read by ``tomllib`` (``tomli`` on
Python 3.10) through :mod:`croupier._toml`.

The package's modules, one job each: ``_fields`` (the field table and each
field's kind), ``_model`` (:class:`HandHistory`), ``_quick`` (the reader's quick
path), ``_read`` (:func:`loads`, :func:`load` and their ``_all`` forms),
``_write`` (:func:`dumps` …), ``_split`` (a file cut into hands), ``_paths``
(paths and file objects, :func:`files`) and ``_stream`` (:func:`iter_load`).
This module is their public face: import from ``croupier.phh``.
"""

from __future__ import annotations

from croupier.actions import Action, ActionKind
from croupier.errors import PHHError, PHHWarning
from croupier.phh._fields import VARIANTS, FrozenMapping
from croupier.phh._model import HandHistory
from croupier.phh._paths import Source, files
from croupier.phh._read import load, load_all, loads, loads_all
from croupier.phh._stream import iter_load
from croupier.phh._write import dump, dump_all, dumps, dumps_all

__all__ = [
    "VARIANTS",
    "Action",
    "ActionKind",
    "FrozenMapping",
    "HandHistory",
    "PHHError",
    "PHHWarning",
    "Source",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "files",
    "iter_load",
    "load",
    "load_all",
    "loads",
    "loads_all",
]
