"""Move generation's claim and new-group questions pinned where the mutants of
``_solving`` lived (issue 12): the native answers are the solver's first ``limit`` in its
order, another backend's are every claim sorted then cut, and the answers kept from the
last complete hand (``_cache.LAST_CLAIMS``, keyed by the requirement's code: equal
requirements share them) change no later answer (UC-7, UC-30)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections import Counter
from functools import partial
from itertools import islice
from pathlib import Path

import attrs
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache, _solving
from campers_rules.solver import SolverLimits
from campers_rules.solver import claims as solver_claims
from campers_rules.solver._api import new_group_requirement
from campers_rules.solver._problem import group_key
from tests.campers.strategies import hands, requirements

ROOT = Path(__file__).resolve().parents[2]
_WHOLE = SolverLimits(max_cards=100)
_FACES = st.sampled_from(list(uc.CATALOGUE))


def _native_first(requirement: uc.Requirement, hand: tuple[uc.Card, ...],
                  limit: int) -> list[tuple[uc.Group, ...]]:
    return [c.groups for c in islice(solver_claims(requirement, hand, limits=_WHOLE), limit)]


@settings(max_examples=150, deadline=None)
@given(hands(max_cards=14), _FACES, st.integers(1, 6))
@example(uc.parse_cards("B5 Y5 R5 G5 B6 B7 B8 W"), uc.campsite("c01"), 2)
def test_native_answers_are_the_solvers_first_in_its_order_uc7_uc30(
    hand: tuple[uc.Card, ...], face: uc.Campsite, limit: int
) -> None:
    """UC-7, UC-30: the native backend's claims and new groups of a campsite are the
    solver's first ``limit`` answers to its primitive and to its new-group question, in
    the solver's order (not re-sorted), whether asked cold or after other hands."""
    _cache.clear()
    for _ in range(2):
        assert list(_solving.claims(hand, face, "native", limit)) == _native_first(
            face.primitive, hand, limit)
        assert list(_solving.new_groups(hand, face, "native", limit)) == [
            groups[0] for groups in _native_first(new_group_requirement(face), hand, limit)]


def _sorted_first(requirement: uc.Requirement, hand: tuple[uc.Card, ...],
                  limit: int) -> list[tuple[uc.Group, ...]]:
    every = [c.groups for c in solver_claims(requirement, hand, limits=_WHOLE)]
    return sorted(every, key=lambda groups: tuple(map(group_key, groups)))[:limit]


@pytest.mark.parametrize(("hand", "site", "limit"), [
    ("B5 Y5 R5 G5 B6 B7", "c01", 2),
    ("B5 Y5 R5 B6 B7 B8 W", "c03", 3),
    ("B2 B5 B9 B11 B13 Y3", "c04", 2),
])
def test_another_backend_lists_every_claim_sorted_then_cut_uc7(
        hand: str, site: str, limit: int) -> None:
    """UC-7, both backends agree: under z3 a campsite's claims and new groups are the
    first ``limit`` of all of them in canonical order (the native ones, sorted)."""
    cards = uc.parse_cards(hand)
    face = uc.campsite(site)
    assert list(_solving.claims(cards, face, "z3", limit)) == _sorted_first(
        face.primitive, cards, limit)
    assert list(_solving.new_groups(cards, face, "z3", limit)) == [
        groups[0] for groups in _sorted_first(new_group_requirement(face), cards, limit)]


@settings(max_examples=150, deadline=None)
@given(hands(min_cards=2, max_cards=14), st.integers(0, 13),
       st.sampled_from(list(uc.FACES[:49])), _FACES, st.integers(1, 4))
@example(uc.parse_cards("B5 Y5 R5 G5 B6 B7 B8"), 0, uc.parse_cards("B13")[0],
         uc.campsite("c01"), 2)
def test_kept_answers_change_no_later_answer_uc7(
    hand: tuple[uc.Card, ...], drop: int, extra: uc.Card, face: uc.Campsite, limit: int
) -> None:
    """UC-7: after a hand's answers are kept (all of them, or the first ``limit`` when
    there are that many), a hand with a card fewer or a card more gets the answers it
    gets cold."""
    drop %= len(hand)
    smaller = hand[:drop] + hand[drop + 1:]
    larger = tuple(sorted([*hand, extra]))
    assume(not Counter(larger) - Counter(uc.DECK))
    for other in (smaller, larger):
        _cache.clear()
        cold = (_solving.claims(other, face, "native", limit),
                _solving.new_groups(other, face, "native", limit))
        _cache.clear()
        _solving.claims(hand, face, "native", limit)
        _solving.new_groups(hand, face, "native", limit)
        assert (_solving.claims(other, face, "native", limit),
                _solving.new_groups(other, face, "native", limit)) == cold


@pytest.mark.parametrize(("first", "then"), [
    ("B2 B3 B4 B5", "G9 G10 G11 G12 W"),
    ("B5 Y5", "B5 Y5 R5 G13"),
    ("G13 W", "B2 Y2 R2 B3 B4 B5"),
])
def test_kept_answers_of_another_hand_change_no_answer_uc7(first: str, then: str) -> None:
    """UC-7: answers kept for one hand leave those of a hand that is not within it (its
    cards all above, or one card beyond) as they are cold."""
    face = uc.campsite("c01")
    later = uc.parse_cards(then)
    _cache.clear()
    cold = _solving.claims(later, face, "native", 5)
    _cache.clear()
    _solving.claims(uc.parse_cards(first), face, "native", 5)
    assert _solving.claims(later, face, "native", 5) == cold


