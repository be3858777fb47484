"""The errors of the Unhappy Campers engine: one root, one sibling per kind of rejection."""

from __future__ import annotations


class CampersError(ValueError):
    """Root of every error this package raises on bad input."""


class ParseError(CampersError):
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


class IllegalActionError(CampersError):
    """An action that the rules do not allow in this state; the state is unchanged.

    Attributes:
        action: The rejected action.
        reason: Why it was rejected, in words.
        ruling: The ruling ID that decides the case ("" when none applies).
    """

    _HEAD = "illegal action"

    def __init__(self, action: object, reason: str, ruling: str = "") -> None:
        where = f" [{ruling}]" if ruling else ""
        super().__init__(f"{self._HEAD} {_text_of(action)}: {reason}{where}")
        self.action = action
        self.reason = reason
        self.ruling = ruling


class NotYourTurnError(IllegalActionError):
    """An action by a player who may not act now."""


class SeatError(NotYourTurnError):
    """A seat that no game of this size has (UC-2): not an int (a bool is not one), or not
    ``0 .. players - 1``. Every callable taking a seat raises it; it is a
    :class:`NotYourTurnError`, as an action from no seat always was.

    ``action`` is the refused action, or for a question about a seat (``view(99)``) what
    was asked.
    """


class GameOverError(IllegalActionError):
    """An action sent to a finished game."""


class VersionLimitError(IllegalActionError):
    """An action or build step sent to a state at :data:`~campers_rules.MAX_VERSION`, the
    last version (or build step count) a document can carry (UC-32); the state is unchanged
    and accepts no further move."""


class StaleActionError(IllegalActionError):
    """An action sent against an earlier version of the state (UC-32); the state is unchanged.

    Attributes:
        sent: The version the action was sent against (whatever the sender gave).
        current: The version of the state it reached.
    """

    _HEAD = "stale action"

    def __init__(self, action: object, sent: object, current: int) -> None:
        reason = f"sent against version {quote(sent)}, the state is at version {current}"
        super().__init__(action, reason, "UC-32")
        self.sent = sent
        self.current = current


class StaleStepError(StaleActionError):
    """A build step sent against another build step than the turn's (UC-32): a step sent
    twice, or a build step sent with a version but no ``build_step``.

    Attributes:
        sent_step: The ``build_step`` the step was sent with.
        current_step: The state's :attr:`~State.build_step`.
    """

    def __init__(self, action: object, version: int, sent_step: object, current_step: int
                 ) -> None:
        IllegalActionError.__init__(
            self, action, f"a build step sent against build step {quote(sent_step)} of "
            f"version {version}, the turn is at build step {current_step}", "UC-32")
        self.sent = self.current = version
        self.sent_step = sent_step
        self.current_step = current_step


def _text_of(action: object) -> str:
    """The action's text, or its short repr when a field cannot print (a huge int)."""
    try:
        return str(action)
    except Exception:  # e.g. an int past Python's digit limit, or a hostile object
        return quote(action)


def quote(value: object) -> str:
    """A short repr for a message; an int past Python's print limit is named by its size."""
    try:
        text = repr(value)
    except Exception:  # Python refuses to print an int of more than 4300 digits
        if isinstance(value, int):
            return f"<int of {value.bit_length()} bits>"
        return f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."


class FutureVersionError(IllegalActionError):
    """An action sent against a version the state has not reached (UC-32): no view of it
    was ever given, so the sender's version is wrong, not late (a late one is a
    :class:`StaleActionError`); the state is unchanged.

    Attributes:
        sent: The version the action was sent against.
        current: The version of the state it reached.
    """

    _HEAD = "action ahead of the state"

    def __init__(self, action: object, sent: int, current: int) -> None:
        reason = (f"sent against version {quote(sent)}, but the state is only at version "
                  f"{current}")
        super().__init__(action, reason, "UC-32")
        self.sent = sent
        self.current = current


def version_error(action: object, sent: object, current: int
                  ) -> StaleActionError | FutureVersionError:
    """The error of an action sent against another version than ``current``: ahead of the
    state (an int above it) or stale (anything else)."""
    if type(sent) is int and sent > current:
        return FutureVersionError(action, sent, current)
    return StaleActionError(action, sent, current)


class SerializationError(CampersError):
    """A JSON document that is malformed or does not describe a reachable state."""


class PositionError(CampersError):
    """An explicit position (``from_position``) that the rules cannot reach."""
