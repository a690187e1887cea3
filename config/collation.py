"""Names in the order their readers sort them [алфавитный порядок]: by the Unicode Collation
Algorithm (pyuca, with the Unicode's default table), not by code points.

By code points the Ukrainian "Євген" (U+0404) sorts before the Russian "Алексей" (U+0410),
and "Ігор" before both; by the default table А < Б < … < Г < Ґ < … < Е < Є < … < И < І < Ї <
Й < …, as both alphabets have it, Ё counts as Е (Russian dictionaries' order), and case
comes second. One order for both languages, which agree on every letter they share.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from typing import Any, TypeVar

Item = TypeVar("Item")


@cache
def _collator() -> Any:
    # The table is read once per process (about half a second), on the first list sorted.
    from pyuca import Collator

    return Collator()


def collation_key(text: Any) -> tuple[int, ...]:
    """The sort key of a name (any value is read as its text)."""
    return tuple(_collator().sort_key(str(text or "")))


# The same names are sorted again at each request (a club's roster, a 2,000-player field's
# list: some 25 µs a name, 50 ms for 2,000): each name's key is computed once per process and
# the most recent kept, packed in bytes (about 200 a name).
NAME_KEYS_KEPT = 20_000


@lru_cache(maxsize=NAME_KEYS_KEPT)
def _name_key(text: str) -> bytes:
    """`collation_key(text)` as bytes, four a weight, big-endian: two keys compare as their
    weights do (weight by weight, a key that is the other's beginning first)."""
    weights = _collator().sort_key(text)
    return struct.pack(f">{len(weights)}I", *weights)


def sorted_by_name(items: Iterable[Item], name: Callable[[Item], Any] = str) -> list[Item]:
    """`items` in their names' order (`name` reads an item's name)."""
    return sorted(items, key=lambda item: _name_key(str(name(item) or "")))
