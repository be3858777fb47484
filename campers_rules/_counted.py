"""Claims decided from counts (issues 12 and 29): a requirement's alternatives compiled to
ints once (:class:`Asked`), which also answers whether groups meet the requirement, and
whether a hand has a claim of two sets or runs, from its counts by number
(:class:`HandCounts`).

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

A hand's counts change with its cards one at a time (:meth:`HandCounts.moved`), so a
state's scratch copy carries them from step to step instead of reading each new hand
again (``_work.Work.counts``).

The classes hold ints and lists of ints alone, read in loops of ints: in the compiled
build they are native classes (docs/compiled.rst).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from campers_rules._cards import FACE_COUNT, NUMBERS, WILD
from campers_rules._groups import COLOR_RUN, KIND_INDEX, RUN, SET, Group, GroupKind

SPAN: Final = len(NUMBERS)
"""Numbers 2 .. 13, at bit or index ``number - 2``."""

_WILD: Final = WILD.index
"""The wild's face id: the numbered faces' ids come before it."""
_NUMBER_OF: Final = bytes(index % SPAN for index in range(_WILD))
"""The number (``number - 2``) of each numbered face id (faces by color, then number)."""
_POPCOUNT: Final = bytes(bin(mask).count("1") for mask in range(1 << SPAN))
"""How many numbers each mask of number bits holds (or colors, each mask of color bits)."""
_SUIT: Final = (1 << SPAN) - 1
"""The number bits of one color: the faces of a color are ``SPAN`` consecutive ids."""
_POWERS_OF_3: Final = bytes(3**k for k in range(5))
"""``3 ** k`` for the faces of one number held twice (at most its 4 colors); bytes, which
the compiled build reads natively (a tuple literal would be built at each read)."""
FIELD_BITS: Final = 5
"""Bits of one number's field in a count packed by number (a number's naturals: 8 in the
deck; a field holds 31, and a made-up hand's larger count is capped there:
:func:`capped_by_number`)."""
_FIELD: Final = (1 << FIELD_BITS) - 1
_FIELD_OF: Final = bytes(FIELD_BITS * (index % SPAN) for index in range(_WILD))
"""Where each numbered face id's number's field starts in a count packed by number."""
_OTHER_FIELD: Final = bytes(FIELD_BITS * index for index in range(FACE_COUNT - _WILD))
"""Where the field of each face past the naturals (``face - WILD``) starts in
``HandCounts.others``."""
_WINDOWS: Final = tuple(tuple(((1 << size) - 1) << start for start in range(SPAN - size + 1))
                        for size in range(SPAN + 1))
"""The run windows of each size, as masks of number bits, lowest first."""

Unit = tuple[GroupKind, int]
"""A group asked for: its kind and size."""

_UNITS: Final = tuple((kind, size) for size in range(SPAN + 1) for kind in (SET, RUN))
"""Each set or run by its code (:func:`unit_code`)."""
_NOT_COUNTED: Final = -1
"""The code of a unit that is neither a set nor a run."""
GREEDY_RANK: Final = (1, 2, 2, 0)
"""Where the greedy matching of groups to a requirement serves each kind (by its place in
``GroupKind``): color runs first (only color runs serve them), then sets, then runs and
color groups (which a color run also serves); within a rank, the larger size first."""
_NO_KIND: Final = -1
"""No kind: a unit that only groups of its own kind serve."""


def searched(units: tuple[Unit, ...]) -> tuple[tuple[Unit, ...], tuple[bool, ...]]:
    """An alternative's groups in the native solver's order (by kind in ``GroupKind``
    order, then size, largest first) and whether each is the same as the one before it."""
    in_order = tuple(sorted(units, key=lambda unit: (KIND_INDEX[unit[0]], -unit[1])))
    return in_order, tuple([i > 0 and in_order[i] == in_order[i - 1]
                            for i in range(len(in_order))])


def unit_code(unit: Unit) -> int:
    """A set or a run as one int, ``2 * size``, plus one for a run (its place in
    :data:`_UNITS`); :data:`_NOT_COUNTED` for another kind."""
    kind, size = unit
    if kind is SET:
        return 2 * size
    if kind is RUN:
        return 2 * size + 1
    return _NOT_COUNTED


class Asked:
    """A requirement's alternatives as ints, compiled once when the requirement is made
    (``Requirement.asked``): what move generation compares a hand with before any search."""

    def __init__(self, groups_asked: tuple[tuple[Unit, ...], ...]) -> None:
        self.groups_asked = groups_asked
        """What it is compiled from: ``Requirement.groups_asked``."""
        singles: list[int] = []
        pairs: list[int] = []
        for groups in groups_asked:
            singles.append(groups[0][1] if len(groups) == 1 else 0)
            codes = [unit_code(unit) for unit in groups]
            if len(codes) == 2 and _NOT_COUNTED not in codes:
                pairs.extend(codes)
            else:
                pairs.extend((_NOT_COUNTED, _NOT_COUNTED))
        self.singles = singles
        """Per alternative, the size of its one group, or 0 when it asks for more."""
        self.pairs = pairs
        """Per alternative, its two groups' :func:`unit_code` when they are two sets or
        runs, else two :data:`_NOT_COUNTED`."""
        needs: list[int] = []
        cards: list[int] = []
        for groups in groups_asked:
            least = [0, 0, 0, 0]
            for kind, size in groups:
                at = KIND_INDEX[kind]
                least[at] = max(least[at], size)
            needs.extend(least)
            cards.append(sum([size for _, size in groups]))
        self.needs = needs
        """Per alternative, four ints: the largest group it asks for of each kind, in
        ``GroupKind`` order (0 for none), what :meth:`reachable` compares a hand's reach
        with."""
        self.cards = cards
        """Per alternative, the cards it lays at least (``Requirement.cards_asked``)."""
        self.ordered = tuple([searched(groups) for groups in groups_asked])
        """Per alternative, its groups in the order the native solver searches a question
        from hand alone (``solver._problem.Plan.ordered``: by kind, then size, largest
        first) and whether each repeats the one before it, read without a ``Problem``."""
        self.greedy = [_greedy_units(groups) for groups in groups_asked]
        """Per alternative, its groups in the order :meth:`met_by` serves them, each as
        the place in ``GroupKind`` of its kind, its least size, and the place of the other
        kind that also serves it (a color run serves a run or a color group, UC-4) or
        :data:`_NO_KIND`."""

    def __reduce__(self) -> tuple[type[Asked], tuple[tuple[tuple[Unit, ...], ...]]]:
        """Pickled (and copied) as what it is compiled from: a compiled native class is
        otherwise made again without its argument."""
        return Asked, (self.groups_asked,)

    def met_by(self, classes: list[int]) -> bool:
        """Whether groups of these classes (:func:`group_classes`) meet some alternative,
        each group serving one group asked (UC-4): the greedy of
        ``_requirements.residual_needs`` on ints, each group asked taking the smallest free
        group of its own kind that is large enough, else the smallest such group of the
        other kind that serves it."""
        for units in self.greedy:
            if len(units) > len(classes):
                continue
            taken = 0  # bits of the indices in classes
            for kind, size, also in units:
                own = -1
                other = -1
                for index, code in enumerate(classes):
                    if code >> 2 >= size and not taken >> index & 1:
                        if code & 3 == kind:
                            own = index
                            break
                        if code & 3 == also and other < 0:
                            other = index
                found = own if own >= 0 else other
                if found < 0:
                    break
                taken |= 1 << found
            else:
                return True
        return False

    def reachable(self, most: tuple[int, int, int, int]) -> list[int]:
        """The alternatives whose every group is within ``most``, the largest group of
        each kind a hand could form (``_solving.reach``), in their order: those a claim
        may meet (``_solving.may_meet``, from ints)."""
        sets, runs, colors, color_runs = most
        needs = self.needs
        out: list[int] = []
        for index in range(len(self.cards)):
            at = 4 * index
            if (needs[at] <= sets and needs[at + 1] <= runs and needs[at + 2] <= colors
                    and needs[at + 3] <= color_runs):
                out.append(index)
        return out

    def pairs_of(self, wanted: list[int]) -> list[int]:
        """The :attr:`pairs` of these alternatives, two codes each, in their order."""
        pairs = self.pairs
        out: list[int] = []
        for index in wanted:
            out.append(pairs[2 * index])
            out.append(pairs[2 * index + 1])
        return out


def group_classes(groups: Iterable[Group]) -> list[int]:
    """Each group's size and kind as one int, ``size << 2 | kind`` (its place in
    ``GroupKind``), sorted: smallest first. What :meth:`Asked.met_by` reads."""
    return sorted([len(group.cards) << 2 | KIND_INDEX[group.kind] for group in groups])


def _greedy_units(groups: tuple[Unit, ...]) -> list[tuple[int, int, int]]:
    """One alternative's groups as :attr:`Asked.greedy` holds them."""
    units: list[tuple[int, int, int]] = []
    for kind, size in sorted(groups, key=lambda unit: (GREEDY_RANK[KIND_INDEX[unit[0]]],
                                                      -unit[1])):
        served = kind is not COLOR_RUN and COLOR_RUN.serves(kind)
        units.append((KIND_INDEX[kind], size, KIND_INDEX[COLOR_RUN] if served else _NO_KIND))
    return units


