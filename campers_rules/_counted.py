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

from campers_rules._cards import NUMBERS, key_counts
from campers_rules._groups import RUN, SET, GroupKind

SPAN = len(NUMBERS)
"""Numbers 2 .. 13, at bit or index ``number - 2``."""
_WINDOWS = {size: tuple(((1 << size) - 1) << start for start in range(SPAN - size + 1))
            for size in range(1, SPAN + 1)}
"""The run windows of each size, as masks of number bits."""

Unit = tuple[GroupKind, int]
"""A group asked for: its kind and size."""


class HandCounts:
    """A hand's playing cards read once: naturals per number, wilds, and the counts that
    bound the native search's steps."""

    __slots__ = ("bounds", "colors", "families", "ones", "totals", "twos", "wilds")

    def __init__(self, hand_key: bytes) -> None:
        faces, wilds = key_counts(hand_key)
        totals = [0] * SPAN
        colors = [0] * SPAN
        families = [1] * SPAN
        for index, count in enumerate(faces):
            if count:
                number = index % SPAN
                totals[number] += count
                colors[number] += 1
                families[number] *= count + 1
        self.totals = totals
        """Naturals of each number."""
        self.wilds = wilds
        self.colors = colors
        """Faces (colors) present of each number."""
        self.families = families
        """The product of (copies + 1) over each number's faces: a bound on a set's
        candidates from it."""
        self.ones = sum(1 << n for n in range(SPAN) if totals[n])
        """Numbers present, as bits."""
        self.twos = sum(1 << n for n in range(SPAN) if totals[n] > 1)
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
        colors = self.colors
        total = 0
        for start in range(SPAN - size + 1):
            product = 1
            for n in range(start, start + size):
                product *= colors[n] + 1
            total += product
        return total

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
        totals = self.totals
        for v, tv in enumerate(totals):
            if not tv:
                continue
            if tv > 1 and min(tv, s + r) + spare >= 0:
                return True  # both of number v
            for u, tu in enumerate(totals):
                if tu and u != v and min(tv, s) + min(tu, r) + spare >= 0:
                    return True
        return False

    def _set_and_run(self, s: int, r: int, spare: int) -> bool:
        totals = self.totals
        ones = self.ones
        for window in _WINDOWS[r]:
            base = (window & ones).bit_count()
            if not base:
                continue
            for v, tv in enumerate(totals):
                if not tv:
                    continue
                # a set within the run's window shares its number's naturals with it
                taken = base - 1 + min(tv, s + 1) if window >> v & 1 else base + min(tv, s)
                if taken >= 2 and taken + spare >= 0:
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
