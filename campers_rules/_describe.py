"""Readable text for a play-by-play: one line per action, and the table as text."""

from __future__ import annotations

from typing import get_args

from campers_rules._actions import (
    Action,
    AddCard,
    AddGroup,
    BearAttack,
    BearSpray,
    Claim,
    Decline,
    Discard,
    Draw,
    Give,
    GoFishing,
    LetFall,
    LostCamper,
    PassLeft,
    Rearrange,
    Repair,
    Roasted,
    Smores,
    Squat,
    SwapWild,
    TakeDiscard,
    TrashPanda,
)
from campers_rules._cards import format_cards
from campers_rules._errors import CampersError, IllegalActionError
from campers_rules._pending import FishingChoice, SprayWindow
from campers_rules._results import RoundResult
from campers_rules._state import State


def _id(state: State, campsite: int) -> str:
    return state.config.catalogue[campsite].id


def _site(state: State, campsite: int) -> str:
    face = state.config.catalogue[campsite]
    return f"campsite {face.id} ({face.points} pts, {face.primitive} / {face.complete})"


def _groups(groups: tuple[object, ...]) -> str:
    return " ".join(f"[{g}]" for g in groups)


def _what(before: State, action: Action, after: State) -> str:
    p = f"p{action.player}"
    if isinstance(action, Draw):
        drawn = len(after.hands[action.player]) - len(before.hands[action.player])
        return f"{p} draws {drawn} from the deck"
    if isinstance(action, TakeDiscard):
        return f"{p} takes {before.discard[-1]} from the discard pile"
    if isinstance(action, Discard):
        return f"{p} discards {action.card}"
    if isinstance(action, Claim):
        return f"{p} claims {_site(before, action.campsite)} with {_groups(action.groups)}"
    if isinstance(action, AddCard):
        return f"{p} adds {action.card} to campsite {_id(before, action.campsite)}"
    if isinstance(action, AddGroup):
        return f"{p} lays [{action.cards}] on campsite {_id(before, action.campsite)}"
    if isinstance(action, Squat):
        where = f"p{action.owner}'s campsite {_id(before, action.campsite)}"
        return f"{p} squats {action.card} on {where}"
    if isinstance(action, SwapWild):
        where = f"p{action.owner}'s campsite {_id(before, action.campsite)}"
        return f"{p} swaps {action.card} for the wild in {where}"
    if isinstance(action, Rearrange):
        return f"{p} rearranges: " + "; ".join(
            f"{_id(before, site)}: {_groups(groups)}" for site, groups in action.layout
        )
    if isinstance(action, BearAttack):
        where = f"p{action.owner}'s campsite {_id(before, action.campsite)}"
        return f"{p} plays Bear Attack on {action.card} of {where}"
    if isinstance(action, Smores):
        return f"{p} plays S'mores: everyone draws 2"
    if isinstance(action, Roasted):
        return f"{p} plays Roasted on p{action.target}"
    if isinstance(action, GoFishing):
        return f"{p} goes fishing: p{action.target}, got {action.request}?"
    if isinstance(action, LostCamper):
        return f"{p} plays Lost Camper: everyone passes a card left"
    if isinstance(action, TrashPanda):
        return f"{p} plays Trash Panda for {action.card}"
    if isinstance(action, BearSpray):
        return f"{p} answers with Bear Spray!"
    if isinstance(action, Decline):
        return f"{p} lets it go"
    if isinstance(action, Repair):
        return f"{p} repairs the campsite with {action.card}"
    if isinstance(action, LetFall):
        return f"{p} lets the damaged campsite fall"
    if isinstance(action, Give):
        return f"{p} hands over a card"
    assert isinstance(action, PassLeft)
    return f"{p} chooses a card to pass left"


def _kind(value: object) -> str:
    return f"{type(value).__module__}.{type(value).__qualname__}"


def _check_applied(before: object, action: object, after: object) -> None:
    """Refuse anything but an action of the vocabulary and the states around it: ``after``
    must be ``before.apply(action)`` (a line about anything else would be false)."""
    if not (isinstance(before, State) and isinstance(after, State)):
        raise CampersError(f"describe_action takes the State before and after the action, "
                           f"not {_kind(before)} and {_kind(after)}")
    if type(action) not in _ACTIONS:
        raise IllegalActionError(action, "not an action of the Unhappy Campers vocabulary")
    if before.apply(action) != after:  # type: ignore[arg-type]  # raises when illegal
        raise CampersError("after is not the state the action leads to from before")


_ACTIONS = frozenset(get_args(Action))


def _hike(before: State, action: Action, after: State) -> bool:
    """Whether a Go Fishing took effect in this step and found nothing (UC-17)."""
    window = before.pending
    if isinstance(action, GoFishing):
        sprays = 0
    elif isinstance(window, SprayWindow) and isinstance(window.play, GoFishing):
        sprays = len(window.sprayers) + isinstance(action, BearSpray)
    else:
        return False
    return sprays % 2 == 0 and not isinstance(after.pending, SprayWindow | FishingChoice)


def move_line(before: State, action: Action, after: State) -> str:
    """The words for one applied move (a Go Fishing that found nothing says so, UC-17)."""
    line = _what(before, action, after)
    if _hike(before, action, after):
        line += ' -- "Take a hike!"'
    return line


def round_end_line(result: RoundResult) -> str:
    """The words for a round's end: who went out and everyone's points (public, UC-20)."""
    who = "nobody went out" if result.went_out is None else f"p{result.went_out} went out"
    return f"round {result.round + 1} ends, {who}; points {list(result.points)}"


def describe_action(before: State, action: Action, after: State) -> str:
    """One readable line for a play-by-play (hidden cards are not named).

    >>> from campers_rules._setup import new_game
    >>> from campers_rules._actions import Draw
    >>> state = new_game(3, seed=2)
    >>> describe_action(state, Draw(1, 2), state.apply(Draw(1, 2)))
    'p1 draws 2 from the deck'

    Raises:
        IllegalActionError: ``action`` is no action of the vocabulary (another game's, a
            build step, no action at all) or is illegal in ``before``.
        CampersError: ``before`` or ``after`` is no :class:`State`, or ``after`` is not
            the state the action leads to.
    """
    _check_applied(before, action, after)
    line = move_line(before, action, after)
    if len(after.round_results) > len(before.round_results):
        line += f" -- {round_end_line(after.round_results[-1])}"
        if after.is_over:
            line += f" -- game over, scores {list(after.scores)}, winners {sorted(after.winners)}"
    return line


def describe_table(state: State) -> str:
    """The whole table as text, hands included (a referee's picture of the game).

    Never raises for a state.
    """
    lines = [
        f"round {state.round + 1}/{state.config.rounds}, dealer p{state.dealer}, "
        f"turn p{state.turn} ({state.phase.value}), scores {list(state.scores)}",
        f"deck {len(state.deck)}, discard {len(state.discard)}"
        + (f" (top {state.discard[-1]})" if state.discard else ""),
        "campground: " + (", ".join(_site(state, c) for c in state.campground) or "empty"),
    ]
    for player in range(state.num_players):
        lines.append(f"p{player} hand: {format_cards(state.hands[player]) or '-'}")
        for site in state.table[player]:
            lines.append(f"   {_site(state, site.campsite)}: {_groups(site.groups)}")
    if state.pending is not None:
        lines.append(f"waiting on {sorted(state.actors)}: {type(state.pending).__name__}")
    return "\n".join(lines)
