"""Checks that a state or a view describes a position the rules can reach.

:func:`from_position` and :func:`loads` run these checks, so neither returns an
impossible state (56 cards, each in one place; hand sizes; team layout; scores).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from karibou_rules._actions import ACTION_TYPES, CompleteHand, Exchange, PlacePawn, Sign
from karibou_rules._cards import (
    ALL_ANIMALS,
    COPIES,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PILE,
    Card,
    Team,
    center_size,
    hand_size,
)
from karibou_rules._config import Config
from karibou_rules._deal import is_seed
from karibou_rules._errors import PositionError
from karibou_rules._results import RoundFacts, RoundResult, RoundSummary, score_round
from karibou_rules._round import MAX_VERSION, Phase, SignRecord
from karibou_rules._scoring import placement_error
from karibou_rules._view import View

if TYPE_CHECKING:
    from karibou_rules._state import State

_FULL_DECK = Counter({card: COPIES for card in Card})


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise PositionError(message)


def _is_int(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _check_cards(cards: object, what: str, *, sort: bool = True) -> None:
    _require(type(cards) is tuple, f"{what} must be a tuple of cards")
    assert isinstance(cards, tuple)
    _require(all(type(card) is Card for card in cards), f"{what} holds something not a card")
    if sort:
        _require(list(cards) == sorted(cards), f"{what} must be sorted")


def check_teams(teams: object, players: int) -> None:
    """Raise unless these team cards follow the rulebook's table for this many (KC-2)."""
    _require(type(teams) is tuple and len(teams) == players, "one team card per seat")
    assert isinstance(teams, tuple)
    _require(all(type(team) is Team for team in teams), "a team card is not a Team")
    counts = Counter(teams)
    _require(
        counts[Team.COYOTE] == players % 2,
        "one Coyote with 3, 5 and 7 players, none with 4 or 6 [KC-2]",
    )
    pairs = [count for team, count in counts.items() if team is not Team.COYOTE]
    _require(
        len(pairs) == players // 2 and all(count == 2 for count in pairs),
        "teams are pairs of identical cards, players // 2 of them [KC-2]",
    )


def _check_players(players: object) -> int:
    _require(_is_int(players, MIN_PLAYERS, MAX_PLAYERS), "3 to 7 players [KC-2]")
    assert isinstance(players, int)
    return players


def _check_seats(seats: object, players: int, what: str) -> None:
    _require(
        type(seats) is frozenset and all(_is_int(seat, 0, players - 1) for seat in seats),
        f"{what} must be a set of seats",
    )


def _check_version(version: object, rounds: int) -> None:
    # Each round that ended moved the version on; no state goes past MAX_VERSION.
    _require(_is_int(version, rounds, MAX_VERSION),
             f"the version must count the rounds played, up to {MAX_VERSION} [KC-17]")


def _check_scores(scores: Iterable[int], config: Config, over: bool) -> None:
    top = config.winning_score + 1 if over else config.winning_score - 1
    _require(all(_is_int(score, 0, top) for score in scores), f"a score is out of 0..{top}")


def _rescored(facts: object, players: int, number: int) -> RoundResult:
    """The round record the rules give for these public facts; raise unless they are
    possible (KC-8, KC-10)."""
    _require(isinstance(facts, RoundFacts), "a round record is not a RoundFacts")
    assert isinstance(facts, RoundFacts)
    _require(facts.number == number, "round results are numbered 1, 2, ...")
    check_teams(facts.teams, players)
    _require(_is_int(facts.placed_by, 0, players - 1), "the pawn's placer is no seat")
    _require(_is_int(facts.named, 0, players - 1), "the pawn names no seat")
    _require(
        facts.tile is ALL_ANIMALS or (type(facts.tile) is Card and facts.tile.is_species),
        "the pawn is on no tile",
    )
    _require(
        not placement_error(facts.teams, facts.placed_by, facts.named), "illegal pawn [KC-8]"
    )
    _check_cards(facts.hand, "the revealed hand")
    size = hand_size(facts.teams[facts.named])
    _require(len(facts.hand) in (size - 1, size), "the revealed hand has a wrong size")
    return score_round(number, facts.teams, facts.placed_by, facts.tile, facts.named, facts.hand)


def check_result(result: object, players: int, number: int) -> RoundResult:
    """Raise unless this round record is consistent with the scoring rules (KC-10)."""
    _require(type(result) is RoundResult, "a round result is not a RoundResult")
    expected = _rescored(result, players, number)
    _require(result == expected, "the round's points do not follow the rules [KC-10]")
    return expected


