"""One seat at the terminal: ``camp-rules play GAME --human N`` and ``--seat N``.

A :class:`SeatPrinter` prints a game as one seat knows it: the events of each applied
action that seat may see (the package's ``seat_events``, the one filter of what a seat
learns: the move in words, its own hand's changes, a round's end), and that seat's view
(its own hand, no other), printed again only when it changed. :func:`play_human` plays a game in
which one seat is a person answering on standard input, the others bots.

The person is shown their moves as a short menu grouped by kind (:mod:`._menu`) and
answers with a number, the move's text (``draw 2`` or ``p0 draw 2``), the start of moves
to list them (``squat``), ``?`` to see the view and moves again, ``help``, or ``quit``;
an empty line asks again; a refusal is explained and the question asked again. It works
through a plain pipe: at the end of the input (or on ``quit``) the game is abandoned with
a message saying which, and :data:`ABANDONED` as exit status.

Karibou Camp is played in real time; here it goes lap by lap: each lap asks every seat in
seat order once, as KC-19 asks every seat that may act (a seat that passed, and every seat
during a Scout, may still sign or place the pawn): a bot may wait (its ``choose`` returns
``None``), the person answers ``0`` to wait. When every other seat has waited since the
last move, nothing changes until the person acts: they are told what the table waits for
(``everyone else has passed: pass to deal a new center``), and a wait is refused, as
:func:`karibou_rules.play_game` stops a table of bots that all wait. Who notices a sign,
the person's included, is drawn from the default :class:`karibou_rules.NoticingModel`, as
in bot games.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from campers_rules._cards import format_cards
from campers_rules._describe import _site
from campers_rules._menu import Menu, help_text

ABANDONED = 3
"""The exit status of a human game abandoned before its end (input ended, or ``quit``)."""

WAIT = "wait"
"""A Karibou Camp answer that lets the others act (numbered 0 in the list)."""

INPUT_ENDED = "input ended before the game did"
"""Why a game was abandoned when the person's input ended."""
QUIT = "you quit"
"""Why a game was abandoned when the person answered ``quit``."""

_SEATED = re.compile(r"p\d+\s", re.IGNORECASE)
"""An answer that names its seat, as ``str(action)`` does."""


