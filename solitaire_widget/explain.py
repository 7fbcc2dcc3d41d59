"""Why a move is legal or not, in one or two plain sentences naming the rule."""

from __future__ import annotations

from .cards import RANKS, card_name, code, parse_code, rank_name
from .games import GAMES
from .games.base import F3, REFILLED, TURNED, Rules, Table
from .moves import (
    DRAW,
    FIRST_TABLEAU,
    RESERVE,
    STOCK,
    WASTE,
    IllegalMove,
    Move,
    bad_move,
    pile_id,
    pile_index,
)
from .texts import LANGS, fill, text


def _say(rules: type[Rules] | Rules | None, key: str, lang: str, **params: object) -> str:
    """Sentence ``key`` in ``lang``: the game's own wording if it has one."""
    if rules is None:
        return text(key, lang, **params)
    return fill(rules.sentence(key, lang), params)


def pile_name(t: Table, index: int, lang: str) -> str:
    return _pile_words(t.rules, pile_id(index), lang)


def _needed_on_foundation(top: int) -> int:
    return top // 13 * 13 + (top % 13 + 1) % 13


# The arguments of a reason, in language-neutral form so that an IllegalMove can carry
# them and be worded again in any language: card codes ("QH") under these keys, rank
# letters ("5") under _RANK_ARGS, pile ids ("t3") under _PILE_ARGS, the game's name
# under "game". "needed" is a card code where columns build in suit, else a rank letter.
_CARD_ARGS = ("card", "upper", "target", "needed")
_RANK_ARGS = ("base", "needed_rank")
_PILE_ARGS = ("src", "target_pile")


