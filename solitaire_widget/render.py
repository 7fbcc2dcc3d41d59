"""Pictures of a game without Jupyter widgets: compact text, and a static SVG table.

The SVG is what a notebook shows for a bare ``Game`` (``_repr_svg_``): it survives on
GitHub and nbviewer, where widgets do not render. Layouts follow Aisleriot's slot
positions (card units), as the widget's do.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Protocol

from .cards import DECKS, card_symbol, code
from .moves import FIRST_TABLEAU, FOUNDATIONS, RESERVE, STOCK, WASTE, Move, pile_index

if TYPE_CHECKING:
    from .games.base import Rules, Table


class Shown(Protocol):
    """What a picture reads of a game (``Game`` offers it all; this module sits below
    ``game.py`` and imports nothing of it)."""

    @property
    def seed(self) -> int | None: ...
    @property
    def title(self) -> str: ...
    @property
    def score(self) -> int: ...
    @property
    def status(self) -> str: ...
    @property
    def stock_left(self) -> int: ...
    @property
    def reserve_left(self) -> int | None: ...
    @property
    def base_rank(self) -> str | None: ...
    @property
    def redeals_left(self) -> int | None: ...
    @property
    def draw_count(self) -> int: ...
    @property
    def table(self) -> Table: ...
    @property
    def rules(self) -> Rules: ...
    def snapshot(self) -> dict[str, Any]: ...


W, H, GAP = 56, 78, 10  # card size and spacing, px
FAN = 20  # vertical offset of fanned tableau cards, px
SUIT_GLYPHS = "♣♦♥♠"
# each deck's suit inks in Aisleriot's suit order (clubs, diamonds, hearts, spades): the
# widget's (js/cardsvg.js DECKS), with the picture's own near-black
INKS = {
    "classic": ("#111", "#c0172b", "#c0172b", "#111"),
    "four_colour": ("#12702a", "#1f57c3", "#c0162c", "#111"),
    "high_contrast": ("#1c7282", "#6c30bf", "#bb261c", "#000"),
}


def _status_line(game: Shown) -> str:
    parts = [f"{game.title}", f"seed {game.seed}" if game.seed is not None else "custom deal"]
    parts += [f"score {game.score}", f"stock {game.stock_left}"]
    if game.reserve_left is not None:
        parts.append(f"reserve {game.reserve_left}")
    if game.base_rank:
        parts.append(f"base {game.base_rank.replace('T', '10')}")
    left = game.redeals_left
    parts.append("redeals unlimited" if left is None else f"redeals left {left}")
    parts.append(game.status)
    return "  ".join(parts)


def table_text(game: Shown) -> str:
    """The table as compact text: one line per pile, codes bottom to top."""
    snap = game.snapshot()
    lines = [_status_line(game)]
    waste = snap["w"][-game.draw_count :] if snap["w"] else []
    found = "  ".join(f"f{i}:{(p[-1] if p else '--'):>3}" for i, p in enumerate(snap["f"]))
    lines.append(f"s: [{len(snap['s'])}]  w: {' '.join(waste) or '--'}   {found}")
    if "r" in snap:
        # Eagle Wing's trunk lies face down but its last card: its top shows its back
        top = snap["r"][-1] if snap["r"] else "--"
        top = top if top == "--" or top.isupper() else "##"
        lines.append(f"r: {top} [{len(snap['r'])}]")
    for i, pile in enumerate(snap["t"]):
        # a face-down card shows its back, not its name
        shown = [c if c.isupper() else "##" for c in pile]
        lines.append(f"t{i}: {' '.join(shown)}")
    return "\n".join(lines)


def _card_svg(card: int, x: float, y: float, face_up: bool, deck: str = "classic") -> str:
    if not face_up:
        return (
            f'<g transform="translate({x:.0f},{y:.0f})">'
            f'<rect width="{W}" height="{H}" rx="5" fill="#f8f8f8" stroke="#555"/>'
            f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="3" fill="#2b4c9b"/>'
            f'<path d="M4 {H / 2}L{W / 2} 4L{W - 4} {H / 2}L{W / 2} {H - 4}Z" '
            f'fill="none" stroke="#8fa8e0"/></g>'
        )
    colour = INKS[deck][card // 13]
    sym = card_symbol(card)
    rank, glyph = sym[:-1], SUIT_GLYPHS[card // 13]
    return (
        f'<g transform="translate({x:.0f},{y:.0f})" data-card="{code(card)}">'
        f'<rect width="{W}" height="{H}" rx="5" fill="#fffdf8" stroke="#555"/>'
        f'<text x="4" y="17" font-size="15" font-weight="700" fill="{colour}" '
        f'font-family="sans-serif">{rank}{glyph}</text>'
        f'<text x="{W / 2}" y="{H / 2 + 14}" font-size="30" text-anchor="middle" '
        f'fill="{colour}" font-family="sans-serif">{glyph}</text></g>'
    )


def table_svg(game: Shown, deck: str = "classic", mark: Move | None = None) -> str:
    """A static SVG picture of the table (felt, cards, pile labels, status line), its
    cards in the inks of ``deck`` (the widget's decks: solitaire_widget.cards.DECKS);
    ``mark``: a move whose cards and target are outlined, as the table marks a hint
    (legal or not: an exercise's referee points out a move the rules refuse)."""
    if not isinstance(deck, str) or deck not in DECKS:
        raise ValueError(f"deck must be one of {DECKS}, not {deck!r}")
    if mark is not None and not isinstance(mark, Move):
        raise TypeError(f"mark must be a Move or None, not {mark!r}")
    t = game.table
    rules = game.rules
    # the game's own slots, as the page lays them out
    layout = {pile_index(s.pile): (s.x, s.y) for s in rules.layout().slots}
    cols = max(x for x, _ in layout.values()) + 1
    fan_rows = max((len(t.piles[i]) for i in t.tableau), default=1)
    width = int(cols * (W + GAP) + GAP)
    height = int(2.4 * (H + GAP) + max(0, fan_rows - 1) * FAN + 40)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(game.title)} table">',
        f'<rect width="{width}" height="{height}" rx="8" fill="#1f6b3a"/>',
    ]
    for index, (gx, gy) in layout.items():
        x = GAP + gx * (W + GAP)
        y = GAP + gy * (H + GAP)
        pile = t.piles[index]
        out.append(
            f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="5" fill="none" '
            f'stroke="#9fd3ae" stroke-dasharray="4 3" data-pile="{_pid(index)}"/>'
        )
        if not pile:
            if index in FOUNDATIONS:
                label = game.base_rank or "A"
                out.append(
                    f'<text x="{x + W / 2}" y="{y + H / 2 + 6}" font-size="18" '
                    f'text-anchor="middle" fill="#9fd3ae" font-family="sans-serif">'
                    f"{label.replace('T', '10')}</text>"
                )
            continue
        n = len(pile)
        if index >= FIRST_TABLEAU:
            for i, card in enumerate(pile):
                out.append(_card_svg(card, x, y + i * FAN, t.is_face_up(index, i), deck))
        elif index == WASTE and game.draw_count > 1:
            shown = pile[-game.draw_count :]
            for i, card in enumerate(shown):
                out.append(_card_svg(card, x + i * 12, y, True, deck))
        else:
            out.append(_card_svg(pile[-1], x, y, t.is_face_up(index, n - 1), deck))
        if index in (STOCK, RESERVE):
            out.append(
                f'<text x="{x + W / 2}" y="{y + H + 13}" font-size="11" text-anchor="middle" '
                f'fill="#e8f5ec" font-family="sans-serif">{n}</text>'
            )
    if mark is not None and mark.src != STOCK:
        out.extend(_marks(game, layout, mark))
    out.append(
        f'<text x="{GAP}" y="{height - 12}" font-size="13" fill="#e8f5ec" '
        f'font-family="sans-serif">{escape(_status_line(game))}</text>'
    )
    out.append("</svg>")
    return "".join(out)


