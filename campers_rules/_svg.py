"""A picture of the table as one seat sees it: :func:`to_svg` draws a view as SVG.

The viewer's hand is drawn face up, every other hand as card backs with its count; the
campsites on the table with their groups and owners, the campground, the deck, the discard
pile and the scores. The picture is made from the view alone, so it shows nothing the seat
may not see (UC-23), and the same view always gives the same bytes.

>>> import campers_rules as uc
>>> svg = to_svg(uc.new_game(3, seed=1).view(0))
>>> svg.startswith("<svg") and "p0 (you)" in svg
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from campers_rules._errors import CampersError

if TYPE_CHECKING:  # a view draws itself through this module (View._repr_svg_)
    from campers_rules._state import View

_WIDTH = 960
_CARD_W, _CARD_H = 34, 48
_SMALL_W, _SMALL_H = 26, 36
_PER_LINE = 25
"""Face-up hand cards on one line; a bigger hand goes on over more lines."""
_FILLS = {"B": "#3b6fd1", "Y": "#e2b714", "R": "#d1433b", "G": "#3b9a4f"}
_WILD = "#7d4fc4"
_ACTION = "#5b4636"
_BACK = "#2f5d50"


def _text(x: float, y: float, words: str, size: int = 14, weight: str = "normal",
          fill: str = "#222", anchor: str = "start") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
            f'fill="{fill}" text-anchor="{anchor}">{escape(words)}</text>')


def _card(x: float, y: float, label: str, small: bool = False) -> str:
    """One face-up card: its color, its number (a wild with what it stands for), or an
    action card's name."""
    w, h = (_SMALL_W, _SMALL_H) if small else (_CARD_W, _CARD_H)
    if label.startswith("W"):
        fill, words = _WILD, label.replace("=", " ")
    elif label[0] in _FILLS and label[1:].isdigit():
        fill, words = _FILLS[label[0]], label[1:]
    else:
        fill, words = _ACTION, label[:4]
    size = 9 if len(words) > 3 else 13 if small else 15
    return (f'<g class="card" data-card="{escape(label)}"><rect x="{x}" y="{y}" width="{w}" '
            f'height="{h}" rx="4" fill="{fill}" stroke="#111"/>'
            + _text(x + w / 2, y + h / 2 + 5, words, size, "bold", "#fff", "middle") + "</g>")


def _backs(x: float, y: float, count: int) -> str:
    """A hand seen from behind: a few fanned backs and the count."""
    parts = [f'<rect x="{x + 6 * i}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
             f'fill="{_BACK}" stroke="#111"/>' for i in range(min(count, 5))]
    parts.append(_text(x + 6 * min(count, 5) + _CARD_W + 8, y + 30, f"{count} cards", 13))
    return '<g class="backs">' + "".join(parts) + "</g>"


def _cards(x: float, y: float, labels: list[str], small: bool = False) -> str:
    step = (_SMALL_W if small else _CARD_W) + 3
    return "".join(_card(x + step * i, y, label, small) for i, label in enumerate(labels))


def to_svg(view: View) -> str:
    """The table as ``view.player`` sees it, as an SVG document.

    Raises:
        CampersError: ``view`` is no :class:`View` of Unhappy Campers.
    """
    from campers_rules._state import View  # not at load: _state draws its views through here

    if not isinstance(view, View):
        raise CampersError(f"to_svg draws a View, not {type(view).__name__}")
    faces = view.config.catalogue
    body: list[str] = []
    y = 28
    body.append(_text(16, y, f"Unhappy Campers: round {view.round + 1}/{view.config.rounds}, "
                      f"turn p{view.turn} ({view.phase.value}), dealer p{view.dealer}", 18,
                      "bold"))
    y += 24
    scores = ", ".join(f"p{seat} {score}" for seat, score in enumerate(view.scores))
    body.append(_text(16, y, f"scores: {scores}"))
    y += 30
    body.append(_text(16, y, f"deck {view.deck_size}", 14, "bold"))
    body.append(f'<rect x="16" y="{y + 8}" width="{_CARD_W}" height="{_CARD_H}" rx="4" '
                f'fill="{_BACK}" stroke="#111"/>')
    body.append(_text(110, y, f"discard {len(view.discard)}", 14, "bold"))
    if view.discard:
        body.append(_card(110, y + 8, str(view.discard[-1])))
    body.append(_text(220, y, f"campground (pile {view.pile_size})", 14, "bold"))
    for i, campsite in enumerate(view.campground):
        face = faces[campsite]
        body.append(f'<g class="campsite" data-campsite="{face.id}">'
                    f'<rect x="{220 + 150 * i}" y="{y + 8}" width="144" height="{_CARD_H}" '
                    f'rx="6" fill="#f3ead7" stroke="#8a6d3b"/>'
                    + _text(226 + 150 * i, y + 26, f"{face.id} ({face.points} pts)", 12, "bold")
                    + _text(226 + 150 * i, y + 44, str(face.primitive)[:24], 9) + "</g>")
    y += _CARD_H + 40
    for seat in range(view.num_players):
        you = seat == view.player
        label = f"p{seat} (you)" if you else f"p{seat}"
        if seat == view.turn:
            label += " - to play"
        body.append(f'<g class="seat" data-seat="{seat}">')
        body.append(_text(16, y, label, 15, "bold"))
        if you:
            labels = [str(card) for card in view.hand]
            for start in range(0, len(labels), _PER_LINE):
                body.append(_cards(16, y + 8, labels[start:start + _PER_LINE]))
                y += _CARD_H + 4
            y += 14 if labels else _CARD_H + 18
        else:
            body.append(_backs(16, y + 8, view.hand_sizes[seat]))
            y += _CARD_H + 18
        for site in view.table[seat]:
            face = faces[site.campsite]
            body.append(_text(32, y + 14, f"{face.id} ({face.points} pts)", 12, "bold"))
            x = 120
            for group in site.groups:
                labels = [str(card) for card in group.cards]
                span = (_SMALL_W + 3) * len(labels)
                if x > 120 and x + span > _WIDTH - 16:  # the next group on a line below
                    x, y = 120, y + _SMALL_H + 6
                body.append(_cards(x, y, labels, small=True))
                x += span + 14
            y += _SMALL_H + 8
        body.append("</g>")
        y += 14
    height, width = y + 10, max(_WIDTH, 236 + 150 * len(view.campground))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="#fbf8f1"/>' + "".join(body) + "</svg>")
