"""Generate croupier's pre-flop order of 4-card Omaha hands (``src/croupier/_omaha_order.py``).

    python tools/gen_omaha_order.py [--deals N] [--seed S] [--out FILE]

The order ranks the 16,432 classes of 4-card hands alike up to suits (``AsAhKsKh``
and ``AdAcKdKc`` are one class) by their equity against one random hand, all in
before the flop: each class's first hand (the least key) is dealt ``N`` random
opponents and boards (numpy's PCG64 from ``S``), valued by
``croupier.hands.omaha_high``, ties split.  Classes whose equities are within the
sampling error (about ``0.5 / sqrt(N)``) may come in either order.  The output
module holds each class's place in that order (base64 of ``uint16``, the classes by
ascending least key) and how it was made; it is written
once and committed, not run by the build (about three minutes on one core).
"""

from __future__ import annotations

import argparse
import base64
import sys
from pathlib import Path

import numpy as np

import croupier.hands as hands
from croupier.omaha_ranges import suit_classes

OUT = Path(__file__).resolve().parents[1] / "src" / "croupier" / "_omaha_order.py"


def classes() -> tuple[np.ndarray, np.ndarray]:
    """Each class's least key and its number of hands, in ascending key order."""
    _, least = suit_classes()
    unique, counts = np.unique(least, return_counts=True)
    return unique, counts


def rows_of(keys: np.ndarray) -> np.ndarray:
    out = np.zeros((len(keys), 4), dtype=np.uint8)
    rest = keys.copy()
    for j in range(3, -1, -1):
        out[:, j] = rest % 52
        rest //= 52
    return out


def equities(keys: np.ndarray, deals: int, seed: int) -> np.ndarray:
    rng = np.random.Generator(np.random.PCG64(seed))
    heroes = rows_of(keys)
    result = np.zeros(len(keys))
    step = max(1, 2_000_000 // deals)
    for start in range(0, len(keys), step):
        part = heroes[start : start + step]
        hero = np.repeat(part, deals, axis=0)
        random_keys = rng.random((len(hero), 52))
        np.put_along_axis(random_keys, hero.astype(np.intp), 2.0, axis=1)
        drawn = np.argpartition(random_keys, 8, axis=1)[:, :9].astype(np.uint8)
        villain, board = drawn[:, :4], drawn[:, 4:]
        ours = hands.omaha_high(hero, board)
        theirs = hands.omaha_high(villain, board)
        share = (ours > theirs) + 0.5 * (ours == theirs)
        result[start : start + len(part)] = share.reshape(len(part), deals).mean(axis=1)
        print(f"\r{start + len(part):,} of {len(keys):,} classes", end="", file=sys.stderr)
    print(file=sys.stderr)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=OUT, help=f"(default: {OUT})")
    args = parser.parse_args()
    keys, counts = classes()
    assert len(keys) == 16_432 and counts.sum() == 270_725
    values = equities(keys, args.deals, args.seed)
    order = np.lexsort((keys, -values))  # the best first; equal equities by key
    places = np.empty(len(keys), dtype="<u2")
    places[order] = np.arange(len(keys))  # each class's place, classes by ascending key
    packed = base64.b64encode(places.tobytes()).decode("ascii")
    lines = [packed[i : i + 88] for i in range(0, len(packed), 88)]
    body = "\n".join(f'    "{line}"' for line in lines)
    args.out.write_text(
        '"""The pre-flop order of 4-card Omaha hands, written by tools/gen_omaha_order.py: the\n'
        "16,432 classes of hands alike up to suits, best first, by equity against one random\n"
        f"hand all in before the flop ({args.deals:,} deals a class, PCG64 seed {args.seed}).\n"
        "``PLACES``: base64 of each class's place in that order (uint16, little-endian),\n"
        "the classes by ascending least key (a key is a hand's codes, highest first, as\n"
        "base-52 digits; a class's least key is its least suit relabelling's).  Do not\n"
        'edit: regenerate."""\n\n'
        f"DEALS = {args.deals}\n"
        f"SEED = {args.seed}\n"
        f"BEST = {float(values[order[0]])!r}  # the first class's equity\n"
        f"WORST = {float(values[order[-1]])!r}  # the last class's equity\n"
        f"PLACES = (\n{body}\n)\n",
        encoding="ascii",
    )
    print(f"wrote {args.out} ({len(packed):,} characters)", file=sys.stderr)


if __name__ == "__main__":
    main()
