"""croupier.phh on tomllib: bad input of any kind is a PHHError naming the line and field.

The line of a field is looked up in the text only when an error is reported;
these tests check that every kind of bad value, and every TOML syntax error,
comes out as a :class:`PHHError` with the line (and column for syntax errors)
and the field, in single-hand and multi-hand files, with ``tomllib`` and with
``tomli`` (the reader on Python 3.10).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_phh import BASE  # the one small valid hand the PHH tests mutate

from croupier import _toml, phh
from croupier.phh import HandHistory, PHHError

HUGE_EXPONENT = "1e99999999999999999999"  # beyond what Decimal can hold
LONG_INT = "9" * 5000  # beyond Python's int() digit limit (a plain ValueError in tomllib)

# The standard library's reader where there is one (3.11+), and tomli (3.10's) always.
# The fast backend (toml_rs) too where it is installed: it must refuse the same
# documents with the same located messages.
READERS = (["tomllib"] if sys.version_info >= (3, 11) else []) + ["tomli"]
READERS += ["toml_rs"] if "toml_rs" in _toml.BACKENDS else []


@pytest.fixture(params=READERS)
def reader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Run the test with tomllib, with tomli (Python 3.10's reader) and with toml_rs."""
    monkeypatch.setattr(_toml, "_name", _toml.backend())
    monkeypatch.setattr(_toml, "_loads", _toml.BACKENDS[_toml.backend()])
    if request.param == "toml_rs":
        _toml.use("toml_rs")
    else:
        _toml.use("tomllib")
        module: ModuleType = importlib.import_module(request.param)
        monkeypatch.setattr(_toml, "tomllib", module)
    yield request.param


def loads_error(text: str) -> PHHError:
    with pytest.raises(PHHError) as info:
        phh.loads(text)
    return info.value


