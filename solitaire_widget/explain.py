"""Why a move is legal or not, in one or two plain sentences naming the rule."""

from __future__ import annotations

from .cards import card_name, rank_name
from .games.base import F3, Table
from .moves import DRAW, FIRST_TABLEAU, RESERVE, STOCK, WASTE, IllegalMove, Move, pile_id
from .texts import text


def pile_name(t: Table, index: int, lang: str) -> str:
    if index == STOCK:
        return text("pile_s", lang)
    if index == WASTE:
        return text("pile_w", lang)
    if index == RESERVE:
        return text(t.rules.reserve_text_key, lang)
    if index < FIRST_TABLEAU:
        return text("pile_f", lang, i=pile_id(index))
    return text("pile_t", lang, i=pile_id(index))


def _needed_on_foundation(t: Table, top: int, lang: str) -> str:
    nxt = top // 13 * 13 + (top % 13 + 1) % 13
    return card_name(nxt, lang)


def _context(t: Table, move: Move, lang: str) -> dict[str, object]:
    src, dst, n = move
    piles = t.piles
    ctx: dict[str, object] = {
        "game": t.rules.title_el if lang == "el" else t.rules.title,
        "n": n,
        "src": pile_name(t, src, lang) if 0 <= src < len(piles) else pile_id(src),
        "target_pile": pile_name(t, dst, lang) if 0 <= dst < len(piles) else pile_id(dst),
        "pile": pile_id(dst) if not 0 <= dst < len(piles) else pile_id(src),
        "base": rank_name(t.base, lang) if t.base else "",
        "max": t.rules.max_redeals,
    }
    if not (0 <= src < len(piles) and 0 <= dst < len(piles)):
        return ctx
    spile, dpile = piles[src], piles[dst]
    ctx["have"] = len(spile)
    if spile and n <= len(spile):
        # Eagle Wing and foundations look at the group's top card; Kansas and Saratoga
        # columns at its bottom card
        uses_top = dst <= F3 or t.rules.column_checks_top_card
        card = spile[-1] if uses_top else spile[-n]
        ctx["card"] = card_name(card, lang)
        ctx["upper"] = ctx["card"]
        for i in range(1, n):
            upper, lower = spile[-i], spile[-i - 1]
            if upper % 13 + 2 != lower % 13 + 1 or (13 <= upper < 39) == (13 <= lower < 39):
                ctx["upper"] = card_name(upper, lang)
                break
    if dpile:
        top = dpile[-1]
        ctx["target"] = card_name(top, lang)
        if dst <= F3:
            ctx["needed"] = _needed_on_foundation(t, top, lang)
        else:
            below = (top % 13 - 1) % 13
            ctx["needed"] = card_name(top // 13 * 13 + below, lang)
            if not t.rules.columns_build_in_suit:
                ctx["needed"] = rank_name(below + 1, lang)
            ctx["needed_rank"] = rank_name(below + 1, lang)
    return ctx


def explain(t: Table, action: object, lang: str = "en") -> str:
    """``"Legal: ..."`` or ``"Illegal: ..."``: the rule that allows or forbids ``action``."""
    text("legal", lang, text="")  # validates lang
    if isinstance(action, Move):
        move = action
    else:
        try:
            move = Move.parse(action)  # type: ignore[arg-type]
        except (IllegalMove, TypeError):
            return text("illegal", lang, text=text("malformed", lang, action=action))
    if t.is_won():
        return text("illegal", lang, text=text("game_won", lang))
    why = t.reason(move)
    if why is not None:
        ctx = _context(t, move, lang) if move != DRAW else {
            "game": t.rules.title_el if lang == "el" else t.rules.title,
            "max": t.rules.max_redeals,
        }
        return text("illegal", lang, text=text(why, lang, **ctx))
    if move == DRAW:
        if t.piles[STOCK]:
            k = min(t.rules.draw_count, len(t.piles[STOCK]))
            return text("legal", lang, text=text("legal_draw", lang, k=k))
        left = t.redeals_left
        after = (
            text("redeals_unlimited", lang)
            if left is None
            else text("redeals_left", lang, n=left - 1)
        )
        return text("legal", lang, text=text("legal_redeal", lang, left=after))
    ctx = _context(t, move, lang)
    keys = t.rules.legal_keys(t, move.src, move.count, move.dst)
    words = "".join(text(k, lang, **ctx) for k in keys)
    words += _consequences(t, move, lang)
    return text("legal", lang, text=words)


def _consequences(t: Table, move: Move, lang: str) -> str:
    """What happens by itself after the move: a refill, a reserve card coming into play."""
    if not t.rules.has_reserve:
        return ""
    scratch = t.copy()
    _, refilled = scratch.apply(move)
    out = ""
    reserve = scratch.piles[RESERVE]
    if refilled:
        out += text("refill", lang, card=card_name(scratch.piles[move.src][-1], lang))
    flips = t.rules.reserve_top_in_play and (refilled or move.src == RESERVE)
    if flips and reserve:
        out += text("reserve_flip", lang, card=card_name(reserve[-1], lang))
    return out


__all__ = ["explain", "pile_name"]