class Abandoned(Exception):
    """The person's input ended, or they typed ``quit``, before the game did.

    Attributes:
        reason: :data:`INPUT_ENDED` or :data:`QUIT`.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --- one seat's picture of the game ----------------------------------------------------


def campers_view_text(view: Any) -> str:
    """An Unhappy Campers view as text: the table, hand sizes, and only the seat's hand.

    Each group is named as moves name it: ``2:c06.0`` is p2's campsite c06, group 0.
    """
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
            where = f"{seat}:{view.config.catalogue[site.campsite].id}"
            groups = "  ".join(f"{where}.{n} [{group}]" for n, group in enumerate(site.groups))
            lines.append(f"   {_site(view, site.campsite)}: {groups}")
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


class SeatPrinter:
    """Prints a game as one seat knows it (no other seat's hand, no unseen sign).

    It remembers the view and the moves it printed last, so that a question prints
    them again only when they changed.
    """

    def __init__(self, game: str, module: Any, seat: int, out: TextIO,
                 on_action: Callable[[Any, Any, Any], object] | None = None) -> None:
        self.game = game
        self.module = module
        self.seat = seat
        self.out = out
        self.on_action = on_action
        self.shown_view: str | None = None
        self.shown_moves: tuple[str, ...] | None = None

    def say(self, text: str) -> None:
        """Print one block of text."""
        print(text, file=self.out, flush=True)

    def view_text(self, state: Any) -> str:
        """The seat's view of ``state`` as text."""
        view = state.view(self.seat)
        return campers_view_text(view) if self.game == "campers" else karibou_view_text(view)

    def view(self, state: Any, *, again: bool = False) -> None:
        """Print the seat's view, unless it is the one printed last (or ``again``)."""
        text = self.view_text(state)
        if again or text != self.shown_view:
            self.say(_indent(text))
            self.shown_view = text

    def moves(self, menu: Menu, *, can_wait: bool) -> None:
        """Print the seat's moves, grouped (at most :data:`._menu.ROWS` lines and two)."""
        lines = [f"your moves ({len(menu.texts)}):"]
        if can_wait:
            lines.append(f"    0. {WAIT} (let the others act)")
        self.say("\n".join(lines + menu.lines()))
        self.shown_moves = menu.texts

    def start(self, state: Any) -> None:
        """Announce the game and show the seat's first view."""
        self.say(f"== you are p{self.seat}")
        self.view(state, again=True)

    def action(self, before: Any, action: Any, after: Any) -> None:
        """Print what the seat sees of one applied action, and its view at a new round."""
        for event in self.module.seat_events(before, action, after, self.seat):
            if event.kind is not self.module.EventKind.OVER:  # :meth:`final` tells the end
                self.say(f"  {event}")
        if self.on_action is not None:
            self.on_action(before, action, after)
        if len(after.round_results) > len(before.round_results) and not after.is_over:
            self.say("-- new round")
            self.view(after, again=True)

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
    """One answer; through a pipe it is echoed, so that the transcript reads as a dialogue.

    Raises:
        Abandoned: The input ended, or the answer is ``quit`` (or ``exit``).
    """
    line = inp.readline()
    if not inp.isatty() or not line:
        print(line.strip(), file=out, flush=True)
    if not line:
        raise Abandoned(INPUT_ENDED)
    if line.strip().lower() in {"quit", "exit"}:
        raise Abandoned(QUIT)
    return line.strip()


def ask(
    printer: SeatPrinter, state: Any, legal: Sequence[Any], inp: TextIO, *, can_wait: bool,
    waiting_for: str | None = None,
) -> Any | None:
    """Ask the person for one of ``legal`` until they give one; ``None`` means wait.

    The view and the moves are printed when they changed since printed last.
    ``waiting_for`` says what the table waits for when no other seat will act before
    this one (Karibou Camp): it is printed, and a wait refused, as it would change nothing.

    Raises:
        Abandoned: The input ended (or said ``quit``) first.
    """
    menu = Menu(printer.game, legal, printer.seat)
    printer.view(state)
    if menu.texts != printer.shown_moves:
        printer.moves(menu, can_wait=can_wait)
    if waiting_for is not None:
        printer.say(f"-- the others wait for you: {waiting_for}")
    low, high = (0 if can_wait else 1), len(menu.moves)
    while True:
        printer.out.write(f"p{printer.seat}, your move ({low}-{high}, its text, ? or help): ")
        printer.out.flush()
        answer = _read(inp, printer.out)
        if not answer:
            continue
        if answer.lower() == "help":
            printer.say(help_text(printer.game, printer.seat, can_wait=can_wait))
        elif answer == "?":
            printer.view(state, again=True)
            printer.moves(menu, can_wait=can_wait)
        elif can_wait and answer.lower() in {"0", WAIT}:
            if waiting_for is None:
                return None
            printer.say(f"refused: waiting changes nothing now: {waiting_for}")
        elif answer.isdigit():
            if 1 <= int(answer) <= high:
                return menu.moves[int(answer) - 1]
            printer.say(f"refused: there is no move {answer}; choose {low} to {high}")
        else:
            action = _typed(printer, state, menu, answer)
            if action is not None:
                return action


def _typed(printer: SeatPrinter, state: Any, menu: Menu, answer: str) -> Any | None:
    """The move an answer's text names, if legal; else ``None`` after printing why not,
    or the moves it begins or holds (``squat``, ``B5``)."""
    module, seat = printer.module, printer.seat
    own = re.match(rf"p{seat}\s", answer, re.IGNORECASE)
    try:
        action = module.parse_action(answer if _SEATED.match(answer) else f"p{seat} {answer}")
    except module.ParseError as error:
        found = menu.find(answer[own.end():] if own else answer)
        if found:
            printer.say("\n".join(menu.show(found)))
        else:
            printer.say(f"refused: {error}, and no move begins with or holds {answer!r}; "
                        "help lists the answers")
        return None
    if action.player != seat:
        printer.say(f"refused: that is a move of p{action.player}; you play p{seat}")
        return None
    try:
        state.apply(action)
    except module.IllegalActionError as error:
        printer.say(f"refused: {error}")
        return None
    return action


def play_human(
    game: str, module: Any, state: Any, human: int, bots: Sequence[Any], seed: int,
    inp: TextIO, out: TextIO, on_action: Callable[[Any, Any, Any], object] | None = None,
) -> Any:
    """Play ``state`` to its end with seat ``human`` answering on ``inp``; the final state.

    ``bots`` holds one bot per seat (the human's entry is not used); they draw their
    choices from ``random.Random(seed)``. ``on_action(before, action, after)``, if given,
    is called after every applied action, as ``play_game`` calls it.

    Raises:
        Abandoned: The input ended (or said ``quit``) before the game did.
    """
    printer = SeatPrinter(game, module, human, out, on_action)
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
        state = _play_karibou(printer, state, bots, rng, inp, seed)
    printer.final(state)
    return state


def _play_karibou(printer: SeatPrinter, state: Any, bots: Sequence[Any], rng: random.Random,
                  inp: TextIO, seed: int) -> Any:
    """Lap after lap until the game is over (see the module docstring)."""
    module, human = printer.module, printer.seat
    noticing, notice = module.NoticingModel(), random.Random(f"karibou-noticing:{seed}")
    others = frozenset(range(state.num_players)) - {human}
    waited: set[int] = set()  # the seats that waited since the last move
    while not state.is_over:
        for seat in range(state.num_players):
            if state.is_over:
                break
            legal = state.legal_actions(seat)
            if seat == human:
                stuck = _waiting_for(state.view(human)) if waited >= others else None
                action = ask(printer, state, legal, inp, can_wait=True, waiting_for=stuck)
            else:
                action = bots[seat].choose(state.view(seat), legal, rng)
            if action is None:
                waited.add(seat)
                continue
            if isinstance(action, module.Sign):
                seen = noticing.draw(state.teams, seat, notice)
                action = module.Sign(action.player, action.species, seen)
            after = state.apply(action)
            printer.action(state, action, after)
            state, waited = after, set()
    return state


def _waiting_for(view: Any) -> str:
    """What a Karibou Camp table waits for when every seat but the viewer's waits."""
    phase, seat = view.phase.value, view.player
    if phase == "scout" and view.scout_player == seat:
        return "you played a Scout: complete your hand (complete from pile, or from a center card)"
    if phase == "dealt":
        return "the center lies face down: reveal it"
    if phase == "exchange" and len(view.passed - {seat}) == view.num_players - 1:
        return "everyone else has passed: pass to deal a new center (or exchange)"
    return "nobody else will act before you do"
