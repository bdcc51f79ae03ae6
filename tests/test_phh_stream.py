"""Streaming many hands: ``phh.iter_load``, ``phh.files`` and the TOML backends.

``iter_load`` must give exactly the hands ``load_all``/``load`` give, from any
kind of source, one table at a time (memory does not grow with the file), name
the file, the table and the line of a bad hand, and skip it when asked.  The
fast TOML backend (toml_rs, the ``fast`` extra) must read every shipped file
to the same values as tomllib.
"""

from __future__ import annotations

import io
import os
import pickle
import re
import tracemalloc
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path

import pytest

from croupier import _impl, _toml, phh
from croupier.errors import PHHError, PHHWarning
from croupier.phh import _split

DATA = Path(__file__).resolve().parent / "data" / "phh"
HANDHQ = sorted((DATA / "handhq").glob("*.phhs"))
WSOP = sorted((DATA / "wsop").glob("*.phh"))
SHIPPED = HANDHQ + WSOP
HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['p2 cbr 6', 'p1 f']
"""


def table(name: str, body: str = HAND) -> str:
    return f"[{name}]\n{body}\n"


@pytest.fixture(params=sorted(_toml.BACKENDS))
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each installed TOML backend in turn behind the reader."""
    monkeypatch.setattr(_toml, "_name", _toml.backend())
    monkeypatch.setattr(_toml, "_loads", _toml.BACKENDS[_toml.backend()])
    _toml.use(request.param)
    yield request.param