def reason_args(t: Table, move: Move) -> dict[str, object]:
    """What the text of a reason about ``move`` may mention, language-neutral."""
    src, dst, n = move
    piles = t.piles
    args: dict[str, object] = {
        "game": t.rules.name,
        "max": t.rules.max_redeals,
    }
    if move == DRAW:
        return args
    args.update(
        {
            "n": n,
            "src": pile_id(src),
            "target_pile": pile_id(dst),
            "pile": pile_id(dst) if not 0 <= dst < len(piles) else pile_id(src),
            "base": RANKS[t.base - 1] if t.base else "",
        }
    )
    if not (0 <= src < len(piles) and 0 <= dst < len(piles)):
        return args
    spile, dpile = piles[src], piles[dst]
    args["have"] = len(spile)
    if spile and n <= len(spile):
        # Eagle Wing and foundations look at the group's top card; Kansas and Saratoga
        # columns at its bottom card
        uses_top = dst <= F3 or t.rules.column_checks_top_card
        card = spile[-1] if uses_top else spile[-n]
        args["card"] = args["upper"] = code(card)
        # the card of the group that does not lie as the game's rules want on the card
        # under it: the top card of the shortest group the rules refuse to pick up
        for i in range(1, n):
            if t.rules.pick_reason(t, src, i + 1) is not None:
                args["upper"] = code(spile[-i])
                break
    if dpile:
        top = dpile[-1]
        args["target"] = code(top)
        if dst <= F3:
            args["needed"] = code(_needed_on_foundation(top))
        else:
            below = (top % 13 - 1) % 13
            args["needed"] = (
                code(top // 13 * 13 + below) if t.rules.columns_build_in_suit else RANKS[below]
            )
            args["needed_rank"] = RANKS[below]
    return args


def _pile_words(rules: type[Rules] | Rules | None, pile: str, lang: str) -> str:
    try:
        index = pile_index(pile)
    except ValueError:
        return pile
    if index == STOCK:
        return text("pile_s", lang)
    if index == WASTE:
        return text("pile_w", lang)
    if index == RESERVE:
        return _say(rules, "pile_r", lang)
    if index < FIRST_TABLEAU:
        return text("pile_f", lang, i=pile_id(index))
    return text("pile_t", lang, i=pile_id(index))


def _rules_of(args: dict[str, object], rules: Rules | None) -> type[Rules] | Rules | None:
    # the game's words: those of the rules given (a game that need not be registered,
    # or whose name another class has), else of the game registered under the name
    return rules if rules is not None else GAMES.get(str(args.get("game")))


def localize(args: dict[str, object], lang: str, rules: Rules | None = None) -> dict[str, object]:
    """``reason_args`` in words of ``lang``, ready for the templates of texts.py
    (``rules``: the game's, where its name may not stand for it)."""
    game = _rules_of(args, rules)
    out = dict(args)
    if game is not None:
        out["game"] = game.title_in(lang)
    for k in _CARD_ARGS:
        v = args.get(k)
        if isinstance(v, str) and len(v) == 2:
            out[k] = card_name(parse_code(v)[0], lang)
        elif isinstance(v, str) and len(v) == 1:
            out[k] = rank_name(RANKS.index(v) + 1, lang)
    for k in _RANK_ARGS:
        v = args.get(k)
        if isinstance(v, str) and len(v) == 1:
            out[k] = rank_name(RANKS.index(v) + 1, lang)
    for k in _PILE_ARGS:
        v = args.get(k)
        if isinstance(v, str):
            out[k] = _pile_words(game, v, lang)
    return out


def illegal_text(
    key: str, args: dict[str, object], lang: str = "en", rules: Rules | None = None
) -> str:
    """``"Illegal: ..."``: the reason ``key`` with its neutral ``args``, in ``lang``
    (``rules``: the game's, where its name may not stand for it)."""
    game = _rules_of(args, rules)
    words = _say(game, key, lang, **localize(args, lang, rules))
    return text("illegal", lang, text=words)


def wordings(key: str, args: dict[str, object], rules: Rules | None = None) -> dict[str, str]:
    """``illegal_text`` in every language, for an IllegalMove to carry."""
    return {lang: illegal_text(key, args, lang, rules) for lang in LANGS}


def refusal(t: Table, move: Move) -> tuple[str, dict[str, object]] | None:
    """Why the rules refuse ``move`` as (reason key, neutral args), or None if legal."""
    why = t.reason(move)
    if why is None:
        return None
    if t.is_won():
        return "game_won", {}
    return why, reason_args(t, move)


def explain(t: Table, action: object, lang: str = "en") -> str:
    """``"Legal: ..."`` or ``"Illegal: ..."``: the rule that allows or forbids ``action``."""
    text("legal", lang, text="")  # validates lang
    if isinstance(action, Move):
        bad = bad_move(action)
        if bad is not None:  # a Move made by hand that is no move at all
            return bad.text(lang)
        move = action
    else:
        try:
            move = Move.parse(action)  # type: ignore[arg-type]
        except (IllegalMove, TypeError):
            try:
                return text("illegal", lang, text=text("malformed", lang, action=action))
            except ValueError:  # (an int of more digits than Python prints)
                shown = f"<{type(action).__name__}>"
                return text("illegal", lang, text=text("malformed", lang, action=shown))
    if t.is_won():
        return text("illegal", lang, text=text("game_won", lang))
    why = t.reason(move)
    if why is not None:
        return illegal_text(why, reason_args(t, move), lang, t.rules)
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
    ctx = localize(reason_args(t, move), lang, t.rules)
    keys = t.rules.legal_keys(t, move.src, move.count, move.dst)
    words = "".join(_say(t.rules, k, lang, **ctx) for k in keys)
    words += _consequences(t, move, lang)
    return text("legal", lang, text=words)


def _consequences(t: Table, move: Move, lang: str) -> str:
    """What happens by itself after the move: a refill, a reserve card coming into play,
    a face-down card turning over (not named: the player cannot know it yet)."""
    if t.rules.hidden_cards and move.src >= FIRST_TABLEAU:
        scratch = t.copy()
        _, done = scratch.apply(move)
        return text("turn_over", lang) if done & TURNED else ""
    if not t.rules.has_reserve:
        return ""
    scratch = t.copy()
    _, done = scratch.apply(move)
    refilled = done & REFILLED
    out = ""
    reserve = scratch.piles[RESERVE]
    # Words come before the move, so a card is named only if it shows now: the card a
    # refill or a flip brings into play may lie face down until the move is made
    # (Eagle Wing's trunk, Kansas's reserve under its top card).
    if refilled:
        card = scratch.piles[move.src][-1]
        if _shown(t, RESERVE, card):
            out += text("refill", lang, card=card_name(card, lang))
        else:
            out += text("refill_hidden", lang)
    flips = t.rules.reserve_top_in_play and (refilled or move.src == RESERVE)
    if flips and reserve:
        if _shown(t, RESERVE, reserve[-1]):
            out += text("reserve_flip", lang, card=card_name(reserve[-1], lang))
        else:
            out += text("reserve_flip_hidden", lang)
    return out


def _shown(t: Table, pile: int, card: int) -> bool:
    """Whether ``card`` lies face up in ``pile`` of ``t`` (False when it is not there)."""
    cards = t.piles[pile]
    return card in cards and t.is_face_up(pile, cards.index(card))


__all__ = ["explain", "illegal_text", "localize", "pile_name", "reason_args", "refusal", "wordings"]
