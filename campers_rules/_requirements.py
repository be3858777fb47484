"""Campsite requirements: the text printed on a campsite card, parsed (UC-3, UC-4).

A :class:`Requirement` is an any-of (``OR``) of all-of (``AND``) lists of
:class:`GroupSpec` ("2 SETS OF 3": two sets of at least 3 cards each). Parsing is
case-insensitive; :func:`str` gives the canonical text back.

>>> r = Requirement.parse("1 set of 3 or 1 run of 4")
>>> str(r)
'1 SET OF 3 OR 1 RUN OF 4'
>>> str(Requirement.parse("7 cards of the same color"))
'7 CARDS OF THE SAME COLOR'
>>> from campers_rules._groups import Group
>>> r.is_met_by([Group.parse("SET B5 Y5 R5")])
True
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from campers_rules._counted import GREEDY_RANK, Asked, group_classes
from campers_rules._errors import ParseError, as_text
from campers_rules._groups import COLOR_GROUP, KIND_INDEX, MAX_SIZE, RUN, SET, Group, GroupKind

MAX_COUNT = 6
"""The most groups one spec may ask for ("6 SETS OF 3")."""

GroupClass = tuple[GroupKind, int]
"""A group's kind and size: all a requirement looks at."""


def _check_spec(spec: GroupSpec, attribute: object, value: object) -> None:
    if not 2 <= spec.size <= MAX_SIZE[spec.kind]:
        raise ParseError(
            f"a {spec.kind.value} of {spec.size} is out of range 2..{MAX_SIZE[spec.kind]}",
            str(spec.size),
        )
    if not 1 <= spec.count <= MAX_COUNT:
        raise ParseError(f"a count of {spec.count} groups is out of range 1..{MAX_COUNT}",
                         str(spec.count))


@attrs.frozen(order=False, cache_hash=True)
class GroupSpec:
    """``count`` groups of kind ``kind``, each of at least ``size`` cards."""

    kind: GroupKind
    """The kind each group must have (a color run also counts as a run or color group)."""
    size: int
    """The least number of cards in each group (2..the kind's maximum)."""
    count: int = attrs.field(default=1, validator=_check_spec)
    """How many such groups (1..:data:`MAX_COUNT`)."""

    def __str__(self) -> str:
        if self.kind is COLOR_GROUP and self.count == 1:
            return f"{self.size} CARDS OF THE SAME COLOR"
        plural = "S" if self.count > 1 else ""
        return f"{self.count} {self.kind.value}{plural} OF {self.size}"

    def accepts(self, group_class: GroupClass) -> bool:
        """Whether one group of this kind and size counts toward this spec.

        Never raises for a (kind, size) pair.
        """
        kind, size = group_class
        return kind.serves(self.kind) and size >= self.size


Alternative = tuple[GroupSpec, ...]
"""One all-of list of specs."""


@attrs.frozen
class Matching:
    """Which group meets which spec: the proof that groups meet a requirement."""

    alternative: int
    """Index of the alternative (``OR`` branch) that is met."""
    pairs: tuple[tuple[GroupSpec, int], ...]
    """One ``(spec, group index)`` per group the alternative asks for; indices distinct."""


_WORD = re.compile(r"\S+")
_NUMBER = re.compile(r"[0-9]{1,3}")
"""A number in a requirement: one to three ASCII digits (not ``str.isdigit``, which takes
a superscript ``int`` cannot read; short, so no huge number reaches ``int``)."""
_KIND_WORDS = {
    ("SET",): GroupKind.SET,
    ("SETS",): GroupKind.SET,
    ("RUN",): GroupKind.RUN,
    ("RUNS",): GroupKind.RUN,
    ("COLOR", "GROUP"): GroupKind.COLOR_GROUP,
    ("COLOR", "GROUPS"): GroupKind.COLOR_GROUP,
    ("COLOR", "RUN"): GroupKind.COLOR_RUN,
    ("COLOR", "RUNS"): GroupKind.COLOR_RUN,
}
_SAME_COLOR = ("CARDS", "OF", "THE", "SAME", "COLOR")


