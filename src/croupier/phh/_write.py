"""Writing PHH text: the fields in the table's order, amounts at the hand's scale.

>>> from croupier.phh import loads
>>> from croupier.phh._model import _EXAMPLE
>>> dumps(loads(_EXAMPLE)).splitlines()[0]
"variant = 'NT'"
"""

from __future__ import annotations

from collections.abc import Iterable

import croupier._toml as _toml
from croupier.errors import PHHError
from croupier.phh._fields import _EXTRA, _FIELDS
from croupier.phh._model import HandHistory
from croupier.phh._paths import PathOrFile, _write_text


def dumps(hand: HandHistory) -> str:
    """The ``.phh`` text of one hand (see the module docstring for the layout).

    >>> from croupier.phh import loads
    >>> from croupier.phh._model import _EXAMPLE
    >>> print(dumps(loads(_EXAMPLE)), end="")
    variant = 'NT'
    antes = [0, 0]
    blinds_or_straddles = [0.5, 1]
    min_bet = 1
    starting_stacks = [100.25, 100]
    actions = ['p2 cbr 3', 'p1 f']
    """
    if not isinstance(hand, HandHistory):
        raise PHHError(f"expected a HandHistory, got {type(hand).__name__}")
    fields = [(name, kind, getattr(hand, name)) for name, kind in _FIELDS.items()]
    fields += [(key, _EXTRA, value) for key, value in hand.extra.items()]
    lines = [
        f"{_toml.key(name)} = {kind.write(value, hand.scale)}"
        for name, kind, value in fields
        if value is not None
    ]
    return "\n".join(lines) + "\n"


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text of several hands, under ``[1]``, ``[2]``, ... headers.

    >>> from croupier.phh import loads
    >>> from croupier.phh._model import _EXAMPLE
    >>> print(dumps_all([loads(_EXAMPLE)] * 2).count("variant = 'NT'"))
    2
    """
    return "\n".join(f"[{i}]\n{dumps(hand)}" for i, hand in enumerate(hands, 1))


def dump(hand: HandHistory, target: PathOrFile) -> None:
    """Write one hand as ``.phh`` text to a path or a text/binary file object.

    >>> import io
    >>> from croupier.phh import loads
    >>> from croupier.phh._model import _EXAMPLE
    >>> out = io.StringIO(); dump(loads(_EXAMPLE), out); out.getvalue() == dumps(loads(_EXAMPLE))
    True
    """
    _write_text(dumps(hand), target)


def dump_all(hands: Iterable[HandHistory], target: PathOrFile) -> None:
    """Write several hands as ``.phhs`` text to a path or a file object.

    >>> import io
    >>> from croupier.phh import loads
    >>> from croupier.phh._model import _EXAMPLE
    >>> out = io.BytesIO(); dump_all([loads(_EXAMPLE)], out); out.getvalue()[:4]
    b'[1]\\n'
    """
    _write_text(dumps_all(hands), target)