def _two_colors_and_one() -> tuple[uc.Card, ...]:
    """Both copies of every blue and yellow face, and R5: 49 playing cards, more than a
    question's default card limit (``SolverLimits().max_cards``, 48)."""
    two_colors = [face for face in uc.FACES[:48] if face.color in (uc.Color.BLUE, uc.Color.YELLOW)]
    return tuple(sorted([*two_colors, *two_colors, *uc.parse_cards("R5")]))


def test_another_backend_answers_a_hand_past_the_default_card_limit_uc7() -> None:
    """UC-7: any hand of the deck may be asked about, under z3 too: a hand of 49 playing
    cards (past the default limit of 48) gets its claims and new groups, the native ones
    sorted, rather than ``ProblemTooLargeError``."""
    cards = _two_colors_and_one()
    assert len(cards) > SolverLimits().max_cards
    claims_of = uc.campsite("c12")  # 1 SET OF 5: only the fives hold five cards
    new_on = uc.campsite("c08")  # new groups: sets of 3
    assert list(_solving.claims(cards, claims_of, "z3", 3)) == _sorted_first(
        claims_of.primitive, cards, 3)
    assert list(_solving.new_groups(cards, new_on, "z3", 5)) == [
        groups[0] for groups in _sorted_first(new_group_requirement(new_on), cards, 5)]


@pytest.mark.parametrize("question", ["claims", "new_groups"])
def test_another_backend_is_the_one_that_answers_uc7(question: str) -> None:
    """UC-7: a claim or new-group question under z3 is put to z3 itself, not to the
    native solver (whose answers, sorted, are the same): in a fresh interpreter, which
    has not loaded z3 (the z3 backend imports it on first use), the question gets the
    answers it gets here, and loads z3."""
    hand, site = "B5 Y5 R5 G5 B6 B7 W", "c01"
    ask = getattr(_solving, question)
    here = ask(uc.parse_cards(hand), uc.campsite(site), "z3", 3)
    assert here
    code = textwrap.dedent(
        f"""
        import sys
        import campers_rules as uc
        from campers_rules import _solving
        assert "z3" not in sys.modules
        answers = _solving.{question}(uc.parse_cards({hand!r}), uc.campsite({site!r}), "z3", 3)
        print(repr(answers))
        print("z3" in sys.modules)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.splitlines() == [repr(here), "True"]


@settings(max_examples=300, deadline=None)
@given(requirements, requirements)
def test_a_requirements_code_is_equal_for_equal_requirements_only_uc4(
        first: uc.Requirement, second: uc.Requirement) -> None:
    """UC-4: a requirement's code (the key of the answers kept per question) is one int
    for equal requirements (one read again from its text too) and two for unequal ones;
    it takes no part in equality, hashing or the requirement's repr."""
    assert (first.code == second.code) == (first == second)
    again = uc.Requirement.parse(str(first))
    assert again.code == first.code and again == first
    field = attrs.fields(uc.Requirement).code
    assert not field.eq and not field.repr and not field.init
    assert "code" not in repr(first)


def test_a_requirement_of_fields_no_code_holds_shares_no_code_uc4() -> None:
    """UC-4: a spec whose size or count lies past its bits (built with the validators
    off) gets a code of its own, negative: no two unequal requirements share a code (9
    sets of 3 once shared the code of 1 set of 3, the count carried into the size)."""
    set_of = partial(uc.GroupSpec, uc.GroupKind.SET)
    with attrs.validators.disabled():
        odd = [uc.Requirement(((set_of(3, 9),),)), uc.Requirement(((set_of(3, -1),),)),
               uc.Requirement(((set_of(40, 1),),))]
    plain = uc.Requirement(((set_of(3, 1),),))
    codes = [requirement.code for requirement in odd]
    assert all(code < 0 for code in codes) and len(set(codes)) == len(codes)
    assert plain.code > 0 and plain.code not in codes


@settings(max_examples=100, deadline=None)
@given(hands(min_cards=2, max_cards=14), st.integers(0, 13), _FACES, st.integers(1, 4))
def test_equal_requirements_share_their_kept_answers_uc7(
        hand: tuple[uc.Card, ...], drop: int, face: uc.Campsite, limit: int) -> None:
    """UC-7: the answers kept for a campsite's requirement serve an equal requirement
    built anew (another object, as a catalogue read again holds): a smaller hand gets
    from them the answers it gets cold, and both questions share one entry (when the
    first kept one: a hand that may meet no alternative is not searched)."""
    drop %= len(hand)
    smaller = hand[:drop] + hand[drop + 1:]
    twin = attrs.evolve(face, primitive=uc.Requirement.parse(str(face.primitive)))
    assert twin.primitive is not face.primitive
    _cache.clear()
    cold = _solving.claims(smaller, twin, "native", limit)
    _cache.clear()
    _solving.claims(hand, face, "native", limit)
    kept = set(_cache.LAST_CLAIMS)
    assert _solving.claims(smaller, twin, "native", limit) == cold
    assert not kept or set(_cache.LAST_CLAIMS) == kept
