"""The one cache module's size policy: a full memo drops its oldest entry first; ``clear``
empties every memo it defines."""

from __future__ import annotations

from campers_rules import _cache


def test_a_full_memo_drops_its_oldest_entry() -> None:
    memo: dict[int, int] = {}
    for key in range(_cache.LIMIT):
        assert _cache.keep(memo, key, key * 2) == key * 2
    assert len(memo) == _cache.LIMIT
    _cache.keep(memo, -1, 7)
    assert len(memo) == _cache.LIMIT
    assert 0 not in memo and memo[1] == 2 and memo[-1] == 7


def test_clear_empties_every_memo_of_the_module() -> None:
    for memo in _cache.memos().values():
        memo[object()] = 1
    _cache.clear()
    assert all(not memo for memo in _cache.memos().values())
