"""Build a Karibou Camp position by hand and ask what is legal in it.

Three players: a Veterinarian team (seats 0 and 1) and the Coyote (seat 2). Seat 0 is
one Duck short of a family and a Duck lies in the center.

Run: ``python examples/karibou_position.py``
"""

from __future__ import annotations

from collections import Counter

import karibou_rules as kc

V, C = kc.Team.VETERINARIAN, kc.Team.COYOTE
HANDS = [
    "Duck Duck Duck Duck Elk",
    "Bear Bear Elk Elk Scout",
    "Marmot Marmot Marmot Polecat Polecat Raccoon",
]
CENTER = "Duck Squirrel Scout"


def the_rest(*placed: str) -> tuple[kc.Card, ...]:
    """Every card of the deck not placed yet: the pile."""
    left = Counter(kc.DECK) - Counter(c for text in placed for c in kc.parse_cards(text))
    return tuple(sorted(left.elements()))


def main() -> None:
    state = kc.from_position(
        teams=[V, V, C],
        hands=[kc.parse_cards(h) for h in HANDS],
        center=kc.parse_cards(CENTER),
        pile=the_rest(*HANDS, CENTER),
    )
    for seat in range(state.num_players):
        kinds = Counter(type(a).__name__ for a in state.legal_actions(seat))
        print(f"p{seat} ({state.teams[seat].name.lower()}): {dict(sorted(kinds.items()))}")
    print("p0 exchanges:", [str(a) for a in state.legal_actions(0) if isinstance(a, kc.Exchange)])

    state = state.apply(kc.parse_action("p0 exchange Elk for Duck"))
    print("p0 now holds a family of", state.family(0))
    state = state.apply(kc.parse_action("p0 sign Duck seen by p1"))
    try:
        state.apply(kc.parse_action("p1 pawn Duck on p1"))
    except kc.IllegalActionError as error:
        print("rejected:", error)
    state = state.apply(kc.parse_action("p1 pawn Duck on p0"))
    result = state.round_results[-1]
    print(f"round over: {result.reason.value}, points {list(result.points)}")
    print("p1's view shows its own score only:", state.view(1).score)


if __name__ == "__main__":
    main()
