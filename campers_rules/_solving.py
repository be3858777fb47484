"""Claims and new groups for move generation: the bridge from the engine to the meld solver.

Enumerates minimal groups (exactly the size a spec names) from a hand, with one canonical
declaration per wild, and the distinct claims they form.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache

from campers_rules._cards import NUMBERS, WILD, Card, Color, natural
from campers_rules._catalogue import Campsite
from campers_rules._groups import Group, GroupKind, Placed
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules._table import Backend


def _multisets(options: Sequence[tuple[Card, int]], size: int) -> Iterator[tuple[Card, ...]]:
    """Multisets of ``size`` cards drawn from faces with available counts."""
    if size == 0:
        yield ()
        return
    if not options:
        return
    (card, have), rest = options[0], options[1:]
    for take in range(min(have, size), -1, -1):
        for tail in _multisets(rest, size - take):
            yield (card,) * take + tail


def _groups(hand: Counter[Card], kind: GroupKind, size: int) -> Iterator[Group]:
    wilds = hand[WILD]
    if kind is GroupKind.SET:
        for number in NUMBERS:
            faces = [(natural(c, number), hand[natural(c, number)]) for c in Color]
            faces = [(f, k) for f, k in faces if k]
            for used in range(max(0, size - wilds), size + 1):
                for picked in _multisets(faces, used):
                    if picked:
                        cards = [Placed.natural(c) for c in picked]
                        cards += [Placed.wild(Color.BLUE, number)] * (size - used)
                        yield Group(kind, tuple(cards))
    elif kind is GroupKind.COLOR_GROUP:
        for color in Color:
            faces = [(natural(color, n), hand[natural(color, n)]) for n in NUMBERS]
            faces = [(f, k) for f, k in faces if k]
            for used in range(max(1, size - wilds), size + 1):
                for picked in _multisets(faces, used):
                    cards = [Placed.natural(c) for c in picked]
                    cards += [Placed.wild(color, n) for n in list(NUMBERS)[: size - used]]
                    yield Group(kind, tuple(cards))
    else:
        colors = list(Color) if kind is GroupKind.RUN else None
        for start in range(NUMBERS.start, NUMBERS.stop - size + 1):
            for one in [None] if colors is not None else list(Color):
                slots = []
                for number in range(start, start + size):
                    pool = colors if one is None else [one]
                    assert pool is not None
                    choices: list[Placed | None] = [
                        Placed.natural(natural(c, number)) for c in pool if hand[natural(c, number)]
                    ]
                    choices.append(None)
                    slots.append(choices)
                for combo in itertools.product(*slots):
                    missing = sum(p is None for p in combo)
                    if missing > wilds or missing == size:
                        continue
                    cards = [
                        p if p is not None else Placed.wild(one or Color.BLUE, start + i)
                        for i, p in enumerate(combo)
                    ]
                    spent = Counter(p.face for p in cards)
                    if all(hand[f] >= k for f, k in spent.items()):
                        yield Group(kind, tuple(cards))


def _spend(hand: Counter[Card], group: Group) -> Counter[Card] | None:
    need = Counter(group.faces)
    if any(hand[f] < k for f, k in need.items()):
        return None
    return hand - need


def _alternative(hand: Counter[Card], specs: list[GroupSpec]) -> Iterator[tuple[Group, ...]]:
    if not specs:
        yield ()
        return
    spec, rest = specs[0], specs[1:]
    for group in _groups(hand, spec.kind, spec.size):
        left = _spend(hand, group)
        if left is not None:
            for tail in _alternative(left, rest):
                yield (group, *tail)


@lru_cache(maxsize=4096)
def _claims(hand: tuple[Card, ...], requirement: Requirement) -> tuple[tuple[Group, ...], ...]:
    counts = Counter(hand)
    found: set[tuple[Group, ...]] = set()
    for alternative in requirement.alternatives:
        specs = [spec for spec in alternative for _ in range(spec.count)]
        for groups in _alternative(counts, specs):
            found.add(tuple(sorted(groups, key=str)))
    return tuple(sorted(found, key=lambda gs: [str(g) for g in gs]))


def claims(
    hand: tuple[Card, ...], face: Campsite, backend: Backend
) -> tuple[tuple[Group, ...], ...]:
    """Every distinct claim of this campsite from this hand, as minimal groups (UC-7)."""
    return _claims(hand, face.primitive)


@lru_cache(maxsize=4096)
def _new_groups(hand: tuple[Card, ...], face: Campsite) -> tuple[Group, ...]:
    counts = Counter(hand)
    found: set[Group] = set()
    for kind in GroupKind:
        found.update(_groups(counts, kind, face.min_size(kind)))
    return tuple(sorted(found, key=str))


def new_groups(hand: tuple[Card, ...], face: Campsite, backend: Backend) -> tuple[Group, ...]:
    """Every distinct minimal group from this hand valid on this campsite (UC-7)."""
    return tuple(g for g in _new_groups(hand, face) if face.group_problem(g) is None)
