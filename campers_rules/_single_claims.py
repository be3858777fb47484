"""The options of an opened claim build whose alternatives are one or two groups each,
spelled straight from the hand's counts (issue 29).

Most campsites ask for one group (a set, run, color group or color run of a size). For
them the listing's claims are the candidates of that unit, in the order the native
solver meets them (``solver._native.candidates``), each a claim (UC-7). This module
walks the hand's counts to the same candidates in the same order (:class:`_Walk`: no
pick, no group built, no generator), each card met as its rank, already in rank order,
and spells each claim in the id path's build steps with the build's first step in front,
as ``_firsts.compound_options`` holds them (:class:`_Options`). The walk keeps the
solver's order exactly: the same first ``limit`` claims (``Config.claim_limit``).

The solver stops a search past its step budget (``SolverLimits.max_steps``) and keeps
the claims found before; this walk counts the same steps, or more (a run's window pays
for all the combinations it skips at once), and leaves any question that could reach
the budget to the solver (:func:`walked_options` answers ``None``), as it does a
question of two alternatives that are the same group.

A question with an alternative of two groups is walked too (:func:`_paired_walk`) where
the solver pairs each such alternative's candidates on the whole hand (``_native._paired``:
its bound then shows the search stays within the budget and the claims limit; three
groups or more, or a search that could pass the budget, are left to the solver): each
unit's candidates are walked once into lists (:class:`_Listing`), with the steps the
solver's listing of them costs, and the pair loop runs inline on their face masks,
each claim put together from its two groups' spelled steps.
"""

from __future__ import annotations

from typing import Final, cast

from campers_rules._counted import Unit
from campers_rules._groups import COLOR_GROUP, COLOR_RUN, KIND_INDEX, PLACEMENTS, SET, GroupKind
from campers_rules._ids import SPELLING
from campers_rules._requirements import Requirement
from campers_rules._solving import WHOLE_DECK, may_meet, reach, ruled_out
from campers_rules.solver._native import (
    NATURAL_RANK,
    WILD_RANK,
    hand_counts,
    held_faces,
    order_key,
)
from campers_rules.solver._problem import NATURAL_COUNT, SPAN, too_many_groups

_BUDGET: Final = WHOLE_DECK.max_steps
"""The solver's step budget for move generation."""
_MOST_CLAIMS: Final = WHOLE_DECK.max_claims
"""The most claims the solver hands out before it refuses the question."""
_MOST_CARDS: Final = WHOLE_DECK.max_cards
"""The most cards of a question the solver takes (it refuses more)."""
Searched = tuple[tuple[Unit, ...], tuple[bool, ...]]
"""An alternative's groups as the native solver searches them, and whether each repeats
the one before it (``_counted.Asked.ordered``)."""
_SPAN: Final = SPAN
_LAYS: Final[tuple[object, ...]] = SPELLING[0]
"""Each rank's lay id, as the very int objects ``_ids.SPELLING`` holds: compiled, an int
read as an int is boxed anew when put in a list, an allocation a card; an object is
put as it is. So are the ids below."""
_ENDS: Final[tuple[object, ...]] = SPELLING[1]
_FINISH: Final[object] = SPELLING[2]
_CLOSE: Final = (SPELLING[2],)
"""A claim's last step alone, to end a group's spelled steps with."""
_NATURAL: Final = NATURAL_RANK
_WILD: Final = WILD_RANK
_SET: Final = SET
_COLOR_GROUP: Final = COLOR_GROUP
_COLOR_RUN: Final = COLOR_RUN


def _faces_of_ranks() -> tuple[int, ...]:
    """The face index of each rank (a placement's int value), -1 for a wild's."""
    faces = [-1] * len(PLACEMENTS)
    for face in range(NATURAL_COUNT):
        faces[NATURAL_RANK[face]] = face
    return tuple(faces)


_FACE_OF: Final = _faces_of_ranks()
""":func:`_faces_of_ranks`, built at import."""


