"""Claims and new groups for move generation, from the meld solver (issue 4).

The answers depend only on the playing cards of a hand (action cards never go to the
table) and on the requirement (for new groups, only on the smallest group sizes of the
kinds the campsite may hold). Before the solver is asked, a hand's bound (:func:`reach`,
memoised per hand) rules out the alternatives it cannot meet; the last hand whose claims
were all found is kept per requirement (``_cache.LAST_CLAIMS``, keyed by the
requirement's :attr:`~campers_rules._requirements.Requirement.code`, equal for equal
requirements; a new-group question is a requirement too), so that a hand that only lost
cards since gets its claims filtered from them (:func:`_known`). The options of an
opened claim build that the hand's counts do not walk (``_single_claims``) take the
claims spelled in the id path's build steps by the solver itself (:func:`claim_steps`),
no group built.
"""

from __future__ import annotations

from typing import Final, TypeVar

from campers_rules import _cache
from campers_rules._cards import NUMBERS, WILD, WILD_COPIES, Card
from campers_rules._catalogue import Campsite
from campers_rules._counted import FIELD_BITS, HandCounts, capped_by_number, most_by_color
from campers_rules._deadline import z3_question
from campers_rules._groups import Group, Placed
from campers_rules._ids import SPELLING
from campers_rules._requirements import Requirement
from campers_rules.solver import Backend, SolverLimits
from campers_rules.solver import claims as solver_claims
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._native import from_hand, laid_first, spell, spelled_first
from campers_rules.solver._problem import Claim, group_code, group_key

WHOLE_DECK: Final = SolverLimits(max_cards=100)
"""Any hand may be asked about: the deck holds 100 playing cards."""

T = TypeVar("T")


Hand = tuple[bytes, tuple[Card, ...]]
"""A hand as :func:`playing` reads it: (key, cards), its playing cards, sorted, and their
face ids as bytes, a compact key for them."""


def playing(hand: tuple[Card, ...]) -> Hand:
    """The playing cards of a sorted hand, as (key, cards) (see :data:`Hand`; move
    generation reads a hand once per step and passes the answer on). The playing faces
    (naturals, then the wild) come before the action cards, the few a hand holds found
    from its end (the faces read as ints: compiled, native compares, no call)."""
    faces: tuple[int, ...] = hand
    end = len(faces)
    while end and faces[end - 1] > _WILD_INDEX:
        end -= 1
    cards = hand[:end]
    return bytes(cards), cards


_SPAN: Final = len(NUMBERS)
_WILD_INDEX: Final = WILD.index


def _longest(present: int, wilds: int) -> int:
    """The longest window of consecutive numbers that the present ones (a bit mask, bit
    ``n - LOWEST`` for number ``n``) and at most ``wilds`` wilds fill, holding at least one
    present number."""
    best = 0
    left = 0
    missing = 0
    for right in range(_SPAN):
        missing += not present >> right & 1
        while missing > wilds:
            missing -= not present >> left & 1
            left += 1
        length = right - left + 1
        if length > missing and length > best:
            best = length
    return best


def _longest_table() -> bytes:
    """:func:`_longest` of every mask and of 0 to :data:`WILD_COPIES` wilds, at
    ``present * (WILD_COPIES + 1) + wilds``, from the missing numbers: the longest windows
    are those that run from one missing number to the one ``wilds + 1`` further (or
    every number, when ``wilds`` fill all the missing ones), holding a present number
    when longer than the ``wilds`` missing ones inside (so the empty mask has none)."""
    out = bytearray()
    for present in range(1 << _SPAN):
        # the missing numbers, between a sentinel at each end
        missing = [-1, *[n for n in range(_SPAN) if not present >> n & 1], _SPAN]
        gaps = len(missing) - 2
        for wilds in range(WILD_COPIES + 1):
            best = _SPAN if gaps <= wilds else 0
            for i in range(gaps - wilds + 1):
                length = missing[i + wilds + 1] - missing[i] - 1
                if length > wilds and length > best:
                    best = length
            out.append(best)
    return bytes(out)


_LONGEST: Final = _longest_table()
""":func:`_longest_table`, built at import."""


_MOST_WILDS: Final = WILD_COPIES
"""The wilds :data:`_LONGEST` is built for (a constant of this module: the compiled build
reads another module's name as a Python attribute)."""


