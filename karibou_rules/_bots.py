"""Bots: a random one and a heuristic one. A bot decides from its own seat's view only.

>>> import random
>>> from karibou_rules import new_game
>>> state = new_game(players=4, seed=5)
>>> HeuristicBot().choose(state.view(1), state.legal_actions(1), random.Random(0))
Reveal(player=1)
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Sequence

from karibou_rules._actions import (
    Action,
    CompleteHand,
    Exchange,
    Pass,
    PlacePawn,
    PlayScout,
    Reveal,
    Sign,
)
from karibou_rules._cards import COPIES, PILE, Card, Team, family_of
from karibou_rules._round import Phase
from karibou_rules._view import View

FAMILY = 5
"""Cards of one species in a team player's family (KC-9)."""


class Bot(abc.ABC):
    """A player program: it picks one of the legal actions, or waits, seeing only its view."""

    @abc.abstractmethod
    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """Pick one action of ``legal`` (never empty) for ``view.player``, or ``None`` to
        wait: in real time (KC-13) a seat that waits is asked again once something has
        happened (see :func:`play_game`).

        Never raises: it answers with one action of ``legal`` or ``None``.
        """


class RandomBot(Bot):
    """Picks a legal action uniformly at random (a baseline)."""

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """A uniformly random legal action (it never waits).

        Never raises: ``legal`` is never empty.
        """
        return rng.choice(legal)


class HeuristicBot(Bot):
    """Collects a species, signals its family, watches the table.

    In order of preference: claim its own family (the Coyote), sign its family to the
    teammate, place the pawn for a teammate whose sign it noticed,
    accuse an opponent whose sign it noticed, reveal the center, complete a hand after
    a Scout, play a Scout or exchange for the species it holds most of, else pass.
    It waits (``None``) when none of these is open: after passing, or while another
    player completes a hand after a Scout. It knows only the signs it made or noticed
    (in bot games, who notices is drawn by the driver, KC-19) and never acts on a
    sign that its own cards and the center prove impossible.

    A player holding a family must signal it (the rulebook's "The Signs"): the bot signs
    its family as soon as it holds one, and again each time the table moves on (a new
    :attr:`View.version <karibou_rules.View.version>`: a reveal or a cleanup, so at least
    once a center) until the round ends. So a sign nobody noticed (KC-19) is made again,
    and a table where every seat holds a family and waits for its teammate cannot loop
    for ever. It remembers, per seat, the version at which it last signed (nothing else).

    Args:
        drift: The chance of taking another species when the wanted one is not in
            the center (it unblocks tables where others hold the last copies).
    """

    def __init__(self, drift: float = 0.3) -> None:
        self.drift = drift
        self._signed: dict[int, tuple[int, int]] = {}
        """Per seat, the view's version and the number of its own signs the view showed
        when the bot last chose to sign."""

    @staticmethod
    def _sign_mark(view: View) -> tuple[int, int]:
        """The view's version and how many signs of this round it shows by its seat."""
        return view.version, sum(1 for seen in view.signs if seen.player == view.player)

    def _signs_now(self, view: View, family: Card) -> bool:
        """Whether to sign ``family`` now: not yet this round, or not since the table
        moved on (a reveal or a cleanup changed the version). A sign it chose that has
        not landed (the view shows no more own signs than then) is chosen again, so the
        same view always gets the same answer."""
        me = view.player
        made = any(seen.player == me and seen.species is family for seen in view.signs)
        version, shown = self._sign_mark(view)
        return not made or self._signed.get(me) != (version, shown - 1)

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action | None:
        """The preferred legal action (see the class docstring), or ``None`` to wait.

        Never raises: it answers with one action of ``legal`` or ``None``.
        """
        allowed = set(legal)
        action = next((action for action in self._wishes(view, rng) if action in allowed), None)
        if isinstance(action, Sign):
            self._signed[view.player] = self._sign_mark(view)
        return action

    def _wishes(self, view: View, rng: random.Random) -> list[Action]:
        me = view.player
        team = view.teams[me]
        family = family_of(view.hand, team)
        wishes: list[Action] = []
        if family is not None:
            if team is Team.COYOTE:
                return [PlacePawn(me, family, me)]
            if self._signs_now(view, family):
                wishes.append(Sign(me, family))
        wishes.extend(self._reactions(view))
        wishes.extend(self._tempo(view, family, rng))
        return wishes

    def _reactions(self, view: View) -> list[Action]:
        """Pawn placements on the signs this bot noticed, latest first."""
        me, mate = view.player, view.teammate
        visible = Counter(view.hand + view.center)
        reactions: list[Action] = []
        for sign in reversed(view.signs):
            if sign.player == me or visible[sign.species] > COPIES - FAMILY:
                continue
            if sign.player == mate or view.teams[sign.player] is not Team.COYOTE:
                reactions.append(PlacePawn(me, sign.species, sign.player))
        return reactions

    def _tempo(self, view: View, family: Card | None, rng: random.Random) -> list[Action]:
        me = view.player
        if view.phase is Phase.DEALT:
            return [Reveal(me)]
        counts = Counter(card for card in view.hand if card is not Card.SCOUT)
        center = Counter(card for card in view.center if card is not Card.SCOUT)
        target = max(counts, key=lambda card: (counts[card], center[card], -card), default=None)
        if view.phase is Phase.SCOUT:
            if target is not None and center[target]:
                return [CompleteHand(me, target)]
            return [CompleteHand(me, PILE)]
        if family is not None:
            return [Pass(me)]
        if me in view.passed:
            return []  # nothing has changed since it passed: any exchange clears the passes
        if target is None or not center[target]:
            # Now and then take something else, so that a species whose last cards are
            # held by others does not stall the table forever.
            if center and rng.random() < self.drift:
                take = rng.choice(sorted(center))
                gives = sorted(card for card in counts if card is not take)
                if gives:
                    return [Exchange(me, rng.choice(gives), take), Pass(me)]
            return [Pass(me)]
        give = min(
            (card for card in counts if card is not target),
            key=lambda card: (counts[card], card),
            default=None,
        )
        wishes: list[Action] = [PlayScout(me)] if Card.SCOUT in view.hand else []
        if give is not None:
            wishes.append(Exchange(me, give, target))
        wishes.append(Pass(me))
        return wishes


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""The bots by name, for command lines and configuration files."""
