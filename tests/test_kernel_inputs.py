"""Every path from Python objects into croupier's kernels is safe and strict (issue 12).

* Re-entrant input: an item whose ``__index__`` (or a sequence whose
  ``__len__`` / ``__iter__``) changes the lists being read cannot crash the
  interpreter.  These run in a child interpreter with ``PYTHONMALLOC=debug``
  (freed memory is overwritten, so reading it faults at once); a child killed
  by a signal fails the test.
* One reading of card codes (``croupier.cards.as_card``) for ``hands``,
  ``equity``, ``ranges`` and ``cards``: ints and numpy integers are cards;
  bools, floats, strings, arrays of one element are a ``ValueError`` naming
  the value.
* numpy batches of every integer dtype, byte order and layout equal the
  pure-Python twin (``tests/reference.py``) row by row, or are refused with a
  ``ValueError`` naming the first bad row and its cards; other dtypes and
  masked arrays are refused.
* Parsers are linear in their input (checked on inputs so long that a
  quadratic parser could not finish within the child's time limit).
* Only ``ValueError`` escapes from these calls (``MemoryError`` and
  ``KeyboardInterrupt`` pass through).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import textwrap
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
import reference as ref
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from croupier import NO_LIMIT, Omaha, Razz, TexasHoldem, cards, equity, hands, pots
from croupier.ranges import Range, parse_range

HOLDEM = TexasHoldem(NO_LIMIT)
OMAHA = Omaha(NO_LIMIT)
RAZZ = Razz(1, 1, (2, 4))

GOOD7 = [51, 46, 41, 36, 31, 26, 21]  # As Qh Jd Ts 9s 8h 7d
GOOD_HOLE = [0, 5, 10, 15]  # 2c 3d 4h 5s
GOOD_BOARD = [16, 22, 27, 32, 44]  # 6c 7h 8s Tc Kc


def run_child(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with Python's debug allocator hooks."""
    env = {**os.environ, "PYTHONMALLOC": "debug", "PYTHONFAULTHANDLER": "1"}
    try:
        return subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        done = (exc.stdout or b"").decode(errors="replace").split()
        pytest.fail(f"the child did not finish in {timeout} s; it had done {done}")