class _Reader:
    """Reads the words of a requirement text, remembering where each word starts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = [(m.group().upper(), m.start()) for m in _WORD.finditer(text)]
        self.at = 0

    def fail(self, expected: str) -> ParseError:
        if self.at < len(self.words):
            word, position = self.words[self.at]
            return ParseError(f"expected {expected} at {word!r} in {self.text!r}",
                              self.text, position)
        return ParseError(f"expected {expected} at the end of {self.text!r}", self.text,
                          len(self.text))

    def peek(self, n: int = 1) -> tuple[str, ...]:
        return tuple(w for w, _ in self.words[self.at : self.at + n])

    def number(self, what: str) -> tuple[int, int]:
        word = self.peek()
        if not word or not _NUMBER.fullmatch(word[0]):
            raise self.fail(what)
        position = self.words[self.at][1]
        self.at += 1
        return int(word[0]), position

    def expect(self, *words: str) -> None:
        for word in words:
            if self.peek() != (word,):
                raise self.fail(repr(word))
            self.at += 1

    def spec(self) -> GroupSpec:
        count, count_at = self.number("a number")
        if self.peek(len(_SAME_COLOR)) == _SAME_COLOR:
            self.at += len(_SAME_COLOR)
            return self._build(GroupKind.COLOR_GROUP, count, count_at, 1, count_at)
        kind = self.kind()
        self.expect("OF")
        size, size_at = self.number("a group size")
        return self._build(kind, size, size_at, count, count_at)

    def kind(self) -> GroupKind:
        for words, kind in _KIND_WORDS.items():
            if self.peek(len(words)) == words:
                self.at += len(words)
                return kind
        raise self.fail("SET, RUN, COLOR GROUP, COLOR RUN or CARDS OF THE SAME COLOR")

    def _build(self, kind: GroupKind, size: int, size_at: int, count: int,
               count_at: int) -> GroupSpec:
        if not 2 <= size <= MAX_SIZE[kind]:
            raise ParseError(f"a {kind.value} of {size} is out of range 2..{MAX_SIZE[kind]} "
                             f"in {self.text!r}", self.text, size_at)
        if not 1 <= count <= MAX_COUNT:
            raise ParseError(f"{count} groups is out of range 1..{MAX_COUNT} in {self.text!r}",
                             self.text, count_at)
        return GroupSpec(kind, size, count)


def _nonempty(req: Requirement, attribute: object, value: tuple[Alternative, ...]) -> None:
    if not value or not all(value):
        raise ParseError("a requirement needs at least one group spec", str(value))


@attrs.frozen(cache_hash=True)
class Requirement:
    """Any one of several all-of lists of group specs, as printed on a campsite.

    Specs keep the order in which they were written, so the text round-trips.
    """

    alternatives: tuple[Alternative, ...] = attrs.field(validator=_nonempty)
    """The ``OR`` branches; each is met when all its specs are met by distinct groups."""
    bounds: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(
        init=False, repr=False, eq=False)
    """Each alternative's specs as (kind position in ``GroupKind``, size) pairs: the
    group of each kind it asks for, which move generation compares with what a hand could
    form at most before asking the solver."""
    groups_asked: tuple[tuple[GroupClass, ...], ...] = attrs.field(
        init=False, repr=False, eq=False)
    """Each alternative's groups, one (kind, size) pair per group ("2 SETS OF 3" gives two)."""
    cards_asked: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """The cards each alternative lays at least: its groups' sizes summed."""
    counted: bool = attrs.field(init=False, repr=False, eq=False)
    """Whether every alternative asks for two groups, each a set or a run: a question
    whose claims a hand's counts by number decide (``_counted``)."""
    asked: Asked = attrs.field(init=False, repr=False, eq=False)
    """The alternatives compiled to ints (:class:`~campers_rules._counted.Asked`): what
    move generation compares a hand with before any search, and what answers
    :meth:`is_met_by`."""
    code: int = attrs.field(init=False, repr=False, eq=False)
    """The alternatives packed in one int (:func:`packed`): two requirements share a code
    only if they are equal (equal ones of int fields share it); the key of the answers
    move generation keeps per question
    (``_cache.LAST_CLAIMS``), an int to hash where the requirement's own hash is
    interpreted Python."""

    def __attrs_post_init__(self) -> None:
        kinds = list(GroupKind)
        object.__setattr__(self, "bounds", tuple(
            tuple((kinds.index(spec.kind), spec.size) for spec in alternative)
            for alternative in self.alternatives))
        groups = tuple(tuple((spec.kind, spec.size) for spec in alternative
                             for _ in range(spec.count)) for alternative in self.alternatives)
        object.__setattr__(self, "groups_asked", groups)
        object.__setattr__(self, "cards_asked", tuple(
            sum(size for _, size in alternative) for alternative in groups))
        object.__setattr__(self, "counted", all(
            len(alternative) == 2 and all(kind is SET or kind is RUN for kind, _ in alternative)
            for alternative in groups))
        object.__setattr__(self, "asked", Asked(groups))
        object.__setattr__(self, "code", packed(self.alternatives))

    @classmethod
    def parse(cls, text: str) -> Requirement:
        """Read a requirement (case-insensitive); see the grammar in the solver docs.

        Raises:
            ParseError: pointing at the first word that could not be read.
        """
        reader = _Reader(as_text(text, "a requirement"))
        alternatives: list[Alternative] = []
        specs = [reader.spec()]
        while reader.at < len(reader.words):
            joiner = reader.peek()[0]
            if joiner not in ("AND", "OR"):
                raise reader.fail("AND or OR")
            reader.at += 1
            if joiner == "OR":
                alternatives.append(tuple(specs))
                specs = []
            specs.append(reader.spec())
        alternatives.append(tuple(specs))
        return cls(tuple(alternatives))

    def __str__(self) -> str:
        return " OR ".join(" AND ".join(str(s) for s in alt) for alt in self.alternatives)

    def kinds(self) -> frozenset[GroupKind]:
        """The kinds of group this requirement names.

        Never raises.
        """
        return frozenset(spec.kind for alt in self.alternatives for spec in alt)

    def most_groups(self) -> int:
        """The most groups one alternative names ("2 SETS OF 3 AND 1 RUN OF 4": 3).

        Never raises.
        """
        return max(len(groups) for groups in self.groups_asked)

    def min_size(self, kind: GroupKind) -> int | None:
        """The smallest size this requirement names for groups of ``kind``, if any.

        Never raises: a kind the requirement does not name gives ``None``.
        """
        sizes = [s.size for alt in self.alternatives for s in alt if s.kind is kind]
        return min(sizes) if sizes else None

    def meets_counts(self, counts: Mapping[GroupClass, int]) -> bool:
        """Whether groups with these (kind, size) counts meet the requirement.

        Never raises for a mapping of (kind, size) to counts.
        """
        return any(
            not any(residual_needs(alt, counts, _min)) for alt in self.alternatives
        )

    def match(self, groups: Sequence[Group]) -> Matching | None:
        """Assign distinct groups to the specs of the first alternative they meet.

        Only the groups' kinds and sizes are looked at; check validity separately.

        Never raises: groups that meet no alternative give ``None``.
        """
        classes = [(g.kind, g.size) for g in groups]
        counts = Counter(classes)
        for index, alt in enumerate(self.alternatives):
            taken: dict[tuple[int, GroupClass], int] = {}
            if any(residual_needs(alt, counts, _min, taken)):
                continue
            used: set[int] = set()
            pairs: list[tuple[GroupSpec, int]] = []
            for (spec_index, group_class), amount in sorted(taken.items(),
                                                              key=lambda kv: kv[0][0]):
                for _ in range(amount):
                    g = next(i for i, c in enumerate(classes)
                             if c == group_class and i not in used)
                    used.add(g)
                    pairs.append((alt[spec_index], g))
            return Matching(index, tuple(pairs))
        return None

    def is_met_by(self, groups: Iterable[Group]) -> bool:
        """Whether these groups meet the requirement (each group serves one spec).

        Never raises for groups.
        """
        return self.asked.met_by(group_classes(groups))


