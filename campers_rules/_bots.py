"""Bots and the game loop: :class:`RandomBot`, :class:`HeuristicBot`, :func:`play_game`.

A bot sees only the view of its own seat and the legal actions.

>>> from campers_rules._setup import new_game
>>> from campers_rules._config import Config
>>> bots = [HeuristicBot(), RandomBot(), RandomBot()]
>>> final = play_game(new_game(3, 1, Config(rounds=1)), bots, seed=1)
>>> final.is_over, len(final.round_results)
(True, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Literal, Protocol, overload

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
    RequestKind,
    Roasted,
    Smores,
    Squat,
    SwapWild,
    TakeDiscard,
    TrashPanda,
)
from campers_rules._cards import WILD, ActionKind, Card, action_card
from campers_rules._errors import CampersError, quote
from campers_rules._groups import Group, GroupKind
from campers_rules._pending import SprayWindow
from campers_rules._record import (
    Record,
    RecordTo,
    make_record,
    move_digest,
    record_text,
    write_record,
)
from campers_rules._state import State, View


class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action to play; ``legal`` is never empty.

        Never raises: it answers with one action of ``legal``.
        """
        ...


class RandomBot:
    """Plays a uniformly random legal action."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """A uniformly random choice among the legal actions.

        Never raises: ``legal`` is never empty.
        """
        return rng.choice(list(legal))


DEAL = 7
"""Cards dealt to each player (setup): a bot holding fewer is short of cards."""
DEAD = 3
"""A hand card worth at most this (:func:`_held_worth`) connects to almost nothing."""
TAKE = 12
"""The least worth of a discard top worth taking instead of drawing from the deck."""


def _worth(card: Card, others: Sequence[Card]) -> int:
    """How much a card helps build groups with these other cards (higher: keep it)."""
    if card is WILD:
        return 100
    if card.action is ActionKind.BEAR_SPRAY:
        return 60
    if card.action is not None:
        return 20 if card.action in (ActionKind.BEAR_ATTACK, ActionKind.ROASTED) else 5
    score = 0
    for other in others:
        if other.number is None or card.number is None:
            continue
        if other.number == card.number:
            score += 6
        elif abs(other.number - card.number) <= 2:
            score += 3 if other.color is card.color else 2
        if other.color is card.color:
            score += 1
    return score


def _held_worth(card: Card, hand: Sequence[Card]) -> int:
    """The worth of a hand card against the rest of the hand (an identical duplicate
    counts toward a set)."""
    others = list(hand)
    others.remove(card)
    return _worth(card, others)


def _improves(card: Card, hand: Sequence[Card]) -> bool:
    """Whether the card, taken into the hand, would not be its least useful card (which
    the bot would discard again at once)."""
    grown = (*hand, card)
    return _least_useful(grown, grown) is not card


def _least_useful(cards: Sequence[Card], hand: Sequence[Card]) -> Card:
    """The card of ``cards`` (all in ``hand``) that helps the hand least."""
    return min(cards, key=lambda c: (_held_worth(c, hand), c.index))


def _owns_complete(view: View) -> bool:
    return _complete_count(view, ((s.campsite, s.groups) for s in view.table[view.player])) > 0


def _complete_count(view: View, layout: Iterable[tuple[int, Sequence[Group]]]) -> int:
    """How many campsites of a layout ``(campsite, groups)`` are complete."""
    catalogue = view.config.catalogue
    return sum(catalogue[site].is_complete(groups) for site, groups in layout)


def _completes(view: View, action: AddCard | AddGroup) -> bool:
    """Whether adding this card or group makes its campsite complete."""
    site = next(s for s in view.table[view.player] if s.campsite == action.campsite)
    face = view.config.catalogue[site.campsite]
    if face.is_complete(site.groups):
        return False
    if isinstance(action, AddGroup):
        return face.is_complete((*site.groups, action.cards))
    groups = list(site.groups)
    groups[action.group] = groups[action.group].with_card(action.card)
    return face.is_complete(groups)


def _on_run(view: View, action: AddCard | AddGroup) -> bool:
    """Whether the action lengthens one of the player's runs (a long run can be split)."""
    if isinstance(action, AddGroup):
        return False
    site = next(s for s in view.table[view.player] if s.campsite == action.campsite)
    return site.groups[action.group].kind.serves(GroupKind.RUN)


def _grows(view: View, action: AddCard) -> bool:
    """Whether the card lengthens a group toward what the campsite's complete face names.

    The target is the largest size named for the group's kind (a run of 5 toward
    "1 RUN OF 8"), doubled for a run when the face wants more runs than the campsite has:
    a run twice as long splits into two (UC-11), as a run of 8 does for "2 RUNS OF 4".
    """
    site = next(s for s in view.table[view.player] if s.campsite == action.campsite)
    group = site.groups[action.group]
    target = 0
    for alternative in view.config.catalogue[site.campsite].complete.alternatives:
        for spec in alternative:
            if not group.kind.serves(spec.kind):
                continue
            runs = sum(g.kind.serves(spec.kind) for g in site.groups)
            split = spec.kind is GroupKind.RUN and runs < spec.count
            target = max(target, spec.size * (2 if split else 1))
    return group.size < target


