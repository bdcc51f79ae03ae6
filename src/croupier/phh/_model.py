"""The hand history: :class:`HandHistory`, one hand with every PHH field, checked.

>>> from croupier.phh import loads
>>> loads(_EXAMPLE).player_count
2
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from dataclasses import field as _field
from decimal import Decimal

from croupier._display import history_html, history_text
from croupier._validate import MAX_CHIPS
from croupier.actions import (
    Action,
    format_amount,
    scale_exponent,
)
from croupier.errors import PHHError, excerpt
from croupier.phh._fields import (
    _ALWAYS_REQUIRED,
    _EXTRA,
    _FIELDS,
    _PER_PLAYER,
    FrozenMapping,
    _amounts,
    _convert,
    variant_uses,
)
from croupier.variants import from_phh, rules_of


@dataclass(frozen=True, kw_only=True)
class HandHistory:
    """One hand in the PHH format; every field of the specification, plus extras.

    Amounts are ``int`` in units of ``1/scale`` (see the module docstring);
    ``None`` means the field is absent (or, in ``starting_stacks``, an ``inf``
    stack).  Construction checks everything and raises :class:`PHHError`.

    >>> from croupier.phh import dumps
    >>> h = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
    ...                 starting_stacks=(200, 200), actions=(Action("f", actor=1),))
    >>> h.player_count, dumps(h).splitlines()[-1]
    (2, "actions = ['p2 f']")
    >>> HandHistory(variant="NT", antes=(0,), blinds_or_straddles=(1, 2), min_bet=2,
    ...             starting_stacks=(200, 200), actions=())
    Traceback (most recent call last):
    ...
    croupier.errors.PHHError: field 'antes' has 1 entries, expected 2 (one per player)
    """

    variant: str
    ante_trimming_status: bool | None = None
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...] | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    starting_stacks: tuple[int | None, ...]
    actions: tuple[Action, ...]
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: _dt.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Decimal | None = None
    time_banks: tuple[Decimal, ...] | None = None
    scale: int = 1
    extra: Mapping[str, object] = _field(default_factory=FrozenMapping)

    def __repr__(self) -> str:
        """The constructor call with only the fields that are set.

        >>> HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
        ...             starting_stacks=(200, 200), actions=())
        HandHistory(variant='NT', antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2, \
starting_stacks=(200, 200), actions=())
        """
        return history_text(self)

    def _repr_html_(self) -> str:
        """The players, their starting stacks and the actions as an HTML table.

        >>> HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
        ...             starting_stacks=(200, 200), actions=())._repr_html_().count("<tr>")
        3
        """
        return history_html(self)

    def __post_init__(self) -> None:
        scale = self.scale
        scale_exponent(scale)
        if not isinstance(self.extra, FrozenMapping):
            if not isinstance(self.extra, Mapping):
                raise PHHError("extra must be a mapping", field="extra")
            object.__setattr__(self, "extra", FrozenMapping(self.extra))
        fields = vars(self)
        for name, kind in _FIELDS.items():
            value = fields[name]
            if value is None:
                if name in _ALWAYS_REQUIRED:
                    raise PHHError(f"missing required field {name!r}", field=name)
            elif problem := kind.problem(value, scale):
                raise PHHError(f"field {name!r}{problem}", field=name)
        lowest = self._check_variant()  # the lowest card code of the variant's deck
        players = len(self.starting_stacks)
        if players < 2:
            raise PHHError(
                f"field 'starting_stacks' has {players} entries, a hand needs at least 2 players",
                field="starting_stacks",
            )
        for name in _PER_PLAYER:
            value = getattr(self, name)
            if value is not None and len(value) != players:
                raise PHHError(
                    f"field {name!r} has {len(value)} entries, expected {players} (one per player)",
                    field=name,
                )
        for i, action in enumerate(self.actions):
            actor, target, amount = action.actor, action.target, action.amount
            if (
                (actor is None or actor < players)
                and (target is None or target < players)
                and (amount is None or amount < MAX_CHIPS)
                and not (lowest and action.cards)
            ):
                continue  # the common case, checked at once
            problem = None
            if max(action.actor or 0, action.target or 0) >= players:
                who = max(action.actor or 0, action.target or 0) + 1
                problem = f"player p{who} does not exist ({players} players)"
            elif lowest and any(c is not None and 0 <= c < lowest for c in action.cards):
                title = rules_of(from_phh(self.variant)[1]).title
                rank = {16: "six", 32: "ten"}.get(lowest, f"card {lowest}")
                problem = f"{title} has no cards below {rank}"
            elif action.amount is not None and action.amount >= MAX_CHIPS:
                problem = "the amount is too large (must be below 10**40 units)"
            if problem:
                raise PHHError(
                    f"actions[{i}] {excerpt(action.to_text(scale))}: {problem}", field="actions"
                )
        for key, value in self.extra.items():
            if not isinstance(key, str):
                raise PHHError(f"extra field name {excerpt(repr(key))} is not a str", field="extra")
            if key in _FIELDS:
                raise PHHError(f"extra field {excerpt(key)} is a PHH field", field=key)
            if problem := _EXTRA.problem(value, scale):
                raise PHHError(f"extra field {excerpt(key)}: {problem}", field=key)

    def _check_variant(self) -> int:
        """The variant's fields are present and the others absent; its deck's lowest card."""
        variant = self.variant
        uses = variant_uses(variant)
        if uses is None:
            raise PHHError(
                f"field 'variant': unknown variant code {excerpt(variant)}", field="variant"
            )
        needed, lowest = uses
        for name, used in needed:
            present = getattr(self, name) is not None
            if used and not present:
                raise PHHError(f"missing required field {name!r} (variant {variant})", field=name)
            if present and not used:
                raise PHHError(f"field {name!r} is not used by variant {variant}", field=name)
        return lowest

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    def to_decimal(self, amount: int) -> Decimal:
        """An amount of this hand (in ``1/scale`` units) as an exact ``Decimal``.

        >>> from croupier.phh import loads
        >>> loads(_EXAMPLE).to_decimal(50)
        Decimal('0.5')
        """
        return Decimal(format_amount(amount, self.scale))

    def with_scale(self, scale: int) -> HandHistory:
        """The same hand with amounts in units of ``1/scale`` (must be exact).

        >>> from croupier.phh import loads
        >>> h = loads(_EXAMPLE).with_scale(1000)
        >>> h.scale, h.blinds_or_straddles
        (1000, (500, 1000))
        >>> h.with_scale(1)
        Traceback (most recent call last):
        ...
        croupier.errors.PHHError: amount 500 at scale 1000 is not a whole number at scale 1
        """
        exponent = scale_exponent(scale) - scale_exponent(self.scale)

        up, down = int(10 ** max(exponent, 0)), int(10 ** max(-exponent, 0))

        def convert(units: int) -> int:
            whole, rest = divmod(units * up, down)
            if rest:
                raise PHHError(
                    f"amount {units} at scale {self.scale} is not a whole number at scale {scale}"
                )
            return whole

        actions = tuple(
            a if a.amount is None else replace(a, amount=convert(a.amount)) for a in self.actions
        )
        return replace(self, scale=scale, actions=actions, **_convert(vars(self), convert))  # type: ignore[arg-type]

    def normalized(self) -> HandHistory:
        """The same hand at the smallest scale that keeps every amount whole.

        :func:`loads` always returns normalized hands, so ``loads(dumps(h)) ==
        h.normalized()`` for every hand ``h``.

        >>> from croupier.phh import dumps, loads
        >>> h = loads(_EXAMPLE)
        >>> h.with_scale(10**6).normalized() == h
        True
        """
        amounts = [a for a in _amounts(vars(self), (a.amount for a in self.actions)) if a]
        scale = self.scale
        while scale > 1 and all(a % 10 == 0 for a in amounts):
            amounts = [a // 10 for a in amounts]
            scale //= 10
        return self.with_scale(scale)


_EXAMPLE = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.50, 1]
min_bet = 1
starting_stacks = [100.25, 100]
actions = ['p2 cbr 3', 'p1 f']
"""
