"""What PartyPoker's and 888poker's hand histories share: the body of a hand (the
table, the seats, the forced bets, ``** Dealing .. **`` sections, bracketed
amounts, the wins) and a splitter for files whose hands may begin with
``#Game No : N`` lines before their header.

>>> cards("[ 2c, 7d, 9h ]"), amount("X calls [$0.10 USD]")
(['2c', '7d', '9h'], Decimal('0.10'))

Both sites write each action's amount as what the action adds to the
player's bet (a raise of ``[$0.30]`` puts in $0.30 more); neither writes an
uncalled bet's return nor the rake: the reader returns the uncalled part of
each round's last bet and takes the rake to be what was put in less what was
collected.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal

from croupier.errors import SiteError
from croupier.phh import HandHistory
from croupier.sites._builder import Cancelled, HandBuilder, bad_header
from croupier.sites._money import money
from croupier.sites._split import Chunk, Splitter, by_header
from croupier.variants import Variant, rules_of

__all__ = [
    "GAME_NO",
    "amount",
    "cards",
    "detector",
    "finish_rake",
    "read_body",
    "read_hand",
    "split_after_game_no",
]

GAME_NO = "#Game No"
_ZERO = Decimal(0)
_BRACKET = re.compile(r"\[([^\]]*)\]")
_SEAT = re.compile(r"Seat (\d+): (.+?) \( *([^()]*?) *\)$")
_IDLE = (
    " has joined the table",
    " has left the table",
    " is sitting out",
    " sits out",
    " has been disconnected",
    " is disconnected",
    " is connected",
    " has reconnected",
    " will be using his time bank",
    " has timed out",
    " finished in ",
    " did not show his hand",
    " does not show cards",
    " returned to the table",
)


def cards(text: str) -> list[str]:
    """The cards of the first bracketed group of ``text`` (commas or blanks between)."""
    found = _BRACKET.search(text)
    if found is None:
        raise ValueError(f"no cards in {text[:60]!r}")
    return found.group(1).replace(",", " ").split()


def amount(text: str) -> Decimal:
    """The first bracketed amount of ``text``."""
    found = _BRACKET.search(text)
    if found is None:
        raise ValueError(f"no amount in {text[:60]!r}")
    return money(found.group(1).strip())


def detector(starts_hand: Callable[[str], bool]) -> Callable[[str], bool]:
    """Whether a file beginning with ``head`` is the site's: its first line that is not
    blank nor a ``#Game No`` line is a header (``starts_hand``)."""

    def detect(head: str) -> bool:
        for line in head.splitlines():
            line = line.lstrip("\ufeff")
            if line.strip() and not line.startswith(GAME_NO):
                return starts_hand(line)
        return False

    return detect


def split_after_game_no(starts_hand: Callable[[str], bool]) -> Splitter:
    """A splitter cutting at header lines and at ``#Game No`` lines, a ``#Game No``
    chunk joined to the hand whose header follows it."""
    inner = by_header(lambda line: line.startswith(GAME_NO) or starts_hand(line))

    def split(lines: Iterator[str], path: str | None) -> Iterator[Chunk]:
        held: Chunk | None = None
        for chunk in inner(lines, path):
            if held is not None:
                chunk = Chunk(
                    held.first_line,
                    held.lines + chunk.lines,
                    problem=held.problem or chunk.problem,
                )
                held = None
            if chunk.lines[-1].startswith(GAME_NO) or all(
                not line.strip() or line.startswith(GAME_NO) for line in chunk.lines
            ):
                held = chunk
                continue
            yield chunk
        if held is not None:
            yield held

    return split


def _adds(b: HandBuilder, name: str, added: Decimal, verb: str) -> None:
    """An action that puts ``added`` more in: a call, a bet or a raise by the bets now."""
    bets = b._street_bets
    mine = bets.get(name, _ZERO)
    top = max(bets.values(), default=_ZERO)
    if verb == "calls" or (verb == "all-in" and mine + added <= top):
        b.call(name, added)
    elif verb == "bets" or (verb == "all-in" and top == 0):
        b.bet(name, added)
    else:
        b.raise_to(name, mine + added)


def _name_action(b: HandBuilder, line: str) -> tuple[str, str] | None:
    best: str | None = None
    for name in b._seats:
        if line.startswith(name + " ") and (best is None or len(name) > len(best)):
            best = name
    if best is None:
        return None
    return best, line[len(best) + 1 :]