def assert_child_ok(proc: subprocess.CompletedProcess[str], cases: list[str]) -> None:
    """The child ran every case (it prints each name first) and was not killed."""
    assert proc.returncode >= 0, (
        f"the child was killed by signal {-proc.returncode} after: "
        f"{proc.stdout.splitlines()[-1:]}\n{proc.stderr[-3000:]}"
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == [*cases, "done"], proc.stdout


# ----------------------------------------------------------------------------
# 1. Re-entrant input cannot crash a reader
# ----------------------------------------------------------------------------

CHILD_PRELUDE = """
import sys
import numpy as np
from croupier import hands, pots, equity, TexasHoldem, Omaha, Razz, NO_LIMIT

def case(name):
    print(name, flush=True)

def value_error(call, text):
    try:
        call()
    except ValueError as exc:
        assert text in str(exc), str(exc)
        return
    raise AssertionError(f"no ValueError ({text})")

class Hook:
    '''An int-like card or amount whose __index__ first runs ``action``.'''
    def __init__(self, value, action):
        self.value, self.action = value, action
    def __index__(self):
        self.action()
        return self.value
"""

HANDS_CHILD = """
G7 = [51, 46, 41, 36, 31, 26, 21]
want = hands.high(G7)

case("shrink-first")  # the issue's Shrink: __index__ empties the list being read
cards = []
cards[:] = [Hook(51, cards.clear), *G7[1:]]
assert hands.high(cards) == want

case("shrink-middle-and-reuse")  # emptied mid-read, then the freed memory reused
junk = [None] * 4000
def clear_and_fill():
    cards.clear()
    for i in range(len(junk)):
        junk[i] = b"A" * 30
cards = [*G7[:5], Hook(26, clear_and_fill), G7[6]]
assert hands.ace_to_five_low(cards) == hands.ace_to_five_low(G7)

case("grow")  # the list's buffer moves while it is read
cards = [Hook(51, lambda: cards.extend(range(100_000))), *G7[1:]]
assert hands.eight_or_better_low(cards) == hands.eight_or_better_low(G7)

case("replace")
cards = [*G7[:6], Hook(21, lambda: cards.__setitem__(slice(None), [object()] * 7))]
cards[0] = Hook(51, lambda: cards.__setitem__(slice(None), [None] * 2))
assert hands.high(cards) == want

case("numpy-scalars-and-hook")
cards = [np.int64(51), 46, *map(np.uint8, G7[2:])]
cards[1] = Hook(46, cards.clear)
assert hands.high(cards) == want

case("omaha-hole-empties-board")  # the board is read after the hole: now empty
hole, board = [0, 5, 10, 15], [16, 22, 27, 32, 44]
hole[0] = Hook(0, board.clear)
value_error(lambda: hands.omaha_high(hole, board), "board needs 3 to 5 cards, got 0")

case("omaha-board-empties-hole")
hole, board = [0, 5, 10, 15], [16, 22, 27, 32, 44]
board[2] = Hook(27, hole.clear)
assert hands.omaha_eight_or_better_low(hole, board) == hands.omaha_eight_or_better_low(
    [0, 5, 10, 15], [16, 22, 27, 32, 44])

case("tuple-item-empties-list")
outer = list(G7)
assert hands.high((Hook(51, outer.clear), *G7[1:])) == want

class Lying:
    def __init__(self, length, items):
        self.length, self.items = length, items
    def __len__(self):
        return self.length
    def __iter__(self):
        return iter(self.items)

case("len-lies")
value_error(lambda: hands.high(Lying(7, G7[:3])), "needs 5 to 7 cards, got 3")
value_error(lambda: hands.high(Lying(2**100, G7)), "high must be a str or a sequence")
value_error(lambda: hands.high(Lying(-1, G7)), "high must be a str or a sequence")
assert hands.high(Lying(0, G7)) == want

case("iterator-mutates-list")
cards = list(G7)
class Mutating(list):
    def __iter__(self):
        cards.clear()
        return iter(list.__iter__(self))
assert hands.high(Mutating(G7)) == want

print("done")
"""

POTS_CHILD = """
C, F, H, L = [100, 200, 300], [False, False, False], [3, 2, 1], [0, 5, 4]

case("award-contribution-empties-high")
high = list(H)
assert pots.award([Hook(100, high.clear), 200, 300], F, high) == pots.award(C, F, H)

case("distribute-value-empties-low")
low = list(L)
high = [Hook(3, low.clear), 2, 1]
assert pots.distribute(C, F, high, low) == pots.distribute(C, F, H, L)

case("settle-flag-empties-contributions")
contributions = list(C)
folded = [Hook(0, contributions.clear), False, False]
assert pots.settle(contributions, folded, H) == pots.settle(C, F, H)

case("settle-everything-refilled")
contributions, folded, high = list(C), list(F), list(H)
def refill():
    contributions[:] = [object()] * 50
    folded[:] = ["x"] * 50
    high[:] = [None]
contributions[1] = Hook(200, refill)
assert pots.settle(contributions, folded, high, L) == pots.settle(C, F, H, L)

case("dead-empties-folded")  # dead is read first: the flags are read after
folded = list(F)
value_error(lambda: pots.award(C, folded, H, dead=Hook(7, folded.clear)),
            "folded has 0 entries")

case("side-pots-generator-grows-contributions")
contributions = list(C)
def flags():
    contributions.append(400)
    yield from F
value_error(lambda: pots.side_pots(contributions, flags()), "folded has 3 entries")

case("uncalled-item-empties-list")
contributions = list(C)
contributions[0] = Hook(100, contributions.clear)
assert pots.uncalled(contributions) == pots.uncalled(C)

print("done")
"""

EQUITY_CHILD = """
HOLDEM, OMAHA, RAZZ = TexasHoldem(NO_LIMIT), Omaha(NO_LIMIT), Razz(1, 1, (2, 4))

case("holdem-card-empties-other-hand")
a, b = [51, 50], [10, 11]
a[0] = Hook(51, b.clear)
value_error(lambda: equity(HOLDEM, [a, b], board=[0, 1, 2], exact=True), "hand 2 has 0 cards")

case("holdem-board-empties-hands")
a, b = [51, 50], [10, 11]
board = [Hook(0, lambda: (a.clear(), b.clear())), 1, 2]
plain = equity(HOLDEM, [[51, 50], [10, 11]], board=[0, 1, 2], exact=True)
assert equity(HOLDEM, [a, b], board=board, exact=True) == plain

case("omaha-card-empties-hand-list")
given = [[51, 50, 49, 48], [10, 11, 12, 13]]
given[1][0] = Hook(10, given.clear)
plain = equity(OMAHA, [[51, 50, 49, 48], [10, 11, 12, 13]], board=[0, 1, 2, 3], exact=True)
assert equity(OMAHA, given, board=[0, 1, 2, 3], exact=True) == plain

case("stud-hand-empties-dead")  # the dead cards are read after the hands: none left
dead = [20, 24]
plain = equity(RAZZ, [[0, 4, 8], [1, 5, 9]], samples=500, seed=1)
assert equity(RAZZ, [[Hook(0, dead.clear), 4, 8], [1, 5, 9]], dead=dead, samples=500,
              seed=1) == plain

print("done")
"""


@pytest.mark.parametrize(
    ("module", "code"),
    [("hands", HANDS_CHILD), ("pots", POTS_CHILD), ("equity", EQUITY_CHILD)],
)
def test_reentrant_input_cannot_crash_the_interpreter(module: str, code: str) -> None:
    cases = [line.split('"')[1] for line in code.splitlines() if line.startswith('case("')]
    assert_child_ok(run_child(CHILD_PRELUDE + code), cases)


def test_a_subclass_of_ndarray_is_read_as_its_plain_array() -> None:
    """Methods and properties a subclass overrides are never called by the batch readers."""

    class Lies(np.ndarray):
        @property
        def shape(self):  # type: ignore[override]
            return (1, 7)

        def reshape(self, *args, **kwargs):  # type: ignore[override]
            return np.zeros((1, 7), dtype=np.uint8)

        def min(self, *args, **kwargs):  # type: ignore[override]
            return 0

        def max(self, *args, **kwargs):  # type: ignore[override]
            return 0

    rows = np.array([GOOD7, [*GOOD7[:6], 60]], dtype=np.int64)
    with pytest.raises(ValueError, match=r"row 1 .*card code 60"):
        hands.high(rows.view(Lies))
    assert hands.high(rows[:1].view(Lies)).tolist() == [hands.high(GOOD7)]


# ----------------------------------------------------------------------------
# 2. One reading of card codes everywhere
# ----------------------------------------------------------------------------


class IntLike:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"IntLike({self.value})"


ACCEPTED_51 = [
    51,
    IntLike(51),
    np.array(51),
    *(np.dtype(t).type(51) for t in "bBhHiIlLqQ"),
]
REFUSED = [
    True,
    False,
    np.True_,
    np.False_,
    51.9,
    51.0,
    np.float64(51.0),
    np.float32(51.0),
    "43",
    "51",
    b"5",
    None,
    np.array([51]),
    np.array([[51]]),
    np.array(True),
    complex(51, 0),
    Fraction(51),
    Decimal(51),
    object(),
    52,
    -1,
    2**64,
    np.uint64(2**64 - 1),
    np.int8(-1),
    IntLike(52),
]


# Each takes a card in place of As (51) and reads it with the other cards.
ENTRY_POINTS = {
    "high": lambda c: hands.high([c, *GOOD7[1:]]),
    "ace_to_five_low": lambda c: hands.ace_to_five_low((*GOOD7[1:4], c, *GOOD7[4:])),
    "eight_or_better_low": lambda c: hands.eight_or_better_low([*GOOD7[1:], c]),
    "deuce_to_seven_low": lambda c: hands.deuce_to_seven_low([*GOOD7[1:5], c]),
    "badugi": lambda c: hands.badugi((GOOD7[1], c, *GOOD7[2:4])),
    "short_deck_high": lambda c: hands.short_deck_high([c, *GOOD7[1:]]),
    "omaha hole": lambda c: hands.omaha_high([c, *GOOD_HOLE[1:]], GOOD_BOARD),
    "omaha board": lambda c: hands.omaha_eight_or_better_low(GOOD_HOLE, [*GOOD_BOARD[:4], c]),
    "equity hand": lambda c: equity(HOLDEM, [[c, 50], [10, 11]], board=[0, 1, 2]).equity,
    "equity board": lambda c: equity(HOLDEM, [[49, 50], [10, 11]], board=[0, 1, c]).equity,
    "equity dead": lambda c: equity(HOLDEM, [[49, 50], [10, 11]], board=[0, 1, 2], dead=[c]).equity,
    "equity omaha": lambda c: (
        equity(OMAHA, [[c, 50, 49, 48], [10, 11, 12, 13]], board=[0, 1, 2, 3]).equity
    ),
    "equity stud": lambda c: equity(RAZZ, [[c, 4, 8], [1, 5, 9]], samples=300, seed=2).equity,
    "format_card": lambda c: cards.format_card(c),
    "format_cards": lambda c: cards.format_cards([0, c]),
    "card_texts": lambda c: cards.card_texts([0, c]),
    "Range.without": lambda c: parse_range("AA, KK").without([c, 0]),
    "as_cards": lambda c: cards.as_cards([c]),
}


def _names(value: object, message: str) -> bool:
    """Whether ``message`` shows ``value`` (its repr, its text or, for integers, its code)."""
    if repr(value) in message or str(value) in message:
        return True
    return isinstance(value, IntLike) and f"card code {value.value} " in message


def _negative_int(value: object) -> bool:
    return type(value) in (int, np.int8) and value < 0  # type: ignore[operator]


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_every_integer_form_of_a_card_is_the_card(entry: str) -> None:
    call = ENTRY_POINTS[entry]
    expected = call(51)
    for form in ACCEPTED_51:
        assert call(form) == expected, form


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
def test_every_other_form_of_a_card_is_a_value_error_naming_it(entry: str) -> None:
    call = ENTRY_POINTS[entry]
    for value in REFUSED:
        if entry == "card_texts" and _negative_int(value):
            assert call(value) == ["2c", "??"]  # a negative code: an unknown card (UNKNOWN)
            continue
        with pytest.raises(ValueError) as info:
            call(value)
        assert _names(value, str(info.value)), (value, str(info.value))


@pytest.mark.parametrize("bad", [51.9, True, "43", np.True_, np.array([51])])
def test_equity_no_longer_converts_cards_with_int(bad: object) -> None:
    # The issue: equity took 51.9 (as 51), True (as 1) and "43" via int().
    with pytest.raises(ValueError, match=r"a card code must be an integer in 0\.\.51"):
        equity(HOLDEM, [[bad, 40], [10, 11]], samples=100, seed=1)


def test_stud_equity_refuses_a_board() -> None:
    with pytest.raises(ValueError, match="has no board"):
        equity(RAZZ, [[0, 4, 8], [1, 5, 9]], board=[20], samples=100, seed=1)


@pytest.mark.parametrize(
    "masked",
    [
        np.ma.array([GOOD7], mask=False),
        np.ma.array([[*GOOD7[:6], 256]], mask=[[0] * 6 + [1]]),
        np.ma.array(GOOD7, dtype=np.int64),
    ],
)
def test_masked_arrays_are_refused_everywhere(masked: np.ma.MaskedArray) -> None:
    # The issue: a masked array was evaluated on its hidden data (256 wrapped to 0).
    rows = masked.reshape(-1, 7)
    calls = [
        lambda: hands.high(masked),
        lambda: hands.omaha_high(rows[:, :4], np.asarray(rows)[:, 2:]),
        lambda: hands.omaha_high(np.asarray(rows)[:, :4], rows[:, 2:]),
        lambda: hands.category(masked),
        lambda: cards.as_cards(masked.reshape(-1)),
        lambda: equity(HOLDEM, [masked.reshape(-1)[:2], [10, 11]], samples=100),
        lambda: pots.award(masked.reshape(-1)[:3], [False] * 3, [1, 2, 3]),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="masked arrays are not read"):
            call()


# ----------------------------------------------------------------------------
# 3. numpy batches: every dtype and layout, or a ValueError naming the first bad row
# ----------------------------------------------------------------------------

INTEGER_DTYPES = hnp.integer_dtypes(endianness="?") | hnp.unsigned_integer_dtypes(endianness="?")
SINGLE = {
    "high": (hands.high, ref.ref_high),
    "ace_to_five_low": (hands.ace_to_five_low, ref.ref_a5),
    "eight_or_better_low": (hands.eight_or_better_low, ref.ref_low8),
}
OMAHA_FUNCTIONS = {
    "omaha_high": (hands.omaha_high, ref.ref_omaha_high),
    "omaha_eight_or_better_low": (hands.omaha_eight_or_better_low, ref.ref_omaha_low8),
}


def _bad_reason(row: list[int]) -> str | None:
    """Why a row of codes is no hand (the reference reading), or None."""
    for c in row:
        if not 0 <= c <= 51:
            return f"card code {c} is outside 0..51"
    for j, c in enumerate(row):
        if c in row[:j]:
            return f"card {cards.format_card(c)} appears twice"
    return None


@st.composite
def laid_out(draw: st.DrawFn, base: np.ndarray) -> np.ndarray:
    """``base`` (rows, k) with the same values in some memory layout."""
    layout = draw(st.sampled_from(["C", "F", "reversed", "strided", "3-d", "transposed"]))
    if layout == "F":
        return np.asfortranarray(base)
    if layout == "reversed":
        return np.ascontiguousarray(base[::-1])[::-1]
    if layout == "strided":
        wide = np.zeros((base.shape[0] * 2, base.shape[1] * 3), dtype=base.dtype)
        wide[::2, ::3] = base
        return wide[::2, ::3]
    if layout == "3-d" and base.shape[0] % 2 == 0:
        return base.reshape(2, -1, base.shape[1])
    if layout == "transposed":
        return np.ascontiguousarray(base.T).T
    return np.ascontiguousarray(base)


def _rows(k: int, low: int = 0, high: int = 51) -> st.SearchStrategy[list[list[int]]]:
    """Rows of ``k`` codes: mostly distinct cards, sometimes a repeat or a bad code."""
    good = st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True)
    any_codes = st.lists(st.integers(low, high), min_size=k, max_size=k)
    return st.lists(st.one_of(good, good, good, any_codes), min_size=0, max_size=8)