BAD_VALUES = [
    # (old text, new text, the error's line, its field, a part of the message)
    ("min_bet = 1", f"min_bet = {HUGE_EXPONENT}", 4, "min_bet", "out of range"),
    ("min_bet = 1", "min_bet = -1e-99999999999999999999", 4, "min_bet", "out of range"),
    ("[100, 50.25, 80]", f"[100, {HUGE_EXPONENT}, 80]", 5, "starting_stacks", "[1]: the number"),
    ("min_bet = 1", f"min_bet = 1\n_x = [1, {HUGE_EXPONENT}]", 5, "_x", "out of range"),
    ("min_bet = 1", f"min_bet = 1\nday = {HUGE_EXPONENT}", 5, "day", "out of range"),
    ("min_bet = 1", f"min_bet = 1\ntime_limit = {HUGE_EXPONENT}", 5, "time_limit", "out of range"),
    ("min_bet = 1", "min_bet = 1e40", 4, "min_bet", "too large"),
    ("min_bet = 1", "min_bet = 1" + "0" * 40, 4, "min_bet", "too large"),
    ("min_bet = 1", f"min_bet = {LONG_INT}", 4, "min_bet", "integer too long"),
    ("[100, 50.25, 80]", f"[100, {LONG_INT}, 80]", 5, "starting_stacks", "integer too long"),
    ("min_bet = 1", f"min_bet = 1\n_x = {LONG_INT}", 5, "_x", "integer too long"),
    ("min_bet = 1", "min_bet = nan", 4, "min_bet", "NaN is not an amount"),
    ("[100, 50.25, 80]", "[100, -nan, 80]", 5, "starting_stacks", "[1]: NaN is not an amount"),
    ("min_bet = 1", "min_bet = 1\n_x = +nan", 5, "_x", "NaN is not supported"),
    ("min_bet = 1", "min_bet = 1\ntime_banks = [1, nan, 2]", 5, "time_banks", "[1] must be"),
    ("min_bet = 1", "min_bet = 1\nday = 1.5", 5, "day", "must be an int in 1..31, got 1.5"),
    ("min_bet = 1", "min_bet = 1\nlevel = 2.0", 5, "level", "must be an int"),
    ("min_bet = 1", "min_bet = 1\nseats = [1, 2.5, 3]", 5, "seats", "[1] must be an int"),
    ("min_bet = 1", "min_bet = 1\nhand = 9223372036854775808", 5, "hand", "64-bit int"),
    ("min_bet = 1", "min_bet = 1\n_x = 9223372036854775808", 5, "_x", "does not fit in 64 bits"),
    ("'NT'", "1", 1, "variant", "must be a str, got 1"),
    ("antes = [0, 0, 0]", "antes = 'none'", 2, "antes", "expected an array, got the string"),
    ("antes = [0, 0, 0]", "antes = [0, true, 0]", 2, "antes", "[1]: expected a number, got a bool"),
    ("antes = [0, 0, 0]", "antes = [0, [0], 0]", 2, "antes", "[1]: expected a number, got an a"),
    ("min_bet = 1", "min_bet = 1979-05-27", 4, "min_bet", "expected a number, got a date"),
    ("min_bet = 1", "min_bet = {a = 1}", 4, "min_bet", "expected a number, got a table"),
    ("min_bet = 1", "min_bet = 1\ntime = 'noon'", 5, "time", "must be a datetime.time"),
    ("min_bet = 1", "min_bet = 1\nplayers = ['a', 2, 'c']", 5, "players", "[1] must be a str"),
    ("min_bet = 1", "min_bet = 1\n_x = {a = 1}", 5, "_x", "a table is not a field value"),
    ("min_bet = 1", "min_bet = 1\n_x.y = 1", 5, "_x", "a table is not a field value"),
    ("min_bet = 1", "min_bet = 1\n'quoted key' = {}", 5, "quoted key", "a table"),
    ("min_bet = 1", "min_bet = 1\n[1]\nx = 1", 5, "1", "use loads_all"),
    ("actions = [", "actions = 'p1 f'\nx = [", 6, "actions", "expected an array"),
    ("'d dh p1 ????'", "5", 6, "actions", "actions[0]: expected a string, got the number 5"),
    (
        "'p3 cbr 3'",
        f"'p3 cbr {HUGE_EXPONENT}'",
        6,
        "actions",
        f"actions[3] 'p3 cbr {HUGE_EXPONENT}'",
    ),
    ("'p3 cbr 3'", "'p3 cbr 3.0000000000000000001'", 6, "actions", "more than 18 decimal places"),
    ("'p3 cbr 3'", "'p3 cbr ³'", 6, "actions", "bad amount '³'"),
    ("'p1 f'", "'p٣ f'", 6, "actions", "expected a player like 'p1', got 'p٣'"),
]


@pytest.mark.parametrize(("old", "new", "line", "field", "message"), BAD_VALUES)
def test_bad_values_name_line_and_field(
    reader: str, old: str, new: str, line: int, field: str, message: str
) -> None:
    assert old in BASE
    error = loads_error(BASE.replace(old, new, 1))
    assert error.field == field
    assert re.match(f"line {line}(: |, column )", str(error)), str(error)  # column: too-long ints
    assert f"field '{field}'" in str(error) or str(error).startswith(f"line {line}: actions")
    assert message in str(error)


SYNTAX_ERRORS = [
    # (old text, new text, "line L, column C", field, a part of tomllib's message)
    ("min_bet = 1", "min_bet = 1 1", "line 4, column 13", "min_bet", "expected newline"),
    ("min_bet = 1", "min_bet = 01", "line 4, column 12", "min_bet", "expected newline"),
    ("min_bet = 1", "min_bet = 1\nmin_bet = 2", "line 5, column 12", "min_bet", "overwrite"),
    ("min_bet = 1", "min_bet = 1\ntime = 25:00:00", "line 5, column 10", "time", "expected"),
    ("min_bet = 1", "min_bet = [\n  1,\n  2 3]", "line 6, column 5", "min_bet", "unclosed array"),
    ("'NT'", "'NT", "line 1, column 14", "variant", "invalid character"),
    ("'NT'", '"N\\qT"', "line 1, column 15", "variant", "unescaped"),
    ("min_bet = 1", "min_bet = 1\n_deep = " + "[" * 2000 + "]" * 2000, "line 5,", "_deep", "deep"),
    # a line without a key: the field is the one read last
    ("min_bet = 1", "min_bet = 1\n= 2", "line 5, column 1", "min_bet", "invalid"),
]


