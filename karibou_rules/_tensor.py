"""What a learner sees of Karibou Camp: an observation tensor and an action mask, built
from what one seat's :class:`View` holds only (KC-12), shared by the PettingZoo and
OpenSpiel envs: :func:`observation` encodes a view, :func:`encode` the same values read
straight from the state and a seat (the AEC env's, which builds no view).

Needs numpy (the ``rl`` extra). The tensor is a flat ``float32`` vector of whole numbers;
its fields, in order, for a game of ``n`` players (seats are absolute, as in the action
ids; one-hot rows are all zero when there is nothing to show):

==================  =========  ======================================================
field               size       content
==================  =========  ======================================================
``seat``            n          one-hot: the viewer's seat
``teams``           n x 4      one-hot per seat: Veterinarian, Photographer, Forest
                               Ranger, Coyote (public, KC-2)
``hand``            8          the viewer's cards by face (Elk .. Duck, Scout)
``center``          8          the face-up center cards by face (0 while face down)
``center_down``     1          how many center cards lie face down (a game may end
                               with a Scout's center: one more than dealt)
``phase``           4          one-hot: dealt (face down), exchange, scout, over
``scout_player``    n          one-hot: the seat completing a hand after a Scout
``to_complete``     1          1 when that seat is the viewer: the decision they owe
``passed``          n          1 per seat that passed since the last exchange (KC-6)
``signs``           n x 7      1 where the viewer made or noticed a sign of that
                               species by that seat this round (KC-7)
``last_sign``       n x 7      one-hot per seat: the latest such sign
``pile``            1          cards in the draw pile
``discard``         1          cards in the discard pile
``score``           1          the viewer's own score (KC-12)
``final_scores``    n          every score once the game is over (KC-18), else 0
``rounds``          1          rounds finished so far
==================  =========  ======================================================

Nothing else of the state reaches the tensor, so two states that one seat cannot tell
apart give that seat the same tensor.

>>> from karibou_rules import new_game
>>> state = new_game(players=5, seed=7)
>>> tensor = observation(state.view(3))
>>> tensor.shape, observation_size(5), int(tensor[fields(5)["hand"]].sum())
((136,), 136, 5)
>>> mask = action_mask(state.legal_action_ids(3), 5)
>>> mask.shape, int(mask[wait_id(5)])
((101,), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from karibou_rules._cards import COPIES, DECK, SPECIES, Card, Team, center_size, check_seat
from karibou_rules._config import Config
from karibou_rules._ids import num_distinct_actions
from karibou_rules._round import Phase
from karibou_rules._state import State
from karibou_rules._view import View

_PHASES = (Phase.DEALT, Phase.EXCHANGE, Phase.SCOUT, Phase.OVER)
_DEALT: Final = 0
_OVER: Final = 3
"""Indexes in ``_PHASES``."""
_FACES: Final = len(Card)
_TEAMS: Final = len(Team)
_SPECIES: Final = len(SPECIES)


def wait_id(players: int) -> int:
    """The id of waiting (doing nothing this turn), one past the library's action ids."""
    return num_distinct_actions(players)


def num_env_actions(players: int) -> int:
    """The size of an env's action space: every library action id, then waiting."""
    return wait_id(players) + 1


def _layout(players: int) -> list[tuple[str, int]]:
    n = players
    return [
        ("seat", n), ("teams", n * _TEAMS), ("hand", _FACES), ("center", _FACES),
        ("center_down", 1), ("phase", len(_PHASES)), ("scout_player", n), ("to_complete", 1),
        ("passed", n), ("signs", n * _SPECIES), ("last_sign", n * _SPECIES), ("pile", 1),
        ("discard", 1), ("score", 1), ("final_scores", n), ("rounds", 1),
    ]  # fmt: skip


def fields(players: int) -> dict[str, slice]:
    """Where each field lies in the tensor of a game of this many players."""
    out: dict[str, slice] = {}
    start = 0
    for name, size in _layout(players):
        out[name] = slice(start, start + size)
        start += size
    return out


def observation_size(players: int) -> int:
    """The length of the tensor for this many players."""
    return sum(size for _, size in _layout(players))


_SIZES = {players: observation_size(players) for players in range(3, 8)}


def observation_high(players: int, config: Config | None = None) -> npt.NDArray[np.float32]:
    """The largest value each entry can take (every entry's smallest is 0)."""
    config = config or Config()
    top_score = config.winning_score + 1  # a round adds at most 2 to a score below the target
    highs = {
        "hand": COPIES, "center": COPIES, "center_down": center_size(players) + 1,
        "pile": len(DECK), "discard": len(DECK), "score": top_score,
        "final_scores": top_score, "rounds": players * config.winning_score,
    }  # fmt: skip
    high = np.ones(observation_size(players), np.float32)
    for name, where in fields(players).items():
        high[where] = highs.get(name, 1)
    return high