def _array(data: st.DataObject, rows: list[list[int]], k: int) -> np.ndarray:
    dtype = data.draw(INTEGER_DTYPES)
    info = np.iinfo(dtype)
    clipped = [[min(max(c, int(info.min)), int(info.max)) for c in row] for row in rows]
    base = np.array(clipped, dtype=dtype).reshape(len(rows), k)
    return data.draw(laid_out(base))


def _expect(arr: np.ndarray, second: np.ndarray | None, reference) -> list[int] | str:
    """Reference values row by row, or the start of the message for the first bad row."""
    lead = arr.shape[:-1]
    a = arr.reshape(-1, arr.shape[-1]).tolist()
    b = None if second is None else second.reshape(-1, second.shape[-1]).tolist()
    values = []
    for i, row in enumerate(a):
        codes = row if b is None else row + b[i]
        reason = _bad_reason(codes)
        if reason is not None:
            where = i if len(lead) <= 1 else tuple(int(j) for j in np.unravel_index(i, lead))
            cards_text = f"(cards {row})" if b is None else f"(hole {row}, board {b[i]})"
            return f"row {where} {cards_text}: {reason}"
        values.append(reference(row) if b is None else reference(row, b[i]))
    return values


@pytest.mark.parametrize("name", list(SINGLE))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), k=st.integers(5, 7))
def test_batches_of_every_dtype_and_layout_match_the_reference(
    name: str, data: st.DataObject, k: int
) -> None:
    fn, reference = SINGLE[name]
    rows = data.draw(_rows(k, -300, 300))
    arr = _array(data, rows, k)
    before = arr.copy()
    expected = _expect(arr, None, reference)
    threads = data.draw(st.sampled_from([None, 1, 2]))
    if isinstance(expected, str):
        with pytest.raises(ValueError) as info:
            fn(arr, threads=threads)
        assert str(info.value) == expected
    else:
        out = fn(arr, threads=threads)
        assert out.dtype == np.uint16 and out.shape == arr.shape[:-1]
        assert out.reshape(-1).tolist() == expected
    assert np.array_equal(arr, before)


