"""A picture of the camp as one seat sees it: :func:`to_svg` draws a view as SVG.

The viewer's hand is drawn face up, every other hand as card backs; the center (face up
or face down), the pile and the discard, the eight round tiles with the Giga-pawn where the
last round left it, each seat's team card as the view shows it, who has passed, the signs
the viewer made or noticed, and the scores as far as the viewer may see them: its own
while the game goes on, everyone's once it is over (KC-18). The picture is made from the
view alone, so it shows nothing the seat may not see (KC-12), and the same view always
gives the same bytes.

>>> import karibou_rules as kc
>>> svg = to_svg(kc.new_game(players=4, seed=1).view(2))
>>> svg.startswith("<svg") and "p2 (you)" in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from karibou_rules._cards import TILES, Card, hand_size
from karibou_rules._errors import KaribouError

if TYPE_CHECKING:  # a view draws itself through this module (View._repr_svg_)
    from karibou_rules._view import View

_WIDTH = 900
_CARD_W, _CARD_H = 62, 44
_FILLS = {
    Card.ELK: "#8c5a2b", Card.POLECAT: "#444444", Card.BEAR: "#5a3b1e",
    Card.MARMOT: "#b07b3c", Card.RACCOON: "#6f6f80", Card.SQUIRREL: "#c4562a",
    Card.DUCK: "#2f7d6d", Card.SCOUT: "#c8a21b",
}
_BACK = "#2f4f7d"


def _text(x: float, y: float, words: str, size: int = 14, weight: str = "normal",
          fill: str = "#222", anchor: str = "start") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(words)}</text>')


def _card(x: float, y: float, card: Card) -> str:
    return (f'<g class="card" data-card="{card}"><rect x="{x}" y="{y}" width="{_CARD_W}" '
            f'height="{_CARD_H}" rx="5" fill="{_FILLS[card]}" stroke="#111"/>'
            + _text(x + _CARD_W / 2, y + _CARD_H / 2 + 5, str(card), 12, "bold", "#fff",
                    "middle") + "</g>")


def _back(x: float, y: float) -> str:
    return (f'<rect x="{x}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="5" '
            f'fill="{_BACK}" stroke="#111"/>')


def to_svg(view: View) -> str:
    """The camp as ``view.player`` sees it, as an SVG document.

    Raises:
        KaribouError: ``view`` is no :class:`View` of Karibou Camp.
    """
    from karibou_rules._view import View  # not at load: _view draws its views through here

    if not isinstance(view, View):
        raise KaribouError(f"to_svg draws a View, not {type(view).__name__}")
    body: list[str] = []
    round_number = len(view.round_results) + (not view.is_over)
    body.append(_text(16, 28, f"Karibou Camp: round {round_number} ({view.phase.value})", 18,
                      "bold"))
    if view.final_scores:
        scores = ", ".join(f"p{seat} {score}" for seat, score in enumerate(view.final_scores))
        winners = ", ".join(f"p{seat}" for seat in sorted(view.winners))
        body.append(_text(16, 52, f"final scores: {scores}; won by {winners}"))
    else:
        body.append(_text(16, 52, f"your score: {view.score} (others' scores are secret)"))
    # the tiles, and the Giga-pawn where the last round left it
    last = view.round_results[-1] if view.round_results else None
    body.append(_text(16, 84, "round tiles", 14, "bold"))
    for i, tile in enumerate(TILES):
        x = 16 + 104 * i
        body.append(f'<g class="tile" data-tile="{tile}"><rect x="{x}" y="92" width="98" '
                    f'height="34" rx="6" fill="#eef3e6" stroke="#59704a"/>'
                    + _text(x + 49, 114, str(tile), 12, "bold", "#333", "middle") + "</g>")
        if last is not None and last.tile == tile:
            body.append(f'<g class="pawn"><circle cx="{x + 88}" cy="92" r="10" fill="#111"/>'
                        + _text(x + 88, 96, f"p{last.named}", 9, "bold", "#fff", "middle")
                        + "</g>")
    pawn = ("the Giga-pawn is ready" if last is None else
            f"the Giga-pawn: placed by p{last.placed_by} on {last.tile}, naming p{last.named} "
            f"({last.reason.value})")
    body.append(_text(16, 144, pawn, 12))
    # the center, the pile and the discard
    y = 176
    body.append(_text(16, y, "center", 14, "bold"))
    center = [_card(16 + (_CARD_W + 4) * i, y + 8, card) for i, card in enumerate(view.center)]
    center += [_back(16 + (_CARD_W + 4) * (len(view.center) + i), y + 8)
               for i in range(view.center_face_down)]
    body.append('<g class="center">' + "".join(center) + "</g>")
    body.append(_text(520, y, f"pile {view.pile_size}, discard {view.discard_size}", 14,
                      "bold"))
    body.append(_back(520, y + 8))
    y += _CARD_H + 44
    for seat in range(view.num_players):
        you = seat == view.player
        label = f"p{seat} (you)" if you else f"p{seat}"
        label += f" - {view.teams[seat]}"
        if seat in view.passed:
            label += " - passed"
        if seat == view.scout_player:
            label += " - completing after a Scout"
        body.append(f'<g class="seat" data-seat="{seat}">' + _text(16, y, label, 15, "bold"))
        if you:
            body.append("".join(_card(16 + (_CARD_W + 4) * i, y + 8, card)
                                for i, card in enumerate(view.hand)))
        else:
            held = hand_size(view.teams[seat]) - (seat == view.scout_player)  # KC-3, KC-5
            body.append("".join(_back(16 + 8 * i, y + 8) for i in range(held)))
        body.append("</g>")
        y += _CARD_H + 36
    signs = "; ".join(f"p{sign.player} {sign.species} ({sign.species.sign})"
                      for sign in view.signs) or "none"
    body.append(_text(16, y, f"signs you made or noticed this round: {signs}", 13))
    height = y + 20
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" '
            f'viewBox="0 0 {_WIDTH} {height}" font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="#f6f8f2"/>' + "".join(body) + "</svg>")
