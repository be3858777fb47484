"""What one client may send: body and message sizes, and a rate per connection.

>>> bucket = RateLimit(rate=1.0, burst=2)
>>> [bucket.allow("a", now=0.0) for _ in range(3)], bucket.allow("a", now=1.0)
([True, True, False], True)
"""

from __future__ import annotations

import time

import attrs

MAX_BODY = 16 * 1024
"""The largest request body (bytes); a move or a new game needs far less."""
MAX_MESSAGE = 16 * 1024
"""The largest WebSocket message (bytes)."""
MAX_KEYS = 10_000
"""How many clients the rate limit remembers before it starts afresh."""


@attrs.define
class RateLimit:
    """A token bucket per client: ``burst`` requests at once, then ``rate`` a second.

    A client is a seat's token when it sends one, else its connection (address and port).
    """

    rate: float = 20.0
    burst: int = 60
    _buckets: dict[str, tuple[float, float]] = attrs.field(factory=dict, init=False)

    def allow(self, client: str, now: float | None = None) -> bool:
        """Whether the client may make one more request now (it is counted)."""
        now = time.monotonic() if now is None else now
        if len(self._buckets) > MAX_KEYS:
            self._buckets.clear()
        tokens, then = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return False
        self._buckets[client] = (tokens - 1, now)
        return True


@attrs.frozen
class Limits:
    """The server's limits (tests make them small).

    Attributes:
        body: The largest request body, in bytes.
        message: The largest WebSocket message, in bytes.
        rate: Requests (or messages) a second per client, after the burst.
        burst: Requests a client may make at once.
    """

    body: int = MAX_BODY
    message: int = MAX_MESSAGE
    rate: float = 20.0
    burst: int = 60
