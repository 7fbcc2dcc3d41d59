// Eagle Wing's part of the core: its legal actions and its search moves, line for line
// the rules of solitaire_widget/games/eagle_wing.py and eagle_wing_search.py (where
// every move up is argued safe), registered as the part "eagle-wing".
#include "../search.hpp"

namespace sc {

namespace {
constexpr int MAX_COLUMN = 3;

void onto_columns(const Search& s, int card, int src, int i, int draws, int nr,
                  std::vector<SMove>& out, int empty) {
    const Pos& p = s.pos;
    int above = rank_of(card) != 12 ? card + 1 : card - 12;  // same suit, K under A
    auto mk = [&](int t) {
        return SMove{static_cast<int8_t>(i),   static_cast<uint8_t>(draws),
                     static_cast<uint8_t>(nr), static_cast<uint8_t>(src),
                     static_cast<uint8_t>(t),  1};
    };
    for (int t = T0; t < T0 + s.cfg.ncols; ++t) {
        const Pile& tp = p.pl[t];
        if (tp.n && tp.n < MAX_COLUMN && tp.c[tp.n - 1] == above && t != src) out.push_back(mk(t));
    }
    if (empty) out.push_back(mk(empty));
}

bool safe_eagle_wing(const Search&, int) { return true; }

void moves_eagle_wing(Search& s, std::vector<SMove>& out) {
    const Pos& p = s.pos;
    const int ncols = s.cfg.ncols;
    auto [mid, last] = s.lists();
    const int empty = p.first_empty();
    int sources[MAX_COLS + 2], ns = 0;
    for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
    sources[ns++] = WASTE;
    if (p.pl[RESERVE].n == 1) sources[ns++] = RESERVE;
    for (int k = 0; k < ns; ++k) {
        int src = sources[k];
        int len = p.size(src);
        if (!len) continue;
        int card = p.top(src);
        if (!s.prune) {
            int dst = s.found(card);
            if (dst) out.push_back(plain(src, dst));
        }
        bool column = src >= T0;
        // a card from a column of more than one lays a card bare: tried before the rest
        std::vector<SMove>& to = column && len > 1 ? out : mid;
        onto_columns(s, card, src, -1, 0, 0, to, column && len == 1 ? 0 : empty);
    }
    std::vector<Reach>& reach = s.reach_buf;
    s.reachable(reach);
    for (const Reach& r : reach) {
        int card = p.seq[r.i];
        int dst = s.found(card);
        if (dst)
            last.push_back(SMove{static_cast<int8_t>(r.i), static_cast<uint8_t>(r.draws),
                                 static_cast<uint8_t>(r.nr), WASTE, static_cast<uint8_t>(dst), 1});
        onto_columns(s, card, WASTE, r.i, r.draws, r.nr, last, empty);
    }
    s.join(out);
}

// ---- the plain rules (EagleWing.legal_moves) --------------------------------------------
void legal_eagle_wing(const Config& cfg, const Pos& p, std::vector<GMove>& out) {
    if (can_draw(cfg, p)) out.push_back(GMove{STOCK, WASTE, 1});
    uint8_t up[52];
    wrapping_targets(cfg, p, up);
    const int ncols = cfg.ncols;
    int sources[2 + MAX_COLS], ns = 0;
    sources[ns++] = WASTE;
    for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
    if (p.pl[RESERVE].n == 1) sources[ns++] = RESERVE;
    for (int k = 0; k < ns; ++k) {
        int src = sources[k];
        int len = p.size(src);
        if (!len) continue;
        int card = p.top(src);
        int depth = src >= T0 ? len : 1;
        for (int f = 0; f < 4; ++f)
            if (up[card] >> f & 1)
                for (int n = 1; n <= depth; ++n) out.push_back(GMove{src, F0 + f, n});
        for (int c = T0; c < T0 + ncols; ++c) {  // the column takes one lower in suit
            const Pile& q = p.pl[c];
            if (q.n > 0 && q.n < MAX_COLUMN && c != src) {
                int top = q.c[q.n - 1];
                if (top - rank_of(top) + (rank_of(top) + 12) % 13 == card)
                    out.push_back(GMove{src, c, 1});
            }
        }
        for (int c = T0; c < T0 + ncols; ++c)
            if (!p.pl[c].n && c != src) out.push_back(GMove{src, c, 1});
    }
}

// its foundations start at the base card and wrap; no face-down cards
const Registrar registered{Part{"eagle-wing", moves_eagle_wing, safe_eagle_wing, nullptr,
                                legal_eagle_wing, true, false, false, build_bit(Build::suit),
                                empty_bit(Empty::any), moves_bit(Moves::runs)}};

}  // namespace

}  // namespace sc