@pytest.mark.parametrize("name", list(OMAHA_FUNCTIONS))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), nh=st.integers(4, 6), nb=st.integers(3, 5))
def test_omaha_batches_of_every_dtype_and_layout_match_the_reference(
    name: str, data: st.DataObject, nh: int, nb: int
) -> None:
    fn, reference = OMAHA_FUNCTIONS[name]
    pairs = data.draw(
        st.lists(
            st.lists(st.integers(0, 51), min_size=nh + nb, max_size=nh + nb, unique=True)
            | st.lists(st.integers(-2, 60), min_size=nh + nb, max_size=nh + nb),
            max_size=6,
        )
    )
    hole = _array(data, [p[:nh] for p in pairs], nh)
    board = _array(data, [p[nh:] for p in pairs], nb).reshape((*hole.shape[:-1], nb))
    expected = _expect(hole, board, reference)
    if isinstance(expected, str):
        with pytest.raises(ValueError) as info:
            fn(hole, board)
        assert str(info.value) == expected
    else:
        assert fn(hole, board).reshape(-1).tolist() == expected


@settings(max_examples=60, deadline=None)
@given(
    arr=hnp.arrays(
        dtype=hnp.floating_dtypes()
        | hnp.boolean_dtypes()
        | hnp.complex_number_dtypes()
        | hnp.datetime64_dtypes()
        | hnp.timedelta64_dtypes()
        | hnp.unicode_string_dtypes()
        | hnp.byte_string_dtypes()
        | st.just(np.dtype(object)),
        shape=hnp.array_shapes(min_dims=1, max_dims=3, max_side=7),
    )
)
def test_batches_of_other_dtypes_are_refused(arr: np.ndarray) -> None:
    for call in (
        lambda: hands.high(arr),
        lambda: hands.omaha_high(arr, np.zeros((*arr.shape[:-1], 5), dtype=np.int64)),
        lambda: hands.category(arr),
        lambda: cards.as_cards(arr),
    ):
        with pytest.raises(ValueError, match="integer dtype"):
            call()


