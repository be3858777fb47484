"""What one seat learns from one applied action: the events of its play-by-play.

:func:`seat_events` is the one filter between a game and what a seat is told of it: the
command line's play-by-play, ``--seat N`` and a server's event log all read it. It is made
from the seat's views before and after the action, and from the action only where the seat
may see it: public moves as :func:`describe_action` words them, a sign only when the seat
made or noticed it (KC-7, KC-12) and never who else noticed it, the seat's own hand changes
with their cards (what it completed its hand with from the pile, a new deal), a round's end
with the seat's own points (KC-16), and the final scores, public at the end (KC-18).

>>> import karibou_rules as kc
>>> state = kc.new_game(players=3, seed=4)
>>> after = state.apply(kc.Reveal(0))
>>> [str(event) for event in seat_events(state, kc.Reveal(0), after, 1)]
['p0 shouts "Karibou Camp!" and turns the center up: Bear Marmot Duck']
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Iterable

from attrs import frozen

from karibou_rules._actions import Action, PlacePawn, Sign
from karibou_rules._cards import Card, format_cards, parse_cards
from karibou_rules._describe import describe_action, sign_line
from karibou_rules._errors import KaribouError, SerializationError
from karibou_rules._state import State


class EventKind(enum.Enum):
    """What an :class:`Event` tells."""

    MOVE = "move"
    """A move the seat may see, in words."""
    HAND = "hand"
    """The seat's own hand changed: the cards it gained and lost."""
    ROUND = "round"
    """A round ended: the shown hand, why, and the seat's own points."""
    OVER = "over"
    """The game ended: every score (public then, KC-18) and the winners."""


@frozen
class Event:
    """One thing a seat learns; ``str(event)`` is its line in a play-by-play."""

    kind: EventKind
    player: int | None
    """Who moved (``MOVE``), whose hand (``HAND``), who placed the Giga-pawn (``ROUND``);
    ``None`` for ``OVER``."""
    text: str
    gained: tuple[Card, ...] = ()
    """``HAND``: the cards the seat gained, sorted."""
    lost: tuple[Card, ...] = ()
    """``HAND``: the cards the seat lost, sorted."""

    def __str__(self) -> str:
        return self.text


def _difference(more: Iterable[Card], less: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((Counter(more) - Counter(less)).elements()))


def seat_events(before: State, action: Action, after: State, seat: int) -> tuple[Event, ...]:
    """What ``seat`` learns when ``action`` takes ``before`` to ``after``, in order.

    Two states that differ only in what the seat cannot see give it the same events for
    the same action, as long as what the action brings the seat (a card from the pile) is
    the same.

    Raises:
        IllegalActionError: ``action`` is no Karibou Camp action or is illegal in
            ``before``.
        KaribouError: ``before`` or ``after`` is no :class:`State`, ``after`` is not the
            state the action leads to, or ``seat`` is no seat of the game.
    """
    line = describe_action(before, action, after)  # checks the three
    seen_before, seen_after = before.view(seat), after.view(seat)
    events: list[Event] = []
    if isinstance(action, Sign):
        if len(seen_after.signs) > len(seen_before.signs):  # made or noticed by the seat
            events.append(Event(EventKind.MOVE, action.player, sign_line(action)))
    elif isinstance(action, PlacePawn):
        summary = seen_after.round_results[-1]
        events.append(Event(EventKind.MOVE, action.player,
                            f"p{action.player} places the Giga-pawn on {action.tile} naming "
                            f"p{action.named}"))
        events.append(Event(
            EventKind.ROUND, action.player,
            f"round {summary.number} ends: {summary.reason.value}; p{summary.named} shows "
            f"{format_cards(summary.hand)}; you +{summary.own_points}"))
    else:
        events.append(Event(EventKind.MOVE, action.player, line))
    gained = _difference(seen_after.hand, seen_before.hand)
    lost = _difference(seen_before.hand, seen_after.hand)
    if gained or lost:
        parts = [f"{sign}{format_cards(cards)}" for sign, cards in (("+", gained), ("-", lost))
                 if cards]
        events.append(Event(EventKind.HAND, seat, "your hand: " + ", ".join(parts),
                            gained, lost))
    if seen_after.final_scores:
        winners = ", ".join(f"p{s}" for s in sorted(seen_after.winners))
        events.append(Event(EventKind.OVER, None, f"game over: scores "
                            f"{list(seen_after.final_scores)}, won by {winners}"))
    return tuple(events)


# --- JSON ------------------------------------------------------------------------------


def event_json(event: Event) -> str:
    """An event as a JSON object: its kind, player, text and cards as text."""
    return json.dumps({
        "kind": event.kind.value, "player": event.player, "text": event.text,
        "gained": format_cards(event.gained), "lost": format_cards(event.lost),
    })


def loads_event(text: str | bytes) -> Event:
    """Read an event written by ``dumps(event)``.

    Raises:
        SerializationError: The text is no such JSON object (a missing or unknown key, a
            field of the wrong type, an unknown kind or card).
    """
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise SerializationError(f"an event is a JSON object: {error}") from None
    keys = {"kind", "player", "text", "gained", "lost"}
    if not isinstance(data, dict) or set(data) != keys:
        raise SerializationError(f"an event is a JSON object with the keys {sorted(keys)}")
    player, words = data["player"], data["text"]
    if not (player is None or type(player) is int) or type(words) is not str:
        raise SerializationError("an event's player is an int or null, its text a string")
    if not all(type(data[key]) is str for key in ("kind", "gained", "lost")):
        raise SerializationError("an event's kind and cards are strings")
    try:
        kind = EventKind(data["kind"])
        gained, lost = parse_cards(data["gained"]), parse_cards(data["lost"])
    except (ValueError, KaribouError) as error:
        raise SerializationError(f"not an event: {error}") from None
    return Event(kind, player, words, gained, lost)