def longest_of(present: int, wilds: int) -> int:
    """:func:`_longest`, from :data:`_LONGEST` for the wilds a hand can hold."""
    if wilds <= _MOST_WILDS:
        return _LONGEST[present * (_MOST_WILDS + 1) + wilds]
    return _longest(present, wilds)


_NUMBER_BITS: Final = FIELD_BITS
"""The bits :func:`reach` counts one number's naturals in, as ``_counted`` packs them: a
deck holds eight (two copies of four colors), a field 31; twelve numbers fill 60 bits, a
machine int. A made-up hand of more cards is counted card by card, capped
(``_counted.capped_by_number``)."""
_NUMBER_FIELD: Final = (1 << _NUMBER_BITS) - 1
_COLOR_BITS: Final = 8
"""The bits :func:`reach` counts one color's naturals in: a deck holds 24 of each."""
_COLOR_FIELD: Final = (1 << _COLOR_BITS) - 1
_COLOR_NUMBERS: Final = (1 << _SPAN) - 1
"""The bits of one color's numbers in the mask of faces held."""


Reach = tuple[int, int, int, int]
"""The largest group of each kind, in ``GroupKind`` order, a hand could form (:func:`reach`)."""


def reach(key: bytes) -> Reach:
    """The largest group of each kind, in ``GroupKind`` order, that the cards with these
    face indices (numbered faces by color, then number) could form alone: a necessary
    bound, since a requirement needing a bigger group of a kind cannot be met from them.
    The key is sorted, as :func:`playing` gives it.
    """
    memo = _cache.HAND_REACH
    hit = memo.get(key)
    if hit is not None:
        return hit
    wilds = 0
    present = 0  # the faces held, as bits (bit ``index``): each color's numbers in turn
    numbers = 0  # the naturals held of each number, :data:`_NUMBER_BITS` bits each
    colors = 0  # the naturals held of each color, :data:`_COLOR_BITS` bits each
    for index in key:
        if index < _WILD_INDEX:
            color = index // _SPAN
            present |= 1 << index
            numbers += 1 << (index - color * _SPAN) * _NUMBER_BITS
            colors += 1 << color * _COLOR_BITS
        elif index == _WILD_INDEX:
            wilds += 1
    most_color = 0
    if len(key) > _NUMBER_FIELD:  # a made-up hand: a count may pass its field
        numbers = capped_by_number(key)
        most_color = most_by_color(key)
        colors = 0
    most_number = 0  # (no ``max``: compiled, it boxes its ints)
    while numbers:
        held = numbers & _NUMBER_FIELD
        if held > most_number:
            most_number = held
        numbers >>= _NUMBER_BITS
    while colors:
        held = colors & _COLOR_FIELD
        if held > most_color:
            most_color = held
        colors >>= _COLOR_BITS
    color_run = 0
    any_run = 0
    for _ in range(4):
        numbers = present & _COLOR_NUMBERS
        any_run |= numbers
        longest = longest_of(numbers, wilds)
        if longest > color_run:
            color_run = longest
        present >>= _SPAN
    found = (
        most_number + wilds if most_number else 0,
        longest_of(any_run, wilds),
        most_color + wilds if most_color else 0,
        color_run,
    )
    return _cache.keep(memo, key, found)


def may_meet(most: Reach, requirement: Requirement) -> list[int]:
    """The alternatives of ``requirement`` that ``most``, a hand's :func:`reach`, lets be
    met (the others have no claim from that hand): the plans move generation searches."""
    out: list[int] = []
    for index, alternative in enumerate(requirement.bounds):
        for kind, size in alternative:
            if most[kind] < size:
                break
        else:
            out.append(index)
    return out


Found = tuple[list[T], list[bytes], bool]
"""The first answers of a question, per answer the sorted face indices of the hand cards
it lays, and whether they are all of them (``solver._native.laid_first``)."""


def _within(part: bytes, whole: bytes) -> bool:
    """Whether the sorted face indices ``part`` are a sub-multiset of the sorted ``whole``."""
    j = 0
    end = len(whole)
    for index in part:
        while j < end and whole[j] < index:
            j += 1
        if j == end or whole[j] != index:
            return False
        j += 1
    return True


Last = tuple[bytes, tuple[bytes, ...], tuple[T, ...]]
"""A question's last complete answers, an entry of ``_cache.LAST_CLAIMS``: (the key of
the hand they were found for, per answer the hand cards it lays, the answers); two
parallel tuples rather than a pair per answer: fewer tracked objects."""


