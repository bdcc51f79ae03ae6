"""The Game value and ``game``: a variant with its forced bets, structure and table.

:class:`Game` holds what is dealt on each street, which forced bets are
posted, how a hand is valued at showdown and which betting structure
applies, and checks every field; :func:`game` makes the Game of any row of
``croupier.variants.RULES`` with the table options of its constructor.
The public names are ``croupier.games.Game`` and ``croupier.games.game``;
the named constructors (``TexasHoldem`` ...) are ``croupier._constructors``.

>>> from croupier import NO_LIMIT, Variant
>>> game(Variant.TEXAS_HOLDEM, NO_LIMIT).blinds     # the blinds unless given
(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier._validate import as_int, is_bool, shown
from croupier.dealer import Dealer
from croupier.hand import Hand
from croupier.rake import Rake
from croupier.structures import FIXED_LIMIT, Structure
from croupier.variants import (
    Cards,
    Evaluator,
    Street,
    Variant,
    as_variant,
    rules_of,
    with_hole_cards,
)

__all__ = [
    "BLINDS",
    "BLIND_OPTIONS",
    "BRING_IN",
    "FULL_DECK",
    "MAX_PLAYERS",
    "STUD_BETS",
    "Game",
    "as_structure",
    "game",
]

MAX_PLAYERS = 64
"""The most players a game may seat: ``croupier.pots`` settles up to 64 seats."""

FULL_DECK: tuple[int, ...] = tuple(range(52))
"""The 52 card codes: the deck of every game but short-deck and royal hold'em."""


def as_structure(value: object) -> Structure:
    """A betting structure: a :class:`Structure`, or its name as text.

    >>> as_structure("pot-limit")
    <Structure.POT_LIMIT: 'pot-limit'>
    >>> as_structure("nolimit")
    Traceback (most recent call last):
    ...
    ValueError: unknown betting structure 'nolimit': one of 'no-limit', 'pot-limit', 'fixed-limit'
    """
    if isinstance(value, Structure):
        return value
    names = ", ".join(repr(s.value) for s in Structure)
    if isinstance(value, str):
        try:
            return Structure(value)
        except ValueError:
            raise ValueError(f"unknown betting structure {value!r}: one of {names}") from None
    raise ValueError(
        f"structure must be a Structure ({names}), got {type(value).__name__} {value!r}"
    )


