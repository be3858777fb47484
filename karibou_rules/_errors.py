"""The errors of the Karibou Camp engine: one root, one sibling per kind of rejection."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from karibou_rules._state import State


class KaribouError(ValueError):
    """Root of every error this package raises on bad input."""


class ParseError(KaribouError):
    """Text (a card, an action, a requirement...) that cannot be read.

    Attributes:
        text: The text that was given.
        position: Index in text of the first character that could not be read.
    """

    def __init__(self, message: str, text: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


def as_text(value: object, what: str) -> str:
    """``value`` when it is text; otherwise a :class:`ParseError` naming what it is."""
    if not isinstance(value, str):
        raise ParseError(f"{what} is read from text, not from {type(value).__name__}")
    return value


class IllegalActionError(KaribouError):
    """An action that the rules do not allow in this state; the state is unchanged.

    Attributes:
        action: The rejected action (``None`` for a query about no seat, such as
            ``legal_actions(9)``).
        reason: Why it was rejected, in words.
        ruling: The ruling ID that decides the case ("" when none applies).
    """

    _kind = "illegal action"

    def __init__(self, action: object, reason: str, ruling: str = "") -> None:
        where = f" [{ruling}]" if ruling else ""
        subject = "" if action is None else f" {_text_of(action)}"
        super().__init__(f"{self._kind}{subject}: {reason}{where}")
        self.action = action
        self.reason = reason
        self.ruling = ruling


def _text_of(action: object) -> str:
    """The action's text form, or its short repr when it is too malformed to have one."""
    try:
        text = str(action)
    except Exception:  # a field that cannot print, e.g. an int past Python's digit limit
        return quote(action)
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


QUOTE_LIMIT = 60
"""The most characters of an input that an error message quotes."""


def quote(value: object) -> str:
    """The repr of a value for an error message: cut to :data:`QUOTE_LIMIT` characters,
    and never raising (an int too long to print is named by its size)."""
    try:
        text = repr(value)
    except ValueError:  # Python refuses to print an int of more than 4300 digits
        text = f"<int of {value.bit_length() if isinstance(value, int) else '?'} bits>"
    except Exception:  # a hostile object whose repr raises
        text = f"<{type(value).__name__}>"
    return text if len(text) <= QUOTE_LIMIT else text[: QUOTE_LIMIT - 3] + "..."


class VersionLimitError(IllegalActionError):
    """An action sent to a state at :data:`~karibou_rules.MAX_VERSION`, the last version a
    document can carry (KC-17); the state is unchanged and accepts no further action."""


class StaleActionError(IllegalActionError):
    """An action sent against another version of the state than the current one (KC-17).

    Attributes:
        sent: The version the action was sent against (whatever the sender gave).
        current: The version of the state it reached.
    """

    _kind = "stale action"

    def __init__(self, action: object, sent: object, current: int) -> None:
        reason = f"sent against version {quote(sent)}, the state is at version {current}"
        super().__init__(action, reason, "KC-17")
        self.sent = sent
        self.current = current


class NotYourTurnError(IllegalActionError):
    """An action by a player who may not act now."""


class SeatError(NotYourTurnError):
    """A seat that no game of this size has (KC-2): not an int (a bool is not one), or not
    ``0 .. players - 1``. Every callable taking a seat raises it; it is a
    :class:`NotYourTurnError`, as an action from no seat always was.

    ``action`` is the refused action, or for a question about a seat (``view(99)``) what
    was asked.
    """


class GameOverError(IllegalActionError):
    """An action sent to a finished game."""


class FutureVersionError(IllegalActionError):
    """An action sent against a version the state has not reached (KC-17): no view of it
    was ever given, so the sender's version is wrong, not late (a late one is a
    :class:`StaleActionError`); the state is unchanged.

    Attributes:
        sent: The version the action was sent against.
        current: The version of the state it reached.
    """

    _kind = "action ahead of the state"

    def __init__(self, action: object, sent: int, current: int) -> None:
        reason = (f"sent against version {quote(sent)}, but the state is only at version "
                  f"{current}")
        super().__init__(action, reason, "KC-17")
        self.sent = sent
        self.current = current


def version_error(action: object, sent: object, current: int
                  ) -> StaleActionError | FutureVersionError:
    """The error of an action sent against another version than ``current``: ahead of the
    state (an int above it) or stale (anything else)."""
    if type(sent) is int and sent > current:
        return FutureVersionError(action, sent, current)
    return StaleActionError(action, sent, current)


class SerializationError(KaribouError):
    """A JSON document that is malformed or does not describe a reachable state."""


class PositionError(KaribouError):
    """A position the rules cannot reach (cards missing or doubled, bad hand sizes...)."""


class StalledGameError(KaribouError):
    """A bot game that stopped moving on: its bots kept the table going round without an
    exchange, a Scout, a sign or the pawn (see :func:`~karibou_rules.play_game`), or
    stopped short of the end (:func:`~karibou_rules.simulate`). The message names the
    seed and the position.

    Attributes:
        seed: The seed the game was played with.
        state: The position where it stalled (``dumps`` it to replay from there).
    """

    def __init__(self, message: str, seed: int, state: State) -> None:
        super().__init__(message)
        self.seed = seed
        self.state = state
