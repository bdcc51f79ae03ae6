"""A bounded fuzz of the sites' importers: cut, mutated and mixed files of every site.

Whatever the bytes, reading gives hands or :class:`~croupier.errors.SiteError`
(a ``ValueError``) naming the file and the hand (or, for a file no site writes, the
file); nothing else is raised, nothing hangs (a watchdog fails the test after a
minute), and streaming a long file holds one hand at a time.
"""

from __future__ import annotations

import faulthandler
import io
import random
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from croupier import sites
from croupier.errors import SiteError

DATA = Path(__file__).parent / "data" / "sites"
FILES = sorted(p for p in DATA.rglob("*") if p.suffix in sites.SUFFIXES)
CASES = 400  # mutated files read in all (a few seconds)


@pytest.fixture(autouse=True)
def watchdog() -> Iterator[None]:
    faulthandler.dump_traceback_later(120, exit=True)  # a hang fails loudly
    yield
    faulthandler.cancel_dump_traceback_later()


def mutate(rng: random.Random, texts: list[str]) -> str:
    """One of: a cut, lines deleted, doubled or swapped, characters changed, two sites'
    files spliced, a huge line, bytes that are not text."""
    text = rng.choice(texts)
    lines = text.split("\n")
    kind = rng.randrange(8)
    if kind == 0:  # cut anywhere
        return text[: rng.randrange(len(text) + 1)]
    if kind == 1:  # lines deleted
        for _ in range(rng.randint(1, 4)):
            if lines:
                del lines[rng.randrange(len(lines))]
    elif kind == 2:  # lines doubled
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
    elif kind == 3:  # lines swapped
        for _ in range(rng.randint(1, 3)):
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    elif kind == 4:  # characters changed: digits, cards, separators
        chars = list(text)
        for _ in range(rng.randint(1, 12)):
            k = rng.randrange(len(chars))
            chars[k] = rng.choice("0123456789.,$€ []:#AKQJTscdh\n\t\x00é玩")
        return "".join(chars)
    elif kind == 5:  # two files spliced (two sites, or one site twice)
        other = rng.choice(texts).split("\n")
        cut = rng.randrange(len(lines) + 1)
        lines = lines[:cut] + other[rng.randrange(len(other) + 1) :]
    elif kind == 6:  # a huge line
        k = rng.randrange(len(lines))
        lines[k] = lines[k] + "9" * rng.choice([10, 5000, 200_000])
    else:  # amounts made enormous or negative
        return text.replace("$", rng.choice(["$9" * 30, "$-", "$.", "$1e9", "$"]), 3)
    return "\n".join(lines)


def check_error(error: BaseException, where: str | None) -> None:
    assert isinstance(error, SiteError), repr(error)
    message = str(error)
    if where is not None:
        assert message.startswith(where), message
    assert (
        error.hand is not None or "not a hand history" in message or " hand at line " in (message)
    ), message


def test_mutated_files_give_hands_or_site_errors(tmp_path: Path) -> None:
    texts = [p.read_text(encoding="utf-8") for p in FILES]
    assert texts, f"no site test files under {DATA}"
    rng = random.Random(25)
    read = errors = 0
    for case in range(CASES):
        text = mutate(rng, texts)
        path = tmp_path / f"case{case % 8}.txt"
        if rng.random() < 0.1:
            path.write_bytes(text.encode("utf-8")[: rng.randrange(1, 200)] + b"\xff\xfe\x00")
        else:
            path.write_text(text, encoding="utf-8")
        try:
            read += len(sites.load_all(path))
        except Exception as exc:
            errors += 1
            check_error(exc, str(path))
        skipped: list[SiteError] = []
        try:
            reader = sites.iter_load(path, errors="skip", on_error=skipped.append)
            hands = list(reader)
        except Exception as exc:
            check_error(exc, str(path))
            assert "not a hand history of a known site" in str(exc)
            continue
        assert reader.hands == len(hands) and reader.skipped == len(skipped)
        for error in skipped:
            check_error(error, str(path))
    assert read > 0 and errors > 0  # both happen: the fuzz reaches the checks


def test_streaming_a_long_file_holds_one_hand_at_a_time(tmp_path: Path) -> None:
    hand = (DATA / "pokerstars" / "holdem_cash.txt").read_text(encoding="utf-8")
    huge = "Hero: bets $" + "1" * 3_000_000  # one bad line of 3 MB in the middle
    path = tmp_path / "long.txt"
    with open(path, "w", encoding="utf-8") as f:
        for k in range(300):
            f.write(hand if k != 150 else hand.replace("Hero: bets $1.60", huge, 1))
            f.write("\n\n")
    tracemalloc.start()
    reader = sites.iter_load(path, errors="skip", on_error=lambda e: None)
    count = sum(1 for _ in reader)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 5 * 300 - 1 and reader.skipped == 1
    assert peak < 2_000_000, peak  # the file is 10 MB, the bad line 3 MB


def test_a_file_of_another_kind_is_one_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n", encoding="utf-8")
    with pytest.raises(SiteError, match=r"notes\.txt: not a hand history of a known site"):
        sites.load_all(path)
    assert sites.load_all(io.StringIO("")) == []
