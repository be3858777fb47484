"""What one seat learns from one applied action: the events of its play-by-play.

:func:`seat_events` is the one filter between a game and what a seat is told of it: the
command line's play-by-play, ``--seat N`` and a server's event log all read it. It names
public moves as they are (:func:`describe_action`'s words), the seat's own hand changes
with their cards (the cards it drew, was handed or passed), a round's end and the game's
end, and nothing the seat may not know: another seat's Bear Spray decline, which would
tell it holds none (UC-14, UC-23), the card another seat chose to pass (UC-18), the card a
Go Fishing target handed to someone else (UC-17).

>>> import campers_rules as uc
>>> state = uc.new_game(3, seed=2)
>>> after = state.apply(uc.Draw(1, 2))
>>> [str(event) for event in seat_events(state, uc.Draw(1, 2), after, 0)]
['p1 draws 2 from the deck']
>>> [event.kind.value for event in seat_events(state, uc.Draw(1, 2), after, 1)]
['move', 'hand']
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Iterable

from attrs import frozen

from campers_rules._actions import Action, Decline
from campers_rules._cards import Card, format_cards, parse_cards
from campers_rules._describe import _check_applied, move_line, round_end_line
from campers_rules._errors import ParseError, SerializationError
from campers_rules._state import State


class EventKind(enum.Enum):
    """What an :class:`Event` tells."""

    MOVE = "move"
    """A move the seat may see, in words."""
    HAND = "hand"
    """The seat's own hand changed: the cards it gained and lost."""
    ROUND = "round"
    """A round ended: who went out and the points."""
    OVER = "over"
    """The game ended: the scores and the winners."""


@frozen
class Event:
    """One thing a seat learns; ``str(event)`` is its line in a play-by-play."""

    kind: EventKind
    player: int | None
    """Who moved (``MOVE``), whose hand (``HAND``), who went out (``ROUND``; ``None`` when
    nobody did); ``None`` for ``OVER``."""
    text: str
    gained: tuple[Card, ...] = ()
    """``HAND``: the cards the seat gained, sorted."""
    lost: tuple[Card, ...] = ()
    """``HAND``: the cards the seat lost, sorted."""

    def __str__(self) -> str:
        return self.text


def _difference(more: Iterable[Card], less: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((Counter(more) - Counter(less)).elements()))


def _visible(action: Action, seat: int) -> bool:
    """Whether the seat may know the move was made: another seat's decline of a Bear Spray
    window tells that it holds no Bear Spray (UC-14), so only the decliner sees it."""
    return not (isinstance(action, Decline) and action.player != seat)


def seat_events(before: State, action: Action, after: State, seat: int) -> tuple[Event, ...]:
    """What ``seat`` learns when ``action`` takes ``before`` to ``after``, in order.

    Two states that differ only in what the seat cannot see give it the same events for
    the same action, as long as what the action brings the seat (a drawn card) is the same.

    Raises:
        IllegalActionError: ``action`` is no action of the vocabulary or is illegal in
            ``before``.
        CampersError: ``before`` or ``after`` is no :class:`State`, ``after`` is not the
            state the action leads to, or ``seat`` is no seat of the game.
    """
    _check_applied(before, action, after)
    seen_before, seen_after = before.view(seat), after.view(seat)
    events: list[Event] = []
    if _visible(action, seat):
        events.append(Event(EventKind.MOVE, action.player, move_line(before, action, after)))
    gained = _difference(seen_after.hand, seen_before.hand)
    lost = _difference(seen_before.hand, seen_after.hand)
    if gained or lost:
        parts = [f"{sign}{format_cards(cards)}" for sign, cards in (("+", gained), ("-", lost))
                 if cards]
        events.append(Event(EventKind.HAND, seat, "your hand: " + ", ".join(parts),
                            gained, lost))
    if len(seen_after.round_results) > len(seen_before.round_results):
        result = seen_after.round_results[-1]
        events.append(Event(EventKind.ROUND, result.went_out, round_end_line(result)))
    if after.is_over:
        winners = ", ".join(f"p{s}" for s in sorted(after.winners))
        events.append(Event(EventKind.OVER, None,
                            f"game over: scores {list(after.scores)}, won by {winners}"))
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
    except (ValueError, ParseError) as error:
        raise SerializationError(f"not an event: {error}") from None
    return Event(kind, player, words, gained, lost)
