"""Whether a hand has a claim of two sets or runs, from its counts by number (issue 12).

A set or a run looks only at numbers: a hand's naturals counted per number and its wilds
decide whether two groups of these kinds can be laid from it, with no search. For two
groups placed at numbers (a set's number, a run's window), the most naturals they can take
is, at each number, the smaller of the hand's count and what the two ask for there; each
group needs a natural of its own (UC-5: a group is not all wilds), which holds when each
has one within reach and the two take two naturals at least (Hall's condition for two).
The wilds fill the rest.

The native search finds the same claims, unless its step budget stops it before the first
one: :meth:`HandCounts.decides` answers only when a bound on the search's steps (from the
counts of faces, a family of a set and the windows of a run) stays within the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import Final

from campers_rules._cards import NUMBERS, WILD
from campers_rules._groups import RUN, SET, GroupKind

SPAN: Final = len(NUMBERS)
"""Numbers 2 .. 13, at bit or index ``number - 2``."""
_WINDOWS: Final = {size: tuple(((1 << size) - 1) << start for start in range(SPAN - size + 1))
            for size in range(1, SPAN + 1)}
"""The run windows of each size, as masks of number bits."""

_WILD: Final = WILD.index
"""The wild's face id: the numbered faces' ids come before it."""
_NUMBER_OF: Final = bytes(index % SPAN for index in range(_WILD))
"""The number (``number - 2``) of each numbered face id (faces by color, then number)."""

Unit = tuple[GroupKind, int]
"""A group asked for: its kind and size."""


class HandCounts:
    """A hand's playing cards read once: naturals per number, wilds, and the counts that
    bound the native search's steps."""

    __slots__ = ("bounds", "colors", "families", "ones", "totals", "twos", "wilds")

    def __init__(self, hand_key: bytes) -> None:
        totals = [0] * SPAN
        colors = [0] * SPAN
        families = [1] * SPAN
        copies = [0] * _WILD
        ones = twos = wilds = 0
        for index in hand_key:  # one pass over the hand's face ids
            if index >= _WILD:
                wilds += 1
                continue
            number = _NUMBER_OF[index]
            count = copies[index] + 1
            copies[index] = count
            if count == 1:
                colors[number] += 1
                families[number] *= 2
            else:  # the face's factor count + 1 replaces count
                families[number] = families[number] // count * (count + 1)
            total = totals[number] + 1
            totals[number] = total
            if total == 1:
                ones |= 1 << number
            elif total == 2:
                twos |= 1 << number
        self.totals = totals
        """Naturals of each number."""
        self.wilds = wilds
        self.colors = colors
        """Faces (colors) present of each number."""
        self.families = families
        """The product of (copies + 1) over each number's faces: a bound on a set's
        candidates from it."""
        self.ones = ones
        """Numbers present, as bits."""
        self.twos = twos
        """Numbers present twice or more, as bits."""
        self.bounds: dict[Unit, int] = {}
        """:meth:`_steps` of each unit asked about (several campsites ask for the same)."""

    def _steps(self, unit: Unit) -> int:
        """A bound on the native steps one unit's candidates cost: a set's each built and
        tried (2 steps), a run's every combination of faces and wild (1 step)."""
        kind, size = unit
        low = max(1, size - self.wilds)
        if kind is SET:
            return 2 * sum(f for f, t in zip(self.families, self.totals, strict=True)
                           if t >= low)
        factors = [c + 1 for c in self.colors]
        return sum(prod(factors[start:start + size]) for start in range(SPAN - size + 1))

    def decides(self, alternatives: Sequence[Sequence[Unit]], budget: int) -> bool | None:
        """Whether some alternative (each two units of sets and runs) has a claim from this
        hand, or ``None`` when one is of another shape or the search might spend more than
        ``budget`` steps before its first claim."""
        spent = 0
        for units in alternatives:
            if len(units) != 2 or any(kind is not SET and kind is not RUN
                                      for kind, _ in units):
                return None
            bounds = self.bounds
            a = bounds.get(units[0])
            if a is None:
                a = bounds[units[0]] = self._steps(units[0])
            b = bounds.get(units[1])
            if b is None:
                b = bounds[units[1]] = self._steps(units[1])
            spent += 1 + max(a, b) + a * b
        if spent > budget:
            return None
        return any(self._pair(*units) for units in alternatives)

    def _pair(self, first: Unit, second: Unit) -> bool:
        """Whether two groups of these kinds and sizes are laid from the hand at once."""
        if first[0] is RUN and second[0] is SET:
            first, second = second, first
        spare = self.wilds - first[1] - second[1]  # + naturals taken: must reach >= 0
        if first[0] is SET:
            if second[0] is SET:
                return self._two_sets(first[1], second[1], spare)
            return self._set_and_run(first[1], second[1], spare)
        return self._two_runs(first[1], second[1], spare)

    def _two_sets(self, s: int, r: int, spare: int) -> bool:
        """Two sets take the most naturals from the two numbers held most, the larger set
        from the number held most (each count capped by its set's size, a natural or
        more each: the larger count to the larger cap is never worse), or both sets from
        the number held most when it is held twice or more."""
        held = sorted(self.totals, reverse=True)
        most, second = held[0], held[1]
        if most > 1 and min(most, s + r) + spare >= 0:
            return True  # both of one number
        return second > 0 and min(most, max(s, r)) + min(second, min(s, r)) + spare >= 0

    def _set_and_run(self, s: int, r: int, spare: int) -> bool:
        """A run takes a natural of each number its window holds; the set takes the most
        it can of the number held most outside the window, or of the one held most inside
        it (sharing that number's naturals with the run); the two need two naturals at
        least between them."""
        totals = self.totals
        ones = self.ones
        least = max(2, -spare)
        for start, window in enumerate(_WINDOWS[r]):
            base = (window & ones).bit_count()
            if not base:
                continue
            end = start + r
            taken = base - 1 + min(max(totals[start:end]), s + 1)
            outside = max(totals[:start] + totals[end:], default=0)
            if outside:
                taken = max(taken, base + min(outside, s))
            if taken >= least:
                return True
        return False

    def _two_runs(self, s: int, r: int, spare: int) -> bool:
        ones, twos = self.ones, self.twos
        for first in _WINDOWS[s]:
            if not first & ones:
                continue
            for second in _WINDOWS[r]:
                if not second & ones:
                    continue
                taken = ((first | second) & ones).bit_count() + (first & second & twos
                                                                  ).bit_count()
                if taken >= 2 and taken + spare >= 0:
                    return True
        return False