def _known(last: dict[tuple[int, int], Last[T]], requirement: Requirement, limit: int,
           hand_key: bytes) -> tuple[T, ...] | None:
    """The native solver's first ``limit`` answers to ``requirement`` for this hand, when
    they follow from the last hand whose answers were all found, else ``None``.

    A hand that is a sub-multiset of that hand gets those answers that use only its cards,
    in the same order: the native search meets candidates in an order fixed by the faces
    alone, a smaller hand only removes some of them (and never adds steps), so its
    enumeration is exactly that filtered sequence. This is the common case within a turn,
    as cards leave the hand. The memo is keyed by the requirement's code and the limit
    (ints: the requirement's own hash is interpreted Python); equal requirements share
    their answers.
    """
    previous = last.get((requirement.code, limit))
    if previous is None:
        return None
    known_key, known_used, known_answers = previous
    if not _within(hand_key, known_key):
        return None
    # an index loop: compiled, ``zip(..., strict=True)`` is a Python call with a keyword
    return tuple([known_answers[i] for i in range(len(known_answers))
                  if _within(known_used[i], hand_key)])


def _kept(last: dict[tuple[int, int], Last[T]], requirement: Requirement, limit: int,
          hand_key: bytes, found: Found[T]) -> tuple[T, ...]:
    """The answers a search found for this hand, kept in ``last`` for :func:`_known` when
    they are all of them."""
    answers, used, complete = found
    out = tuple(answers)
    if complete:
        _cache.keep(last, (requirement.code, limit), (hand_key, tuple(used), out))
    return out


def _claims(
    requirement: Requirement, cards: tuple[Card, ...], backend: Backend, limit: int
) -> tuple[Claim, ...]:
    """The first ``limit`` claims of another backend than the native one, in their
    canonical order (:func:`_claim_key`).

    z3 meets the claims in an order of its own, which depends on what the process asked
    it before, so move generation asks for every claim and sorts them: the listing is a
    function of the state (a step budget would make it one of the machine's speed). A
    question z3 cannot finish raises its ``SolverTimeoutError``, or ``ProblemTooLargeError``
    past ``SolverLimits.max_claims``, rather than list some claims; within a game's call,
    past the call's deadline, ``DeadlineError`` (``Config.z3_deadline_ms``).
    """
    with z3_question(WHOLE_DECK) as limits:
        every = sorted(solver_claims(requirement, cards, backend=backend, limits=limits),
                       key=_claim_key)
    return tuple(every[:limit])


def _claim_key(claim: Claim) -> tuple[tuple[int, tuple[Placed, ...]], ...]:
    """A claim's groups (already in canonical order) by :func:`group_key`: one order of
    claims whatever the backend met them in."""
    return tuple(map(group_key, claim.groups))


def ruled_out(requirement: Requirement, hand_key: bytes, wanted: list[int]) -> bool:
    """Whether the question is two sets or runs that the hand's counts by number show it
    has no claim of (:class:`HandCounts`, exact): then no search."""
    return requirement.counted and HandCounts(hand_key).decides_pairs(
        requirement.asked.pairs_of(wanted), WHOLE_DECK.max_steps) is False


def _claims_found(requirement: Requirement, hand_key: bytes, wanted: list[int], limit: int
                  ) -> Found[tuple[Group, ...]]:
    """The first ``limit`` native claims' groups and the cards they lay, from the hand's
    key (see :func:`playing`), unless the hand's counts rule the question out
    (:func:`ruled_out`); the search skips the alternatives outside ``wanted`` (those the
    bound of :func:`reach` rules out, which have no claim)."""
    if ruled_out(requirement, hand_key, wanted):
        return [], [], limit > 0
    return laid_first(from_hand(requirement, hand_key, WHOLE_DECK), wanted, limit)


def _spelled(requirement: Requirement, hand_key: bytes, wanted: list[int], limit: int
             ) -> list[tuple[int, ...]]:
    """The claims of :func:`_claims_found`, each spelled in the id path's build steps past
    its first (``solver._native.spelled_first`` in ``_ids.SPELLING``)."""
    if ruled_out(requirement, hand_key, wanted):
        return []
    return spelled_first(from_hand(requirement, hand_key, WHOLE_DECK), SPELLING, wanted,
                         limit)


