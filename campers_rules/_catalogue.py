"""The fifteen campsite cards as data (UC-1, UC-3).

Four faces are printed in the rulebook and kept verbatim; the other eleven are this
project's provisional designs (``provisional=True``). A user who owns the real cards can
give all fifteen faces as text, one per line: ``points | primitive | complete``.

>>> len(CATALOGUE), sum(c.provisional for c in CATALOGUE)
(15, 11)
>>> site = campsite("c02")
>>> site.points, str(site.primitive), str(site.complete)
(2, '2 SETS OF 3', '3 SETS OF 2')
>>> from campers_rules._groups import Group
>>> site.group_problem(Group.parse("SET B5 Y5"))
>>> Group.parse("SET B5 Y5").is_valid()
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from campers_rules._errors import ParseError, as_text
from campers_rules._groups import KIND_INDEX, MIN_SIZE, Group, GroupKind
from campers_rules._requirements import Requirement

POINTS = (2, 3, 4)
"""The point values of campsites; the 15 cards hold five of each (UC-1)."""


@attrs.frozen
class Campsite:
    """One campsite card: its points and its two requirements (UC-3, UC-7)."""

    id: str
    """A stable identifier, ``c01`` .. ``c15``, in catalogue order."""
    points: int
    """Points scored when kept complete by the player going out (UC-20)."""
    primitive: Requirement
    """What a claim must lay (UC-7)."""
    complete: Requirement
    """What the campsite's groups must meet to be complete (UC-7)."""
    provisional: bool = False
    """True for this project's designs, False for faces printed in the rulebook (UC-3)."""
    kinds: frozenset[GroupKind] = attrs.field(init=False, repr=False, eq=False)
    """The kinds of group this campsite may hold (UC-30): those its faces name, and a
    color run where a run or a color group is named."""
    max_groups: int = attrs.field(init=False, repr=False, eq=False)
    """The most groups this campsite may hold: the larger count its two faces name
    (UC-30)."""
    min_sizes: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """:meth:`min_size` of every kind, in ``GroupKind`` order (a tuple, so that a campsite
    stays immutable and pickles with the state holding it)."""
    new_group_sizes: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    """The smallest new group of every kind, in ``GroupKind`` order, 0 for a kind this
    campsite may not hold (UC-7, UC-30): what move generation asks a new group for."""

    def __attrs_post_init__(self) -> None:
        named = self.primitive.kinds() | self.complete.kinds()
        kinds = frozenset(k for k in GroupKind if any(k.serves(n) for n in named))
        most = max(self.primitive.most_groups(), self.complete.most_groups())
        sizes = tuple(
            min([MIN_SIZE[k], *[m for r in (self.primitive, self.complete)
                                if (m := r.min_size(k))]])
            for k in GroupKind
        )
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "max_groups", most)
        object.__setattr__(self, "min_sizes", sizes)
        object.__setattr__(self, "new_group_sizes", tuple(
            size if kind in kinds else 0 for kind, size in zip(GroupKind, sizes, strict=True)))

    @property
    def name(self) -> str:
        """A readable name: points, primitive and complete text."""
        return f"{self.points}: {self.primitive} / {self.complete}"

    def min_size(self, kind: GroupKind) -> int:
        """The smallest valid group of ``kind`` on this campsite (UC-4).

        The usual minimum, or a smaller size named on the face ("3 SETS OF 2").

        Never raises for a :class:`GroupKind`.
        """
        return self.min_sizes[KIND_INDEX[kind]]

    def group_problem(self, group: Group) -> str | None:
        """Why ``group`` is not a valid group on this campsite, or ``None`` (UC-4).

        Never raises: a problem is answered, not raised.
        """
        return group.problem(self.min_sizes[KIND_INDEX[group.kind]])

    def is_primitive(self, groups: Sequence[Group]) -> bool:
        """Whether valid groups on this campsite meet its primitive requirement.

        Never raises for a sequence of groups.
        """
        return self._valid(groups) and self.primitive.is_met_by(groups)

    def is_complete(self, groups: Sequence[Group]) -> bool:
        """Whether valid groups on this campsite meet its complete requirement.

        Never raises for a sequence of groups.
        """
        return self._valid(groups) and self.complete.is_met_by(groups)

    def stands(self, groups: Sequence[Group]) -> bool:
        """Whether valid groups on this campsite meet its primitive or its complete
        requirement: a campsite stands on either (UC-28).

        Never raises for a sequence of groups.
        """
        return self._valid(groups) and (
            self.primitive.is_met_by(groups) or self.complete.is_met_by(groups))

    def layout_problem(self, groups: Sequence[Group]) -> str | None:
        """Why these groups may not lie together on this campsite, or ``None`` (UC-30):
        each is of a kind its faces name, and they are no more than its faces name.

        Never raises: a problem is answered, not raised.
        """
        if len(groups) > self.max_groups:
            return (f"campsite {self.id} holds at most {self.max_groups} groups, "
                    f"not {len(groups)}")
        for group in groups:
            if group.kind not in self.kinds:
                return f"the faces of campsite {self.id} name no {group.kind.value}"
        return None

    def _valid(self, groups: Sequence[Group]) -> bool:
        return all(self.group_problem(g) is None for g in groups)

    def __str__(self) -> str:
        return f"{self.points} | {self.primitive} | {self.complete}"


