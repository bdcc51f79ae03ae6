"""The sites croupier reads, each with how its files are recognised, cut and read.

>>> [site.name for site in SITES][:1], site_named("pokerstars").name
(['PokerStars'], 'PokerStars')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import croupier.sites._888 as _888
import croupier.sites._gg as _gg
import croupier.sites._ipoker as _ipoker
import croupier.sites._party as _party
import croupier.sites._stars as _stars
import croupier.sites._winamax as _winamax
from croupier.phh import HandHistory
from croupier.sites._split import Chunk, Splitter, by_header

__all__ = ["SITES", "Site", "site_named"]


class Site(NamedTuple):
    """A site's reader: ``name``; ``detect(head)``, whether a file that begins with the
    text ``head`` is this site's; ``split``, its file cut into hands; ``read(chunk,
    path)``, one hand (a :class:`~croupier.errors.SiteError` for a bad one, a
    ``Cancelled`` exception for one the site cancelled)."""

    name: str
    detect: Callable[[str], bool]
    split: Splitter
    read: Callable[[Chunk, str | None], HandHistory]


def _first_line(starts_hand: Callable[[str], bool]) -> Callable[[str], bool]:
    def detect(head: str) -> bool:
        for line in head.splitlines():
            if line.strip():
                return starts_hand(line.lstrip("\ufeff"))
        return False

    return detect


def _text_site(name: str, module: object) -> Site:
    starts = module.starts_hand  # type: ignore[attr-defined]
    read = module.read  # type: ignore[attr-defined]
    prefix = getattr(module, "PREFIX", "")  # what every header line begins with
    split = getattr(module, "split", None) or by_header(starts, prefix)  # its own, if any
    return Site(
        name,
        getattr(module, "detect", None) or _first_line(starts),  # its own, if any
        split,
        lambda chunk, path: read(chunk.lines, chunk.first_line, path),
    )


SITES: tuple[Site, ...] = (
    _text_site(_stars.SITE, _stars),
    _text_site(_gg.SITE, _gg),
    _text_site(_winamax.SITE, _winamax),
    _text_site(_party.SITE, _party),
    _text_site(_888.SITE, _888),
    Site(_ipoker.SITE, _ipoker.detect, _ipoker.split, _ipoker.read),
)
"""Every site read, in the order :func:`croupier.sites.detect` tries them."""


def site_named(name: str) -> Site:
    """The site called ``name`` (any case); a ``ValueError`` listing the sites otherwise."""
    for site in SITES:
        if site.name.lower() == str(name).lower():
            return site
    names = ", ".join(site.name for site in SITES)
    raise ValueError(f"unknown site {str(name)[:40]!r} (sites: {names})")
