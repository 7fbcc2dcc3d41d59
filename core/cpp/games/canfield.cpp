// Canfield's part of the core: its legal actions, its search moves and its safe test,
// line for line the rules of solitaire_widget/games/canfield.py and canfield_search.py
// (every legal move, nothing pruned but the one move up argued safe there), registered
// as the part "canfield". How columns build is the trait column_build (Config::build):
// a card's class (suit_class, wanted_class) stands for its colour.
#include "../search.hpp"

namespace sc {

namespace {

// the group of ``n`` cards whose bottom card is ``card`` onto each other column whose top
// card is one above it in the other colour, or as the columns build (a King under an
// Ace), and into the column ``empty`` (0: none wanted)
void onto_columns(const Search& s, int card, int src, int n, int i, int draws, int nr,
                  std::vector<SMove>& out, int empty) {
    const Pos& p = s.pos;
    const Build build = s.cfg.build;
    const int cls = suit_class(build, card);
    const int above = (rank_of(card) + 1) % 13;
    auto mk = [&](int t) {
        return SMove{static_cast<int8_t>(i),   static_cast<uint8_t>(draws),
                     static_cast<uint8_t>(nr), static_cast<uint8_t>(src),
                     static_cast<uint8_t>(t),  static_cast<uint8_t>(n)};
    };
    for (int t = T0; t < T0 + s.cfg.ncols; ++t) {
        const Pile& tp = p.pl[t];
        if (tp.n && t != src) {
            int top = tp.c[tp.n - 1];
            if (rank_of(top) == above && wanted_class(build, top) == cls) out.push_back(mk(t));
        }
    }
    if (empty && empty != src) out.push_back(mk(empty));
}

// Canfield.safe_card: the card one rank above the base once both foundations of the
// other colour are started (never the waste's card with several cards a click); as the
// columns build: every other suit's in any suit, none in suit
bool safe_canfield(const Search& s, int card) {
    const Pos& p = s.pos;
    if ((rank_of(card) + 1 - s.cfg.base + 13) % 13 != 1) return false;
    if (s.cfg.draw > 1 && p.size(WASTE) && p.top(WASTE) == card) return false;
    bool started[4] = {};
    for (int f = F0; f <= F3; ++f)
        if (p.pl[f].n) started[p.pl[f].c[0] / 13] = true;
    if (s.cfg.build == Build::suit) return true;
    if (s.cfg.build == Build::any) {
        for (int o = 0; o < 4; ++o)
            if (o != suit_of(card) && !started[o]) return false;
        return true;
    }
    return is_red(card) ? started[0] && started[3] : started[1] && started[2];
}

void moves_canfield(Search& s, std::vector<SMove>& out) {
    const Pos& p = s.pos;
    const int ncols = s.cfg.ncols;
    auto [mid, last] = s.lists();
    const int empty = p.first_empty();
    // to the foundations: the reserve, the columns, the waste
    int sources[MAX_COLS + 2], ns = 0;
    sources[ns++] = RESERVE;
    for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
    sources[ns++] = WASTE;
    for (int k = 0; k < ns; ++k) {
        int src = sources[k];
        if (!p.size(src)) continue;
        int dst = s.found(p.top(src));
        if (dst) out.push_back(plain(src, dst));
    }
    // the reserve's and the waste's card onto the columns before the columns' groups: a
    // card that leaves them never comes back, the groups can shuffle back and forth
    // (canfield_search.py says what it saves)
    for (int src : {RESERVE, WASTE})
        if (p.size(src)) onto_columns(s, p.top(src), src, 1, -1, 0, 0, out, empty);
    // the columns' groups, the whole column first (not into an empty column)
    for (int src = T0; src < T0 + ncols; ++src) {
        const Pile& sp = p.pl[src];
        const int len = sp.n;
        for (int n = len; n >= 1; --n)
            onto_columns(s, sp.c[len - n], src, n, -1, 0, 0, n == len ? out : mid,
                         n == len ? 0 : empty);
    }
    std::vector<Reach>& reach = s.reach_buf;
    s.reachable(reach);
    for (const Reach& r : reach) {
        int card = p.seq[r.i];
        int dst = s.found(card);
        if (dst)
            last.push_back(SMove{static_cast<int8_t>(r.i), static_cast<uint8_t>(r.draws),
                                 static_cast<uint8_t>(r.nr), WASTE, static_cast<uint8_t>(dst), 1});
        onto_columns(s, card, WASTE, 1, r.i, r.draws, r.nr, last, empty);
    }
    // worrying back: a foundation's top card (not of the base rank) down (Canfield always
    // has it; the trait is read so the part keeps to what the config says)
    for (int f = F0; s.cfg.foundations_in_play && f <= F3; ++f) {
        const Pile& fp = p.pl[f];
        if (fp.n && rank_of(fp.c[fp.n - 1]) + 1 != s.cfg.base)
            onto_columns(s, fp.c[fp.n - 1], f, 1, -1, 0, 0, last, empty);
    }
    s.join(out);
}

// ---- the plain rules (Canfield.legal_moves) ---------------------------------------------
void legal_canfield(const Config& cfg, const Pos& p, std::vector<GMove>& out) {
    if (can_draw(cfg, p)) out.push_back(GMove{STOCK, WASTE, 1});
    uint8_t up[52];
    wrapping_targets(cfg, p, up);
    const int ncols = cfg.ncols;
    const Build build = cfg.build;
    int sources[2 + 4 + MAX_COLS], ns = 0;
    sources[ns++] = WASTE;
    sources[ns++] = RESERVE;
    for (int f = F0; cfg.foundations_in_play && f <= F3; ++f) sources[ns++] = f;
    for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
    for (int k = 0; k < ns; ++k) {
        int src = sources[k];
        int len = p.size(src);
        if (!len) continue;
        int card = p.top(src);
        bool foundation = src >= F0 && src <= F3;
        if (foundation && rank_of(card) + 1 == cfg.base) continue;  // the base rank stays
        for (int f = 0; f < 4; ++f)
            if ((up[card] >> f & 1) && F0 + f != src) out.push_back(GMove{src, F0 + f, 1});
        int depth = src >= T0 ? len : 1;
        for (int n = 1; n <= depth; ++n) {
            int bottom = p.at(src, len - n);
            for (int c = T0; c < T0 + ncols; ++c) {  // the columns that take it
                const Pile& q = p.pl[c];
                if (q.n && c != src) {
                    int top = q.c[q.n - 1];
                    if ((rank_of(top) + 12) % 13 == rank_of(bottom) &&
                        wanted_class(build, top) == suit_class(build, bottom))
                        out.push_back(GMove{src, c, n});
                }
            }
            for (int c = T0; c < T0 + ncols; ++c)
                if (!p.pl[c].n && c != src) out.push_back(GMove{src, c, n});
        }
    }
}

// its foundations start at the base card and wrap; no face-down cards; worrying back
// read from the config (foundations_in_play)
const Registrar registered{Part{"canfield", moves_canfield, safe_canfield, nullptr, legal_canfield,
                                true, false, true, ALL_BUILDS, empty_bit(Empty::any),
                                moves_bit(Moves::runs)}};

}  // namespace

}  // namespace sc