@pytest.mark.parametrize("shape", [(), (7,), (0, 7), (3, 0, 7), (1, 1, 1, 7)])
def test_batches_of_any_number_of_axes(shape: tuple[int, ...]) -> None:
    if not shape:
        with pytest.raises(ValueError, match="at least one axis"):
            hands.high(np.array(5))
        return
    arr = np.broadcast_to(np.array(GOOD7, dtype=">u2"), shape)
    out = hands.high(arr)
    assert out.shape == shape[:-1]
    assert (out == hands.high(GOOD7)).all()


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, ">i4", np.uint16])
@pytest.mark.parametrize("threads", [1, 2])
def test_the_first_bad_row_of_a_large_batch_is_named(dtype: object, threads: int) -> None:
    rows = np.tile(np.array(GOOD7, dtype=np.int64), (200_000, 1))
    rows[123_456, 2] = rows[123_456, 5]  # a repeat ...
    rows[150_000, 3] = 52  # ... before a code out of range (in another thread's chunk)
    rows[190_000, 1] = 255
    arr = rows.astype(dtype)
    repeated = cards.format_card(int(rows[123_456, 5]))
    row = rows[123_456].tolist()
    with pytest.raises(ValueError) as info:
        hands.high(arr, threads=threads)
    assert str(info.value) == f"row 123456 (cards {row}): card {repeated} appears twice"
    rows[123_456] = rows[0]
    with pytest.raises(ValueError, match=r"^row 150000 \(cards \[.*52.*\]\): card code 52 is"):
        hands.high(rows.astype(dtype), threads=threads)


