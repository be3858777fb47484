"""Summaries of simulated games: win rates with confidence intervals, and tallies.

Works on the game records of either package (``campers_rules.GameRecord`` and
``karibou_rules.GameRecord``), which share the fields read here: ``bots``, ``winners``,
``actions`` and ``round_points``. What only Unhappy Campers records hold (turns, the mix of
actions played, action cards discarded unplayed, rounds ended by the turn cap) is
summarised when every record has it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import attrs

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


class Record(Protocol):
    """What a summary needs of one game record."""

    @property
    def bots(self) -> tuple[str, ...]: ...

    @property
    def winners(self) -> frozenset[int]: ...

    @property
    def actions(self) -> int: ...

    @property
    def round_points(self) -> tuple[tuple[int, ...], ...]: ...


@attrs.frozen
class BotStanding:
    """How one bot fared over a simulation.

    The win rate is the chance that a seat played by this bot wins its game, a tie
    counting as a shared win (one over the number of winners). Seats of one game are
    not independent, so the 95% interval is cluster-robust, the games being the units;
    where that interval is narrower than the Wilson score interval of the seat wins (as
    it is when every game ends alike), the Wilson interval is used, so the interval
    never shrinks to a point.
    """

    bot: str
    seats: int
    """Seat-games played by this bot."""
    win_rate: float
    low: float
    high: float
    points_per_round: float
    """Mean points a seat of this bot scored per round."""


@attrs.frozen
class Summary:
    """Aggregates of a simulation."""

    games: int
    standings: tuple[BotStanding, ...]
    mean_rounds: float
    mean_actions: float
    mean_turns: float | None
    """Mean turns per game, for a game with turns (Karibou Camp has none: KC-13)."""
    tallies: Mapping[str, Mapping[str, int]]
    """Game-specific counts, e.g. how rounds ended or how often each campsite was claimed."""
    plays: Mapping[str, int]
    """How often each kind of action was played in all games, by kind (empty for records
    that do not count them)."""
    unplayed: Mapping[str, int]
    """How often each action card was discarded instead of played, by kind."""
    rounds: int
    """Rounds played in all games."""
    capped_rounds: int | None
    """Rounds ended by the turn cap (UC-22); ``None`` for a game without one."""

    @property
    def capped_share(self) -> float | None:
        """The share of rounds ended by the turn cap (UC-22)."""
        if self.capped_rounds is None:
            return None
        return self.capped_rounds / self.rounds if self.rounds else 0.0


def win_standings(records: Sequence[Record]) -> tuple[BotStanding, ...]:
    """Each bot's win rate with a cluster-robust 95% interval, and its points per round."""
    names = sorted({name for record in records for name in record.bots})
    standings = []
    for name in names:
        wins, seats, points, rounds = [], [], 0, 0
        for record in records:
            mine = [seat for seat, bot in enumerate(record.bots) if bot == name]
            if not mine:
                continue
            share = 1 / len(record.winners) if record.winners else 0.0
            wins.append(sum(share for seat in mine if seat in record.winners))
            seats.append(len(mine))
            points += sum(row[seat] for row in record.round_points for seat in mine)
            rounds += len(record.round_points) * len(mine)
        rate, half = _ratio_interval(wins, seats)
        wilson_low, wilson_high = _wilson(sum(wins), sum(seats))
        standings.append(
            BotStanding(
                bot=name,
                seats=sum(seats),
                win_rate=rate,
                low=max(0.0, min(rate - half, wilson_low)),
                high=min(1.0, max(rate + half, wilson_high)),
                points_per_round=points / rounds if rounds else 0.0,
            )
        )
    return tuple(standings)


def _ratio_interval(wins: Sequence[float], seats: Sequence[int]) -> tuple[float, float]:
    """Ratio estimate sum(wins)/sum(seats) and the half-width of its 95% interval."""
    n = len(seats)
    total = sum(seats)
    if not total:
        return 0.0, 0.0
    rate = sum(wins) / total
    if n < 2:
        return rate, 1.0
    residuals = sum((w - rate * s) ** 2 for w, s in zip(wins, seats, strict=True))
    mean_seats = total / n
    standard_error = math.sqrt(residuals / (n * (n - 1))) / mean_seats
    return rate, Z_95 * standard_error


