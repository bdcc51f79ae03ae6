"""Reading and replaying real hand histories: croupier against PokerKit, in one run.

    python bench/peer_phh.py [--quick]

The HandHQ sample kept with the tests (four ``.phhs`` files, 2,954 No-Limit
Hold'em hands) is read and every hand replayed to its end:

* croupier: ``phh.iter_load(files)`` and ``replay.replay(hand)`` for each hand,
  with each TOML backend installed (``toml_rs``, the ``fast`` extra, and
  ``tomllib``); also reading alone.
* PokerKit: ``HandHistory.load_all(file)`` and iterating each hand history
  (``for state in hh``: every action applied to PokerKit's state machine), on
  the same files.

Each entry is timed on this thread's CPU time, best of several rounds, the
libraries in alternating rounds (the machine may be shared).  The rows are
Markdown; :func:`headline` gives croupier ÷ PokerKit for ``compare_peers.py
--check``.  PokerKit warns about fields it does not know (``time_zone_abbreviation``):
those warnings are silenced while it is timed.
"""

from __future__ import annotations

import argparse
import gc
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from croupier import _toml, phh
from croupier.replay import replay

HANDHQ = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh" / "handhq"
HANDS = 2954


def files() -> list[Path]:
    found = sorted(HANDHQ.glob("*.phhs"))
    assert len(found) == 4, f"the HandHQ sample (4 .phhs files) is not in {HANDHQ}"
    return found


@contextmanager
def backend(name: str) -> Iterator[None]:
    before = _toml.backend()
    _toml.use(name)
    try:
        yield
    finally:
        _toml.use(before)


def croupier_read(paths: list[Path]) -> int:
    return sum(1 for _ in phh.iter_load(paths))


def croupier_replay(paths: list[Path]) -> int:
    count = 0
    for history in phh.iter_load(paths):
        replay(history)  # every hand of the sample replays (tests/test_replay.py)
        count += 1
    return count


def pokerkit_read(paths: list[Path]) -> int:
    from pokerkit import HandHistory

    count = 0
    for path in paths:
        with open(path, "rb") as f:
            count += sum(1 for _ in HandHistory.load_all(f))
    return count


def pokerkit_replay(paths: list[Path]) -> int:
    from pokerkit import HandHistory

    count = 0
    for path in paths:
        with open(path, "rb") as f:
            for history in HandHistory.load_all(f):
                for _state in history:
                    pass
                count += 1
    return count


def best_seconds(fn: Callable[[], int], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.thread_time()
        assert fn() == HANDS
        best = min(best, time.thread_time() - start)
    return best


def measure(quick: bool) -> dict[str, float]:
    """Hands per second of each entry (keys: "library: what")."""
    paths = files()
    rounds = 3 if quick else 7
    out: dict[str, float] = {}
    entries: list[tuple[str, Callable[[], int], str | None]] = []
    for name in sorted(_toml.BACKENDS, key=lambda n: n != "toml_rs"):
        entries.append((f"croupier ({name}): read + replay", lambda: croupier_replay(paths), name))
        entries.append((f"croupier ({name}): read", lambda: croupier_read(paths), name))
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        pass
    else:
        entries.append(("PokerKit: read + replay", lambda: pokerkit_replay(paths), None))
        entries.append(("PokerKit: read", lambda: pokerkit_read(paths), None))
    best = dict.fromkeys([label for label, _, _ in entries], float("inf"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(rounds):  # alternating rounds: a neighbour slows every entry alike
            for label, fn, toml_backend in entries:
                if toml_backend is None:
                    best[label] = min(best[label], best_seconds(fn, 1))
                else:
                    with backend(toml_backend):
                        best[label] = min(best[label], best_seconds(fn, 1))
    for label, seconds in best.items():
        out[label] = HANDS / seconds
    return out


CHECK_FAST = "Read + replay the HandHQ sample (toml_rs), vs PokerKit load_all + replay"
CHECK_STANDARD = "Read + replay the HandHQ sample (tomllib), vs PokerKit load_all + replay"


def headline(rates: dict[str, float]) -> dict[str, float]:
    """croupier ÷ PokerKit, read + replay, per TOML backend (for ``--check``)."""
    theirs = rates.get("PokerKit: read + replay")
    if theirs is None:
        return {}
    out = {}
    for row, name in ((CHECK_FAST, "toml_rs"), (CHECK_STANDARD, "tomllib")):
        ours = rates.get(f"croupier ({name}): read + replay")
        if ours is not None:
            out[row] = ours / theirs
    return out


def report(rates: dict[str, float]) -> str:
    theirs = rates.get("PokerKit: read + replay")
    lines = [
        "",
        f"### Hand histories: read and replay the HandHQ sample ({HANDS:,} hands), one core",
        "",
        "| Entry | Hands/s | ÷ PokerKit read + replay |",
        "|---|---:|---:|",
    ]
    for label, rate in rates.items():
        shown = f"{rate / theirs:,.1f}x" if theirs else "—"
        lines.append(f"| {label} | {rate:,.0f} | {shown} |")
    lines += ["", "| Target | Measured | Met |", "|---|---:|:---:|"]
    for backend_name, goal, what in (
        ("toml_rs", 25_000, "with the fast backend (toml_rs)"),
        ("tomli", 5_000, "without it (compiled tomli)"),
        ("tomllib", 5_000, "without it (tomllib alone)"),
    ):
        rate = rates.get(f"croupier ({backend_name}): read + replay")
        if rate is not None:
            met = "yes" if rate >= goal else "**no**"
            lines.append(f"| read + replay ≥ {goal:,} hands/s {what} | {rate:,.0f} | {met} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 7")
    args = parser.parse_args()
    print(report(measure(args.quick)))


if __name__ == "__main__":
    main()
