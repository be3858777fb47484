"""The moves offered to a person at a seat: a short menu grouped by kind, and its help.

An Unhappy Campers seat may have hundreds of legal moves at once (a Go Fishing for every
request from every player, a squat of every card on every group), a Karibou Camp seat
dozens (a sign per species, the Giga-pawn on every tile naming every seat). A
:class:`Menu` numbers them once, grouped by kind in a fixed order (:data:`KINDS`), and
never prints more than :data:`ROWS` lines: the small kinds in full, every other kind as
one line that the person opens by typing its start (``squat ...  76 moves (type "squat"
to list them): 1:c03.0, 2:c06.0``). Typing the start of moves lists them, the same way
one level down (``play GoFishing 1``); other words list the moves that contain them all
(``B5``).

Both games ask the same way; :func:`campers_rules._human.ask` reads the answers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

ROWS = 20
"""The most lines a listing of moves takes (its heading not counted)."""
WIDTH = 100
"""The widest line a listing prints."""

KINDS = {
    "campers": ("draw", "take", "claim", "add", "group", "squat", "swap", "rearrange",
                "play", "discard", "spray", "decline", "repair", "fall", "give", "pass"),
    "karibou": ("reveal", "exchange", "scout", "complete", "pass", "sign", "pawn"),
}
"""Each game's kinds of move (the first word of a move's text), in menu order."""

ANSWERS = """\
answers (as the examples):
  3                        move 3 of the list{wait}
  {text:<24} the move of that text, as listed (with "p{seat} " before it too)
  {start:<24} lists the moves that begin so (a line "{start} ..." stands for them)
  {words:<24} lists the moves that contain every word
  ?                        shows your view and your moves again
  (an empty line)          asks again
  help                     shows this help
  quit                     abandons the game (exit status 3)"""
"""The answers a question takes, with one game's examples."""

NOTATION = {
    "campers": """\
notation (Unhappy Campers):
  cards     B5 is blue 5 (B blue, Y yellow, R red, G green), W a wild, W=B7 a wild laid
            as B7; action cards by name (GoFishing, BearAttack, ...)
  places    c06 is campsite c06; 2:c06.0 is player 2's campsite c06, group 0 (its first
            group, as your view numbers them); [SET B5 Y5 R5] and [RUN B2 B3 B4] are groups
  moves     draw 1|2 or take (the discard's top) start a turn, discard CARD ends it;
            between them: claim a campsite, add to or group on your own, squat on
            another's, swap a wild, rearrange, play an action card (play GoFishing 2
            card:B7 asks p2 for B7); spray or decline a Bear Spray window, repair or fall
            after a Bear Attack, give (Go Fishing), pass (Lost Camper)""",
    "karibou": """\
notation (Karibou Camp):
  cards     the species Elk Polecat Bear Marmot Raccoon Squirrel Duck, and Scout
  moves     reveal turns the center up; exchange Elk for Duck gives your Elk and takes the
            center's Duck; scout plays a Scout, then complete from Duck (or from pile)
            completes your hand; pass: once every seat has passed since the last
            exchange, a new center is dealt; sign Duck makes the Duck sign;
            pawn Duck on p2 places the Giga-pawn on the Duck tile naming p2 (your
            teammate: a claim; an opponent: an accusation), which ends the round
  waiting   the table plays in laps: each lap asks every seat once, in seat order;
            0 (or wait) lets the others act""",
}
"""How each game's moves read, for the help."""

_EXAMPLES = {
    "campers": {"text": "draw 2", "start": "squat", "words": "B5 c06"},
    "karibou": {"text": "exchange Elk for Duck", "start": "pawn Elk", "words": "Duck p2"},
}
"""Each game's examples of the answers that name, begin or contain moves."""

_TOKEN = re.compile(r"\s*(?:[^\s:]+:?|:)")
"""A piece of a move's text: a word, or the part of one up to a colon (``2:``, ``card:``)."""
_OWNER = re.compile(r"\s*\d+:")
"""The piece naming a campsite's owner (``2:`` of ``2:c06.0``)."""


def help_text(game: str, seat: int, *, can_wait: bool) -> str:
    """The help: the answers a question takes, then how the game's moves read."""
    wait = "; 0 (or wait) lets the others act" if can_wait else ""
    answers = ANSWERS.format(wait=wait, seat=seat, **_EXAMPLES[game])
    return answers + "\n" + NOTATION[game]


