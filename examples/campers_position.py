"""Build an Unhappy Campers position by hand and ask what is legal in it.

Two players. Seat 1 owns the printed 3-point campsite "1 RUN OF 4 / 2 RUNS OF 4" with a
run laid; seat 0 has drawn already (phase ``play``) and holds a set, a wild, a card that
extends seat 1's run, and a Bear Attack.

Run: ``python examples/campers_position.py``
"""

from __future__ import annotations

from collections import Counter

import campers_rules as cr

RUN_SITE = next(i for i, c in enumerate(cr.CATALOGUE) if str(c.complete) == "2 RUNS OF 4")


def main() -> None:
    state = cr.from_position(
        ["B5 Y5 R5 W G8 Y12 BearAttack", "B2 Y2 R11"],
        table=[[], [(RUN_SITE, [cr.Group.parse("RUN B4 Y5 R6 G7")])]],
        discard="Y9",
        turn=0,
        phase=cr.Phase.PLAY,
    )
    legal = state.legal_actions(0)
    print(f"seat 0 has {len(legal)} legal actions:")
    for kind, count in sorted(Counter(type(a).__name__ for a in legal).items()):
        print(f"  {kind:<12} {count}")
    squats = [str(a) for a in legal if type(a).__name__ == "Squat"]
    print("squats:", squats)

    claims = [a for a in legal if isinstance(a, cr.Claim)]
    print("one claim:", claims[0])
    state = state.apply(claims[0])
    try:
        state.apply(cr.parse_action("p1 draw 1"))
    except cr.NotYourTurnError as error:
        print("rejected:", error)
    print()
    print(cr.describe_table(state))


if __name__ == "__main__":
    main()
