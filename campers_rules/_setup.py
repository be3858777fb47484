"""Starting a game: a seeded deal (:func:`new_game`) or an explicit position
(:func:`from_position`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from campers_rules._board import check_players
from campers_rules._cards import DECK, Card, parse_cards
from campers_rules._config import Config, config_or_default
from campers_rules._errors import CampersError, PositionError, quote
from campers_rules._groups import Group, is_placement
from campers_rules._results import RoundResult
from campers_rules._rng import seed_state, shuffled
from campers_rules._scoring import deal
from campers_rules._state import Phase, Site, State
from campers_rules._validate import problem
from campers_rules._work import Work


def new_game(players: int, seed: int, config: Config | None = None) -> State:
    """Shuffle and deal the first round (setup, UC-6, UC-21).

    The campsite pile is shuffled, players + 1 campsites form the campground, the 126
    cards are shuffled, 7 dealt to each player and one turned up. Seat 0 deals; seat 1
    plays first.

    Args:
        players: The number of seats, 2 to 6 (UC-2).
        seed: An int from 0 to 2**64 - 1 (``MAX_SEED``; a numpy integer too, no bool),
            each a distinct game; the same seed and actions give the same game anywhere.
        config: The options (default :class:`Config`).

    Raises:
        PositionError: ``players`` is not 2 to 6, or ``seed`` is no such int.

    >>> state = new_game(4, seed=7)
    >>> state.hand_sizes(), len(state.deck), len(state.discard), len(state.campground)
    ((7, 7, 7, 7), 97, 1, 5)
    >>> sorted(state.actors), state.phase.value
    ([1], 'draw')

    Raises:
        PositionError: ``players`` is not 2 to 6 (UC-2), ``seed`` no int, or ``config``
            neither ``None`` nor a :class:`Config`.
    """
    check_players(players)
    config = config_or_default(config)
    rng = seed_state(seed)
    pile, rng = shuffled(range(len(config.catalogue)), rng)
    work = Work(blank(players, config, rng, pile))
    deal(work)
    return work.freeze()


def blank(players: int, config: Config, rng: int, pile: tuple[int, ...]) -> State:
    """An empty game before the first deal: every campsite in the pile."""
    empty = ((),) * players
    zeros = (0,) * players
    return State(players, config, 0, 0, 1 % players, Phase.DRAW, 0, False, empty, (), (),
                 empty, (), pile, empty, zeros, None, zeros, (), rng)


def _hand(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards) if isinstance(cards, str) else cards))


def from_position(
    hands: Sequence[Iterable[Card] | str],
    *,
    discard: Iterable[Card] | str = (),
    deck: Iterable[Card] | str = (),
    rest: Literal["deck", "discard"] = "deck",
    table: Sequence[Sequence[tuple[int, Sequence[Group]]]] | None = None,
    campground: Iterable[int] | None = None,
    kept: Sequence[Iterable[int]] | None = None,
    turn: int = 0,
    phase: Phase = Phase.DRAW,
    scores: Sequence[int] | None = None,
    dealer: int | None = None,
    seed: int = 0,
    config: Config | None = None,
    round_results: Sequence[RoundResult] = (),
) -> State:
    """A state built from an explicit position, for apps, tests and puzzles.

    The round is the one after ``round_results``; the scores and the campsites kept are
    theirs (UC-20), so a position :func:`dumps` writes is one :func:`loads` reads back
    and every round it plays out saves too.

    Args:
        hands: Each seat's cards (``Card`` objects or text such as ``"B5 Y5 W"``).
        discard: The discard pile, bottom first (the last card is the top).
        deck: The top of the draw deck, bottom first (the last card is drawn first).
        rest: Where every card not placed elsewhere goes, in an order shuffled from
            ``seed``: ``"deck"`` (default, under the given deck cards) or ``"discard"``
            (under the given discard pile).
        table: For each seat, its campsites as ``(campsite, groups)``.
        campground: The campground; by default every campsite not on the table or kept.
        kept: Campsites each seat has kept in earlier rounds: by default, and necessarily,
            those ``round_results`` kept.
        turn: Whose turn it is; ``phase`` says whether they still have to draw.
        scores: Points so far: by default, and necessarily, the sums of
            ``round_results`` (zeros before any).
        dealer: The dealer (default the seat right of ``turn``).
        seed: Seeds the random state (and the default deck's order), as for
            :func:`new_game`.
        config: The options (default :class:`Config`).
        round_results: The rounds played before this one (default none: the first).

    Raises:
        PositionError: The position breaks a rule or the card or campsite counts, or
            its scores or kept campsites are not those of its round results.

    >>> state = from_position(["B5 Y5 R5 G9", "W G2 G3"], discard="Smores", turn=0)
    >>> state.hands[0], len(state.deck), state.phase.value
    ((Card.parse('B5'), Card.parse('Y5'), Card.parse('R5'), Card.parse('G9')), 118, 'draw')
    """
    if type(phase) is not Phase:
        raise PositionError(f"the phase is a Phase, not {quote(phase)}")
    if rest not in ("deck", "discard"):
        raise PositionError(f'rest is "deck" or "discard", not {quote(rest)}')
    try:
        check_players(len(hands))
        state = _placed_state(hands, discard, deck, rest, table, campground, kept, turn, phase,
                              scores, dealer, config_or_default(config), seed_state(seed),
                              tuple(round_results))
    except CampersError:
        raise
    except (TypeError, AttributeError, ValueError, IndexError) as error:  # a site is no pair
        raise PositionError(f"hands, piles, table rows, groups, campsites, seats, scores and "
                            f"round results must be sequences of cards, groups, ints and "
                            f"RoundResults: {error}") from None
    reason = problem(state)
    if reason is not None:
        raise PositionError(f"impossible position: {reason}")
    return state


def _placed_state(
    hands: Sequence[Iterable[Card] | str],
    discard: Iterable[Card] | str,
    deck: Iterable[Card] | str,
    rest: str,
    table: Sequence[Sequence[tuple[int, Sequence[Group]]]] | None,
    campground: Iterable[int] | None,
    kept: Sequence[Iterable[int]] | None,
    turn: int,
    phase: Phase,
    scores: Sequence[int] | None,
    dealer: int | None,
    config: Config,
    rng: int,
    results: tuple[RoundResult, ...],
) -> State:
    """The state :func:`from_position` describes, not yet checked: every card not placed
    goes where ``rest`` says; the scores and kept campsites are the results' unless given."""
    players = len(hands)
    hand_rows = tuple(_hand(h) for h in hands)
    pile_cards = parse_cards(discard) if isinstance(discard, str) else tuple(discard)
    seats = table if table is not None else [()] * players
    rows = tuple(tuple(Site(site, tuple(groups)) for site, groups in seat) for seat in seats)
    deck_cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    used = Counter(pile_cards) + Counter(deck_cards)
    for hand in hand_rows:
        used.update(hand)
    for row in rows:
        for site in row:
            for group in site.groups:  # a forged placement is left to the check
                used.update(p.face for p in group.cards if is_placement(p))
    others, rng = shuffled(sorted((Counter(DECK) - used).elements()), rng)
    if rest == "deck":
        deck_cards = others + deck_cards
    else:
        pile_cards = others + pile_cards
    if kept is None:
        kept_rows = tuple(tuple(c for r in results for c in r.kept[seat])
                          for seat in range(players))
    else:
        kept_rows = tuple(tuple(k) for k in kept)
    if scores is None:
        scores = [sum(r.points[seat] for r in results) for seat in range(players)]
    taken = {s.campsite for row in rows for s in row} | {c for row in kept_rows for c in row}
    if campground is None:
        ground = tuple(c for c in range(len(config.catalogue)) if c not in taken)
    else:
        ground = tuple(campground)
    pile = tuple(c for c in range(len(config.catalogue)) if c not in taken and c not in ground)
    return State(
        players,
        config,
        len(results),
        (turn - 1) % players if dealer is None else dealer,
        turn,
        phase,
        1,
        False,
        hand_rows,
        tuple(deck_cards),
        tuple(pile_cards),
        rows,
        ground,
        pile,
        kept_rows,
        (0,) * players,
        None,
        tuple(scores),
        results,
        rng,
    )