def test_the_fast_backend_is_installed_with_the_test_extra() -> None:
    # The test extra installs toml-rs (and tomli), so the agreement tests below
    # compare at least two backends; croupier picks the fastest, but tomllib when
    # CROUPIER_TOML=tomllib or CROUPIER_IMPL=pure says so.
    assert {"tomllib", "toml_rs"} <= set(_toml.BACKENDS)
    asked = os.environ.get("CROUPIER_TOML") == "tomllib" or _impl.PURE
    assert _toml.backend() == ("tomllib" if asked else "toml_rs")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_backends_read_every_shipped_file_to_the_same_values(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    documents = [read(text, parse_float=Decimal) for read in _toml.BACKENDS.values()]
    assert all(doc == documents[0] for doc in documents)
    assert len(documents) >= 2


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_reader_gives_the_same_hands_on_every_backend(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_toml, "_name", _toml.backend())
    monkeypatch.setattr(_toml, "_loads", _toml.BACKENDS[_toml.backend()])
    read = phh.load_all if path.suffix == ".phhs" else (lambda p: [phh.load(p)])
    results = []
    for name in _toml.BACKENDS:
        _toml.use(name)
        results.append(read(path))
    assert all(result == results[0] for result in results[1:]) and len(results[0]) >= 1


def test_iter_load_gives_the_hands_of_load_all_for_every_shipped_file(backend: str) -> None:
    streamed = list(phh.iter_load(DATA / "handhq"))
    assert streamed == [h for path in HANDHQ for h in phh.load_all(path)]
    assert len(streamed) == 2954
    assert list(phh.iter_load(DATA / "wsop")) == [phh.load(p) for p in WSOP]


def test_iter_load_reads_paths_globs_lists_and_file_objects() -> None:
    path = HANDHQ[2]
    expected = phh.load_all(path)
    assert list(phh.iter_load(str(path))) == expected
    assert list(phh.iter_load([path, path])) == expected * 2
    assert list(phh.iter_load(str(DATA / "handhq" / "IPN-*.phhs"))) == expected
    with open(path, "rb") as binary, open(path, encoding="utf-8") as text:
        assert list(phh.iter_load(binary)) == expected
        assert list(phh.iter_load(text)) == expected
    assert list(phh.iter_load(io.StringIO(HAND))) == [phh.loads(HAND)]  # a .phh hand


def test_files_expands_directories_and_globs_in_order(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("b.phhs", "a.phh", "sub/c.phh", "notes.txt"):
        (tmp_path / name).write_text(HAND)
    assert [p.name for p in phh.files(tmp_path)] == ["a.phh", "b.phhs", "c.phh"]
    assert [p.name for p in phh.files([tmp_path / "b.phhs", tmp_path / "a.phh"])] == [
        "b.phhs",
        "a.phh",
    ]
    with pytest.raises(FileNotFoundError, match="no file matches"):
        phh.files(str(tmp_path / "*.nothing"))
    with pytest.raises(FileNotFoundError, match="no such file"):
        phh.files(tmp_path / "missing.phhs")
    with pytest.raises(ValueError, match="expected a path"):
        phh.files([3])  # type: ignore[list-item]


def test_a_bad_hand_names_the_file_the_table_and_the_line(tmp_path: Path) -> None:
    text = table("1") + table("2", HAND.replace("'p1 f'", "'p1 fold'")) + table("3")
    path = tmp_path / "bad.phhs"
    path.write_text(text)
    with pytest.raises(PHHError) as info:
        list(phh.iter_load(path))
    error = info.value
    line = text.splitlines().index("actions = ['p2 cbr 6', 'p1 fold']") + 1
    assert str(error) == (
        f"{path}: hand [2], line {line}: actions[1] 'p1 fold': unknown player action 'fold'"
    )
    assert (error.path, error.table, error.line, error.field) == (str(path), "2", line, "actions")
    assert pickle.loads(pickle.dumps(error)).line == line  # errors cross process boundaries


def test_a_toml_error_is_located_in_the_file_too(tmp_path: Path, backend: str) -> None:
    text = table("1") + table("2", HAND.replace("min_bet = 2", "min_bet = 2 2")) + table("3")
    path = tmp_path / "bad.phhs"
    path.write_text(text)
    with pytest.raises(PHHError) as info:
        list(phh.iter_load(path))
    line = text.splitlines().index("min_bet = 2 2") + 1
    assert str(info.value).startswith(f"{path}: hand [2], line {line}, column 13: field 'min_bet'")


def test_errors_skip_reports_the_bad_hand_and_goes_on(tmp_path: Path) -> None:
    text = table("1") + table("2", HAND.replace("'p1 f'", "'p1 fold'")) + table("3")
    path = tmp_path / "bad.phhs"
    path.write_text(text)
    errors: list[PHHError] = []
    hands = list(phh.iter_load(path, errors="skip", on_error=errors.append))
    assert hands == [phh.loads(HAND)] * 2
    assert [e.table for e in errors] == ["2"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert len(list(phh.iter_load(path, errors="skip"))) == 2
    assert [w.category for w in caught] == [PHHWarning]
    assert "hand [2]" in str(caught[0].message)
    with pytest.raises(ValueError, match="errors must be"):
        list(phh.iter_load(path, errors="ignore"))  # type: ignore[arg-type]


def test_a_header_inside_a_multi_line_string_does_not_start_a_hand() -> None:
    body = HAND + "_note = '''\n[2]\nnot a hand\n'''\n"
    text = table("1", body) + table("3")
    assert list(phh.iter_load(io.StringIO(text))) == phh.loads_all(text)
    assert len(phh.loads_all(text)) == 2
    assert phh.loads_all(text)[0].extra["_note"] == "[2]\nnot a hand\n"


def test_a_byte_order_mark_and_comments_before_the_first_table_are_read() -> None:
    text = "\ufeff# a corpus\n\n" + table("1") + table("2")
    assert list(phh.iter_load(io.BytesIO(text.encode()))) == [phh.loads(HAND)] * 2
    assert phh.loads_all(text) == [phh.loads(HAND)] * 2


def test_fields_outside_the_tables_are_refused_as_before() -> None:
    text = "variant = 'NT'\n" + table("1")
    for read in (phh.loads_all, lambda t: list(phh.iter_load(io.StringIO(t)))):
        with pytest.raises(PHHError, match="key 'variant' is not the \\[N\\] table of a hand"):
            read(text)


def test_deep_nesting_is_an_error_not_a_crash(backend: str) -> None:
    # toml_rs alone crashes the interpreter on 10,000 nested arrays.
    depth = 100_000
    text = HAND + "_deep = " + "[" * depth + "]" * depth + "\n"
    with pytest.raises(PHHError, match="nested too deeply"):
        phh.loads(text)
    with pytest.raises(PHHError, match="nested too deeply"):
        list(phh.iter_load(io.StringIO(table("1", text))))


def test_moderate_nesting_reads_the_same_on_every_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_toml, "_name", _toml.backend())
    monkeypatch.setattr(_toml, "_loads", _toml.BACKENDS[_toml.backend()])
    text = HAND + "_deep = " + "[" * 100 + "]" * 100 + "\n"
    hands = []
    for name in _toml.BACKENDS:
        _toml.use(name)
        hands.append(phh.loads(text))
    assert all(hand == hands[0] for hand in hands[1:])
    value, depth = hands[0].extra["_deep"], 1
    while value != ():
        value, depth = value[0], depth + 1  # type: ignore[index]
    assert depth == 100


def test_an_executor_gives_the_serial_result_in_the_same_order() -> None:
    serial = list(phh.iter_load(SHIPPED))
    with ThreadPoolExecutor(2) as threads:
        assert list(phh.iter_load(SHIPPED, executor=threads)) == serial
    with ProcessPoolExecutor(2) as processes:
        assert list(phh.iter_load(HANDHQ, executor=processes)) == serial[:2954]
    with ThreadPoolExecutor(1) as threads, pytest.raises(ValueError, match="file object"):
        list(phh.iter_load(io.StringIO(HAND), executor=threads))


def test_an_executor_reports_skipped_hands_like_the_serial_run(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phhs"
    bad.write_text(table("1") + table("2", HAND.replace("'p1 f'", "'p1 fold'")))
    good = tmp_path / "good.phhs"
    good.write_text(table("1"))
    runs = []
    for executor in (None, ThreadPoolExecutor(2)):
        errors: list[PHHError] = []
        hands = list(
            phh.iter_load([bad, good], errors="skip", on_error=errors.append, executor=executor)
        )
        runs.append((hands, [str(e) for e in errors]))
    assert runs[0] == runs[1] and len(runs[0][0]) == 2 and len(runs[0][1]) == 1


def test_memory_does_not_grow_with_the_file(tmp_path: Path) -> None:
    # Streaming a 2.7 MB file of 3,304 hands holds a block of the file and one hand at
    # a time: its peak of Python allocations is a small fraction of what load_all
    # holds (every hand).
    sample = HANDHQ[2].read_text(encoding="utf-8").rstrip("\n") + "\n"
    path = tmp_path / "x8.phhs"
    copies = [re.sub(r"(?m)^\[(\d+)\]$", rf"[{k}-\1]", sample) for k in range(8)]
    path.write_text("".join(copies))
    peaks = []
    for streaming in (True, False):
        tracemalloc.start()
        count = sum(1 for _ in phh.iter_load(path)) if streaming else len(phh.load_all(path))
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert count == 413 * 8
    assert peaks[0] < 8 * _split._BLOCK < path.stat().st_size  # a few blocks of the file
    assert peaks[0] * 10 < peaks[1], peaks


def test_headers_are_found_where_the_header_pattern_matches() -> None:
    # phh._split._headers searches after newlines (fast); it must find what the
    # line-anchored pattern finds, from any line start and up to any limit.
    import random

    rng = random.Random(7)
    alphabet = [b"\n", b"[", b"]", b"1", b"a", b" ", b"\t", b"#", b"'", b'"', b"\r", b"-", b"x"]
    alphabet += [b"\n[1]", b"[2]\n", b"\n [ 'a b' ] # c", b'\n["x"]\r\n', b"\n[3]"]
    found = 0
    for _ in range(3000):
        data = b"".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        starts = [0] + [i + 1 for i, c in enumerate(data) if c == 10]
        start = rng.choice(starts)
        limit = rng.randrange(start, len(data) + 1)
        want = [m.start() for m in _split._HEADER.finditer(data, start, limit)]
        assert list(_split._headers(data, start, limit)) == want, (data, start, limit)
        found += len(want)
    assert found > 100
