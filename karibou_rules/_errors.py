"""The errors of the Karibou Camp engine: one root, one sibling per kind of rejection."""

from __future__ import annotations


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


class IllegalActionError(KaribouError):
    """An action that the rules do not allow in this state; the state is unchanged.

    Attributes:
        action: The rejected action.
        reason: Why it was rejected, in words.
        ruling: The ruling ID that decides the case ("" when none applies).
    """

    def __init__(self, action: object, reason: str, ruling: str = "") -> None:
        where = f" [{ruling}]" if ruling else ""
        super().__init__(f"illegal action {_text_of(action)}: {reason}{where}")
        self.action = action
        self.reason = reason
        self.ruling = ruling


def _text_of(action: object) -> str:
    """The action's text form, or its repr when it is too malformed to have one."""
    try:
        return str(action)
    except Exception:
        return repr(action)


class NotYourTurnError(IllegalActionError):
    """An action by a player who may not act now."""


class GameOverError(IllegalActionError):
    """An action sent to a finished game."""


class SerializationError(KaribouError):
    """A JSON document that is malformed or does not describe a reachable state."""


class PositionError(KaribouError):
    """A position the rules cannot reach (cards missing or doubled, bad hand sizes...)."""
