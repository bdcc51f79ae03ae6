"""The named constructors (croupier._constructors): their signatures, keywords and defaults."""

from __future__ import annotations

import dataclasses
import inspect
import pydoc
import typing

import pytest

import croupier
from croupier import _constructors, games
from croupier._game import BLIND_OPTIONS

CONSTRUCTORS = [getattr(_constructors, name) for name in _constructors.__all__]
CONSTRUCTORS = [c for c in CONSTRUCTORS if inspect.isfunction(c)]
GAME_DEFAULTS = {f.name: f.default for f in dataclasses.fields(croupier.Game)}


def test_every_constructor_is_public_under_croupier_and_croupier_games() -> None:
    assert len(CONSTRUCTORS) == 15
    for make in CONSTRUCTORS:
        assert getattr(croupier, make.__name__) is make is getattr(games, make.__name__)


def test_a_signature_spells_out_the_shared_options_with_the_game_defaults() -> None:
    assert str(inspect.signature(croupier.TexasHoldem)) == (
        "(structure: 'Structure | str', blinds: 'tuple[int, int]' = (1, 2), *, "
        "antes: 'int | tuple[int, ...]' = 0, big_blind_ante: 'bool' = False, "
        "straddles: 'Sequence[int]' = (), bets: 'tuple[int, int] | None' = None, "
        "cap: 'int' = 4, seat_blinds: 'Sequence[int] | None' = None, "
        "opening_bet: 'int | None' = None, rake: 'Rake | None' = None) -> 'Game'"
    )
    assert str(inspect.signature(croupier.Razz)) == (
        "(antes: 'int | tuple[int, ...]' = 0, bring_in: 'int' = 1, "
        "bets: 'tuple[int, int]' = (2, 4), *, cap: 'int' = 4, "
        "rake: 'Rake | None' = None) -> 'Game'"
    )
    for make in CONSTRUCTORS:
        keywords = [
            p for p in inspect.signature(make).parameters.values() if p.kind is p.KEYWORD_ONLY
        ]
        shared = [p.name for p in keywords if p.name != "hole_cards"]
        assert shared == sorted(shared, key=BLIND_OPTIONS.index), make.__name__
        for p in keywords:
            if p.name != "hole_cards":
                assert p.default == GAME_DEFAULTS[p.name], (make.__name__, p.name)


def test_type_hints_and_help_see_the_signature() -> None:
    hints = typing.get_type_hints(croupier.ShortDeckHoldem)
    assert hints["button_blind"] is int and hints["return"] is croupier.Game
    assert "big_blind_ante" not in hints
    shown = pydoc.plain(pydoc.render_doc(croupier.ShortDeckHoldem))
    assert "*, antes: 'int | tuple[int, ...]' = 0, button_blind: 'int' = 0," in shown
    assert ">>> game = ShortDeckHoldem(antes=1, button_blind=2)" in shown


@pytest.mark.parametrize(
    ("make", "keyword"),
    [
        (croupier.TexasHoldem, "button_blind"),  # short-deck's option
        (croupier.TexasHoldem, "hole_cards"),  # Omaha's option
        (croupier.ShortDeckHoldem, "straddles"),
        (croupier.Razz, "blinds"),
        (croupier.KuhnPoker, "cap"),
        (croupier.Badugi, "options"),
        (croupier.Omaha, "blind"),
    ],
)
def test_a_keyword_outside_the_signature_is_a_type_error(make: object, keyword: str) -> None:
    assert callable(make)
    args = (croupier.NO_LIMIT,) if make in (croupier.TexasHoldem, croupier.Omaha) else ()
    with pytest.raises(TypeError, match=rf"\(\) got an unexpected keyword argument '{keyword}'"):
        make(*args, **{keyword: 1})


def test_options_given_are_the_games_options_and_defaults_the_games_defaults() -> None:
    given = croupier.TexasHoldem(
        "no-limit", (1, 2), antes=0, big_blind_ante=False, straddles=(), cap=4, rake=None
    )
    assert given == croupier.TexasHoldem("no-limit")
    assert croupier.Omaha("pot-limit", hole_cards=5) == games.game("5O", "pot-limit")
    assert croupier.Razz(1, cap=2).cap == 2


def test_short_deck_and_royal_leave_an_option_of_none_to_the_default() -> None:
    assert croupier.RoyalHoldem(blinds=None, cap=None) == croupier.RoyalHoldem()  # type: ignore[arg-type]
    assert croupier.ShortDeckHoldem(antes=None) == croupier.ShortDeckHoldem()  # type: ignore[arg-type]
    assert croupier.ShortDeckHoldem().blinds == (1, 2)
    assert croupier.ShortDeckHoldem(button_blind=1).blinds == ()
