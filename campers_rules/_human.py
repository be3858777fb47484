"""One seat at the terminal: ``camp-rules play GAME --human N`` and ``--seat N``.

A :class:`SeatPrinter` prints a game as one seat knows it: the actions that seat may see,
in words, and that seat's view (its own hand, no other). :func:`play_human` plays a game
in which one seat is a person answering on standard input, the others bots.

The person is shown their view and a numbered list of their legal moves, and answers with
a number or the move's text (``draw 2`` or ``p0 draw 2``); a refusal is explained and the
question asked again. It works through a plain pipe: at the end of the input (or on
``quit``) the game is abandoned with a message and :data:`ABANDONED` as exit status.

Karibou Camp is played in real time; here it goes lap by lap: each lap asks every seat in
seat order once, as KC-19 asks every seat that may act (a seat that passed, and every seat
during a Scout, may still sign or place the pawn): a bot may wait (its ``choose`` returns
``None``), the person answers ``0`` to wait. Who notices a sign, the person's included, is
drawn from the default :class:`karibou_rules.NoticingModel`, as in bot games.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, TextIO

from campers_rules._cards import format_cards
from campers_rules._describe import _groups, _site

ABANDONED = 3
"""The exit status of a human game abandoned before its end (input ended, or ``quit``)."""

WAIT = "wait"
"""A Karibou Camp answer that lets the others act (numbered 0 in the list)."""


_SEATED = re.compile(r"p\d+\s", re.IGNORECASE)
"""An answer that names its seat, as ``str(action)`` does."""


class Abandoned(Exception):
    """The person's input ended (or they typed ``quit``) before the game did."""


# --- one seat's picture of the game ----------------------------------------------------


def campers_view_text(view: Any) -> str:
    """An Unhappy Campers view as text: the table, hand sizes, and only the seat's hand."""
    lines = [
        f"round {view.round + 1}/{view.config.rounds}, dealer p{view.dealer}, "
        f"turn p{view.turn} ({view.phase.value}), scores {list(view.scores)}",
        f"deck {view.deck_size}, discard {len(view.discard)}"
        + (f" (top {view.discard[-1]})" if view.discard else "")
        + f", campsite pile {view.pile_size}",
        "campground: " + (", ".join(_site(view, c) for c in view.campground) or "empty"),
    ]
    for seat in range(view.num_players):
        if seat == view.player:
            lines.append(f"p{seat} (you) hand: {format_cards(view.hand) or '-'}")
        else:
            lines.append(f"p{seat}: {view.hand_sizes[seat]} cards in hand")
        for site in view.table[seat]:
            lines.append(f"   {_site(view, site.campsite)}: {_groups(site.groups)}")
    if view.pending is not None:
        lines.append(f"open decision: {type(view.pending).__name__}")
    return "\n".join(lines)


def karibou_view_text(view: Any) -> str:
    """A Karibou Camp view as text: teams, the seat's hand, the center, the signs it saw."""
    from karibou_rules import format_cards

    mate = view.teammate
    team = f"your team: {view.teams[view.player].name.title()}"
    team += " (alone)" if mate is None else f" with p{mate}"
    center = format_cards(view.center) if view.center else f"{view.center_face_down} face down"
    signs = ", ".join(f"p{s.player} {s.species}" for s in view.signs) or "none"
    passed = ", ".join(f"p{seat}" for seat in sorted(view.passed)) or "nobody"
    return "\n".join([
        f"round {len(view.round_results) + 1} ({view.phase.value}); p{view.player}, {team}",
        f"your hand: {format_cards(view.hand)}; your score: {view.score}",
        f"center: {center}; pile {view.pile_size}, discard {view.discard_size}",
        f"signs you saw: {signs}; passed: {passed}",
    ])


def _karibou_line(module: Any, before: Any, action: Any, after: Any, seat: int) -> str | None:
    """The play-by-play line a Karibou Camp seat may see, or ``None`` (an unseen sign)."""
    if isinstance(action, module.Sign):
        if action.player != seat and seat not in after.signs[-1].noticed_by:
            return None
        return f"p{action.player} makes the {action.species} sign ({action.species.sign})"
    if not isinstance(action, module.PlacePawn):
        return str(module.describe_action(before, action, after))
    result = after.view(seat).round_results[-1]
    line = (
        f"p{result.placed_by} places the Giga-pawn on {result.tile} naming p{result.named}: "
        f"{result.reason.value}; p{result.named} shows {module.format_cards(result.hand)}; "
        f"you +{result.own_points}"
    )
    if after.is_over:
        line += "; game over, won by " + ", ".join(f"p{s}" for s in sorted(after.winners))
    return line