def walked_options(requirement: Requirement, hand_key: bytes, head: int, limit: int
                   ) -> list[tuple[int, ...]] | None:
    """The options of a claim build opened with ``head`` (``_firsts.compound_options``,
    before the UC-8 filter) for a hand of these playing cards (sorted face indices): the
    native listing's first ``limit`` claims, each spelled ``(head, lays..., end, ...,
    finish)`` (UC-7), when every alternative the hand may meet is one group, no two of
    them the same (:func:`_single_walk`), or when the solver pairs the candidates of its
    two-group alternatives (:func:`_paired_walk`). ``None`` for any other question, for
    one whose walk could reach the solver's step budget, and for one the solver refuses
    (more groups than it takes, or a hand :func:`~campers_rules.solver._native.hand_counts`
    refuses): the caller then asks the solver, which answers the first kind and raises
    its own error for the refused ones."""
    wanted = may_meet(reach(hand_key), requirement)
    if not 0 < limit <= _MOST_CLAIMS:
        return None
    if not wanted or ruled_out(requirement, hand_key, wanted):
        return []
    counts = hand_counts(hand_key, _MOST_CARDS)
    if counts is None:
        return None
    wilds = counts.pop()
    searched = requirement.asked.ordered
    for units, _ in searched:
        if too_many_groups(len(units), WHOLE_DECK):
            return None
    asked = [searched[index] for index in wanted]
    for units, _ in asked:
        if len(units) != 1:
            return _paired_walk(counts, wilds, asked, head, limit)
    return _single_walk(counts, wilds, asked, head, limit)


def _single_walk(counts: list[int], wilds: int, asked: list[Searched], head: int, limit: int
                 ) -> list[tuple[int, ...]] | None:
    """The claims of alternatives of one group each (``asked``: as
    ``_counted.Asked.ordered`` holds them), walked over the hand's counts
    (:class:`_Options`); ``None`` if two are the same group or the walk could reach the
    step budget."""
    units: list[tuple[GroupKind, int]] = []
    for alternative, _ in asked:
        if alternative[0] in units:
            return None
        units.append(alternative[0])
    walk = _Options(counts, wilds, head, limit)
    out = walk.out
    spent = 0
    for kind, size in units:
        before = len(out)
        charged = walk.charged
        walk.unit(kind, size)
        if len(out) > limit:  # a family's candidates all paid for, the first handed out
            del out[limit:]
        # the solver's set-up of the unit, what its candidates cost, a step a card each
        spent += 1 + walk.charged - charged + (len(out) - before) * (1 + size)
        if spent > _BUDGET:
            return None
        if len(out) >= limit:
            break
    return out


def _paired_walk(counts: list[int], wilds: int, asked: list[Searched], head: int, limit: int
                 ) -> list[tuple[int, ...]] | None:
    """The claims of alternatives of one or two groups, at least one of two, when the
    solver pairs each two-group alternative's candidates on the whole hand
    (``_native._paired``: the same bound on its steps and claims, from the same lists,
    here walked: its search then provably stays within the step budget and the claims
    limit) and no two alternatives are the same groups (``_native.may_repeat`` from
    hand); else ``None`` (three groups or more, a search that could reach the budget)."""
    if len({units for units, _ in asked}) < len(asked):
        return None
    lists: list[list[_Listing]] = []
    bound = 0
    claims = 0
    for units, same in asked:
        if len(units) > 2:
            return None
        kind, size = units[0]
        paired = len(units) == 2
        first = _listing(counts, wilds, head, kind, size, paired and same[1])
        if first is None:
            return None
        found = len(first.lead)
        if not paired:
            bound += 1 + first.cost + found * size
            claims += found
            lists.append([first])
            continue
        second = first if same[1] else _listing(counts, wilds, head, units[1][0],
                                                 units[1][1], False)
        if second is None:
            return None
        leaves = found * len(second.lead)
        bound += 1 + first.cost + found * second.cost + leaves * (size + units[1][1])
        claims += leaves
        lists.append([first, second])
    if bound > _BUDGET or claims > _MOST_CLAIMS:
        return None
    once = held_faces(counts, 1)
    out: list[tuple[int, ...]] = []
    for at in range(len(asked)):
        listed = lists[at]
        if len(listed) == 1:
            for lead in listed[0].lead:
                out.append(lead + _CLOSE)
                if len(out) >= limit:
                    break
        else:
            units = asked[at][0]
            _pairs_into(out, listed[0], listed[1], units[0][0] is units[1][0], once, wilds,
                        limit)
        if len(out) >= limit:
            break
    return out