def _wilson(wins: float, trials: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a share: never empty, even at 0 or 1."""
    if not trials:
        return 0.0, 1.0
    share = wins / trials
    z2 = Z_95 * Z_95
    center = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z_95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials))
    return center - half / (1 + z2 / trials), center + half / (1 + z2 / trials)


def _counted(records: Sequence[Record], name: str) -> dict[str, int]:
    """The sum over the records of a ``(kind, count)`` field, by kind."""
    total: Counter[str] = Counter()
    for record in records:
        total.update(dict(getattr(record, name, ())))
    return dict(sorted(total.items()))


def summarize(records: Sequence[Record], tallies: Mapping[str, Counter[str]]) -> Summary:
    """Aggregate the records of one simulation."""
    games = len(records)
    capped = all(hasattr(r, "capped_rounds") for r in records)
    return Summary(
        games=games,
        standings=win_standings(records),
        mean_rounds=sum(len(r.round_points) for r in records) / games if games else 0.0,
        mean_actions=sum(r.actions for r in records) / games if games else 0.0,
        mean_turns=(
            sum(getattr(r, "turns", 0) for r in records) / games
            if games and all(hasattr(r, "turns") for r in records)
            else None
        ),
        tallies={name: dict(sorted(counts.items())) for name, counts in tallies.items()},
        plays=_counted(records, "plays"),
        unplayed=_counted(records, "unplayed"),
        rounds=sum(len(r.round_points) for r in records),
        capped_rounds=sum(getattr(r, "capped_rounds", 0) for r in records) if capped else None,
    )


def format_summary(summary: Summary) -> str:
    """The summary as a plain-text table."""
    turns = "" if summary.mean_turns is None else f", {summary.mean_turns:.1f} turns"
    lines = [
        f"{summary.games} games, {summary.mean_rounds:.2f} rounds{turns} and "
        f"{summary.mean_actions:.1f} actions per game on average",
        "",
        f"{'bot':<12}{'seats':>7}{'win rate':>10}{'95% interval':>18}{'points/round':>14}",
    ]
    for s in summary.standings:
        interval = f"[{s.low:.3f}, {s.high:.3f}]"
        lines.append(
            f"{s.bot:<12}{s.seats:>7}{s.win_rate:>10.3f}{interval:>18}{s.points_per_round:>14.3f}"
        )
    if summary.capped_share is not None:
        lines += [
            "",
            f"rounds ended by the turn cap (UC-22): {summary.capped_rounds} of "
            f"{summary.rounds} ({summary.capped_share:.1%})",
        ]
    lines += _per_game("action mix", summary.plays, summary.games)
    lines += _per_game("action cards discarded unplayed", summary.unplayed, summary.games)
    for title, counts in summary.tallies.items():
        total = sum(counts.values())
        lines += ["", f"{title}:"]
        width = max((len(key) for key in counts), default=0)
        for key, count in counts.items():
            share = count / total if total else 0.0
            lines.append(f"  {key:<{width}}  {count:>7}  {share:6.1%}")
    return "\n".join(lines)


def _per_game(title: str, counts: Mapping[str, int], games: int) -> list[str]:
    """A table of counts with their mean per game (nothing when there are no counts)."""
    if not counts:
        return []
    width = max(len("kind"), *(len(key) for key in counts))
    lines = ["", f"{title}:", f"  {'kind':<{width}}  {'count':>7}  {'per game':>9}"]
    for key, count in counts.items():
        lines.append(f"  {key:<{width}}  {count:>7}  {count / games:>9.2f}")
    return lines


def plot_summary(summary: Summary, path: str) -> None:
    """Draw the main figures (win rates with intervals, each tally) into a PNG file."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = 1 + len(summary.tallies)
    figure, axes_row = plt.subplots(1, panels, figsize=(5 * panels, 4), squeeze=False)
    axes: list[Any] = list(axes_row[0])
    bots = [s.bot for s in summary.standings]
    rates = [s.win_rate for s in summary.standings]
    errors = [
        [s.win_rate - s.low for s in summary.standings],
        [s.high - s.win_rate for s in summary.standings],
    ]
    axes[0].bar(bots, rates, yerr=errors, capsize=6, color="#4c72b0")
    axes[0].set_ylabel("win rate per seat (95% interval)")
    axes[0].set_title(f"{summary.games} games")
    for ax, (title, counts) in zip(axes[1:], summary.tallies.items(), strict=True):
        ax.barh(list(counts), list(counts.values()), color="#55a868")
        ax.set_title(title)
        ax.invert_yaxis()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
