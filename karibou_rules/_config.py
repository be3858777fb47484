"""The options of a Karibou Camp game."""

from __future__ import annotations

import attrs

from karibou_rules._errors import KaribouError, PositionError, quote

WINNING_SCORE = 9
"""The score that ends the game (KC-11)."""


def _check_winning_score(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= 1000:
        raise KaribouError(f"winning_score must be an int in 1..1000, not {quote(value)}")


@attrs.frozen
class Config:
    """Every option of a game, with the rulebook's values as defaults.

    >>> Config().winning_score
    9
    """

    winning_score: int = attrs.field(default=WINNING_SCORE, validator=_check_winning_score)
    """A round that leaves a player with this many points or more ends the game (KC-11)."""


def config_or_default(config: object) -> Config:
    """The options a caller gave, or the defaults for ``None``; anything that is not a
    :class:`Config` is refused here, with the package's error, before a game is built on it.

    Raises:
        PositionError: ``config`` is neither ``None`` nor a :class:`Config`.
    """
    if config is None:
        return _DEFAULT
    if not isinstance(config, Config):
        raise PositionError("config must be a Config")
    return config


_DEFAULT = Config()
"""The rulebook's options, made once (a frozen record: every game may share it)."""