class Menu:
    """One seat's legal moves, numbered from 1 in the order of the game's :data:`KINDS`."""

    def __init__(self, game: str, legal: Sequence[Any], seat: int) -> None:
        rank = {kind: n for n, kind in enumerate(KINDS[game])}
        texts = [str(action).removeprefix(f"p{seat} ") for action in legal]
        order = sorted(range(len(legal)), key=lambda i: rank.get(texts[i].split()[0], len(rank)))
        self.moves = tuple(legal[i] for i in order)
        """The moves, as numbered (move ``n`` is ``moves[n - 1]``)."""
        self.texts = tuple(texts[i] for i in order)
        """Each move's text without its seat."""

    def lines(self) -> list[str]:
        """Every move, grouped: at most :data:`ROWS` lines."""
        return listing(list(enumerate(self.texts, 1)))

    def find(self, answer: str) -> list[int]:
        """The numbers of the moves ``answer`` begins (case aside); else of those that
        contain every word of it; maybe none."""
        wanted = " ".join(answer.lower().split())
        texts = [text.lower() for text in self.texts]
        begun = [n for n, text in enumerate(texts, 1) if text.startswith(wanted)]
        if begun or not wanted:
            return begun
        words = wanted.split()
        return [n for n, text in enumerate(texts, 1) if all(word in text for word in words)]

    def show(self, numbers: Sequence[int]) -> list[str]:
        """The lines listing these moves (at most :data:`ROWS`)."""
        return listing([(n, self.texts[n - 1]) for n in numbers])


def listing(entries: Sequence[tuple[int, str]]) -> list[str]:
    """Numbered moves in at most :data:`ROWS` lines.

    Few enough, one a line. Else grouped by the piece of text that follows what they all
    begin with: a group is listed in full while the lines allow (the smallest first), or
    else one line naming its start, its size and what follows. When no piece groups them
    (a Go Fishing request per card), they go in columns under their common start.
    """
    if len(entries) <= ROWS:
        return [_entry(n, text) for n, text in entries]
    depth = _common_depth([text for _, text in entries])
    groups: dict[str, list[tuple[int, str]]] = {}
    for n, text in entries:
        groups.setdefault("".join(_TOKEN.findall(text)[: depth + 1]), []).append((n, text))
    if len(groups) == len(entries):
        return _columns(entries, depth)
    opened: set[str] = set()
    used = len(groups)
    for start, members in sorted(groups.items(), key=lambda item: len(item[1])):
        if used + len(members) - 1 > ROWS:
            break
        opened.add(start)
        used += len(members) - 1
    lines: list[str] = []
    for start, members in groups.items():
        if start in opened:
            lines += [_entry(n, text) for n, text in members]
        else:
            lines.append(_summary(members))
    return _cut(lines)


def _entry(n: int, text: str) -> str:
    return f"  {n:3}. {text}"


def _common_depth(texts: Sequence[str]) -> int:
    """How many pieces every text begins with alike."""
    split = [_TOKEN.findall(text) for text in texts]
    depth = 0
    while all(len(pieces) > depth + 1 and pieces[depth] == split[0][depth] for pieces in split):
        depth += 1
    return depth


def _summary(members: Sequence[tuple[int, str]]) -> str:
    """One line for a group: the start its moves share, their number and where they
    differ (a place whole: ``2:c06.0``)."""
    depth = _common_depth([text for _, text in members])
    start = "".join(_TOKEN.findall(members[0][1])[:depth]).strip()
    follows: list[str] = []
    for _, text in members:
        pieces = _TOKEN.findall(text)[depth:]
        nxt = pieces[0] if pieces else ""
        if _OWNER.fullmatch(nxt) and len(pieces) > 1:
            nxt += pieces[1]
        nxt = nxt.strip()
        if nxt and nxt not in follows:
            follows.append(nxt)
    line = f'  {start} ...  {len(members)} moves (type "{start}" to list them): '
    line += ", ".join(follows)
    return line if len(line) <= WIDTH else line[: WIDTH - 3] + "..."


def _columns(entries: Sequence[tuple[int, str]], depth: int) -> list[str]:
    """Moves alike but for their ends: the common start, then each number and end."""
    start = "".join(_TOKEN.findall(entries[0][1])[:depth])
    cells = [f"{n:3}. {text[len(start):].strip()}" for n, text in entries]
    width = max(len(cell) for cell in cells) + 2
    across = max(1, (WIDTH - 4) // width)
    rows = ["  " + "".join(cell.ljust(width) for cell in cells[i:i + across]).rstrip()
            for i in range(0, len(cells), across)]
    return _cut([f"  {start.strip()} ...", *rows])


def _cut(lines: list[str]) -> list[str]:
    """At most :data:`ROWS` lines, the last saying how many were left out."""
    if len(lines) <= ROWS:
        return lines
    left = len(lines) - ROWS + 1
    return [*lines[: ROWS - 1], f"  ... {left} more lines: type more of the move to narrow them"]
