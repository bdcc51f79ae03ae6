"""``croupier convert SRC... -o OUT``: hand histories (sites' files and PHH, mixed) read,
checked by replaying them, and written as one PHH file (``.phhs``) or as PokerStars
text (``.txt``, :func:`croupier.sites._stars_write.write_history`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

from croupier._cli.progress import progress

TYPE_CHECKING = False
if TYPE_CHECKING:
    from croupier.errors import PHHError
    from croupier.phh import HandHistory


def run(args: argparse.Namespace) -> int:
    from croupier import phh, sites
    from croupier.sites._stars_write import write_history

    out: str = args.output
    if not out.endswith((".phhs", ".txt")):
        raise ValueError(f"-o {out}: the output must end in .phhs (PHH) or .txt (PokerStars)")
    skipped: list[PHHError] = []
    hands = sites.iter_histories(
        args.paths, errors="skip" if args.skip_errors else "raise", on_error=skipped.append
    )
    written = 0
    with progress(args.progress, "hands") as bar, open(out, "w", encoding="utf-8") as f:

        def counted() -> Iterator[HandHistory]:
            nonlocal written
            for hand in hands:
                written += 1
                if bar is not None:
                    bar.update(written, written)  # (the total is not known ahead)
                yield hand

        if out.endswith(".phhs"):
            for k, hand in enumerate(counted(), 1):
                f.write(f"[{k}]\n{phh.dumps(hand)}\n")
        else:
            for k, hand in enumerate(counted(), 1):
                f.write(write_history(hand, k) + "\n\n")
        if bar is not None:
            bar.finish(f"{written:,} hands")
    if skipped:
        print(
            f"croupier: skipped {len(skipped):,} hand(s); the first: {skipped[0]}", file=sys.stderr
        )
    print(f"croupier: wrote {written:,} hand(s) to {out}", file=sys.stderr)
    return 0