def test_the_first_bad_row_is_named_by_its_index_in_the_leading_shape() -> None:
    arr = np.tile(np.array(GOOD7), (4, 5, 3, 1))
    arr[2, 3, 1, 4] = -7
    with pytest.raises(ValueError, match=r"^row \(2, 3, 1\) \(cards .*-7.*: card code -7"):
        hands.high(arr)
    hole = np.tile(np.array(GOOD_HOLE), (3, 2, 1))
    board = np.tile(np.array(GOOD_BOARD), (3, 2, 1))
    board[1, 1, 0] = GOOD_HOLE[3]
    with pytest.raises(ValueError, match=r"^row \(1, 1\) \(hole .*, board .*\): card 5s appears"):
        hands.omaha_high(hole, board)


# ----------------------------------------------------------------------------
# 4. Parsers are linear in their input
# ----------------------------------------------------------------------------

LONG_INPUTS = """
import time
from croupier.ranges import parse_range
from croupier.cards import parse_cards
n = 1_000_000
texts = {
    "range blanks": ("A" + " " * n + "K", parse_range),
    "range blanks around a colon": ("AA" + " " * n + ":" + " " * n + "x", parse_range),
    "range colons": ("AA" + ":" * n, parse_range),
    "range digits": ("1" * n + " " * n + "%(AA)", parse_range),
    "range weight blanks": ("50" + " " * n + "%" + " " * n + "(AA" + " " * n, parse_range),
    "range open weight": ("50%(AA, " + "KK, " * (n // 4), parse_range),
    "range many tokens": ("AKs:0.5, " * (n // 9) + "QQ", parse_range),
    "cards": ("As" * n, parse_cards),
    "cards blanks": (" " * n + "Az", parse_cards),
    "cards tens": ("10" * n + "1", parse_cards),
}
for name, (text, parse) in texts.items():
    try:
        parse(text)
    except ValueError:
        pass
    print(name.replace(" ", "-"), flush=True)
print("done")
"""