def _listing(counts: list[int], wilds: int, head: int, kind: GroupKind, size: int,
             keyed: bool) -> _Listing | None:
    """The candidates of one unit on the whole hand (``keyed``: with their order keys,
    for two identical units), or ``None`` if listing them costs the solver more than its
    step budget (``_native._listed`` raises then)."""
    listing = _Listing(counts, wilds, head, keyed)
    listing.unit(kind, size)
    listing.cost = listing.charged + listing.count
    return listing if listing.cost <= _BUDGET else None


def _pairs_into(out: list[tuple[int, ...]], first: _Listing, second: _Listing,
                one_kind: bool, once: int, wilds: int, limit: int) -> None:
    """The claims of a two-group alternative, spelled into ``out`` up to ``limit`` of
    them, in the solver's order (``_native._pairs``: each candidate of the first unit,
    then each of the second that the cards it leaves can still form, no earlier than it
    for two identical units, ``second`` then being ``first``). Two picks clash iff both
    take a face held once, or one takes twice a face the other takes (48-bit masks); two
    groups of one kind go in their ranks' order."""
    wilds_of = second.wilds_of
    taken_of = second.taken_of
    twice_of = second.twice_of
    key_of = second.keys
    for i in range(len(first.lead)):
        key = first.keys[i]
        left = wilds - first.wilds_of[i]
        taken = first.taken_of[i]
        clash = taken & once | first.twice_of[i]
        for j in range(len(wilds_of)):
            if wilds_of[j] > left or key_of[j] < key:
                continue
            if taken_of[j] & clash or twice_of[j] & taken:
                continue
            if one_kind and second.cards_of[j] < first.cards_of[i]:
                out.append(second.lead[j] + first.tail[i])
            else:
                out.append(first.lead[i] + second.tail[j])
            if len(out) >= limit:
                return