@pytest.mark.parametrize(("old", "new", "at", "field", "message"), SYNTAX_ERRORS)
def test_toml_syntax_errors_are_phh_errors_with_line_column_and_field(
    reader: str, old: str, new: str, at: str, field: str, message: str
) -> None:
    assert old in BASE
    error = loads_error(BASE.replace(old, new, 1))
    assert error.__context__ is None  # tomllib's exception is not chained
    assert str(error).startswith(at), str(error)
    assert error.field == field
    assert f"field '{field}': " in str(error)
    assert message in str(error).lower()


def test_truncated_file_points_at_its_last_field(reader: str) -> None:
    error = loads_error(BASE[: BASE.index("'p1 f'")])
    assert re.match(r"line 6, column \d+: field 'actions': ", str(error)), str(error)


def test_multi_hand_errors_name_the_hand_and_its_own_line(reader: str) -> None:
    text = f"[1]\n{BASE}\n[2]\n{BASE.replace('min_bet = 1', 'min_bet = nan')}"
    with pytest.raises(PHHError, match=r"^hand \[2\], line 14: field 'min_bet': NaN"):
        phh.loads_all(text)  # not line 5, the min_bet of hand [1]
    text = f"[1]\n{BASE}\n[2]\n{BASE}min_bet = 2\n"
    with pytest.raises(PHHError, match=r"^hand \[2\], line 18, column 12: field 'min_bet': "):
        phh.loads_all(text)
    text = f"[1]\n{BASE}\n['two']\n{BASE.replace('[0, 0, 0]', '[0, 0]')}"
    with pytest.raises(PHHError, match=r"^hand \[two\], line 12: field 'antes' has 2 entries"):
        phh.loads_all(text)
    assert len(phh.loads_all(f"[1]\n{BASE}\n[1]\n{BASE}")) == 2  # a repeated name: two hands
    with pytest.raises(PHHError, match=r"^line 2: key 'x' is not the \[N\] table of a hand"):
        phh.loads_all(f"# comment\nx = 1\n[1]\n{BASE}")


def test_line_numbers_count_crlf_and_comments(reader: str) -> None:
    text = "# a hand\r\n\r\n" + BASE.replace("\n", "\r\n").replace("min_bet = 1", "min_bet = 0")
    with pytest.raises(PHHError, match=r"^line 6: field 'min_bet' must be a positive int"):
        phh.loads(text)


def test_the_line_is_looked_up_only_for_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(text: str) -> None:
        raise AssertionError("the fast path looked for a line")

    monkeypatch.setattr(_toml, "_statements", fail)
    assert phh.loads(BASE).min_bet == 100
    assert len(phh.loads_all(f"[1]\n{BASE}\n[2]\n{BASE}")) == 2


def test_error_messages_keep_the_old_forms() -> None:
    error = loads_error(BASE.replace("'p1 f'", "'p1 fold'"))
    assert str(error) == "line 6: actions[4] 'p1 fold': unknown player action 'fold'"
    assert error.field == "actions"
    error = loads_error(BASE.replace("antes = [0, 0, 0]\n", ""))
    assert str(error) == "missing required field 'antes'"
    error = loads_error(BASE.replace("'NT'", "'XX'"))
    assert str(error) == "line 1: field 'variant': unknown variant code 'XX'"
    assert isinstance(error, ValueError)


BAD_TEXT = st.text(alphabet=st.sampled_from("0123456789.-+_ '\"[]{}=#\n\r\tpdcbrfhsmAK?infae,:\\x"))


@settings(max_examples=300, deadline=None)
@given(cut=st.integers(0, len(BASE)), junk=BAD_TEXT)
def test_any_text_gives_a_hand_or_a_phh_error(cut: int, junk: str) -> None:
    text = BASE[:cut] + junk + BASE[cut:]
    try:
        hand = phh.loads(text)
    except PHHError as exc:
        assert str(exc)
    else:
        assert isinstance(hand, HandHistory)
        assert phh.loads(phh.dumps(hand)) == hand
