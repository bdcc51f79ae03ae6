"""Money as a poker site writes it, read exactly: ``$1,234.50``, ``0,05€``, ``1 500``.

>>> money("$1,234.50"), money("0,05€"), money("1\u00a0500"), money("12.5K")
(Decimal('1234.50'), Decimal('0.05'), Decimal('1500'), Decimal('12500'))

Choices (docs/rules.md §7.4): a currency symbol before or after the number
(``$ € £ ¥ ₹ ₽`` and the letters of an ISO code that follows, ``1.00 USD``) is
dropped; ``,`` is a thousands separator when three digits follow it and a
``.`` or the end comes after, else (as Winamax writes euros) the decimal
point; blanks and apostrophes between digit groups are thousands separators;
a trailing ``K``/``M`` (chips in some tournaments) multiplies by 10**3 or
10**6.  Anything else is a ``ValueError`` naming the text.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

__all__ = ["SYMBOLS", "money", "scale_of"]

SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR", "₽": "RUB"}
"""The currency symbols read, and the ISO code each one stands for."""

_STRIP = "".join(SYMBOLS) + " \u00a0\u202f'"
_MULTIPLIERS = {"K": 1000, "k": 1000, "M": 1000000}


def money(text: str) -> Decimal:
    """The exact amount ``text`` writes (see the module docstring).

    >>> money("€2.00"), money("1,000"), money("1,5"), money("(2,000)")
    (Decimal('2.00'), Decimal('1000'), Decimal('1.5'), Decimal('2000'))
    >>> money("$1.2.3")
    Traceback (most recent call last):
    ...
    ValueError: bad amount '$1.2.3'
    """
    plain = text.lstrip("$€£")  # the common case first: $1.50, 1500, €2
    simple = plain.isdigit() or (plain.count(".") == 1 and plain.replace(".", "").isdigit())
    if simple and plain.isascii() and plain[0] != "." and plain[-1] != ".":
        return Decimal(plain)
    raw = text
    text = text.strip().strip("()")
    for code in ("USD", "EUR", "GBP", "CNY", "INR", "RUB", "CAD", "chips"):
        if text.endswith(code):
            text = text[: -len(code)]
            break
    multiplier = 1
    if text and text[-1] in _MULTIPLIERS:
        multiplier = _MULTIPLIERS[text[-1]]
        text = text[:-1]
    digits = text.strip(_STRIP)
    if "," in digits:
        head, _, tail = digits.rpartition(",")
        if "." not in tail and (len(tail) != 3 or "." in head):
            digits = head.replace(",", "") + "." + tail  # a decimal comma
        else:
            digits = digits.replace(",", "")
    for blank in " \u00a0\u202f'":
        digits = digits.replace(blank, "")
    if not digits or not (digits.replace(".", "", 1).isdigit() and digits.isascii()):
        raise ValueError(f"bad amount {raw!r}"[:80])
    try:
        value = Decimal(digits)
    except InvalidOperation:  # pragma: no cover - the check above admits only digits
        raise ValueError(f"bad amount {raw!r}"[:80]) from None
    if multiplier > 1:
        value *= multiplier
        if value == value.to_integral_value():
            value = value.quantize(Decimal(1))
    return value


def scale_of(amounts: list[Decimal]) -> int:
    """The smallest power of ten that makes every amount whole (1 for chips, 100 for cents).

    >>> scale_of([Decimal("0.25"), Decimal("1.5"), Decimal("3")])
    100
    >>> scale_of([Decimal("1E+3"), Decimal("2.50")]), scale_of([Decimal("1E-7")])
    (10, 10000000)
    """
    places = 0
    seen: set[str] = set()  # by text: hashing a Decimal is slow (a modular power)
    for amount in amounts:
        text = str(amount)
        if text in seen or ("." not in text and "E-" not in text):  # seen, or whole
            continue
        seen.add(text)
        exponent = amount.normalize().as_tuple().exponent
        if isinstance(exponent, int) and -exponent > places:
            places = -exponent
    return int(10**places)
