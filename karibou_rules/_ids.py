"""A fixed integer action space: every action a seat can choose has one id, in every state.

The ids are laid out by kind, each block in a fixed order (the kind's first field the most
significant), so an id means the same action wherever it is legal:

======================  ===========  ================================================
block                   ids          the action
======================  ===========  ================================================
reveal                  0            :class:`Reveal`
pass                    1            :class:`Pass`
scout                   2            :class:`PlayScout`
complete hand           3 .. 10      :class:`CompleteHand` from a species, then the pile
sign                    11 .. 17     :class:`Sign` of each species
exchange                18 .. 59     :class:`Exchange`: ``18 + 6 * give + k``, ``k`` the
                                     index of ``take`` among the six other species
place the pawn          60 ..        :class:`PlacePawn`: ``60 + 8 * named + tile``
======================  ===========  ================================================

The acting seat is not part of the id (as in OpenSpiel, the player is the one whose turn
it is; here the caller names them). A sign's ``noticed_by`` is not a choice of the signer
(KC-7, KC-19): the id names the sign, and :func:`action_from_id` gives it ``noticed_by=None``.

>>> from karibou_rules import ALL_ANIMALS, Card, PlacePawn
>>> action_id(PlacePawn(0, ALL_ANIMALS, 2))
83
>>> action_from_id(0, 83)
PlacePawn(player=0, tile=<AllAnimals.ALL_ANIMALS: 'All'>, named=2)
>>> num_distinct_actions(5), max_legal_ids(5)
(100, 69)
"""

from __future__ import annotations

from typing import Final, cast

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
from karibou_rules._cards import (
    MAX_PLAYERS,
    PILE,
    SPECIES,
    TILES,
    Card,
    Team,
    Tile,
    center_size,
    check_players,
    hand_size,
    team_cards,
)
from karibou_rules._config import config_or_default
from karibou_rules._errors import IllegalActionError, SeatError, quote

REVEAL_ID: Final = 0
PASS_ID: Final = 1
SCOUT_ID: Final = 2
COMPLETE_BASE: Final = 3
SIGN_BASE: Final = COMPLETE_BASE + len(SPECIES) + 1
EXCHANGE_BASE: Final = SIGN_BASE + len(SPECIES)
PAWN_BASE: Final = EXCHANGE_BASE + len(SPECIES) * (len(SPECIES) - 1)
COMPLETE_PILE_ID: Final = COMPLETE_BASE + len(SPECIES)
SPACE: Final = PAWN_BASE + len(TILES) * MAX_PLAYERS
"""The ids of the largest game: ``0 .. SPACE - 1``."""

_TILE_INDEX: Final[dict[Tile, int]] = {tile: index for index, tile in enumerate(TILES)}


def _check_config(config: object) -> None:
    """Refuse a ``config`` that is neither ``None`` nor a :class:`Config`."""
    if config is not None:
        config_or_default(config)


def num_distinct_actions(players: object, config: object = None) -> int:
    """How many ids a game of this many players uses: ``0 .. num_distinct_actions - 1``.

    No option of :class:`Config` changes the action space; ``config`` is taken for the
    same signature as ``campers_rules``, and refused as every entry point refuses what is
    no :class:`Config` (``PositionError``).

    Raises:
        PositionError: ``players`` is not 3 to 7 (KC-2), or ``config`` neither ``None`` nor
            a :class:`Config`.
    """
    return PAWN_BASE + len(TILES) * _player_count(players, config)


def _player_count(players: object, config: object) -> int:
    """The number of players, once it and ``config`` are checked (see
    :func:`num_distinct_actions`)."""
    _check_config(config)
    check_players(players)
    return cast(int, players)


def _exchanges(gives: int, center: int) -> int:
    """The most exchanges (KC-5) of ``gives`` species of a hand for another species of a
    center of ``center`` species: each pair but a species shared by both, and the two
    share at least what the seven species cannot hold apart."""
    return gives * center - max(0, gives + center - len(SPECIES))


def max_legal_ids(players: object, config: object = None) -> int:
    """The most ids :meth:`State.legal_action_ids` lists for any seat of any state of a
    game of this many players: a bound worked out from the rules (docs/karibou/api.rst),
    and reached by a position; ``config`` as for :func:`num_distinct_actions`.

    The exchange phase holds the most: the exchanges of the largest hand (the Coyote's,
    KC-3) against the largest center, or one species fewer and the Scout (KC-6), a pass,
    the seven signs (KC-7) and the eight tiles for each seat the pawn may name (KC-8: the
    Coyote names anybody, a team player anybody but himself and the Coyote).

    >>> [max_legal_ids(players) for players in range(3, 8)]
    [48, 50, 69, 70, 90]

    Raises:
        PositionError: As :func:`num_distinct_actions`.
    """
    count = _player_count(players, config)  # refuses a player count or config no game has
    teams = team_cards(count)
    coyote = Team.COYOTE in teams
    hand = max(hand_size(team) for team in teams)
    center = center_size(count)
    moves = max(_exchanges(hand - scout, center) + scout for scout in (0, 1)) + 1
    return moves + len(SPECIES) + len(TILES) * (count if coyote else count - 1)


