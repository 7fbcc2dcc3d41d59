// Kansas's part of the core: its legal actions and its search moves, line for line the
// rules of solitaire_widget/games/kansas.py (whose comments argue each pruning rule:
// same-rank tops are one target, a drawn card put down must be used next, part of a
// column moves only to lay bare a card that can go up), registered as the part "kansas".
#include "../search.hpp"

namespace sc {

namespace {

bool safe_kansas(const Search& s, int card) {
    int r = ((rank_of(card) + 1 - s.cfg.base) % 13 + 13) % 13;
    if (r == 0) return false;
    const Pos& p = s.pos;
    int low = p.pl[3].n;
    for (int f = 4; f <= F3; ++f) low = p.pl[f].n < low ? p.pl[f].n : low;
    return low >= (r >= 2 ? r - 1 : 1);
}

void moves_kansas(Search& s, std::vector<SMove>& out) {
    const Pos& p = s.pos;
    const int ncols = s.cfg.ncols;
    const bool prune = s.prune;
    int8_t fits[52];
    s.fits(fits);
    const int pcol = p.pending & 15;
    const bool free = !pcol;
    auto [mid, last] = s.lists();
    const int empty = p.first_empty();
    const Pile& reserve = p.pl[RESERVE];
    if (free) {
        int sources[MAX_COLS + 2], ns = 0;
        sources[ns++] = RESERVE;
        for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
        sources[ns++] = WASTE;
        for (int k = 0; k < ns; ++k) {
            int src = sources[k];
            if (p.size(src)) {
                int dst = fits[p.top(src)];
                if (dst) out.push_back(plain(src, dst));
            }
        }
    }
    int tops_c[MAX_COLS], tops_r[MAX_COLS], nt = 0;
    for (int c = T0; c < T0 + ncols; ++c)
        if (p.pl[c].n) {
            tops_c[nt] = c;
            tops_r[nt++] = rank_of(p.pl[c].c[p.pl[c].n - 1]);
        }
    bool canon[MAX_PILES] = {};
    bool ranks[13] = {};
    for (int k = 0; k < nt; ++k) {
        if (!(prune && s.mirror) || !ranks[tops_r[k]]) {
            ranks[tops_r[k]] = true;
            canon[tops_c[k]] = true;
        }
    }
    // groups between columns (a column is always a descending run, wrapping K on A)
    for (int sc_ = T0; sc_ < T0 + ncols; ++sc_) {
        const Pile& sp = p.pl[sc_];
        const int ln = sp.n;
        if (!ln) continue;
        const bool from_x = sc_ == pcol;
        const int r1 = rank_of(sp.c[ln - 1]);
        for (int k = 0; k < nt; ++k) {
            int t = tops_c[k], tr = tops_r[k];
            if (t == sc_ || (pcol && !from_x && t != pcol)) continue;
            if (!canon[t] && t != pcol) continue;
            int j = ((tr - 1 - r1) % 13 + 13) % 13 + 1;
            while (j <= ln) {
                if (from_x && j == 1) {
                    // X alone to another column could have gone there at once
                } else if (j == ln) {
                    mid.push_back(plain(sc_, t, j));
                } else if (!prune || fits[sp.c[ln - j - 1]]) {
                    out.push_back(plain(sc_, t, j));
                }
                j += 13;
            }
        }
    }
    if (reserve.n) {
        int want = (rank_of(reserve.c[reserve.n - 1]) + 1) % 13;
        for (int k = 0; k < nt; ++k)
            if (tops_r[k] == want && ((free && canon[tops_c[k]]) || tops_c[k] == pcol))
                mid.push_back(plain(RESERVE, tops_c[k]));
    }
    if (p.w) {
        int want = (rank_of(p.top(WASTE)) + 1) % 13;
        for (int k = 0; k < nt; ++k)
            if (tops_r[k] == want && ((free && canon[tops_c[k]]) || tops_c[k] == pcol))
                mid.push_back(plain(WASTE, tops_c[k]));
        if (empty && free) mid.push_back(plain(WASTE, empty));
    }
    // the stock: "draw until X is on top, then play X"
    std::vector<Reach>& reach = s.reach_buf;
    reach.clear();
    if (s.cfg.max_redeals == 0) {  // Kansas's own rule, one pass: the stock in order
        for (int i = p.w; i < p.sn; ++i) reach.push_back(Reach{i, i - p.w + 1, 0});
    } else {
        s.reachable(reach);
    }
    for (const Reach& r : reach) {
        int card = p.seq[r.i];
        auto mk = [&](int dst) {
            return SMove{static_cast<int8_t>(r.i), static_cast<uint8_t>(r.draws),
                         static_cast<uint8_t>(r.nr), WASTE, static_cast<uint8_t>(dst), 1};
        };
        int dst = fits[card];
        if (dst) last.push_back(mk(dst));
        int want = (rank_of(card) + 1) % 13;
        for (int k = 0; k < nt; ++k)
            if (tops_r[k] == want && canon[tops_c[k]]) last.push_back(mk(tops_c[k]));
        if (empty) last.push_back(mk(empty));
    }
    s.join(out);
}

// ---- the plain rules (Kansas.legal_moves) -----------------------------------------------
void legal_kansas(const Config& cfg, const Pos& p, std::vector<GMove>& out) {
    if (can_draw(cfg, p)) out.push_back(GMove{STOCK, WASTE, 1});
    uint8_t up[52];
    wrapping_targets(cfg, p, up);
    const int ncols = cfg.ncols;
    auto onto = [&](int rank, int src, int n) {  // columns whose top is one rank higher
        for (int c = T0; c < T0 + ncols; ++c) {
            const Pile& q = p.pl[c];
            if (q.n && ((q.c[q.n - 1] - 1) % 13 + 13) % 13 == rank && c != src)
                out.push_back(GMove{src, c, n});
        }
    };
    int sources[2 + MAX_COLS], ns = 0;
    sources[ns++] = WASTE;
    sources[ns++] = RESERVE;
    for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
    for (int k = 0; k < ns; ++k) {
        int src = sources[k];
        int len = p.size(src);
        if (!len) continue;
        int card = p.top(src);
        for (int f = 0; f < 4; ++f)
            if (up[card] >> f & 1) out.push_back(GMove{src, F0 + f, 1});
        if (src < T0) {
            onto(rank_of(card), src, 1);
            if (src == WASTE)
                for (int c = T0; c < T0 + ncols; ++c)
                    if (!p.pl[c].n) out.push_back(GMove{src, c, 1});
            continue;
        }
        for (int n = 1; n <= len; ++n) onto(rank_of(p.at(src, len - n)), src, n);
    }
}

// its foundations start at the base card and wrap; no face-down cards
const Registrar registered{
    Part{"kansas", moves_kansas, safe_kansas, nullptr, legal_kansas, true, false}};

}  // namespace

}  // namespace sc
