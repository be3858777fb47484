"""What a learner sees of Karibou Camp: an observation tensor and an action mask, built
from one seat's :class:`View` only (KC-12), shared by the PettingZoo and OpenSpiel envs.

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

from karibou_rules._cards import COPIES, DECK, SPECIES, Card, Team, center_size
from karibou_rules._config import Config
from karibou_rules._ids import num_distinct_actions
from karibou_rules._round import Phase
from karibou_rules._view import View

_PHASES = (Phase.DEALT, Phase.EXCHANGE, Phase.SCOUT, Phase.OVER)
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
    size = _SIZES.get(view.num_players) or observation_size(view.num_players)
    zeros = bytearray(4 * size)  # written through a memoryview: cheaper than numpy's items
    _write(memoryview(zeros).cast("f"), view)
    return np.frombuffer(zeros, np.float32)


def fill(out: npt.NDArray[np.float32], view: View) -> None:
    """Write the tensor of a view into ``out``, as :func:`observation`."""
    out[:] = observation(view)


def _write(out: memoryview[float], view: View) -> None:
    """Write the tensor's entries that are not 0 into ``out``, zeroed."""
    n = view.num_players
    out[view.player] = 1  # seat
    at = n
    for seat, team in enumerate(view.teams):
        out[at + _TEAMS * seat + team] = 1
    at += n * _TEAMS
    for card in view.hand:
        out[at + card] += 1
    at += _FACES
    for card in view.center:
        out[at + card] += 1
    at += _FACES
    out[at] = view.center_face_down
    out[at + 1 + _PHASES.index(view.phase)] = 1  # no dict: an enum hashes in Python
    at += 1 + len(_PHASES)
    scout = view.scout_player
    if scout is not None:
        out[at + scout] = 1
        out[at + n] = int(scout == view.player)
    at += n + 1
    for seat in view.passed:
        out[at + seat] = 1
    at += n
    last = at + n * _SPECIES
    latest: dict[int, int] = {}
    for sign in view.signs:
        out[at + _SPECIES * sign.player + sign.species] = 1
        latest[sign.player] = sign.species
    for seat, species in latest.items():
        out[last + _SPECIES * seat + species] = 1
    at = last + n * _SPECIES
    out[at] = view.pile_size
    out[at + 1] = view.discard_size
    out[at + 2] = view.score
    at += 3
    for seat, score in enumerate(view.final_scores):
        out[at + seat] = score
    out[at + n] = len(view.round_results)


def action_mask(legal_ids: Sequence[int], players: int) -> npt.NDArray[np.int8]:
    """The mask over :func:`num_env_actions` ids of a seat's legal action ids (from
    :meth:`State.legal_action_ids`), waiting included while the seat has any action."""
    mask = bytearray(_ACTIONS.get(players) or num_env_actions(players))
    if legal_ids:
        for action_id in legal_ids:  # one by one: cheaper than numpy's fancy indexing
            mask[action_id] = 1
        mask[-1] = 1  # waiting
    return np.frombuffer(mask, np.int8)


_ACTIONS = {players: num_env_actions(players) for players in range(3, 8)}