_SIZE_BITS = max(MAX_SIZE.values()).bit_length()
_COUNT_BITS = MAX_COUNT.bit_length()
_SPEC_BITS = 1 + 2 + _SIZE_BITS + _COUNT_BITS
"""The bits of one spec in :func:`packed`: whether it opens an alternative, its kind's
index, size and count."""


def packed(alternatives: Sequence[Alternative]) -> int:
    """The specs of these alternatives in one int, a leading 1 bit then each spec in
    turn (:data:`_SPEC_BITS` bits: whether it opens an alternative, its kind's index,
    size and count): two lists of alternatives pack to one int only if they are equal.
    A spec whose size or count is no int of its field (built with the validators off,
    or of float fields) gives a negative code of its own, shared with nothing."""
    code = 1
    for alternative in alternatives:
        opens = 1
        for spec in alternative:
            size, count = spec.size, spec.count
            if (type(size) is not int or type(count) is not int  # or past its field,
                    or size >> _SIZE_BITS or count >> _COUNT_BITS):  # or negative: -1
                return next(_UNSHARED)
            code = (code << _SPEC_BITS | opens << _SPEC_BITS - 1
                    | KIND_INDEX[spec.kind] << _SIZE_BITS + _COUNT_BITS
                    | size << _COUNT_BITS | count)
            opens = 0
    return code


_UNSHARED = itertools.count(-1, -1)
"""The codes of requirements :func:`packed` cannot pack: each a new negative int."""


def _spec_order(alt: Alternative) -> list[int]:
    """Color runs first (only color runs serve them), then sets, then the rest by size."""
    return sorted(range(len(alt)),
                  key=lambda i: (GREEDY_RANK[KIND_INDEX[alt[i].kind]], -alt[i].size, i))


def _min(a: int, b: int) -> int:
    return a if a <= b else b


def _size(group_class: GroupClass) -> int:
    return group_class[1]


def residual_needs(
    alt: Alternative,
    counts: Mapping[GroupClass, Any],
    minimum: Callable[[Any, Any], Any],
    taken: dict[tuple[int, GroupClass], Any] | None = None,
) -> list[Any]:
    """The greedy matching of group classes to specs; returns each spec's unmet count.

    Each spec, in :func:`_spec_order`, takes groups of its own kind before color runs, and
    the smallest that fit first. Written over any numbers with ``+``, ``-`` and
    ``minimum``, so the same code runs on ints and on z3 terms (the proof in the tests).
    """
    left: dict[GroupClass, Any] = dict(counts)
    needs: list[Any] = [0] * len(alt)
    for i in _spec_order(alt):
        spec = alt[i]
        need: Any = spec.count
        own = sorted((c for c in left if c[0] is spec.kind), key=_size)
        extra = sorted((c for c in left if c[0] is not spec.kind and spec.accepts(c)), key=_size)
        for group_class in own + extra:
            if group_class[1] < spec.size:
                continue
            take = minimum(need, left[group_class])
            need = need - take
            left[group_class] = left[group_class] - take
            if taken is not None:
                taken[(i, group_class)] = take
        needs[i] = need
    return needs