class SeatPrinter:
    """Prints a game as one seat knows it (no other seat's hand, no unseen sign)."""

    def __init__(self, game: str, module: Any, seat: int, out: TextIO) -> None:
        self.game = game
        self.module = module
        self.seat = seat
        self.out = out

    def say(self, text: str) -> None:
        """Print one block of text."""
        print(text, file=self.out, flush=True)

    def view_text(self, state: Any) -> str:
        """The seat's view of ``state`` as text."""
        view = state.view(self.seat)
        return campers_view_text(view) if self.game == "campers" else karibou_view_text(view)

    def start(self, state: Any) -> None:
        """Announce the game and show the seat's first view."""
        self.say(f"== you are p{self.seat}\n" + _indent(self.view_text(state)))

    def action(self, before: Any, action: Any, after: Any) -> None:
        """Print what the seat sees of one applied action, and its view at a new round."""
        line: str | None
        if self.game == "campers":
            # Only holders are asked to answer a Bear Spray window: another seat's
            # "decline" would tell who holds one (UC-14).
            hidden = isinstance(action, self.module.Decline) and action.player != self.seat
            line = None if hidden else str(self.module.describe_action(before, action, after))
        else:
            line = _karibou_line(self.module, before, action, after, self.seat)
        if line is not None:
            self.say(f"  {line}")
        if len(after.round_results) > len(before.round_results) and not after.is_over:
            self.say("-- new round\n" + _indent(self.view_text(after)))

    def final(self, state: Any) -> None:
        """The end of the game, as the seat sees it."""
        winners = ", ".join(f"p{s}" for s in sorted(state.winners))
        if self.game == "campers":
            scores = ", ".join(f"p{s} {score}" for s, score in enumerate(state.scores))
        else:
            scores = f"p{self.seat} (you) {state.view(self.seat).score}"
        self.say(f"== final scores: {scores}; won by {winners}\n")


def _indent(text: str) -> str:
    return "    " + text.replace("\n", "\n    ")


# --- the person's seat -----------------------------------------------------------------


def _read(inp: TextIO, out: TextIO) -> str:
    """One answer; through a pipe it is echoed, so that the transcript reads as a dialogue."""
    line = inp.readline()
    if not inp.isatty():
        print(line.strip(), file=out, flush=True)
    if not line or line.strip().lower() in {"quit", "exit"}:
        raise Abandoned
    return line.strip()


def ask(
    printer: SeatPrinter, state: Any, legal: Sequence[Any], inp: TextIO, *, can_wait: bool
) -> Any | None:
    """Ask the person for one of ``legal`` until they give one; ``None`` means wait.

    Raises:
        Abandoned: The input ended (or said ``quit``) first.
    """
    module, seat = printer.module, printer.seat
    lines = [_indent(printer.view_text(state)), "your moves:"]
    if can_wait:
        lines.append(f"   0. {WAIT} (let the others act)")
    lines += [f"  {n:2}. {str(action).removeprefix(f'p{seat} ')}" for n, action in
              enumerate(legal, 1)]
    printer.say("\n".join(lines))
    low = 0 if can_wait else 1
    while True:
        printer.out.write(f"p{seat}, your move ({low}-{len(legal)}, or its text): ")
        printer.out.flush()
        answer = _read(inp, printer.out)
        if can_wait and answer.lower() in {"0", WAIT}:
            return None
        if answer.isdigit():
            if 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            printer.say(f"refused: there is no move {answer}; choose {low} to {len(legal)}")
            continue
        try:
            action = module.parse_action(answer if _SEATED.match(answer) else f"p{seat} {answer}")
            if action.player != seat:
                printer.say(f"refused: that is a move of p{action.player}; you play p{seat}")
                continue
            state.apply(action)
        except (module.ParseError, module.IllegalActionError) as error:
            printer.say(f"refused: {error}")
            continue
        return action


def play_human(
    game: str, module: Any, state: Any, human: int, bots: Sequence[Any], seed: int,
    inp: TextIO, out: TextIO,
) -> Any:
    """Play ``state`` to its end with seat ``human`` answering on ``inp``; the final state.

    ``bots`` holds one bot per seat (the human's entry is not used); they draw their
    choices from ``random.Random(seed)``.

    Raises:
        Abandoned: The input ended (or said ``quit``) before the game did.
    """
    printer = SeatPrinter(game, module, human, out)
    rng = random.Random(seed)
    printer.start(state)
    if game == "campers":
        while not state.is_over:
            seat = min(state.actors)
            legal = state.legal_actions(seat)
            if seat == human:
                action = ask(printer, state, legal, inp, can_wait=False)
            else:
                action = bots[seat].choose(state.view(seat), legal, rng)
            after = state.apply(action)
            printer.action(state, action, after)
            state = after
    else:
        noticing, notice = module.NoticingModel(), random.Random(f"karibou-noticing:{seed}")
        while not state.is_over:
            state = _karibou_lap(printer, state, bots, rng, inp, noticing, notice)
    printer.final(state)
    return state


def _karibou_lap(printer: SeatPrinter, state: Any, bots: Sequence[Any], rng: random.Random,
                 inp: TextIO, noticing: Any, notice: random.Random) -> Any:
    """One lap: each seat in order is asked once (see the module docstring)."""
    module, human = printer.module, printer.seat
    for seat in range(state.num_players):
        if state.is_over:
            break
        legal = state.legal_actions(seat)
        if seat == human:
            action = ask(printer, state, legal, inp, can_wait=True)
        else:
            action = bots[seat].choose(state.view(seat), legal, rng)
        if action is None:
            continue
        if isinstance(action, module.Sign):
            seen = noticing.draw(state.teams, seat, notice)
            action = module.Sign(action.player, action.species, seen)
        after = state.apply(action)
        printer.action(state, action, after)
        state = after
    return state
