"""Ask the meld solver about hands: can they meet a campsite, and in how many ways?

Both backends answer the same questions; the native one is the fast default, the z3 one
the formal reference. The script prints each backend's witness and the number of
distinct claims, and checks that the two backends agree.

Run: ``python examples/solver_query.py``
"""

from __future__ import annotations

from campers_rules import CATALOGUE, Requirement, parse_cards, solver

QUESTIONS = [
    ("1 SET OF 3 AND 1 RUN OF 4", "B5 Y5 R5 G4 B6 W B7"),
    ("2 RUNS OF 4", "B2 B3 B4 B5 Y9 Y10 W R12 G8"),
    ("7 CARDS OF THE SAME COLOR", "G2 G5 G7 G7 G13 W W R4"),
    ("1 SET OF 5", "B9 Y9 R9 G2 W"),
]


def main() -> None:
    for text, hand_text in QUESTIONS:
        requirement, hand = Requirement.parse(text), parse_cards(hand_text)
        print(f"{requirement}  <-  {hand_text}")
        answers = {}
        for backend in ("native", "z3"):
            found = solver.solve(requirement, hand, backend=backend)
            count = sum(1 for _ in solver.claims(requirement, hand, backend=backend))
            answers[backend] = (found is not None, count)
            witness = found.claim if found else "no arrangement"
            print(f"  {backend:<6} {witness}  ({count} distinct claims)")
        assert answers["native"] == answers["z3"], "the backends disagree"
    print()
    print("Campsites this 9-card hand could claim right now:")
    hand = parse_cards("B5 Y5 R5 G5 B6 B7 B8 W Y11")
    for site in CATALOGUE:
        if solver.solve(site.primitive, hand) is not None:
            print(f"  {site}")


if __name__ == "__main__":
    main()