def claims(
    hand: tuple[Card, ...], face: Campsite, backend: Backend, limit: int
) -> tuple[tuple[Group, ...], ...]:
    """The distinct claims of this campsite from this hand, as minimal groups (UC-7).

    At most ``limit`` of them, in the solver's order (see ``Config.claim_limit``).
    """
    return claims_of(playing(tuple(sorted(hand))), face, backend, limit)


def claims_of(
    hand: Hand, face: Campsite, backend: Backend, limit: int
) -> tuple[tuple[Group, ...], ...]:
    """:func:`claims` for a hand already read by :func:`playing` (once per hand in move
    generation, not once per campground campsite)."""
    return claims_within(hand, reach(hand[0]), face, backend, limit)


def claims_within(
    hand: Hand, most: Reach, face: Campsite, backend: Backend, limit: int
) -> tuple[tuple[Group, ...], ...]:
    """:func:`claims_of` for a hand whose :func:`reach` is ``most`` (move generation reads
    it once per hand, not once per campground campsite). The native backend's answers are
    remembered in ``_cache.LAST_CLAIMS`` (:func:`_known`)."""
    hand_key, cards = hand
    asked = face.primitive
    wanted = may_meet(most, asked)
    if not wanted:
        return ()
    if backend != "native":
        return tuple([claim.groups for claim in _claims(asked, cards, backend, limit)])
    known = _known(_cache.LAST_CLAIMS, asked, limit, hand_key)
    if known is None:
        known = _kept(_cache.LAST_CLAIMS, asked, limit, hand_key,
                      _claims_found(asked, hand_key, wanted, limit))
    return known


def claim_steps(
    hand: Hand, face: Campsite, backend: Backend, limit: int
) -> tuple[tuple[int, ...], ...]:
    """:func:`claims_of` with each claim spelled in the id path's build steps past its
    first (``_ids.SPELLING``: its groups' cards and ends, then finish), no group built:
    the options of an opened claim build (``_firsts.compound_options``). The native
    backend's answers are searched afresh: the questions of the id path that reach the
    solver are the few the counts' walk leaves (``_single_claims``), and keeping their
    answers costs more than it saves."""
    key, cards = hand
    wanted = may_meet(reach(key), face.primitive)
    if not wanted:
        return ()
    if backend == "native":
        return tuple(_spelled(face.primitive, key, wanted, limit))
    return tuple([_steps_of(claim) for claim in _claims(face.primitive, cards, backend, limit)])


def _steps_of(claim: Claim) -> tuple[int, ...]:
    steps = spell([group_code(group) for group in claim.groups], SPELLING)
    steps.append(SPELLING[2])
    return tuple(steps)


def new_groups(
    hand: tuple[Card, ...], face: Campsite, backend: Backend, limit: int
) -> tuple[Group, ...]:
    """The distinct new groups of the smallest valid size on this campsite (UC-7), of the
    kinds its faces name (UC-30), at most ``limit`` of them."""
    return new_groups_of(playing(tuple(sorted(hand))), face, backend, limit)


def _new_group_plans(most: Reach, sizes: tuple[int, ...]) -> list[int]:
    """The alternatives of ``new_group_requirement`` (one per kind the campsite may hold,
    ``sizes`` its ``new_group_sizes``) that a hand whose :func:`reach` is ``most`` lets be
    met: a native loop over the four kinds (no ``zip`` made per question, compiled)."""
    wanted: list[int] = []
    alternative = 0
    for kind in range(len(sizes)):
        size = sizes[kind]
        if size:
            if most[kind] >= size:
                wanted.append(alternative)
            alternative += 1
    return wanted


def new_groups_of(
    hand: Hand, face: Campsite, backend: Backend, limit: int
) -> tuple[Group, ...]:
    """:func:`new_groups` for a hand already read by :func:`playing`."""
    hand_key, cards = hand
    wanted = _new_group_plans(reach(hand_key), face.new_group_sizes)
    if not wanted:
        return ()
    needs = new_group_requirement(face)
    if backend != "native":
        return tuple(c.groups[0] for c in _claims(needs, cards, backend, limit))
    found = _known(_cache.LAST_CLAIMS, needs, limit, hand_key)
    if found is None:
        found = _kept(_cache.LAST_CLAIMS, needs, limit, hand_key,
                      laid_first(from_hand(needs, hand_key, WHOLE_DECK), wanted, limit))
    return tuple([groups[0] for groups in found])