def parse_campsite(line: str, id: str, provisional: bool = False) -> Campsite:
    """Read one face ``"3 | 1 RUN OF 4 | 2 RUNS OF 4"``: points, primitive, complete.

    Raises:
        ParseError: pointing at the first character of the line that could not be read.
    """
    parts = as_text(line, "a campsite").split("|")
    if len(parts) != 3:
        raise ParseError(f"a campsite is 'points | primitive | complete': {line!r}", line, 0)
    points_text = parts[0].strip()
    if points_text not in {str(p) for p in POINTS}:
        raise ParseError(f"campsite points are 2, 3 or 4, not {points_text!r}", line,
                         len(parts[0]) - len(parts[0].lstrip()))
    requirements = []
    start = len(parts[0]) + 1  # where each part begins in the line, after its "|"
    for part in parts[1:]:
        try:
            requirements.append(Requirement.parse(part))
        except ParseError as err:
            raise ParseError(f"{err} (campsite {line!r})", line, start + err.position) from None
        start += len(part) + 1
    return Campsite(id, int(points_text), requirements[0], requirements[1], provisional)


def parse_catalogue(text: str | Iterable[str], provisional: bool = False) -> tuple[Campsite, ...]:
    """Read the fifteen faces, one per line (blank lines and ``#`` comments skipped).

    Raises:
        ParseError: for an unreadable face, or unless there are 15 faces, five each of 2,
            3 and 4 points (UC-1).
    """
    if isinstance(text, str):
        lines = text.splitlines()
    elif isinstance(text, Iterable) and not isinstance(text, bytes | bytearray):  # type: ignore[unreachable]
        lines = [as_text(line, "a campsite") for line in text]
    else:
        raise ParseError(f"a catalogue is read from text or lines of text, not from "
                         f"{type(text).__name__}")
    faces = [line for line in lines if line.strip() and not line.strip().startswith("#")]
    sites = tuple(
        parse_campsite(line, f"c{i:02d}", provisional) for i, line in enumerate(faces, 1)
    )
    points = Counter(s.points for s in sites)
    if len(sites) != 15 or any(points[p] != 5 for p in POINTS):
        raise ParseError(
            f"a catalogue holds 15 campsites, five each of 2, 3 and 4 points; got {len(sites)}"
            f" ({', '.join(f'{points[p]} of {p}' for p in POINTS)}) [UC-1]",
            "\n".join(faces),
        )
    return sites


PRINTED_TEXT = """\
2 | 1 SET OF 3 OR 1 RUN OF 4 | 1 SET OF 3 AND 1 RUN OF 4
2 | 2 SETS OF 3 | 3 SETS OF 2
3 | 1 RUN OF 4 | 2 RUNS OF 4
3 | 4 CARDS OF THE SAME COLOR | 7 CARDS OF THE SAME COLOR
"""
"""The four faces printed in the rulebook, verbatim (UC-3)."""

PROVISIONAL_TEXT = """\
2 | 1 SET OF 3 | 2 SETS OF 3
2 | 1 RUN OF 4 | 1 RUN OF 6
2 | 1 SET OF 3 | 1 SET OF 4
3 | 1 SET OF 4 | 1 SET OF 4 AND 1 SET OF 3
3 | 1 RUN OF 5 | 1 RUN OF 8
3 | 4 CARDS OF THE SAME COLOR | 1 COLOR RUN OF 4 AND 1 SET OF 3
4 | 1 COLOR RUN OF 4 | 1 COLOR RUN OF 7
4 | 1 SET OF 5 | 1 SET OF 5 AND 1 RUN OF 5
4 | 2 RUNS OF 4 | 3 RUNS OF 5
4 | 1 SET OF 3 AND 1 RUN OF 4 | 2 SETS OF 3 AND 2 RUNS OF 5
4 | 6 CARDS OF THE SAME COLOR | 10 CARDS OF THE SAME COLOR
"""
"""This project's eleven provisional faces (UC-3), calibrated (docs: Campsite calibration)."""


def _default() -> tuple[Campsite, ...]:
    sites = parse_catalogue(PRINTED_TEXT + PROVISIONAL_TEXT)
    printed = len(PRINTED_TEXT.splitlines())
    return tuple(attrs.evolve(s, provisional=i >= printed) for i, s in enumerate(sites))


CATALOGUE: tuple[Campsite, ...] = _default()
"""The default fifteen campsites: ``c01``..``c04`` printed, ``c05``..``c15`` provisional."""


def campsite(id: str, catalogue: Sequence[Campsite] = CATALOGUE) -> Campsite:
    """The campsite with this id (raises :class:`ParseError` for an unknown id).

    Raises:
        ParseError: No campsite of ``catalogue`` has this id.
    """
    for site in catalogue:
        if site.id == id:
            return site
    raise ParseError(f"no campsite {id!r}", id)