def test_parsers_are_linear_in_their_input() -> None:
    """Each text of millions of characters is parsed in well under a second per million.

    The limit of the child (120 s for all of them, which take a few seconds)
    is no speed test: it only catches a parser that backtracks (the old range
    regex took 1.7 s for 32,000 blanks, so about half an hour for a million).
    """
    names = [
        line.split('"')[1].replace(" ", "-")
        for line in LONG_INPUTS.splitlines()
        if line.startswith('    "')
    ]
    assert_child_ok(run_child(LONG_INPUTS, timeout=120), names)


@settings(max_examples=200, deadline=None)
@given(
    token=st.sampled_from(["AA", "AKs", "KTo", "AhKh", "22"]),
    before=st.sampled_from(["", " ", "\t", "  "]),
    after=st.sampled_from(["", " ", "\n "]),
    number=st.sampled_from(["0.5", "1", ".25", "1.", "0.125"]),
)
def test_a_weight_after_a_colon_reads_as_before(
    token: str, before: str, after: str, number: str
) -> None:
    r = parse_range(f"{token}{before}:{after}{number}")
    assert {w for _, w in r} == {float(Decimal(number))}
    assert r.combos == parse_range(f"{float(Decimal(number)) * 100}%({token})").combos


# ----------------------------------------------------------------------------
# 5. Only ValueError escapes (MemoryError and KeyboardInterrupt pass through)
# ----------------------------------------------------------------------------