def most_by_color(hand_key: bytes) -> int:
    """The naturals of the color held most among these sorted face ids, counted one by
    one (a made-up hand holding a face three times or more)."""
    held = [0, 0, 0, 0]
    for at in range(len(hand_key)):
        if hand_key[at] < _WILD:
            held[hand_key[at] // SPAN] += 1
    return max(held)


def capped_by_number(hand_key: bytes) -> int:
    """The naturals of each number among these face ids, counted one by one and packed in
    :data:`FIELD_BITS`-bit fields, each capped at :data:`_FIELD`: a made-up hand of more
    cards than a field holds could carry one field into the next. Every reader compares a
    number's count with a size of two groups at most (24), so a capped count answers as
    the whole one does."""
    held = [0] * SPAN
    for at in range(len(hand_key)):
        if hand_key[at] < _WILD:
            held[hand_key[at] % SPAN] += 1
    packed = 0
    for number in range(SPAN):
        packed |= min(held[number], _FIELD) << FIELD_BITS * number
    return packed


def _by_number(naturals: int) -> tuple[int, int, int]:
    """The numbers present and those present twice or more (as bits), and the naturals of
    the number held most, from the naturals of each number packed in fields."""
    ones = 0
    twos = 0
    most = 0
    for number in range(SPAN):
        held = naturals >> FIELD_BITS * number & _FIELD
        if held:
            ones |= 1 << number
            if held > 1:
                twos |= 1 << number
            if held > most:
                most = held
    return ones, twos, most


def _of_color(faces: int, doubled: int, color: int) -> int:
    """The naturals of one color in a hand holding these faces, these twice (and no natural
    three times)."""
    return (_POPCOUNT[faces >> SPAN * color & _SUIT]
            + _POPCOUNT[doubled >> SPAN * color & _SUIT])


def _most_color(faces: int, doubled: int) -> int:
    """The naturals of the color held most in a hand holding these faces, these twice (and
    no natural three times)."""
    most = 0
    for color in range(4):
        held = _of_color(faces, doubled, color)
        if held > most:
            most = held
    return most


class HandCounts:
    """A hand read once: the faces it holds, its playing cards' naturals per number and
    per color, its wilds, and the counts that bound the native search's steps.

    Counted from the hand's sorted face ids, or derived from the counts of a hand one card
    away (:meth:`moved`), which is how a state's scratch copy carries its seats' counts
    from step to step (``_work.Work.counts``)."""

    def __init__(self, hand_key: bytes) -> None:
        """Read the sorted face ids of a hand, or of its playing cards (``bytes`` of the
        hand, or ``_solving.playing``'s key): the copies of a face lie side by side, the
        action cards last.

        The pass over the cards only adds to native ints: each face held and each held
        twice as bits, and the counts by number packed in fields of one int each (a
        natural's third copy or later, which only a made-up hand holds, goes to a list);
        the numbers held once and twice and the most of a number and of a color are read
        from them after it. No list is made per number: the search bounds and the claim
        checks below read the fields."""
        faces = 0
        doubled = 0  # faces held twice or more, as bits
        present = 0  # faces present of each number, as FIELD_BITS-bit fields by number
        again = 0  # faces held twice or more of each number, likewise
        naturals = 0  # naturals of each number, likewise
        others = 0  # copies of each face past the naturals, likewise by face (capped)
        deeper: list[int] | None = None  # copies of a natural past its second, if any
        wilds = 0
        previous = -1
        count = 0  # copies of the previous face so far
        for at in range(len(hand_key)):  # one pass; indexed: native ints in the compiled build
            index = hand_key[at]
            if index >= _WILD:
                if index == _WILD:
                    wilds += 1
                faces |= 1 << index
                shift = _OTHER_FIELD[index - _WILD]
                if (others >> shift & _FIELD) < _FIELD:  # a made-up hand's 32nd copy
                    others += 1 << shift
                continue
            field = _FIELD_OF[index]
            naturals += 1 << field
            if index != previous:
                previous = index
                count = 1
                faces |= 1 << index
                present += 1 << field
            else:
                count += 1
                if count == 2:
                    doubled |= 1 << index
                    again += 1 << field
                else:  # a made-up hand's: the deck holds two of a face
                    if deeper is None:
                        deeper = []
                    deeper.append(count << 6 | index)
        if len(hand_key) > _FIELD:  # a made-up hand: a number's count may pass its field
            naturals = capped_by_number(hand_key)
        self.faces = faces
        """Every face held, as bits (bit ``face``; the action cards too, read from the
        whole hand)."""
        self.doubled = doubled
        """The naturals held twice or more, as bits (bit ``face``)."""
        self.naturals = naturals
        """The naturals of each number, in a ``FIELD_BITS``-bit field by number (number
        ``n`` at bit ``FIELD_BITS * n``): :attr:`totals` packed in one native int."""
        self.present = present
        """The faces (colors) present of each number, fields likewise: :attr:`colors`."""
        self.again = again
        """The faces held twice or more of each number, fields likewise."""
        self.others = others
        """The copies of each face that is no natural (the wild, then the action cards),
        in a ``FIELD_BITS``-bit field by face, each capped at ``_FIELD`` (a made-up
        hand's): what :meth:`moved` reads of them."""
        self.later: tuple[int, ...] = () if deeper is None else tuple(deeper)
        """Each copy of a natural past its second (``copies so far << 6 | face``; a face
        id is below 64), in the hand's order: none in a hand the deck can hold."""
        self.wilds = wilds
        ones, twos, most_number = _by_number(naturals)
        self.ones = ones
        """Numbers present, as bits."""
        self.twos = twos
        """Numbers present twice or more, as bits."""
        self.most_number = most_number
        """The naturals of the number held most."""
        self.most_color = (_most_color(faces, doubled) if deeper is None
                           else most_by_color(hand_key))
        """The naturals of the color held most."""
        self.bounds: list[int] | None = None
        """:meth:`_steps` of each unit asked about, by its code (-1: not asked yet;
        several campsites ask for the same), or ``None`` until one is asked."""

    def moved(self, face: int, change: int) -> HandCounts | None:
        """The counts of this hand with one card of this face added (``change`` 1) or
        taken (-1; the hand holds it), derived from these without the hand, or ``None``
        when only a count of the new hand gives them: a made-up hand's, holding a natural
        three times or more (before or after), or ``_FIELD`` copies or more of the face.
        Any other hand's counts by number are exact (8 naturals of a number at most)."""
        if self.later:
            return None
        if face < _WILD:
            if change > 0 and self.doubled >> face & 1:
                return None  # a third copy of a natural
        elif (self.others >> _OTHER_FIELD[face - _WILD] & _FIELD) == _FIELD:
            return None  # its count capped
        return _Moved(self, face, change)

    @property
    def suits(self) -> list[int]:
        """The numbers present of each color, as bits, by color (read off :attr:`faces`)."""
        faces = self.faces
        return [faces & _SUIT, faces >> SPAN & _SUIT, faces >> 2 * SPAN & _SUIT,
                faces >> 3 * SPAN & _SUIT]

    @property
    def totals(self) -> list[int]:
        """Naturals of each number (capped at 31), unpacked from :attr:`naturals`: the
        listing reads the packed fields; the tests read these three lists."""
        return [self.naturals >> FIELD_BITS * number & _FIELD for number in range(SPAN)]

    @property
    def colors(self) -> list[int]:
        """Faces (colors) present of each number, unpacked from :attr:`present`."""
        return [self.present >> FIELD_BITS * number & _FIELD for number in range(SPAN)]

    @property
    def families(self) -> list[int]:
        """The product of (copies + 1) over each number's faces: a bound on a set's
        candidates from it (:meth:`_family` of each number, which the listing reads)."""
        return [self._family(number) for number in range(SPAN)]

    def _family(self, number: int) -> int:
        """:attr:`families` of one number: 2 for each face held once, 3 for each held
        twice, then each later copy's (copies + 1) for its copies so far."""
        faced = self.present >> FIELD_BITS * number & _FIELD
        twice = self.again >> FIELD_BITS * number & _FIELD
        family = (1 << faced - twice) * _POWERS_OF_3[twice]
        for entry in self.later:
            if _NUMBER_OF[entry & 63] == number:
                family = family // (entry >> 6) * ((entry >> 6) + 1)
        return family

    def _steps(self, unit: Unit) -> int:
        """A bound on the native steps one unit's candidates cost: a set's each built and
        tried (2 steps), a run's every combination of faces and wild (1 step)."""
        kind, size = unit
        total = 0
        if kind is SET:
            low = max(1, size - self.wilds)
            naturals = self.naturals
            present = self.present
            again = self.again
            for number in range(SPAN):
                shift = FIELD_BITS * number
                if (naturals >> shift & _FIELD) < low:
                    continue
                if self.later:  # a made-up hand's later copies: the whole product
                    total += self._family(number)
                else:  # 2 for a face held once, 3 for one held twice (no call)
                    twice = again >> shift & _FIELD
                    total += (1 << (present >> shift & _FIELD) - twice) * _POWERS_OF_3[twice]
            return 2 * total
        # a run: each window's product of (faces + 1) over its numbers, slid along the
        # numbers (a factor in, the one that left divided out: each is 1 or more)
        present = self.present
        if not size:
            total = 1  # the empty window before the first number
        product = 1
        for number in range(SPAN):
            product *= (present >> FIELD_BITS * number & _FIELD) + 1
            if number >= size:
                product //= (present >> FIELD_BITS * (number - size) & _FIELD) + 1
            if number + 1 >= size:
                total += product
        return total

    def _bound(self, code: int) -> int:
        """:meth:`_steps` of the unit of this code, kept in :attr:`bounds`."""
        bounds = self.bounds
        if bounds is None:
            bounds = [-1] * len(_UNITS)
            self.bounds = bounds
        bound = bounds[code]
        if bound < 0:
            bound = self._steps(_UNITS[code])
            bounds[code] = bound
        return bound

    def decides(self, alternatives: Sequence[Sequence[Unit]], budget: int) -> bool | None:
        """Whether some alternative (each two units of sets and runs) has a claim from this
        hand, or ``None`` when one is of another shape or the search might spend more than
        ``budget`` steps before its first claim."""
        pairs: list[int] = []
        for units in alternatives:
            if len(units) != 2:
                pairs.extend((_NOT_COUNTED, _NOT_COUNTED))
            else:
                pairs.extend((unit_code(units[0]), unit_code(units[1])))
        return self.decides_pairs(pairs, budget)

    def decides_pairs(self, pairs: list[int], budget: int) -> bool | None:
        """:meth:`decides`, for alternatives given as two unit codes each (``Asked.pairs``)."""
        spent = 0
        for at in range(0, len(pairs), 2):
            first = pairs[at]
            second = pairs[at + 1]
            if first == _NOT_COUNTED or second == _NOT_COUNTED:
                return None
            a = self._bound(first)
            b = self._bound(second)
            spent += 1 + max(a, b) + a * b
        if spent > budget:
            return None
        return any(self._pair(pairs[at], pairs[at + 1]) for at in range(0, len(pairs), 2))

    def _pair(self, first: int, second: int) -> bool:
        """Whether two groups of these unit codes are laid from the hand at once."""
        if first & 1 and not second & 1:  # a run and a set: the set first
            first, second = second, first
        s = first >> 1
        r = second >> 1
        spare = self.wilds - s - r  # + naturals taken: must reach >= 0
        if not first & 1:
            if not second & 1:
                return self._two_sets(s, r, spare)
            return self._set_and_run(s, r, spare)
        return self._two_runs(s, r, spare)

    def _two_sets(self, s: int, r: int, spare: int) -> bool:
        """Two sets take the most naturals from the two numbers held most, the larger set
        from the number held most (each count capped by its set's size, a natural or
        more each: the larger count to the larger cap is never worse), or both sets from
        the number held most when it is held twice or more."""
        most = 0
        second = 0
        naturals = self.naturals
        for number in range(SPAN):
            held = naturals >> FIELD_BITS * number & _FIELD
            if held > most:
                second = most
                most = held
            elif held > second:
                second = held
        if most > 1 and min(most, s + r) + spare >= 0:
            return True  # both of one number
        return second > 0 and min(most, max(s, r)) + min(second, min(s, r)) + spare >= 0

    def _set_and_run(self, s: int, r: int, spare: int) -> bool:
        """A run takes a natural of each number its window holds; the set takes the most
        it can of the number held most outside the window, or of the one held most inside
        it (sharing that number's naturals with the run); the two need two naturals at
        least between them."""
        naturals = self.naturals
        ones = self.ones
        least = max(2, -spare)
        for start, window in enumerate(_WINDOWS[r]):
            base = _POPCOUNT[window & ones]
            if not base:
                continue
            end = start + r
            inside = 0
            outside = 0
            for number in range(SPAN):
                held = naturals >> FIELD_BITS * number & _FIELD
                if start <= number < end:
                    if held > inside:
                        inside = held
                elif held > outside:
                    outside = held
            taken = base - 1 + min(inside, s + 1)
            if outside:
                taken = max(taken, base + min(outside, s))
            if taken >= least:
                return True
        return False

    def _two_runs(self, s: int, r: int, spare: int) -> bool:
        """Two runs take a natural of each number either window holds, and a second one of
        each number both hold that the hand holds twice."""
        ones = self.ones
        twos = self.twos
        least = max(2, -spare)
        seconds = _WINDOWS[r]
        best = 0  # the most numbers any second window holds: what a first adds at most
        for second in seconds:
            if _POPCOUNT[second & ones] > best:
                best = _POPCOUNT[second & ones]
        for first in _WINDOWS[s]:
            if not first & ones or _POPCOUNT[first & ones] + best < least:
                continue  # (first | second) and (first & second) hold no more than both
            for second in seconds:
                if not second & ones:
                    continue
                taken = _POPCOUNT[(first | second) & ones] + _POPCOUNT[first & second & twos]
                if taken >= least:
                    return True
        return False


class _Moved(HandCounts):
    """The counts of a hand one card away from a hand whose counts are known
    (:meth:`HandCounts.moved`): its fields are those a count of the new hand gives, each
    changed by the one card, with no pass over the cards (the most of a number or a color
    is read again from the counts only when the card taken was of the one held most)."""

    def __init__(self, source: HandCounts, face: int, change: int) -> None:
        faces = source.faces
        doubled = source.doubled
        present = source.present
        again = source.again
        naturals = source.naturals
        others = source.others
        wilds = source.wilds
        ones = source.ones
        twos = source.twos
        most_number = source.most_number
        most_color = source.most_color
        bit = 1 << face
        if face >= _WILD:
            shift = _OTHER_FIELD[face - _WILD]
            others += change << shift
            if others >> shift & _FIELD:
                faces |= bit
            else:
                faces &= ~bit
            if face == _WILD:
                wilds += change
        else:
            step = 1 << _FIELD_OF[face]
            number = 1 << _NUMBER_OF[face]
            color = face // SPAN
            if change > 0:
                naturals += step
                if faces & bit:
                    doubled |= bit
                    again += step
                else:
                    faces |= bit
                    present += step
                held = naturals >> _FIELD_OF[face] & _FIELD
                ones |= number
                if held > 1:
                    twos |= number
                most_number = max(most_number, held)
                most_color = max(most_color, _of_color(faces, doubled, color))
            else:
                naturals -= step
                if doubled & bit:
                    doubled &= ~bit
                    again -= step
                else:
                    faces &= ~bit
                    present -= step
                held = naturals >> _FIELD_OF[face] & _FIELD
                if not held:
                    ones &= ~number
                if held < 2:
                    twos &= ~number
                if held + 1 == most_number:
                    _, _, most_number = _by_number(naturals)
                if _of_color(faces, doubled, color) + 1 == most_color:
                    most_color = _most_color(faces, doubled)
        self.faces = faces
        self.doubled = doubled
        self.naturals = naturals
        self.present = present
        self.again = again
        self.others = others
        self.later = ()
        self.wilds = wilds
        self.ones = ones
        self.twos = twos
        self.most_number = most_number
        self.most_color = most_color
        self.bounds = None