def check_state(state: State) -> None:
    """Raise :class:`PositionError` unless the state is a position the rules can reach."""
    players = _check_players(state.num_players)
    _require(type(state.config) is Config, "config must be a Config")
    _require(is_seed(state.seed), "the seed must be an int from 0 to 2**64 - 1 (MAX_SEED)")
    check_teams(state.teams, players)
    phase = state.phase
    _require(type(phase) is Phase, "unknown phase")
    scout = state.scout_player
    _require(scout is None or _is_int(scout, 0, players - 1), "the Scout player is no seat")
    _require((scout is not None) == (phase is Phase.SCOUT) or phase is Phase.OVER,
             "a Scout player exactly while a Scout is being completed [KC-5]")  # fmt: skip
    _require(type(state.hands) is tuple and len(state.hands) == players, "one hand per seat")
    for seat, hand in enumerate(state.hands):
        _check_cards(hand, f"the hand of p{seat}")
        size = hand_size(state.teams[seat]) - (seat == scout)
        _require(len(hand) == size, f"p{seat} must hold {size} cards [KC-3]")
    _check_cards(state.center, "the center")
    extra = 1 if scout is not None else 0
    _require(len(state.center) == center_size(players) + extra, "wrong number of center cards")
    _require(not extra or Card.SCOUT in state.center, "the played Scout is not in the center")
    _check_cards(state.pile, "the pile", sort=False)
    _check_cards(state.discard, "the discard pile")
    placed = Counter(state.center + state.pile + state.discard)
    for hand in state.hands:
        placed.update(hand)
    _require(placed == _FULL_DECK, "the 56 cards (7 of each species, 7 Scouts) must each "
             "lie in one place [KC-1]")  # fmt: skip
    _check_seats(state.passed, players, "passed")
    _require(not state.passed or phase is Phase.EXCHANGE, "passes only during exchanges")
    _require(len(state.passed) < players, "when all have passed the exchanges are over")
    _require(type(state.signs) is tuple, "signs must be a tuple")
    for sign in state.signs:
        _require(type(sign) is SignRecord, "a sign is not a SignRecord")
        _require(_is_int(sign.player, 0, players - 1), "a sign by no seat")
        _require(type(sign.species) is Card and sign.species.is_species, "a sign of no species")
        _check_seats(sign.noticed_by, players, "noticed_by")
        _require(sign.player not in sign.noticed_by, "a player notices others' signs")
    over = phase is Phase.OVER
    _require(type(state.scores) is tuple and len(state.scores) == players, "a score per seat")
    _check_scores(state.scores, state.config, over)
    _require(over == (max(state.scores) >= state.config.winning_score),
             "the game ends when a score reaches the winning score [KC-11]")  # fmt: skip
    _require(type(state.round_results) is tuple, "round results must be a tuple")
    _check_version(state.version, len(state.round_results))
    # A version step (a reveal, a cleanup, a pawn) has at most two chance events.
    _require(_is_int(state.chance, 0, 2 * state.version + 1),
             "the chance counter must be a count, at most 2 x version + 1 [KC-6]")
    for number, result in enumerate(state.round_results, 1):
        check_result(result, players, number)
    if over:
        _require(bool(state.round_results), "a game ends after a scored round")
    _check_end(state.scores, state.round_results, state.config, "scores")


def round_totals(results: Iterable[RoundResult], players: int) -> list[int]:
    """Each seat's points summed over these rounds: its score (scores start at 0 and
    change only when a round is scored, KC-10)."""
    totals = [0] * players
    for result in results:
        for seat, points in enumerate(result.points):
            totals[seat] += points
    return totals


def _check_end(
    scores: tuple[int, ...], results: tuple[RoundResult, ...], config: Config, what: str
) -> None:
    """Raise unless the scores (the field ``what``) are the sums of the rounds' points
    and, once someone has the winning score, the last round is the one that brought it
    (KC-10, KC-11)."""
    totals = round_totals(results, len(scores))
    _require(list(scores) == totals, f"{what} {list(scores)} are not the sums {totals} of "
             "the round results' points [KC-10]")  # fmt: skip
    if results and max(scores) >= config.winning_score:
        last = results[-1].points
        before = [score - points for score, points in zip(scores, last, strict=True)]
        _require(max(before) < config.winning_score, "the game went on after its end")


def check_action(action: object) -> None:
    """Raise :class:`PositionError` unless the action's fields are ones some game can
    hold, as their documentation says: seats 0 to 6, species where the Scout cannot be,
    an exchange of two species, noticers other than the signer (KC-4..KC-8)."""
    _require(type(action) in ACTION_TYPES, "not a Karibou Camp action")
    assert isinstance(action, ACTION_TYPES)
    _require(_is_int(action.player, 0, MAX_PLAYERS - 1), "an action by no seat")
    if isinstance(action, Exchange):
        _require(_is_species(action.give) and _is_species(action.take) and
                 action.give is not action.take,
                 "an exchange gives one species and takes another [KC-4, KC-15]")  # fmt: skip
    elif isinstance(action, CompleteHand):
        _require(action.source is PILE or _is_species(action.source),
                 "a hand is completed with an animal or from the pile [KC-5]")  # fmt: skip
    elif isinstance(action, Sign):
        _require(_is_species(action.species), "a sign stands for a species [KC-7]")
        noticed = action.noticed_by
        _require(noticed is None or (
            type(noticed) is frozenset and action.player not in noticed
            and all(_is_int(seat, 0, MAX_PLAYERS - 1) for seat in noticed)),
            "a sign is noticed by other seats [KC-7]")  # fmt: skip
    elif isinstance(action, PlacePawn):
        _require(action.tile is ALL_ANIMALS or _is_species(action.tile),
                 "the pawn goes on a round tile [KC-8]")  # fmt: skip
        _require(_is_int(action.named, 0, MAX_PLAYERS - 1), "the pawn names no seat [KC-8]")