def action_id(action: object, config: object = None) -> int:
    """The id of an action (its ``player`` aside, and a sign's ``noticed_by``); ``config``
    as for :func:`num_distinct_actions`.

    Raises:
        IllegalActionError: ``action`` is no Karibou Camp action, an exchange of a species
            for itself (KC-15), or a pawn on no tile or naming no seat (KC-8).
        PositionError: ``config`` is neither ``None`` nor a :class:`Config`.
    """
    _check_config(config)
    if isinstance(action, Reveal):
        return REVEAL_ID
    if isinstance(action, Pass):
        return PASS_ID
    if isinstance(action, PlayScout):
        return SCOUT_ID
    if isinstance(action, CompleteHand):
        source = action.source
        return COMPLETE_PILE_ID if source is PILE else COMPLETE_BASE + _species_index(source)
    if isinstance(action, Sign):
        return SIGN_BASE + _species_index(action.species)
    if isinstance(action, Exchange):
        give, take = _species_index(action.give), _species_index(action.take)
        if give == take:
            raise IllegalActionError(action, "an exchange gives another species", "KC-15")
        return EXCHANGE_BASE + (len(SPECIES) - 1) * give + take - (take > give)
    if isinstance(action, PlacePawn):
        named = action.named
        if type(named) is not int or not 0 <= named < MAX_PLAYERS or action.tile not in TILES:
            raise IllegalActionError(action, "no such tile or seat", "KC-8")
        return PAWN_BASE + len(TILES) * named + _TILE_INDEX[action.tile]
    raise IllegalActionError(action, "not a Karibou Camp action")


def action_from_id(player: object, action_id: object, config: object = None) -> Action:
    """The action of this seat that the id names (the inverse of :func:`action_id`);
    ``config`` as for :func:`num_distinct_actions`.

    Raises:
        IllegalActionError: No action has this id.
        SeatError: ``player`` is no seat of any game (KC-2).
        PositionError: ``config`` is no :class:`Config`.
    """
    _check_config(config)
    check_id(player, action_id)
    return ACTIONS[cast(int, player)][cast(int, action_id)]


def check_id(player: object, action_id: object) -> None:
    """Raise as :func:`action_from_id` refuses an id that names no action, or a seat of no
    game; return for an id of ``ACTIONS[player]``.

    Raises:
        IllegalActionError: No action has this id.
        SeatError: ``player`` is no seat of any game (KC-2).
    """
    if type(action_id) is not int or not 0 <= action_id < SPACE:
        raise IllegalActionError(action_id, "no action has this id")
    if type(player) is not int or not 0 <= player < MAX_PLAYERS:
        raise SeatError(player, f"there is no seat {quote(player)}", "KC-2")


def _decode(player: int, action_id: int) -> Action:
    """A new action object for this seat and id (``0 <= action_id < SPACE``)."""
    if action_id == REVEAL_ID:
        return Reveal(player)
    if action_id == PASS_ID:
        return Pass(player)
    if action_id == SCOUT_ID:
        return PlayScout(player)
    if action_id < SIGN_BASE:
        index = action_id - COMPLETE_BASE
        return CompleteHand(player, PILE if index == len(SPECIES) else SPECIES[index])
    if action_id < EXCHANGE_BASE:
        return Sign(player, SPECIES[action_id - SIGN_BASE])
    if action_id < PAWN_BASE:
        give, k = divmod(action_id - EXCHANGE_BASE, len(SPECIES) - 1)
        return Exchange(player, SPECIES[give], SPECIES[k + (k >= give)])
    named, tile = divmod(action_id - PAWN_BASE, len(TILES))
    return PlacePawn(player, TILES[tile], named)


ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(_decode(player, action_id) for action_id in range(SPACE))
    for player in range(MAX_PLAYERS)
)
"""Every seat's action of every id, built once: ``ACTIONS[player][action_id]``. The rules
list ids and hand out these objects, so listing creates no action."""

INTERNED: Final[frozenset[int]] = frozenset(id(action) for row in ACTIONS for action in row)
"""The identities of the actions of :data:`ACTIONS`: an action is one of them, so
well-formed, if its ``id`` is here (they live as long as the module, so their identities
stay theirs)."""

EXCHANGE_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        EXCHANGE_BASE + (len(SPECIES) - 1) * give + take - (take > give) if give != take else -1
        for take in range(len(SPECIES))
    )
    for give in range(len(SPECIES))
)
"""The id of exchanging species ``give`` for ``take`` (by card value; -1 on the diagonal)."""


def _species_index(card: object) -> int:
    if not isinstance(card, Card) or card is Card.SCOUT:
        raise IllegalActionError(card, "not a species")
    return int(card)