def read_body(b: HandBuilder, lines: Sequence[str], first_line: int, stud: bool) -> int:
    """Everything after the header lines: ``lines[i]`` is line ``first_line + i``; the
    number of the line of the last win (or of the last line) is returned."""
    dealt = False
    last = first_line
    for number, raw in enumerate(lines, first_line):
        b.line = number
        line = raw.strip()
        if not line or line.startswith(GAME_NO):
            continue
        low = line.lower()
        if low.startswith(("game #", "hand ")) and (
            "has been cancel" in low or "was cancel" in low
        ):
            raise Cancelled
        if line.startswith("** "):
            name = line[3:].partition(" **")[0].lower()
            if name == "summary":
                b.return_uncalled()
                continue
            if not name.startswith("dealing"):
                raise b.error(f"unknown section {name!r}")
            if name in ("dealing down cards", "dealing cards"):
                dealt = True
                continue
            if not dealt:
                raise b.error(f"{name!r} before the down cards")
            b.return_uncalled()
            b.street()
            if not stud:
                b.board(cards(line))
            continue
        if line.startswith("Seat ") and " is the button" in line:
            b.button = int(line[5:].split(" ")[0])
            continue
        if line.startswith("Seat "):
            seat = _SEAT.match(line)
            if seat is None:
                raise b.error(f"bad seat line {line[:80]!r}")
            b.seat(int(seat.group(1)), seat.group(2), money(seat.group(3)))
            continue
        if line.startswith("Total number of players"):
            _, _, counts = line.partition(":")
            if "/" in counts:
                b.seat_count = int(counts.split("/")[1])
            continue
        if line.startswith("Table "):
            table = line[6:].strip()
            if " (" in table:
                table = table[: table.rindex(" (")]
            seats = re.search(r" (\d+) Max$", table)
            if seats is not None:
                b.seat_count = int(seats.group(1))
                table = table[: seats.start()]
            b.table = table
            continue
        if line.startswith("Dealt to "):
            rest = line[9:]
            name = rest[: rest.rindex(" [")] if " [" in rest else rest
            got = cards(rest[len(name) :])
            if b.hero is None and (len(got) > 1 or not stud):
                b.hero = name
            b.deal(name, got)
            continue
        found = _name_action(b, line)
        if found is None:
            if any(marker in line for marker in _IDLE) or ": " in line:
                continue  # chat, players coming and going
            raise b.error(f"unrecognised line {line[:80]!r}")
        name, action = found
        _action(b, name, action, line)
        if action.startswith(("wins ", "collected ")):
            last = number
    return max(last, b.line) if last == first_line else last


def _action(b: HandBuilder, name: str, action: str, line: str) -> None:
    verb = action.split(" ")[0]
    if verb == "folds":
        b.fold(name)
    elif verb == "checks":
        b.check(name)
    elif verb in ("calls", "bets", "raises", "completes"):
        _adds(b, name, amount(action), "raises" if verb == "completes" else verb)
    elif action.lower().startswith("is all-in"):
        _adds(b, name, amount(action), "all-in")
    elif action.startswith("posts "):
        kind = action[6:].partition(" [")[0].strip().lower()
        posts = {"small blind": "sb", "big blind": "bb", "ante": "ante", "straddle": "straddle"}
        if kind not in posts:
            raise b.error(f"{name} posts {kind!r}: a dead blind is not supported")
        b.post(name, posts[kind], amount(action))  # type: ignore[arg-type]
    elif action.startswith("brings in"):
        b.bring_in(name, amount(action))
    elif verb == "shows":
        b.show(name, cards(action))
    elif verb == "mucks" or action.startswith("doesn't show ["):
        b.muck(name, cards(action) if "[" in action else None)
    elif verb == "wins":  # Party: wins $1.20 USD from the main pot with ...
        b.collect(name, money(action[5:].partition(" from ")[0].strip()))
    elif verb == "collected":  # 888: collected [ $1.20 ]
        b.collect(name, amount(action))
    elif any(marker in " " + action for marker in _IDLE) or action.startswith(":"):
        return
    else:
        raise b.error(f"unknown action {action[:60]!r}")


def finish_rake(b: HandBuilder, line: int) -> None:
    """The rake: what the players put in less what they collected (neither site writes
    it); ``line``, the line an error names."""
    b.line = line
    b.return_uncalled()
    put_in = sum(b._put_in.values(), _ZERO) + sum(b._street_bets.values(), _ZERO)
    collected = sum(b._collected.values(), _ZERO)
    if collected > put_in:
        raise b.error(f"the winners collected {collected}, more than the {put_in} put in")
    b.rake = put_in - collected
    b.total = put_in


def read_hand(
    site: str,
    header_pattern: re.Pattern[str],
    read_header: Callable[[HandBuilder, str], None],
    lines: Sequence[str],
    first_line: int,
    path: str | None,
    prepare: Callable[[HandBuilder, list[str], int], None] | None = None,
) -> HandHistory:
    """A PartyPoker or 888poker hand of ``lines`` (at line ``first_line`` of its file):
    blank and ``#Game No`` lines passed over, the header (``header_pattern`` gives the
    hand's number), the game line after it (``read_header``), ``prepare(b, body,
    first)`` given the body's lines to read (and blank) what only one site writes
    there, then the body and the rake."""
    skip = 0
    while skip < len(lines) - 1 and (not lines[skip].strip() or lines[skip].startswith(GAME_NO)):
        skip += 1
    header = header_pattern.match(lines[skip].strip())
    if header is None or skip + 1 >= len(lines):
        raise bad_header(site, path, first_line + skip, lines[skip])
    b = HandBuilder(site, header.group(1), line=first_line + skip, path=path)
    b.number_value = int(header.group(1))
    b.line = first_line + skip + 1
    try:
        read_header(b, lines[skip + 1].strip())
        assert b.code is not None
        stud = rules_of(Variant(b.code[1:])).is_stud
        body = list(lines[skip + 2 :])
        if prepare is not None:
            prepare(b, body, first_line + skip + 2)
        finish_rake(b, read_body(b, body, first_line + skip + 2, stud))
    except ValueError as exc:
        if isinstance(exc, SiteError):
            raise
        raise b.error(str(exc)) from None
    return b.finish()