class _Walk:
    """A walk over the hand's counts to the candidates of a unit (kind, size) in the
    solver's order (``_native.candidates``), each handed to :meth:`met` as its cards'
    ranks, stopping once :attr:`count` reaches :attr:`limit`; :attr:`charged` adds up the
    steps ``candidates`` charges besides those its caller pays per candidate.

    A placement's rank orders by number first, then color, a wild just after the
    natural of its declared color and number: a run's cards, one a number, come in rank
    order as the walk meets them; a set's or color group's faces come in rank order too,
    and its wilds (a blue wild of the set's number, a wild 2 of the group's color) right
    after the copies of its first face (blue, or the 2), when it holds that face, else
    first. So no candidate's cards are sorted."""

    def __init__(self, counts: list[int], wilds: int, limit: int) -> None:
        self.counts = counts
        self.wilds = wilds
        self.limit = limit
        self.count = 0
        """The candidates met so far."""
        self.charged = 0
        self.kind = _SET  # the unit walked
        self.end: object = _ENDS[0]  # its end id
        self.wild_rank = 0  # a wild's rank in the family walked
        self.start = 0  # the window walked (a run's), else 0
        self.low = 0  # the fewest naturals a candidate of the unit walked holds
        self.size = 0

    def met(self, ranks: list[int], split: int, wilds: int) -> None:
        """Take a candidate: the ranks of its cards are ``ranks[:split]``, ``wilds`` times
        :attr:`wild_rank`, then ``ranks[split:]`` (``ranks`` is the walk's: it changes
        after)."""
        raise NotImplementedError

    def unit(self, kind: GroupKind, size: int) -> None:
        """Walk the candidates of a group of ``kind`` and ``size`` cards."""
        self.kind = kind
        self.end = _ENDS[KIND_INDEX[kind]]
        self.size = size
        self.low = max(1, size - self.wilds)
        if kind is _SET or kind is _COLOR_GROUP:
            self.families(kind is _SET)
        else:
            self.windows(kind is _COLOR_RUN)

    # -- sets and color groups: one family of faces (a number's, a color's) at a time

    def families(self, by_number: bool) -> None:
        """The candidates of a set (``by_number``) or color group, family by family, each
        paid for (a step a candidate) before any of them is handed out."""
        counts = self.counts
        span = _SPAN
        self.start = 0
        members = 4 if by_number else span
        for family in range(span if by_number else 4):
            step = span if by_number else 1  # from one member's face to the next
            first = family if by_number else family * span  # the family's first face
            total = 0
            for member in range(members):
                total += counts[first + member * step]
            if total < self.low:
                continue
            if self.count >= self.limit:
                return
            faces: list[int] = []
            most: list[int] = []
            for member in range(members):
                face = first + member * step
                if counts[face]:
                    faces.append(face)
                    most.append(counts[face])
            self.wild_rank = _WILD[0][family] if by_number else _WILD[family][0]
            room = [0] * (len(faces) + 1)  # ``room[j]``: the copies of ``faces[j:]`` held
            for j in range(len(faces) - 1, -1, -1):
                room[j] = room[j + 1] + most[j]
            before = self.count
            self.family_from(faces, most, room, 0, [], 0, faces[0] == first)
            self.charged += self.count - before

    def family_from(self, faces: list[int], most: list[int], room: list[int], j: int,
                    ranks: list[int], split: int, leads: bool) -> None:
        """The family's candidates from ``faces[j:]`` after the naturals of ``ranks``
        taken of the faces before, as ``_native._family_from`` meets them (more copies of
        an earlier face first, a group before the smaller ones it extends); a
        candidate's wilds go after its first ``split`` cards (``leads``: the family's
        first face leads the walk, its copies are those cards). ``ranks`` is as given
        again on return."""
        size = self.size
        taken = len(ranks)
        rank = _NATURAL[faces[j]]
        top = min(most[j], size - taken)
        last = j == len(faces) - 1
        for _ in range(top):
            ranks.append(rank)
        for k in range(top, -1, -1):  # ``ranks`` holds ``k`` copies of ``faces[j]``
            total = taken + k
            if j == 0 and leads:
                split = k
            if total == size or last:
                if total >= self.low:
                    self.count += 1
                    self.met(ranks, split, size - total)
            elif total + room[j + 1] >= self.low:
                self.family_from(faces, most, room, j + 1, ranks, split, leads)
            if k:
                ranks.pop()

    # -- runs and color runs: one window of numbers at a time

    def windows(self, one_color: bool) -> None:
        """The candidates of a run or (``one_color``) color run: color by color for a
        color run, window by window, a card per number from the lowest, each number's
        faces in face order then a wild (the last number's choice changing first); a
        window is charged a step for each choice of more wilds than the hand may spend."""
        counts = self.counts
        span = _SPAN
        size = self.size
        low = self.low
        most_wilds = size - low
        for color in range(4 if one_color else 1):
            declared = _WILD[color]
            first = color if one_color else 0
            last = color + 1 if one_color else 4
            present_below = [0] * (span + 1)  # the numbers held below each, in these colors
            for n in range(span):
                held = 0
                for c in range(first, last):
                    if counts[c * span + n]:
                        held = 1
                present_below[n + 1] = present_below[n] + held
            # each number's choices, made when a window first holds it (windows overlap)
            of_number: list[list[int] | None] = [None] * span
            for start in range(span - size + 1):
                if present_below[start + size] - present_below[start] < low:
                    continue  # too few numbers held: more wilds than the hand may spend
                options: list[list[int]] = []
                choices = 1
                for n in range(start, start + size):
                    ranks = of_number[n]
                    if ranks is None:
                        ranks = []
                        for c in range(first, last):
                            face = c * span + n
                            if counts[face]:
                                ranks.append(_NATURAL[face])
                        if most_wilds:
                            ranks.append(-1 - declared[n])  # a wild, as its complement
                        of_number[n] = ranks
                    options.append(ranks)
                    choices *= len(ranks)
                self.start = start
                before = self.count
                self.window_from(options, 0, most_wilds, [])
                if most_wilds:  # every choice not handed out was skipped for its wilds
                    self.charged += choices - (self.count - before)
                if self.count >= self.limit:
                    return

    def window_from(self, options: list[list[int]], at: int, wilds: int, ranks: list[int]
                    ) -> None:
        """The window's candidates after the ranks ``ranks`` holds for its numbers before
        ``at``, with at most ``wilds`` wilds left, met in order; ``ranks`` is as given
        again on return."""
        if at == len(options):
            self.count += 1
            self.met(ranks, len(ranks), 0)
            return
        for option in options[at]:
            if option < 0:
                if not wilds:
                    continue
                ranks.append(-1 - option)
                self.window_from(options, at + 1, wilds - 1, ranks)
            else:
                ranks.append(option)
                self.window_from(options, at + 1, wilds, ranks)
            ranks.pop()
            if self.count >= self.limit:
                return


