"""The reader's quick path (``phh._quick._quick_hand``) against its checked path.

The quick path reads a plain table in one pass and makes the ``HandHistory``
without running its checks again; on anything else it returns ``None`` and the
checked path (``phh._read._checked_hand``) reads the table and names the problem.  It
must accept only what the checked path accepts and make the same hand: checked
here on every shipped hand and on tables mutated at random (wrong types,
values out of range, missing and extra fields, bad action lines, lengths).
"""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from croupier import _toml, phh
from croupier.errors import PHHError
from croupier.phh import _quick, _read

DATA = Path(__file__).resolve().parent / "data" / "phh"
FILES = sorted((DATA / "handhq").glob("*.phhs")) + sorted((DATA / "wsop").glob("*.phh"))


def tables() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for path in FILES:
        doc = _toml.standard(path.read_text(encoding="utf-8"), multi=path.suffix == ".phhs")
        found.extend(doc.values() if path.suffix == ".phhs" else [doc])
    return found


TABLES = tables()


def checked(table: dict[str, Any]) -> phh.HandHistory | None:
    try:
        return _read._checked_hand(copy.deepcopy(table))
    except (PHHError, ValueError, ArithmeticError):
        return None


def quick(table: dict[str, Any]) -> phh.HandHistory | None:
    try:
        return _quick._quick_hand(copy.deepcopy(table))
    except (PHHError, ValueError, ArithmeticError):
        return None


def same(a: phh.HandHistory, b: phh.HandHistory) -> None:
    assert a == b
    for field in dataclasses.fields(phh.HandHistory):
        x, y = getattr(a, field.name), getattr(b, field.name)
        assert type(x) is type(y), field.name
        if isinstance(x, tuple):
            assert [type(v) for v in x] == [type(v) for v in y], field.name
    assert vars(a).keys() == vars(b).keys()


def test_every_shipped_hand_takes_the_quick_path_to_the_same_hand() -> None:
    assert len(TABLES) == 2954 + 97
    taken = 0
    for table in TABLES:
        slow = checked(table)
        assert slow is not None
        fast = quick(table)
        if fast is not None:
            same(fast, slow)
            taken += 1
    assert taken == len(TABLES)  # every shipped hand is plain


SWAPS: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    31,
    32,
    13,
    2**63,
    -(2**63) - 1,
    10**40,
    10**39,
    Decimal("0.5"),
    Decimal("-0.5"),
    Decimal("1E+39"),
    Decimal("1E+41"),
    Decimal("NaN"),
    Decimal("Infinity"),
    Decimal("-Infinity"),
    Decimal("0.0000000000000000001"),
    Decimal("1.000"),
    "x",
    "NT",
    "FR",
    "NS",
    "p1 f",
    [],
    [0],
    [1, 2],
    ["a", "b"],
    [Decimal("Infinity"), 1],
    [True, 1],
    dt.time(1, 2),
    dt.time(1, 2, tzinfo=dt.timezone.utc),
    dt.date(2020, 1, 1),
    {"a": 1},
]
LINES = [
    "p1 f",
    "p9 f",
    "p1 cbr 0",
    "p1 cbr 0.001",
    "p1 cbr 1E+50",
    "p1 cbr -1",
    "p1 raise 2",
    "d dh p1 2c3c",
    "d dh p12 AsKs",
    "d db 2c",
    "p1 sm 2c3c",
    "p1 sm -",
    "p2 cc # note",
    "",
    "p1",
    7,
    "d db ??",
    "p1 cbr 12345678901234567890.5",
]


def mutate(table: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    table = copy.deepcopy(table)
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        keys = list(table)
        if roll < 0.35:  # a field takes another value
            table[rng.choice(keys)] = copy.deepcopy(rng.choice(SWAPS))
        elif roll < 0.5:  # an array entry takes another value
            arrays = [k for k in keys if isinstance(table[k], list) and table[k]]
            if arrays:
                key = rng.choice(arrays)
                value = rng.choice(SWAPS) if key != "actions" else rng.choice(LINES)
                table[key][rng.randrange(len(table[key]))] = copy.deepcopy(value)
        elif roll < 0.6:  # an array loses or gains an entry
            arrays = [k for k in keys if isinstance(table[k], list) and table[k]]
            if arrays:
                key = rng.choice(arrays)
                if rng.random() < 0.5:
                    table[key].pop()
                else:
                    table[key].append(table[key][0])
        elif roll < 0.7:
            del table[rng.choice(keys)]
        elif roll < 0.8:  # a field of another game, of the specification, or an extra
            name = rng.choice(
                [
                    "bring_in",
                    "small_bet",
                    "big_bet",
                    "time_limit",
                    "_extra",
                    "time_banks",
                    "url",
                    "day",
                    "seat_count",
                ]
            )
            table[name] = copy.deepcopy(rng.choice(SWAPS))
        elif roll < 0.9:  # another variant
            table["variant"] = rng.choice(["NT", "FT", "PO", "FR", "F7S", "NS", "NRH", "FKP", "X"])
        else:  # amounts with more decimal places
            for key in ("starting_stacks", "antes", "blinds_or_straddles"):
                if isinstance(table.get(key), list) and table[key]:
                    table[key][0] = Decimal(rng.choice(["0.25", "1.125", "1E-18", "1E-19"]))
    return table


@pytest.mark.parametrize("seed", range(4))
def test_the_quick_path_accepts_only_what_the_checked_path_accepts(seed: int) -> None:
    rng = random.Random(seed)
    accepted = refused = 0
    for _ in range(1500):
        table = mutate(rng.choice(TABLES), rng)
        slow, fast = checked(table), quick(table)
        if slow is None:
            assert fast is None, table
            refused += 1
        elif fast is not None:
            same(fast, slow)
            accepted += 1
    assert accepted > 100 and refused > 100  # both sides were exercised