class HeuristicBot:
    """A greedy player: claims the richest campsite it can, completes it, goes out.

    Drawing: the discard top when it is a wild or fits the hand without becoming its least
    useful card (which it would discard again at once), else 2 cards from the deck, or 1
    once it owns a complete campsite.

    Table moves, first that applies: claim the campsite worth most; rearrange (UC-11) when
    that claims another campsite or completes one without undoing a complete one (a long
    run split to claim a second campsite, a run of 8 split into "2 RUNS OF 4"); lay the
    card or group that completes a campsite; once one is complete, shed cards onto its own
    campsites (runs first, so that they grow long enough to split) and squat. Before that,
    while keeping cards in hand, it lays new groups, lengthens groups still shorter than
    the complete face names (a run of 5 toward "1 RUN OF 8", a run toward twice the size
    where the face wants more runs) and takes wilds by swapping.

    One action card a turn, first that applies: Bear Attack on the leader (fewest cards),
    Roasted on the leader, Trash Panda for the most useful of the five cards unless it
    would be the hand's least useful, Go Fishing for a wild, S'mores while short of cards
    (no complete campsite, at most 6 other cards: fewer than dealt), Lost Camper once it
    owns a complete campsite or holds a dead card. Asked to pass (Lost Camper) or give (Go
    Fishing), it hands over its least useful card; it answers every play aimed at it with
    Bear Spray, and discards its least connected card. It never consults ``rng``: its
    choice depends on the view and the legal actions alone.
    """

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The best action by the priorities above; ties broken by list order.

        Never raises: it answers with one action of ``legal``, never empty.
        """
        first = legal[0]
        if isinstance(first, Draw | TakeDiscard):
            return self._draw(view, legal)
        if isinstance(first, BearSpray | Decline):
            return self._respond(view, legal)
        if isinstance(first, Repair | LetFall):
            return first
        if isinstance(first, Give | PassLeft):
            cards = [a.card for a in legal if isinstance(a, Give | PassLeft)]
            worst = _least_useful(cards, view.hand)
            return next(a for a in legal if isinstance(a, Give | PassLeft) and a.card is worst)
        return self._play(view, legal)

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        if view.discard and any(isinstance(a, TakeDiscard) for a in legal):
            top = view.discard[-1]
            if top is WILD or (
                top.is_natural and _worth(top, view.hand) >= TAKE and _improves(top, view.hand)
            ):
                return next(a for a in legal if isinstance(a, TakeDiscard))
        count = 1 if _owns_complete(view) and len(view.hand) >= 2 else 2
        return next(a for a in legal if isinstance(a, Draw) and a.count == count)

    def _respond(self, view: View, legal: Sequence[Action]) -> Action:
        window = view.pending
        assert isinstance(window, SprayWindow)
        play = window.play
        denied_now = len(window.sprayers) % 2 == 1
        target = getattr(play, "target", getattr(play, "owner", None))
        wanted = (target == view.player and not denied_now) or (
            play.player == view.player and denied_now
        )
        spray = next((a for a in legal if isinstance(a, BearSpray)), None)
        if spray is not None and wanted:
            return spray
        return next(a for a in legal if isinstance(a, Decline))

    def _play(self, view: View, legal: Sequence[Action]) -> Action:
        catalogue = view.config.catalogue
        claims = [a for a in legal if isinstance(a, Claim)]
        if claims:
            return max(
                claims, key=lambda a: (catalogue[a.campsite].points, sum(g.size for g in a.groups))
            )
        rearranged = _rearrangement(view, legal)
        if rearranged is not None:
            return rearranged
        builds = [a for a in legal if isinstance(a, AddGroup | AddCard)]
        finishing = [a for a in builds if _completes(view, a)]
        if finishing:
            return finishing[0]
        complete = _owns_complete(view)
        if builds and complete:
            return next((a for a in builds if _on_run(view, a)), builds[0])
        keep = len(view.hand) > 2
        groups = [a for a in builds if isinstance(a, AddGroup) and len(view.hand) > a.cards.size]
        if groups:
            return groups[0]
        growing = [a for a in builds if isinstance(a, AddCard) and keep and _grows(view, a)]
        if growing:
            return growing[0]
        swaps = [a for a in legal if isinstance(a, SwapWild)]
        if swaps and keep:
            return swaps[0]
        play = self._action_card(view, legal)
        if play is not None:
            return play
        squats = [a for a in legal if isinstance(a, Squat)]
        if squats and complete:
            return squats[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        worst = _least_useful([a.card for a in discards], view.hand)
        return next(a for a in discards if a.card is worst)

    def _action_card(self, view: View, legal: Sequence[Action]) -> Action | None:
        me = view.player
        others = [p for p in range(view.num_players) if p != me]
        leader = min(others, key=lambda p: (view.hand_sizes[p], -view.scores[p], p))
        attacks = [a for a in legal if isinstance(a, BearAttack) and a.owner == leader]
        if attacks:
            return attacks[0]
        roast = next((a for a in legal if isinstance(a, Roasted) and a.target == leader), None)
        if roast is not None:
            return roast
        panda = _trash_panda(view, legal)
        if panda is not None:
            return panda
        richest = max(others, key=lambda p: (view.hand_sizes[p], -p))
        for action in legal:
            if (
                isinstance(action, GoFishing)
                and action.request.kind is RequestKind.WILD
                and action.target == richest
            ):
                return action
        complete = _owns_complete(view)
        smores = next((a for a in legal if isinstance(a, Smores)), None)
        if smores is not None and not complete and len(view.hand) <= DEAL:
            return smores
        camper = next((a for a in legal if isinstance(a, LostCamper)), None)
        if camper is not None and (complete or _dead_card(view.hand)):
            return camper
        return None


def _rearrangement(view: View, legal: Sequence[Action]) -> Rearrange | None:
    """The rearrangement that claims the most points or completes the most campsites.

    Only one that keeps at least as many campsites complete as now, and claims a
    campsite or completes one more (UC-11); ties broken by list order.
    """
    me = view.player
    owned = {site.campsite for site in view.table[me]}
    now = _complete_count(view, ((s.campsite, s.groups) for s in view.table[me]))
    points = {site: view.config.catalogue[site].points for site in view.campground}
    best: Rearrange | None = None
    best_key = (now, 0)
    for action in legal:
        if not isinstance(action, Rearrange):
            continue
        key = (
            _complete_count(view, action.layout),
            sum(points.get(site, 0) for site, _ in action.layout if site not in owned),
        )
        if key[0] >= now and key > best_key:
            best, best_key = action, key
    return best


def _trash_panda(view: View, legal: Sequence[Action]) -> TrashPanda | None:
    """Trash Panda for the most useful of the five cards, unless that card would be the
    least useful of the hand (or the hand is otherwise empty: any card is better).

    The Trash Panda card itself leaves the hand, so the rest is what the take is weighed
    against (UC-19); ties go to the card nearest the top.
    """
    pandas = [a for a in legal if isinstance(a, TrashPanda)]
    if not pandas:
        return None
    rest = list(view.hand)
    rest.remove(action_card(ActionKind.TRASH_PANDA))
    best = max(pandas, key=lambda a: (_worth(a.card, rest), -a.depth))
    if not rest or _improves(best.card, rest):
        return best
    return None


def _dead_card(hand: Sequence[Card]) -> bool:
    """Whether the hand holds a numbered card that connects to almost nothing in it."""
    return any(card.is_natural and _held_worth(card, hand) <= DEAD for card in hand)


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}
"""The bots by name."""


OnAction = Callable[[State, Action, State], None]
"""Called as ``on_action(before, action, after)`` after every applied action."""


@overload
def play_game(state: State, bots: Sequence[Bot], seed: int, on_action: OnAction | None = None,
              *, record: Literal[False] = False) -> State: ...
@overload
def play_game(state: State, bots: Sequence[Bot], seed: int, on_action: OnAction | None = None,
              *, record: Literal[True]) -> tuple[State, Record]: ...
@overload
def play_game(state: State, bots: Sequence[Bot], seed: int, on_action: OnAction | None = None,
              *, record: RecordTo) -> State: ...
def play_game(
    state: State,
    bots: Sequence[Bot],
    seed: int,
    on_action: OnAction | None = None,
    *,
    record: bool | RecordTo = False,
) -> State | tuple[State, Record]:
    """Play the game to its end, each seat's bot choosing from its own view.

    When several players must decide at once (Lost Camper), the lowest seat acts first.

    Args:
        state: Where to start.
        bots: One bot per seat.
        seed: Seeds the bots' random choices (the game's own chance is in ``state``).
        on_action: Called as ``on_action(before, action, after)`` after every action.
        record: ``True`` returns the game's :class:`Record` with the final state; a path
            or a text stream gets the record's JSON written to it once the game is over
            (:func:`dumps_record`; seats named by their bots' classes, the start written
            out unless it is ``new_game(players, seed, config)``).

    Raises:
        CampersError: ``state`` is no State, ``bots`` not one bot per seat, or ``seed``
            no int (``random.Random(None)`` would seed from the clock).
    """
    if type(state) is not State:
        raise CampersError(f"play_game plays from a State, not {quote(state)}")
    if not isinstance(bots, Sequence):
        raise CampersError(f"bots are a sequence of one bot per seat, not {quote(bots)}")
    if len(bots) != state.num_players:
        raise CampersError(f"{len(bots)} bots for {state.num_players} seats")
    if type(seed) is not int:
        raise CampersError(f"the seed must be an int, not {quote(seed)}")
    rng = random.Random(seed)
    start, moves, digests, recording = state, [], [], record is not False
    while not state.is_over:
        actor = min(state.actors)
        legal = state.legal_actions(actor)
        action = bots[actor].choose(state.view(actor), legal, rng)
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
        if recording:
            moves.append(str(action))
            digests.append(move_digest(moves[-1], state))
    if record is False:
        return state
    names = [type(bot).__name__ for bot in bots]
    made = make_record(start, moves, digests, state, seed, names)
    if record is True:
        return state, made
    write_record(record, record_text(made))
    return state