class _Options(_Walk):
    """A walk of one-group alternatives: each candidate spelled as a claim's option
    (:attr:`head`, its cards' lay ids, its end, finish), at most ``limit`` of them
    (those of a family past it are met, and paid for, but dropped by the caller)."""

    def __init__(self, counts: list[int], wilds: int, head: int, limit: int) -> None:
        super().__init__(counts, wilds, limit)
        self.head: object = head
        self.out: list[tuple[int, ...]] = []

    def met(self, ranks: list[int], split: int, wilds: int) -> None:
        ids: list[object] = [self.head]
        for at in range(split):
            ids.append(_LAYS[ranks[at]])
        if wilds:
            lay = _LAYS[self.wild_rank]
            for _ in range(wilds):
                ids.append(lay)
        for at in range(split, len(ranks)):
            ids.append(_LAYS[ranks[at]])
        ids.append(self.end)
        ids.append(_FINISH)
        self.out.append(cast("tuple[int, ...]", tuple(ids)))


class _Listing(_Walk):
    """The candidates of one unit on the whole hand, as the pair loop reads them: per
    candidate, parallel lists of its wilds, the faces it takes and takes twice (bits),
    its order key (``_native.order_key``, 0 unless :attr:`keyed`: two identical units
    take their candidates in its order), its cards' ranks in canonical order, and its
    steps spelled, after the build's first step (:attr:`lead`) and before finish
    (:attr:`tail`); :attr:`cost` is the steps the solver's listing of them costs
    (``_native._listed``). The walk stops past the step budget (then so does the cost)."""

    def __init__(self, counts: list[int], wilds: int, head: int, keyed: bool) -> None:
        super().__init__(counts, wilds, _BUDGET + 1)
        self.head: object = head
        self.keyed = keyed
        self.cost = 0
        self.wilds_of: list[int] = []
        self.taken_of: list[int] = []
        self.twice_of: list[int] = []
        self.keys: list[int] = []
        self.cards_of: list[list[int]] = []
        self.lead: list[tuple[int, ...]] = []
        self.tail: list[tuple[int, ...]] = []

    def met(self, ranks: list[int], split: int, wilds: int) -> None:
        if wilds:
            cards = ranks[:split]
            for _ in range(wilds):
                cards.append(self.wild_rank)
            cards.extend(ranks[split:])
        else:
            cards = ranks.copy()
        ids: list[object] = [self.head]
        used = 0  # the wilds
        taken = 0  # the faces taken, and those taken twice (``_native._takes``)
        twice = 0
        for rank in cards:
            ids.append(_LAYS[rank])
            face = _FACE_OF[rank]
            if face >= 0:
                bit = 1 << face
                twice |= taken & bit
                taken |= bit
            else:
                used += 1
        ids.append(self.end)
        self.wilds_of.append(used)
        self.taken_of.append(taken)
        self.twice_of.append(twice)
        if self.keyed:  # a pick's naturals, sorted by face index
            faces = sorted([_FACE_OF[rank] for rank in cards if _FACE_OF[rank] >= 0])
            self.keys.append(order_key((self.kind, tuple(faces), used, self.start), self.size))
        else:
            self.keys.append(0)
        self.cards_of.append(cards)
        lead = cast("tuple[int, ...]", tuple(ids))
        self.lead.append(lead)
        self.tail.append(lead[1:] + _CLOSE)
