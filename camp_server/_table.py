"""One hosted game: its state, its seats, its bots and who listens to it.

A table applies its moves one at a time (an asyncio lock per game): each is checked by the
rules, stored durably, and only then acknowledged and pushed to the seats that listen.
Its bots act as soon as they may, or after the server's bot delay.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import secrets
from typing import Any

import attrs

from camp_server._rules import Rules
from camp_server._storage import Storage, StoredGame

QUEUE = 256
"""The most messages waiting for one listener; a listener that falls further behind is
dropped (it reconnects and gets the offer afresh)."""


def token_hash(token: str) -> str:
    """The SHA-256 hex digest the store keeps instead of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh seat token: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


@attrs.define(eq=False)
class Listener:
    """One WebSocket connection of a seat: the messages to send, and the last offer sent
    (a change nobody at this seat can see sends nothing)."""

    seat: int
    queue: asyncio.Queue[dict[str, Any]] = attrs.field(
        factory=lambda: asyncio.Queue(QUEUE))
    last_offer: dict[str, Any] | None = None
    dropped: bool = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message, or drop the listener when it is too far behind."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.dropped = True


@attrs.define(eq=False)
class Table:
    """A game being hosted.

    Attributes:
        stored: The game as stored (its header and moves).
        rules: Its game's rules.
        start: The seeded deal.
        state: The state now.
        actions: Every action applied, in order.
    """

    stored: StoredGame
    rules: Rules
    start: Any
    state: Any
    actions: list[Any]
    storage: Storage
    bots: dict[int, Any] = attrs.field(factory=dict)
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    changed: asyncio.Event = attrs.field(factory=asyncio.Event)
    listeners: set[Listener] = attrs.field(factory=set)
    rng: random.Random = attrs.field(init=False)
    waiting: set[int] = attrs.field(factory=set)
    logs: dict[int, tuple[int, Any, list[list[Any]]]] = attrs.field(factory=dict)
    whole: dict[str, Any] | None = None

    def __attrs_post_init__(self) -> None:
        # The bots' and the noticing draws' stream (KC-19): seeded from the game, so that
        # twin games draw alike, and from its length, so that a restart draws afresh.
        stored = self.stored
        self.rng = random.Random(f"camp-server:{stored.id}:{stored.seed}:{len(self.actions)}")
        for seat, kind in enumerate(self.stored.kinds):
            if kind != "human":
                self.bots[seat] = self.rules.bot(kind)
        self.changed.set()  # the bots look at the table once it is hosted

    @property
    def seed(self) -> int | None:
        """The deal's seed (``None`` for a game from a start position)."""
        return None if self.stored.seed is None else int(self.stored.seed)

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (compared in constant time), else ``None``."""
        digest = token_hash(token)
        found = None
        for seat, stored in enumerate(self.stored.token_hashes):
            if hmac.compare_digest(digest, stored) and stored:
                found = seat
        return found

    def offer(self, seat: int) -> dict[str, Any]:
        """The seat's offer now."""
        offered: dict[str, Any] = self.state.offer(seat)
        return offered

    def play(self, action: Any, version: int | None) -> None:
        """Apply an action (a bot's is sent with no version: it saw this very state),
        store it, and tell the listeners. Call it holding :attr:`lock`.

        Raises:
            CampersError | KaribouError: The rules refuse it (stale, illegal...); the
                table is unchanged.
        """
        if self.full:
            raise self.rules.error(f"the game has reached {len(self.actions)} moves, the "
                                   "most a record holds (MAX_MOVES)")
        action = self.rules.noticed(self.state, action, self.rng)
        after = self.state.apply(action, version)
        self.storage.append(self.stored.id, len(self.actions) + 1, str(action))
        before, self.state = self.state, after
        self.actions.append(action)
        self.stored.moves.append(str(action))
        self.waiting.clear()
        self.changed.set()
        for listener in list(self.listeners):
            message = self.message(listener, before, action)
            if message is not None:
                listener.send(message)
            if listener.dropped:
                self.listeners.discard(listener)

    @property
    def full(self) -> bool:
        """Whether the game holds as many moves as a record may (the package's
        ``MAX_MOVES``): it takes no more, so that its record still loads (a table of bots
        that never ends stops there)."""
        limit: int = self.rules.package.MAX_MOVES
        return len(self.actions) >= limit

    def message(self, listener: Listener, before: Any, action: Any) -> dict[str, Any] | None:
        """What the listener's seat is sent after an action: its offer and events, or
        ``None`` when nothing it may see changed."""
        events = self.rules.events(before, action, self.state, listener.seat)
        offer = self.offer(listener.seat)
        if not events and offer == listener.last_offer:
            return None
        listener.last_offer = offer
        return {"offer": offer, "events": events}

    def greet(self, listener: Listener) -> dict[str, Any]:
        """The first message of a new listener: the offer now, no event."""
        listener.last_offer = self.offer(listener.seat)
        return {"offer": listener.last_offer, "events": []}

    def bot_move(self) -> Any:
        """A bot's action now, or ``None`` when no bot will act until something happens.

        Unhappy Campers asks the bot seats among the actors in seat order; Karibou Camp,
        being real-time (KC-13), asks its bot seats in a random order, each at most once
        between two moves (a bot may wait, as in ``play_game``).
        """
        if self.state.is_over or self.full:
            return None
        seats = sorted(seat for seat in self.bots
                       if seat in self.state.actors and seat not in self.waiting)
        if self.rules.name == "karibou":
            self.rng.shuffle(seats)
        for seat in seats:
            view = self.state.view(seat)
            action = self.bots[seat].choose(view, self.state.legal_actions(seat), self.rng)
            if action is not None:
                return action
            self.waiting.add(seat)
        return None

    def log(self, seat: int) -> list[list[Any]]:
        """The seat's events so far, one list per move that told it something (a move it
        could not see leaves no trace, not even an empty entry)."""
        done, state, entries = self.logs.get(seat, (0, self.start, []))
        for action in self.actions[done:]:
            after = state.apply(action)
            events = self.rules.events(state, action, after, seat)
            if events:
                entries.append(events)
            state = after
        self.logs[seat] = (len(self.actions), state, entries)
        return entries

    def record(self) -> dict[str, Any]:
        """The whole record (``dumps_record``), kept once the game is over."""
        if self.whole is not None:
            return self.whole
        text = self.rules.record(self.start, self.actions, self.seed, self.stored.kinds)
        whole: dict[str, Any] = json.loads(text)
        if self.state.is_over:
            self.whole = whole
        return whole

    def redacted(self, seat: int) -> dict[str, Any]:
        """The record as ``seat`` may see it while the game runs: the seats' kinds and its
        own log (its events), no seed (it would tell the deal) and no other seat's move it
        could not see."""
        return {"game": self.rules.name, "over": False, "seat": seat,
                "players": list(self.stored.kinds), "log": self.log(seat)}

    async def run_bots(self, delay: float) -> None:
        """Let the bots play whenever they may, until the game is over."""
        while not (self.state.is_over or self.full):
            await self.changed.wait()
            self.changed.clear()
            while not self.state.is_over:
                await asyncio.sleep(delay)
                async with self.lock:
                    action = self.bot_move()
                    if action is None:
                        break
                    self.play(action, None)