def _marks(game: Shown, layout: dict[int, tuple[float, float]], move: Move) -> list[str]:
    """Outlines around the cards ``move`` takes and the card (or empty slot) it puts
    them on, placed as ``table_svg`` places the cards."""
    t = game.table

    def box(index: int, first: int, last: int) -> str:
        # the outline of cards first..last (positions from the bottom) of pile index
        gx, gy = layout[index]
        x = GAP + gx * (W + GAP)
        y = GAP + gy * (H + GAP)
        top = bottom = y
        if index >= FIRST_TABLEAU:
            top, bottom = y + max(first, 0) * FAN, y + max(last, 0) * FAN
        elif index == WASTE and game.draw_count > 1:
            x += (min(len(t.piles[index]), game.draw_count) - 1) * 12
        return (
            f'<rect x="{x - 3}" y="{top - 3}" width="{W + 6}" height="{bottom - top + H + 6}" '
            f'rx="7" fill="none" stroke="#ffb000" stroke-width="3" data-mark="{_pid(index)}"/>'
        )

    out = []
    size = len(t.piles[move.src]) if move.src in layout else 0
    if size:
        out.append(box(move.src, size - min(move.count, size), size - 1))
    if move.dst in layout:
        top = len(t.piles[move.dst]) - 1
        out.append(box(move.dst, top, top))
    return out


def _pid(index: int) -> str:
    from .moves import pile_id

    return pile_id(index)