def _is_species(card: object) -> bool:
    return type(card) is Card and card is not Card.SCOUT


def check_view(view: View) -> None:
    """Raise :class:`PositionError` unless the view could be a player's view of a game."""
    players = _check_players(view.num_players)
    player = view.player
    _require(_is_int(player, 0, players - 1), "the viewer is no seat")
    _require(type(view.config) is Config, "config must be a Config")
    phase = view.phase
    _require(type(phase) is Phase, "unknown phase")
    check_teams(view.teams, players)
    _check_cards(view.hand, "the hand")
    scout = view.scout_player
    _require(scout is None or _is_int(scout, 0, players - 1), "the Scout player is no seat")
    _require((scout is not None) == (phase is Phase.SCOUT) or phase is Phase.OVER,
             "a Scout player exactly while a Scout is being completed [KC-5]")  # fmt: skip
    size = hand_size(view.teams[player]) - (player == scout)
    _require(len(view.hand) == size, f"the hand must hold {size} cards [KC-3]")
    _check_cards(view.center, "the center")
    expected = center_size(players) + (scout is not None)
    face_up = phase is Phase.EXCHANGE or phase is Phase.SCOUT
    _require(
        (len(view.center), view.center_face_down) == ((expected, 0) if face_up else (0, expected)),
        "wrong center: face up during exchanges and Scouts, else face down [KC-14]",
    )
    visible = Counter(view.hand + view.center)
    _require(all(count <= COPIES for count in visible.values()), "more than 7 of a card")
    hands = sum(hand_size(team) for team in view.teams) - (scout is not None)
    unseen = len(DECK) - hands - expected
    _require(
        _is_int(view.pile_size, 0, unseen) and view.pile_size + view.discard_size == unseen,
        f"pile and discard must hold the {unseen} cards outside hands and center (56 cards)",
    )
    _check_seats(view.passed, players, "passed")
    _require(not view.passed or phase is Phase.EXCHANGE, "passes only during exchanges")
    _require(len(view.passed) < players, "when all have passed the exchanges are over")
    _check_seats(view.winners, players, "winners")
    over = phase is Phase.OVER
    _require(bool(view.winners) == over, "winners once the game is over")
    _check_scores((view.score,), view.config, over)
    _require(
        player not in view.winners or view.score >= view.config.winning_score,
        "a winner has the winning score [KC-11]",
    )
    for sign in view.signs:
        _require(_is_int(sign.player, 0, players - 1), "a sign by no seat")
        _require(type(sign.species) is Card and sign.species.is_species, "a sign of no species")
    _require(type(view.round_results) is tuple, "round results must be a tuple")
    _check_version(view.version, len(view.round_results))
    results = []
    for number, summary in enumerate(view.round_results, 1):
        _require(type(summary) is RoundSummary, "a round record is not a RoundSummary")
        result = _rescored(summary, players, number)
        _require(summary == RoundSummary.of(result, player),
                 "the round's record does not follow the rules [KC-10]")  # fmt: skip
        results.append(result)
    _require(not over or bool(view.round_results), "a game ends after a scored round")
    totals = round_totals(results, players)
    _require(view.score == totals[player], f"score {view.score} is not the sum "
             f"{totals[player]} of the viewer's round points [KC-10]")  # fmt: skip
    _require(over == (max(totals) >= view.config.winning_score),
             "the game ends when the rounds' points reach the winning score [KC-11]")  # fmt: skip
    _check_final_scores(view, tuple(results))


def _check_final_scores(view: View, results: tuple[RoundResult, ...]) -> None:
    """Every score is public once the game is over (KC-18): they must agree with the
    rounds, the viewer's score and the winners."""
    final = view.final_scores
    _require(type(final) is tuple, "final scores must be a tuple")
    if view.phase is not Phase.OVER:
        _require(not final, "scores are secret until the game is over [KC-12, KC-18]")
        return
    _require(len(final) == view.num_players, "a final score per seat [KC-18]")
    _check_scores(final, view.config, True)
    _require(final[view.player] == view.score, "the viewer's final score is their score")
    best = max(final)
    _require(
        view.winners == {seat for seat, score in enumerate(final) if score == best},
        "the winners have the highest final score [KC-11]",
    )
    _check_end(final, results, view.config, "final_scores")
