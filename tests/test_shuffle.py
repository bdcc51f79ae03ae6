"""The shuffle's sort (``croupier._shuffle``) against its obviously-correct twin.

``order_by_keys`` must be ``sorted`` with a key function (stable: ties keep
the order given), and the engine's shuffles built on it must deal exactly the
decks of the plain formula: BLAKE2b keys keyed by the seed, unpacked with
``struct``, cards sorted by key (docs/rules.md §1.5).
"""

from __future__ import annotations

import hashlib
import random
import struct

import pytest

from croupier import _deck, _shuffle


def twin_order(stream: bytes, items: list[object], key_index: list[int], need: int) -> list[object]:
    keys = struct.unpack(f"<{len(stream) // 4}I", stream[: len(stream) // 4 * 4])
    order = sorted(range(len(items)), key=lambda i: keys[key_index[i]])
    return [items[i] for i in order[:need]]


def test_order_by_keys_is_a_stable_sort_by_key() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        n = rng.randrange(0, 65)
        words = rng.randrange(1, 70)
        # few distinct key values now and then, so that ties are common
        spread = rng.choice([2, 5, 2**32])
        stream = b"".join(rng.randrange(spread).to_bytes(4, "little") for _ in range(words))
        items = [rng.randrange(1000) for _ in range(n)]
        key_index = [rng.randrange(words) for _ in range(n)]
        need = rng.randrange(n + 1)
        assert _shuffle.order_by_keys(stream, items, key_index, need) == twin_order(
            stream, items, key_index, need
        )


@pytest.mark.parametrize(
    ("items", "key_index", "need", "message"),
    [
        (list(range(65)), list(range(65)), 1, "at most 64 items"),
        ([1, 2], [0], 1, "2 items and 1 key indices"),
        ([1, 2], [0, 1], 3, "need must be in 0..2"),
        ([1, 2], [0, -1], 1, "key index -1 is outside"),
        ([1, 2], [0, 16], 1, "key index 16 is outside"),
        ([1, 2], [0, True], 1, "key index True is outside"),
        ([1, 2], [0, 2**70], 1, "key index 1180591620717411303424 is outside"),
    ],
)
def test_order_by_keys_refuses_what_it_cannot_sort(
    items: list[int], key_index: list[int], need: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        _shuffle.order_by_keys(bytes(64), items, key_index, need)


def twin_shuffled(seed: int, need: int, cards: list[int]) -> list[int]:
    material = str(seed).encode()
    stream = b"".join(
        hashlib.blake2b(bytes([b]), key=material, digest_size=64, person=b"croupier-deck").digest()
        for b in range(4)
    )
    keys = struct.unpack("<64I", stream)
    return sorted(cards, key=lambda c: keys[c])[:need]


def twin_reshuffled(seed: int, index: int, cards: list[int]) -> list[int]:
    material = str(seed).encode()
    blocks = (len(cards) + 15) >> 4
    stream = b"".join(
        hashlib.blake2b(
            index.to_bytes(4, "little") + bytes([b]),
            key=material,
            digest_size=64,
            person=b"croupier-draw",
        ).digest()
        for b in range(blocks)
    )
    keys = struct.unpack(f"<{16 * blocks}I", stream)
    return [cards[k] for k in sorted(range(len(cards)), key=lambda k: keys[k])]


def test_the_engine_shuffles_deal_the_decks_of_the_formula() -> None:
    rng = random.Random(5)
    for seed in [0, 1, 2**64 - 1, *(rng.randrange(2**64) for _ in range(500))]:
        assert _deck._shuffled(seed, 52) == twin_shuffled(seed, 52, list(range(52)))
        assert _deck._shuffled(seed, 9, tuple(range(16, 52))) == twin_shuffled(
            seed, 9, list(range(16, 52))
        )
        muck = rng.sample(range(52), rng.randrange(1, 40))
        index = rng.randrange(5)
        assert _deck._reshuffled(seed, index, muck) == twin_reshuffled(seed, index, muck)


def test_key_stream_is_hashlib_blake2b() -> None:
    """The C BLAKE2b against hashlib's, over keys, personalisations, prefixes and blocks
    of every length it takes (the engine uses keys of 1 to 64 bytes, 13-byte
    personalisations and prefixes of 0 or 4 bytes)."""
    rng = random.Random(11)
    cases = [
        (rng.randbytes(k), rng.randbytes(p), rng.randbytes(x))
        for k, p, x in [(1, 0, 0), (64, 16, 127), (20, 13, 4), (63, 15, 126), (33, 1, 111)]
    ]
    cases += [
        (
            rng.randbytes(rng.randint(1, 64)),
            rng.randbytes(rng.randint(0, 16)),
            rng.randbytes(rng.randint(0, 127)),
        )
        for _ in range(3000)
    ]
    for key, person, prefix in cases:
        blocks = rng.randint(0, 6)
        want = b"".join(
            hashlib.blake2b(prefix + bytes([b]), key=key, digest_size=64, person=person).digest()
            for b in range(blocks)
        )
        assert _shuffle.key_stream(key, person, prefix, blocks) == want
    many = _shuffle.key_stream(b"k", b"", b"", _shuffle.MAX_BLOCKS)
    assert many[-64:] == hashlib.blake2b(bytes([255]), key=b"k", digest_size=64).digest()


@pytest.mark.parametrize(
    ("key", "person", "prefix", "blocks", "message"),
    [
        (b"", b"", b"", 1, "the key must be 1 to 64 bytes, got 0"),
        (bytes(65), b"", b"", 1, "the key must be 1 to 64 bytes, got 65"),
        (b"k", bytes(17), b"", 1, "person must be at most 16 bytes, got 17"),
        (b"k", b"", bytes(128), 1, "prefix must be at most 127 bytes, got 128"),
        (b"k", b"", b"", 257, "blocks must be 0 to 256, got 257"),
        (b"k", b"", b"", -1, "blocks must be 0 to 256, got -1"),
    ],
)
def test_key_stream_refuses_what_blake2b_cannot_take(
    key: bytes, person: bytes, prefix: bytes, blocks: int, message: str
) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        _shuffle.key_stream(key, person, prefix, blocks)