class Raising:
    """An object whose every protocol method raises ``error``."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def __index__(self) -> int:
        raise self.error("index")

    def __len__(self) -> int:
        raise self.error("len")

    def __iter__(self):
        raise self.error("iter")

    def __repr__(self) -> str:
        raise self.error("repr")


WEIRD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.just(np.True_),
    st.just(np.array([51])),
    st.just(np.array([[1, 2]])),
    st.just(np.array(5.0)),
    st.builds(Raising, st.sampled_from([TypeError, IndexError, OverflowError, SystemError])),
    st.builds(IntLike, st.integers()),
    st.just(object()),
    st.just({}),
    st.just({1, 2}),
)
WEIRD_LISTS = st.lists(WEIRD, max_size=8) | WEIRD

CALLS = {
    "high": lambda x: hands.high(x),
    "omaha_high hole": lambda x: hands.omaha_high(x, GOOD_BOARD),
    "omaha_high board": lambda x: hands.omaha_eight_or_better_low(GOOD_HOLE, x),
    "describe": lambda x: hands.describe(x),
    "describe kind": lambda x: hands.describe(1, x),
    "category": lambda x: hands.category(x),
    "award contributions": lambda x: pots.award(x, [False] * 3, [1, 2, 3]),
    "award folded": lambda x: pots.award([1, 2, 3], x, [1, 2, 3]),
    "settle high": lambda x: pots.settle([1, 2, 3], [False] * 3, x),
    "settle low": lambda x: pots.settle([1, 2, 3], [False] * 3, [1, 2, 3], x),
    "side_pots dead": lambda x: pots.side_pots([1, 2, 3], [False] * 3, dead=x),
    "uncalled": lambda x: pots.uncalled(x),
    "Pot": lambda x: pots.Pot(1, x),
    "equity hands": lambda x: equity(HOLDEM, x, samples=100),
    "equity hand": lambda x: equity(HOLDEM, [x, "KdKc"], samples=100),
    "equity board": lambda x: equity(HOLDEM, ["AhAs", "KdKc"], board=x, samples=100),
    "equity dead": lambda x: equity(RAZZ, ["AhAs", "KdKc"], dead=x, samples=100),
    "equity game": lambda x: equity(x, ["AhAs", "KdKc"], samples=100),
    "parse_cards": lambda x: cards.parse_cards(x),
    "card_code": lambda x: cards.card_code(x),
    "rank_code": lambda x: cards.rank_code(x),
    "format_cards": lambda x: cards.format_cards(x),
    "card_texts": lambda x: cards.card_texts(x),
    "parse_range": lambda x: parse_range(x),
    "Range": lambda x: Range(x),
    "Range.without": lambda x: parse_range("AA").without(x),
}


@pytest.mark.parametrize("name", list(CALLS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=WEIRD_LISTS)
def test_only_value_errors_escape(name: str, value: object) -> None:
    # Any other exception fails the test; a ValueError or a result is fine.
    with contextlib.suppress(ValueError):
        CALLS[name](value)


@pytest.mark.parametrize("error", [MemoryError, KeyboardInterrupt])
def test_memory_error_and_keyboard_interrupt_pass_through(error: type[BaseException]) -> None:
    bad = Raising(error)
    for call in (
        lambda: hands.high([bad, *GOOD7[1:]]),
        lambda: pots.award([1, bad, 3], [False] * 3, [1, 2, 3]),
        lambda: equity(HOLDEM, [[bad, 50], [10, 11]], samples=100),
        lambda: cards.as_cards(bad),
    ):
        with pytest.raises(error):
            call()


def test_croupier_import_still_loads_no_numpy() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "import sys, croupier; print('numpy' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert proc.stdout.strip() == "False"


@pytest.mark.parametrize("executor", [5, "pool", object()])
def test_an_executor_that_is_not_one_is_a_value_error(executor: object) -> None:
    # (issue 12: equity(executor=5) raised AttributeError)
    game = TexasHoldem(NO_LIMIT)
    with pytest.raises(ValueError, match=r"executor must be a concurrent\.futures\.Executor"):
        equity(game, ["AsAh", "KsKh"], samples=1000, executor=executor)  # type: ignore[arg-type]
