"""The dispatch of ``_rules`` (issue 29): its if-chains on the action's class (:func:`_check`,
:func:`_effect`) reach each family's check and effect, the ones a table of the families
names, for every action class of the vocabulary, on the listed actions of seeded games and
on actions forged to fail their family's check."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, get_args

import attrs
from hypothesis import given, settings

import campers_rules as uc
from campers_rules import _action_cards, _claims, _responses, _rules, _squats, _turn
from campers_rules._actions import Action
from campers_rules._checks import Problem
from campers_rules._work import Work
from tests.campers.game_strategies import players, random_walk, seeds

FAMILIES: dict[type[Any], tuple[Callable[[uc.State, Any], Problem | None],
                                Callable[[Work, Any], None]]] = {
    uc.Draw: (_turn.check_draw, _turn.apply_draw),
    uc.TakeDiscard: (_turn.check_take, _turn.apply_take),
    uc.Discard: (_turn.check_discard, _turn.apply_discard),
    uc.Claim: (_claims.check_claim, _claims.apply_claim),
    uc.AddCard: (_claims.check_add, _claims.apply_add),
    uc.AddGroup: (_claims.check_add_group, _claims.apply_add_group),
    uc.Rearrange: (_claims.check_rearrange, _claims.apply_rearrange),
    uc.Squat: (_squats.check_squat, _squats.apply_squat),
    uc.SwapWild: (_squats.check_swap, _squats.apply_swap),
    **{kind: (_action_cards.check_play, _action_cards.apply_play)
       for kind in (uc.BearAttack, uc.Smores, uc.Roasted, uc.GoFishing, uc.LostCamper,
                    uc.TrashPanda)},
    uc.BearSpray: (_responses.check_spray, _responses.apply_spray),
    uc.Decline: (_responses.no_condition, _responses.apply_decline),
    uc.Repair: (_responses.check_repair, _responses.apply_repair),
    uc.LetFall: (_responses.no_condition, _responses.apply_fall),
    uc.Give: (_responses.check_give, _responses.apply_give),
    uc.PassLeft: (_responses.check_pass_left, _responses.apply_pass_left),
}
"""Each action class's family check and effect, as the dispatch was a table of them."""


def test_every_action_class_has_its_family() -> None:
    """The chains cover the vocabulary: every action class, and nothing else."""
    assert _rules._ACTIONS == frozenset(get_args(Action)) == frozenset(FAMILIES)


def _forged(action: Any) -> Any:
    """The action with its card (a face, not a group's placement) replaced by the deck's
    last face, which the hand seldom holds: its family's check refuses most such."""
    if hasattr(action, "card") and isinstance(action.card, uc.Card):
        return attrs.evolve(action, card=uc.DECK[-1])
    return action


@settings(max_examples=25, deadline=None)
@given(players, seeds)
def test_the_chains_reach_each_family(players: int, seed: int) -> None:
    """Each listed action (and a forged one) gets its family's check answer from
    ``_check``, and, when legal, its family's effect from ``_effect``: the same scratch
    copy (compared as the states it freezes into)."""
    rng = random.Random(seed)
    seen: set[type[Any]] = set()
    for state in random_walk(players, seed, 120):
        for actor in sorted(state.actors):
            for action in state.legal_actions(actor):
                kind = type(action)
                if kind not in FAMILIES:
                    continue
                seen.add(kind)
                check, effect = FAMILIES[kind]
                for tried in (action, _forged(action)):
                    assert _rules._check(state, tried, kind) == check(state, tried)
                if rng.random() < 0.3:
                    ours, theirs = Work(state), Work(state)
                    _rules._effect(ours, action, kind)
                    effect(theirs, action)
                    assert ours.freeze() == theirs.freeze()
    assert seen