@dataclass(frozen=True, slots=True)
class Game:
    """A poker game: its variant, streets, forced bets, structure and showdown values.

    ``variant`` is the game's identity (:class:`croupier.variants.Variant`):
    the rest of croupier (equity, the PHH writer and replay, the command line)
    dispatches on it; ``name`` is its name in words.  The named constructors
    (``TexasHoldem`` …) fill in the variant's ``streets`` (:class:`Street`: what
    each deals, and whether it bets the big bet) and values from its row of
    ``croupier.variants.RULES``.  ``value`` gives each player's hand value at
    showdown (larger wins); ``low_value``, for hi/lo games, the low half's value
    (0 = no low).  Stud games open with a ``bring_in`` of that many chips, posted
    by the seat whose up card ``bring_in_key`` ranks lowest, and the later
    streets are opened by the best board showing by ``board_key``.

    Forced bets: ``blinds=(small, big)`` are posted by seats 0 and 1 (heads-up:
    the button, seat 1, posts the small blind); ``straddles`` by the seats after
    the big blind.  ``antes`` is what every player antes, or, with
    ``big_blind_ante``, what the big blind pays for the whole table.  Any
    table can instead give ``seat_blinds`` and ``antes`` per seat (as PHH files
    do; a negative blind is posted dead).  Fixed limit needs
    ``bets``, ``(small, big)``, and allows ``cap`` bets and raises a round; no- and
    pot-limit open at ``opening_bet`` (default: the big blind).  ``button_blind``
    is a live blind the button posts (short-deck hold'em's structure as played:
    antes and a button blind, no small or big blind; the player left of the
    button acts first).  ``deck`` is the cards
    the game is dealt from (short-deck: sixes to aces).  ``structure`` may be
    given as its text (``"no-limit"``).  ``rake`` (a :class:`croupier.rake.Rake`,
    default none) is taken from every pot of the game's hands before it is
    awarded (docs/rules.md §6.10).

    Every field is checked here, so a game that exists can deal: amounts are
    ints (numpy integers too, never bool or float), forced bets per seat have
    one entry per player, and a table seats ``min_players`` to ``max_players``
    (2 to 64 at most, ``MAX_PLAYERS``); anything else is a ``ValueError`` naming
    the field.  ``blinds`` are stored as given, ``(small, big)``.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> game = TexasHoldem(NO_LIMIT, blinds=(1, 2))
    >>> game.name, game.structure.value, [s.name for s in game.streets]
    ("Texas Hold'em", 'no-limit', ['preflop', 'flop', 'turn', 'river'])
    >>> game.start([100, 100]).pot
    3
    """

    variant: Variant
    name: str
    structure: Structure
    streets: tuple[Street, ...]
    value: Evaluator
    low_value: Evaluator | None = None
    blinds: tuple[int, ...] = ()
    straddles: tuple[int, ...] = ()
    antes: int | tuple[int, ...] = 0
    big_blind_ante: bool = False
    seat_blinds: tuple[int, ...] | None = None
    opening_bet: int | None = None
    bets: tuple[int, int] | None = None
    cap: int = 4
    min_players: int = 2
    max_players: int = 10
    bring_in: int = 0
    bring_in_key: Callable[[int], tuple[int, ...]] | None = None
    board_key: Callable[[Cards], tuple[int, ...]] | None = None
    button_blind: int = 0
    deck: tuple[int, ...] = FULL_DECK
    rake: Rake | None = None

    def __post_init__(self) -> None:
        # Every amount is read once (docs/rules.md §1: integers, numpy integers
        # too) and stored as a Python int, so the engine computes with ints.
        def store(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        store("variant", as_variant(self.variant))
        store("structure", as_structure(self.structure))
        store("min_players", as_int(self.min_players, "min_players"))
        store("max_players", as_int(self.max_players, "max_players"))
        if not 2 <= self.min_players <= self.max_players <= MAX_PLAYERS:
            raise ValueError(
                f"a game seats 2 to {MAX_PLAYERS} players (min_players <= max_players), "
                f"got {self.min_players}..{self.max_players}"
            )
        if not is_bool(self.big_blind_ante):
            raise ValueError(f"big_blind_ante must be a bool, got {self.big_blind_ante!r}")
        store("big_blind_ante", bool(self.big_blind_ante))
        if self.is_stud != (self.bring_in_key is not None and self.board_key is not None):
            raise ValueError(f"{self.name}: a stud game has a bring-in key and a board key")
        if self.streets and self.streets[0].draw:
            raise ValueError(f"{self.name}: the first street cannot begin with a draw")
        if self.is_stud and self.is_draw:
            raise ValueError(f"{self.name}: a stud game has no draws")
        store("blinds", _amounts("blinds", self.blinds))
        store("straddles", _amounts("straddles", self.straddles, positive=True))
        if len(self.straddles) > self.max_players - 2:
            raise ValueError(
                f"{len(self.straddles)} straddles, but at most {self.max_players} players "
                "(the straddles follow the two blinds)"
            )
        if isinstance(self.antes, tuple | list):
            store("antes", self._per_seat("antes", _amounts("antes", self.antes)))
        else:
            store("antes", _check_amount("antes", self.antes))
        if self.seat_blinds is not None:
            # A negative entry is a dead blind (posted, not a bet).
            seat_blinds = _sequence("seat_blinds", self.seat_blinds)
            store(
                "seat_blinds",
                self._per_seat(
                    "seat_blinds", tuple(as_int(a, "seat_blinds entry") for a in seat_blinds)
                ),
            )
        store("bring_in", _check_amount("bring_in", self.bring_in))
        if self.opening_bet is not None:
            store("opening_bet", _check_amount("opening_bet", self.opening_bet, positive=True))
        if self.bets is not None:
            bets = _amounts("bets", self.bets, positive=True)
            if len(bets) != 2:
                raise ValueError(f"bets must be (small, big), got {self.bets!r}")
            store("bets", bets)
        store("button_blind", _check_amount("button_blind", self.button_blind))
        if self.button_blind and self.is_stud:
            raise ValueError("a stud game has no button blind (it has a bring-in)")
        deck = _sequence("deck", self.deck)
        cards = tuple(as_int(c, "deck card") for c in deck)
        if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
            raise ValueError("deck must be distinct card codes 0..51")
        store("deck", cards)
        if self.rake is not None and not isinstance(self.rake, Rake):
            raise ValueError(f"rake must be a croupier.Rake or None, got {shown(self.rake)}")
        store("cap", as_int(self.cap, "cap"))
        if self.cap < 1:
            raise ValueError(f"cap must be at least 1, got {self.cap}")
        if self.seat_blinds is not None:
            pass  # a hand history's own blinds per seat (checked above)
        elif self.is_stud:
            if self.bring_in <= 0:
                raise ValueError(f"bring_in must be positive, got {self.bring_in}")
            if self.structure is not FIXED_LIMIT:
                raise ValueError("stud games here are fixed limit (bring-in and completion)")
            if self.bets is not None and self.bring_in >= self.bets[0]:
                raise ValueError(
                    f"the bring-in ({self.bring_in}) must be less than the small bet "
                    f"({self.bets[0]}): the bring-in seat may complete up to it"
                )
        elif self.button_blind and not self.blinds:
            pass  # antes and a button blind (short-deck hold'em as played)
        elif not self.blinds and self.antes and not self.straddles:
            pass  # antes only (Kuhn poker, Leduc hold'em): seat 0 acts first
        elif len(self.blinds) != 2 or self.blinds[1] <= 0 or self.blinds[0] > self.blinds[1]:
            raise ValueError(
                "blinds must be (small, big) with a positive big blind no smaller than "
                f"the small blind, got {self.blinds!r}"
            )
        if self.structure is FIXED_LIMIT:
            if self.bets is None:
                raise ValueError("fixed limit needs bets=(small, big)")
        elif self.min_bet <= 0:
            raise ValueError("no- and pot-limit need a positive big blind or opening_bet")

    def _per_seat(self, name: str, values: tuple[int, ...]) -> tuple[int, ...]:
        """``values`` given per seat: one entry for each of a table's players."""
        if not self.min_players <= len(values) <= self.max_players:
            raise ValueError(
                f"{name} per seat needs one entry per player ({self.min_players} to "
                f"{self.max_players}), got {len(values)}"
            )
        return values

    @property
    def is_stud(self) -> bool:
        """Antes, a bring-in and up cards, no blinds (Razz, Seven-Card Stud, Stud Hi/Lo).

        >>> from croupier import Razz
        >>> Razz().is_stud
        True
        """
        return rules_of(self.variant).is_stud

    @property
    def is_draw(self) -> bool:
        """Some street begins with a draw (docs/rules.md §5.7).

        >>> from croupier import Badugi
        >>> Badugi().is_draw, [s.name for s in Badugi().streets if s.draw]
        (True, ['first draw', 'second draw', 'third draw'])
        """
        return any(street.draw for street in self.streets)

    @property
    def min_bet(self) -> int:
        """The smallest bet of a no- or pot-limit round: the big blind unless ``opening_bet``.

        (Pre-flop a straddle raises the opening bet of that round only.)
        """
        if self.opening_bet is not None:
            return self.opening_bet
        if self.seat_blinds is not None:
            return max(self.seat_blinds[:2], default=0)  # small and big blind seats
        if not self.blinds:
            return self.button_blind or (self.bets[0] if self.bets else 0)
        return self.blinds[1]

    def forced_bets(self, n: int) -> tuple[list[int], list[int]]:
        """Per seat of an ``n``-handed table: the ante, and the blind (negative: dead).

        >>> from croupier import NO_LIMIT, TexasHoldem
        >>> TexasHoldem(NO_LIMIT, (1, 2), antes=1, big_blind_ante=True).forced_bets(4)
        ([0, 1, 0, 0], [1, 2, 0, 0])
        >>> TexasHoldem(NO_LIMIT, (1, 2)).forced_bets(2)  # heads-up: the button posts the SB
        ([0, 0], [2, 1])
        """
        if isinstance(self.antes, tuple):
            if len(self.antes) != n:
                raise ValueError(f"antes has {len(self.antes)} entries for {n} players")
            antes = list(self.antes)
        elif self.big_blind_ante:
            antes = [0] * n
            antes[0 if n == 2 else 1] = self.antes
        else:
            antes = [self.antes] * n
        if self.seat_blinds is not None:
            if len(self.seat_blinds) != n:
                raise ValueError(f"seat_blinds has {len(self.seat_blinds)} entries for {n} players")
            blinds = list(self.seat_blinds)
        elif not self.blinds:
            blinds = [0] * n
        elif n == 2:
            blinds = [self.blinds[1], self.blinds[0]]
        else:
            blinds = [self.blinds[0], self.blinds[1], *self.straddles[: n - 2]]
            blinds += [0] * (n - len(blinds))
        if self.button_blind and self.seat_blinds is None:
            blinds[n - 1] += self.button_blind  # the button: the last seat
        return antes, blinds

    def unit(self, street: int) -> int:
        """The fixed-limit bet size of a street (``bets[0]`` or ``bets[1]``)."""
        assert self.bets is not None
        return self.bets[1] if self.streets[street].big_bet else self.bets[0]

    # (start's parameters are Hand's, which it calls: one signature for both the
    # type checkers and the docs; the duplicates tool pairs the two lists.)
    def start(
        self,
        stacks: Sequence[int],
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        bring_in_seat: int | None = None,
        dealer: Dealer | None = None,
        auto_showdown: bool = True,
        runs: int = 1,
    ) -> Hand:
        """Deal a new hand: a shuffle from ``seed``, the given ``deck`` order, or a ``dealer``.

        ``deck`` lists the cards from the top: each street deals the hole cards
        player by player from seat 0 (all of one player's cards together),
        then the board cards; no burn cards.  Any card may be ``-1``
        (unknown): hands whose showdown depends on one are left unsettled.
        ``bring_in_seat`` names the stud bring-in when unknown up cards hide it
        (a hand history); otherwise it must agree with the rules (else
        :class:`croupier.errors.WrongBringIn`, a ``ValueError``).  Stacks may
        be of any size (settled exactly).  Every bad argument is a
        ``ValueError`` naming it, raised here: no action that the hand accepts
        can fail later.  A :class:`croupier.dealer.Dealer` names each seat's and
        the board's cards instead of a deck (a hand history's dealer).
        ``auto_showdown=False`` asks the players to show or muck at the
        showdown (:attr:`croupier.Hand.showing`); by default the engine shows
        down by itself (docs/rules.md §6.8).  ``runs`` (2 or 3) runs the rest of
        the board out that many times when nobody can bet any more (§6.11).
        """
        # Positional: the compiled Hand parses keywords at a cost on every hand.
        return Hand(self, stacks, seed, deck, bring_in_seat, dealer, auto_showdown, runs)


def _sequence(name: str, values: object) -> tuple[object, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, tuple | list):
        raise ValueError(f"{name} must be a tuple of chip amounts, got {values!r}")
    return tuple(values)


def _amounts(name: str, values: object, positive: bool = False) -> tuple[int, ...]:
    return tuple(_check_amount(f"{name} entry", a, positive) for a in _sequence(name, values))


def _check_amount(name: str, value: object, positive: bool = False) -> int:
    amount = as_int(value, f"{name} (a number of chips)")
    if amount < 0 or (positive and amount == 0):
        raise ValueError(
            f"{name} must be {'positive' if positive else 'non-negative'}, got {amount}"
        )
    return amount


# The table options of ``game`` (and of the named constructors, in this order).
BLIND_OPTIONS = (
    "antes",
    "button_blind",
    "big_blind_ante",
    "straddles",
    "bets",
    "cap",
    "seat_blinds",
    "opening_bet",
    "rake",
)
STUD_OPTIONS = ("antes", "bring_in", "bets", "cap", "rake")
# The options ``game`` fills in when they are not given (every other option's
# default is the Game field's).
BLINDS: tuple[int, int] = (1, 2)  # a blind game's (small, big)
BRING_IN = 1  # a stud game's bring-in
STUD_BETS: tuple[int, int] = (2, 4)  # a stud game's (small, big) bets


def game(
    variant: Variant | str, structure: Structure | str | None = None, **options: object
) -> Game:
    """The game of a variant (any row of ``croupier.variants.RULES``), by its data.

    ``structure`` defaults to the variant's usual one; ``options`` are those of
    its constructor (``blinds``, ``antes``, ``bets`` … for blind games;
    ``antes``, ``bring_in``, ``bets``, ``cap`` for stud games).  The named
    constructors (``TexasHoldem``, ``Razz`` …) are this function with the
    variant filled in.

    >>> from croupier import POT_LIMIT, Variant
    >>> game(Variant.OMAHA_HI_LO, POT_LIMIT, blinds=(5, 10)).name
    'Omaha Hi/Lo'
    >>> from croupier import Razz
    >>> game("R", antes=1, bring_in=1, bets=(2, 4)) == Razz(1, 1, (2, 4))
    True
    """
    variant = as_variant(variant)
    if "hole_cards" in options:  # another game of the family (5-card Omaha ...)
        hole = as_int(options.pop("hole_cards"), "hole_cards")
        variant = with_hole_cards(variant, hole)
    rules = rules_of(variant)
    if rules.value is None:
        raise ValueError(f"croupier does not deal {rules.title} yet")
    structure = Structure.from_letter(rules.usual) if structure is None else as_structure(structure)
    streets = rules.streets
    name = rules.title
    allowed: tuple[str, ...]
    if rules.is_stud:
        allowed = STUD_OPTIONS
        if structure is not FIXED_LIMIT:
            raise ValueError("stud games here are fixed limit (bring-in and completion)")
    else:
        allowed = ("blinds", *BLIND_OPTIONS)
    for key in options:
        if key not in allowed:
            raise ValueError(f"{rules.title} has no option {key!r}")
    max_players = rules.max_players
    if rules.is_draw:
        # Every draw can be served (docs/rules.md §5.7): a player drawing all of
        # a hand of h cards needs h of the 52 - h x players that nobody holds.
        max_players = min(max_players, len(rules.deck) // sum(s.hole for s in streets) - 1)
    elif not rules.is_stud:  # every player's hole cards and the board come from one deck
        board = sum(s.board for s in streets)
        max_players = min(max_players, (len(rules.deck) - board) // sum(s.hole for s in streets))
    kwargs: dict[str, object] = dict(options)  # Game reads and checks every amount
    if rules.is_stud:
        kwargs.setdefault("bring_in", BRING_IN)
        kwargs.setdefault("bets", STUD_BETS)
    elif not kwargs.get("button_blind"):
        kwargs.setdefault("blinds", BLINDS)
        blinds = kwargs["blinds"]
        if (
            rules.is_draw
            and structure is FIXED_LIMIT
            and kwargs.get("bets") is None
            and isinstance(blinds, tuple | list)
            and len(blinds) == 2
        ):
            # Draw games, fixed limit: the big blind is the small bet (docs/rules.md §5.7);
            # Game checks the blinds themselves.
            big = as_int(blinds[1], "big blind")
            kwargs["bets"] = (big, 2 * big)
    return Game(
        variant=variant,
        name=name,
        structure=structure,
        streets=streets,
        value=rules.value,
        low_value=rules.low_value,
        bring_in_key=rules.bring_in_key,
        board_key=rules.board_key,
        max_players=max_players,
        deck=rules.deck,
        **kwargs,  # type: ignore[arg-type]
    )
