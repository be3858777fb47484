"""Chance: shuffles and deals, derived from the seed and chance counter carried in a state.

Every chance event ``k`` of a game with seed ``s`` draws from its own generator,
``random.Random(f"{s}:{k}")``, which Python seeds from a SHA-512 of that text: the same
seed and actions give the same deals on any machine and in any process.
"""

from __future__ import annotations

import random

import attrs

from karibou_rules._cards import DECK, SPECIES, Card, Team, center_size, hand_size, team_cards

REDEAL_AT = 4
"""A dealt hand with this many cards of one species or more is dealt again (KC-3)."""


def chance_rng(seed: int, counter: int) -> random.Random:
    """The generator of chance event ``counter`` in the game of ``seed``."""
    return random.Random(f"{seed}:{counter}")


@attrs.frozen
class Deal:
    """Where every card lies after a deal."""

    teams: tuple[Team, ...]
    hands: tuple[tuple[Card, ...], ...]
    center: tuple[Card, ...]
    pile: tuple[Card, ...]
    """Top card last."""
    discard: tuple[Card, ...]
    """Sorted."""


def needs_redeal(hand: tuple[Card, ...]) -> bool:
    """True when a freshly dealt hand holds 4 or more cards of one species (KC-3)."""
    return any(hand.count(species) >= REDEAL_AT for species in SPECIES)


def deal_round(players: int, rng: random.Random) -> Deal:
    """Deal a new round from all 56 cards: team cards, hands, then the center (KC-2, KC-3)."""
    teams = list(team_cards(players))
    rng.shuffle(teams)
    pile = list(DECK)
    rng.shuffle(pile)
    discard: list[Card] = []
    hands = []
    for team in teams:
        while True:
            hand = tuple(sorted(_draw(pile, discard, hand_size(team), rng)))
            if not needs_redeal(hand):
                break
            discard.extend(hand)
        hands.append(hand)
    center = tuple(sorted(_draw(pile, discard, center_size(players), rng)))
    return Deal(tuple(teams), tuple(hands), center, tuple(pile), tuple(sorted(discard)))


def _draw(pile: list[Card], discard: list[Card], count: int, rng: random.Random) -> list[Card]:
    """Draw cards from the top of the pile, refilling it from the discards when empty."""
    drawn = []
    for _ in range(count):
        if not pile:
            refill(pile, discard, rng)
        drawn.append(pile.pop())
    return drawn


def refill(pile: list[Card], discard: list[Card], rng: random.Random) -> None:
    """Shuffle the discard pile into a new draw pile (KC-6)."""
    pile.extend(sorted(discard))
    discard.clear()
    rng.shuffle(pile)


def draw_cards(
    pile: tuple[Card, ...], discard: tuple[Card, ...], count: int, seed: int, counter: int
) -> tuple[list[Card], tuple[Card, ...], tuple[Card, ...], int]:
    """Draw ``count`` cards during a round: (cards, pile, discard, next chance counter).

    A refill of the pile is a chance event and advances the counter.
    """
    if len(pile) >= count:
        return list(pile[len(pile) - count :][::-1]), pile[: len(pile) - count], discard, counter
    pile_list = list(pile)
    discard_list = list(discard)
    drawn = []
    for _ in range(count):
        if not pile_list:
            refill(pile_list, discard_list, chance_rng(seed, counter))
            counter += 1
        drawn.append(pile_list.pop())
    return drawn, tuple(pile_list), tuple(discard_list), counter