def observation(view: View) -> npt.NDArray[np.float32]:
    """The tensor of one seat's view (a new array)."""
    signs = [(sign.player, int(sign.species)) for sign in view.signs]
    return _tensor(
        view.player, view.num_players, view.teams, view.hand, view.center,
        view.center_face_down, _PHASES.index(view.phase), view.scout_player, view.passed, signs,
        view.pile_size, view.discard_size, view.score, view.final_scores,
        len(view.round_results),
    )  # fmt: skip


def encode(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The tensor of what ``seat`` may know of ``state`` (a new array): the values of
    ``observation(state.view(seat))``, read from the state without building the view,
    and only what the view holds (KC-12): the seat's own hand and score, the center
    while face up, the signs it made or noticed, every score once the game is over.

    Raises:
        karibou_rules.SeatError: ``seat`` is no seat of the game (KC-2).
    """
    n = state.num_players
    check_seat(n, seat)
    stage = _PHASES.index(state.phase)  # no Phase.OVER: an enum class's getattr costs
    over = stage == _OVER
    face_down = over or stage == _DEALT
    center = state.center
    signs = [
        (sign.player, int(sign.species))
        for sign in state.signs
        if sign.player == seat or seat in sign.noticed_by
    ]
    return _tensor(
        seat, n, state.teams, state.hands[seat], () if face_down else center,
        len(center) if face_down else 0, stage, state.scout_player, state.passed, signs,
        len(state.pile), len(state.discard), state.scores[seat],
        state.scores if over else (), len(state.round_results),
    )  # fmt: skip


def fill(out: npt.NDArray[np.float32], view: View) -> None:
    """Write the tensor of a view into ``out``, as :func:`observation`."""
    out[:] = observation(view)


def _tensor(
    player: int,
    n: int,
    teams: Sequence[int],
    hand: Sequence[int],
    center: Sequence[int],
    center_down: int,
    stage: int,
    scout: int | None,
    passed: frozenset[int],
    signs: list[tuple[int, int]],
    pile: int,
    discard: int,
    score: int,
    final_scores: tuple[int, ...],
    rounds: int,
) -> npt.NDArray[np.float32]:
    """The tensor of these fields (a new array); ``stage`` is the phase's index in
    ``_PHASES``, ``signs`` are ``(seat, species)`` pairs in the order made. Only the
    entries that are not 0 are written, each once, through the array's memoryview
    (cheaper than numpy's item access)."""
    tensor = np.zeros(_SIZES.get(n) or observation_size(n), np.float32)
    out = tensor.data
    out[player] = 1  # seat
    at = n
    for seat, team in enumerate(teams):
        out[at + _TEAMS * seat + team] = 1
    at += n * _TEAMS
    _write_counts(out, at, hand)
    at += _FACES
    _write_counts(out, at, center)
    at += _FACES
    if center_down:
        out[at] = center_down
    out[at + 1 + stage] = 1
    at += 1 + len(_PHASES)
    if scout is not None:
        out[at + scout] = 1
        if scout == player:
            out[at + n] = 1
    at += n + 1
    for seat in passed:
        out[at + seat] = 1
    at += n
    last = at + n * _SPECIES
    latest: dict[int, int] = {}
    for seat, species in signs:
        out[at + _SPECIES * seat + species] = 1
        latest[seat] = species
    for seat, species in latest.items():
        out[last + _SPECIES * seat + species] = 1
    at = last + n * _SPECIES
    for offset, number in enumerate((pile, discard, score)):
        if number:
            out[at + offset] = number
    at += 3
    for seat, points in enumerate(final_scores):
        if points:
            out[at + seat] = points
    if rounds:
        out[at + n] = rounds
    return tensor


def _write_counts(out: memoryview, at: int, cards: Sequence[int]) -> None:
    """Write how many of each face the sorted ``cards`` hold at ``out[at + face]``
    (zeros left unwritten): one write a face, not one a card."""
    count = 0
    for index, card in enumerate(cards):
        count += 1
        if index + 1 == len(cards) or cards[index + 1] != card:
            out[at + card] = count
            count = 0


def action_mask(legal_ids: Sequence[int], players: int) -> npt.NDArray[np.int8]:
    """The mask over :func:`num_env_actions` ids of a seat's legal action ids (from
    :meth:`State.legal_action_ids`), waiting included while the seat has any action."""
    cells = [0] * (_ACTIONS.get(players) or num_env_actions(players))
    if legal_ids:
        for action_id in legal_ids:  # set in a list, copied to bytes at once: cheaper
            cells[action_id] = 1  # than setting an array's or a bytearray's items
        cells[-1] = 1  # waiting
    return np.frombuffer(bytearray(cells), np.int8)


_ACTIONS = {players: num_env_actions(players) for players in range(3, 8)}
