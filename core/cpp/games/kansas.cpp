// Kansas's part of the core: its legal actions and its search moves, line for line the
// rules of solitaire_widget/games/kansas.py (whose comments argue each pruning rule:
// same-rank tops are one target, a drawn card put down must be used next, part of a
// column moves only to lay bare a card that can go up, a position is lost whose columns
// cannot hold what must wait in them, the cards up at a moment being a run per suit),
// registered as the part "kansas".
#include <algorithm>

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

// Counts packed a nibble a rank (Ace lowest), each at most 4, as word operations.
constexpr uint64_t RANK_NIBBLES = (uint64_t{1} << 52) - 1;
constexpr uint64_t EIGHTS = 0x8888888888888ULL, SEVENS = 0x7777777777777ULL;

inline uint64_t nibbles_at_least(uint64_t a, uint64_t b) {  // 15 where a >= b, else 0
    return ((((a | EIGHTS) - b) & EIGHTS) >> 3) * 15;       // 8 + a - b: no borrows
}

// sum over the ranks of max(0, t[r] - u[r - 1]), the Ace's rank below being the King's
inline int rises(uint64_t t, uint64_t u) {
    constexpr uint64_t LOW = 0x0F0F0F0F0F0F0F0FULL;
    const uint64_t below = ((u << 4) | (u >> 48)) & RANK_NIBBLES;
    const uint64_t up = ((t | EIGHTS) - below) & SEVENS & nibbles_at_least(t, below);
    const uint64_t bytes = (up & LOW) + ((up >> 4) & LOW);
    return static_cast<int>((bytes * 0x0101010101010101ULL) >> 56);
}

// Whether some t with lo <= t <= hi rises at most ``ncols`` times round the ranks, so
// that that many columns can hold it (games/kansas_search.py's fewest_tops argues the
// one pass per t[0]). Word operations settle most cases first: no t rises less than
// lo does over hi (lo[r] - hi[r - 1] at each rank), and a few flat choices of t mostly
// do: t = lo, and t held as near a level c as lo and hi allow.
inline bool columns_hold(uint64_t lo, uint64_t hi, int ncols) {
    if (rises(lo, hi) > ncols) return false;
    if (rises(lo, lo) <= ncols) return true;
    for (uint64_t c = 1; c <= 3; ++c) {
        const uint64_t level = c * 0x1111111111111ULL;
        const uint64_t under = nibbles_at_least(hi, level);  // min(hi, c)
        const uint64_t capped = (level & under) | (hi & ~under);
        const uint64_t raise = nibbles_at_least(lo, capped);  // max(lo, that)
        const uint64_t t = (lo & raise) | (capped & ~raise);
        if (rises(t, t) <= ncols) return true;
    }
    int l[13], h[13];
    for (int r = 0; r < 13; ++r) {
        l[r] = static_cast<int>(lo >> (4 * r) & 15);
        h[r] = static_cast<int>(hi >> (4 * r) & 15);
    }
    for (int t0 = l[0]; t0 <= h[0]; ++t0) {
        int m = t0, n = 0;
        for (int r = 1; r < 13; ++r) {
            if (l[r] > m) {
                n += l[r] - m;
                m = l[r];
            } else if (m > h[r]) {
                m = h[r];
            }
        }
        if (n + (t0 > m ? t0 - m : 0) <= ncols) return true;
    }
    return false;
}

// Whether, beyond that, some t with lo <= t <= hi falls at most ``ncols`` times round
// the ranks with no fall at rank r (t[r] - t[r + 1]) above cap[r], the cards of rank r
// that can be a column's bottom card (games/kansas_search.py's fewest_columns). Word operations
// settle most cases first: no fall can be less than lo[r] - hi[r + 1], and t = lo or a
// flat t that columns_hold accepts often keeps to the caps; else one greedy pass per
// t[0] (argued there).
inline bool runs_start(uint64_t lo, uint64_t hi, uint64_t cap, int ncols) {
    int l[13], h[13], k[13];
    for (int r = 0; r < 13; ++r) {
        l[r] = static_cast<int>(lo >> (4 * r) & 15);
        h[r] = static_cast<int>(hi >> (4 * r) & 15);
        k[r] = static_cast<int>(cap >> (4 * r) & 15);
    }
    for (int r = 0; r < 13; ++r)
        if (l[r] - h[r == 12 ? 0 : r + 1] > k[r]) return false;
    auto keeps = [&](const int* t) {
        int n = 0;
        for (int r = 0; r < 13; ++r) {
            const int f = t[r] - t[r == 12 ? 0 : r + 1];
            if (f > k[r]) return false;
            n += f > 0 ? f : 0;
        }
        return n <= ncols;
    };
    if (keeps(l)) return true;
    for (int c = 1; c <= 3; ++c) {
        int t[13];
        for (int r = 0; r < 13; ++r) t[r] = std::max(l[r], std::min(h[r], c));
        if (keeps(t)) return true;
    }
    for (int t0 = l[0]; t0 <= h[0]; ++t0) {
        int need[13];
        need[0] = t0;  // the circle closes at rank 0
        bool ok = true;
        for (int r = 1; r < 13 && ok; ++r) {
            need[r] = std::max(l[r], need[r - 1] - k[r - 1]);
            ok = need[r] <= h[r];
        }
        if (!ok || need[12] - k[12] > t0) continue;
        int m = t0, falls = 0;
        for (int r = 12; r >= 1; --r) {
            const int v = std::max(need[r], std::min(m, h[r]));
            falls += v > m ? v - m : 0;
            m = v;
        }
        if (falls + (t0 > m ? t0 - m : 0) <= ncols) return true;
    }
    return false;
}

// each nibble of x replaced by the number of its bits set
inline uint64_t nibble_counts(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    return (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
}

// Whether the cards in the columns at a moment can be few enough in runs, now that the
// cards up then are known to be, per suit, a run of places from where its foundation
// stands: ``hi`` counts every card not kept (up by then or in a column), and suit su may
// have sent up the cards of the ranks start[su], start[su] + 1, ... (up to len[su] of
// them) out of it. games/kansas_search.py's ``fewest_tops_up`` argues the count: the
// rises of t go up by one at the rank after a run and down by one at its first rank
// (when the first rank rose), so for each set of suits that send some up, the least
// count is the rises left after the first ranks plus one for each run whose rank after
// it finds no fall to fill (a matching of runs to falls within their reach).
bool prefix_fits(uint64_t hi, const int start[4], const int len[4], int ncols) {
    int d0[13], base = 0;
    for (int r = 0, prev = static_cast<int>(hi >> 48 & 15); r < 13; ++r) {
        const int t = static_cast<int>(hi >> (4 * r) & 15);
        d0[r] = t - prev;
        prev = t;
        base += d0[r] > 0 ? d0[r] : 0;
    }
    int reach[4];  // how far past its first rank each suit's run may end (a run of 13 is none)
    for (int su = 0; su < 4; ++su) reach[su] = std::min(len[su], 12);
    for (int set = 0; set < 16; ++set) {
        bool ok = true;
        for (int su = 0; su < 4; ++su)
            if ((set >> su & 1) && reach[su] == 0) ok = false;
        if (!ok) continue;
        // only the first ranks' rises change: k runs starting at r take min(k, rise) off
        int runs = 0, cost = base;
        for (int su = 0; su < 4; ++su) {
            if (!(set >> su & 1)) continue;
            ++runs;
            bool first = true;
            int k = 0;
            for (int o = 0; o < 4; ++o)
                if ((set >> o & 1) && start[o] == start[su]) {
                    first = first && o >= su;
                    ++k;
                }
            if (!first) continue;
            const int d = d0[start[su]];
            cost -= (d > 0 ? d : 0) - (d - k > 0 ? d - k : 0);
        }
        if (cost > ncols) continue;             // no run ends where it lowers that
        if (cost + runs <= ncols) return true;  // fits however the runs end
        int d[13], room[13];
        std::copy(d0, d0 + 13, d);
        for (int su = 0; su < 4; ++su)
            if (set >> su & 1) --d[start[su]];
        for (int r = 0; r < 13; ++r) room[r] = d[r] < 0 ? -d[r] : 0;
        // match runs to falls: each run ends at one of the ranks start + 1 .. start + reach
        int at[4] = {-1, -1, -1, -1}, used[13] = {};
        auto augment = [&](auto&& self, int su, bool* seen) -> bool {
            for (int j = 1; j <= reach[su]; ++j) {
                const int r = (start[su] + j) % 13;
                if (seen[r]) continue;
                seen[r] = true;
                if (used[r] < room[r]) {
                    ++used[r];
                    at[su] = r;
                    return true;
                }
                for (int o = 0; o < 4; ++o)
                    if (at[o] == r && self(self, o, seen)) {
                        at[su] = r;
                        return true;
                    }
            }
            return false;
        };
        int matched = 0;
        for (int su = 0; su < 4; ++su)
            if (set >> su & 1) {
                bool seen[13] = {};
                matched += augment(augment, su, seen);
            }
        if (cost + runs - matched <= ncols) return true;
    }
    return false;
}

// The columns cannot hold, at a moment every win passes, the cards that must wait in
// them then: lost (games/kansas_search.py's columns_overfull argues it). The same
// moments, with the cards as bit masks; the reserve's and the stock's are tried from
// the fewest cards kept up: with the reserve run out, cards from the waste and the
// stock may start columns too, and such a moment is the likeliest to fit (on seed 20's
// first 1.8 M nodes, 23 moments a call where the other order tried 266; the answer
// is the same in any order).
bool columns_overfull(const Search& s) {
    const Pos& p = s.pos;
    const int n = p.w;
    if (n < 1) return false;
    const int b = s.cfg.base - 1;
    const int ncols = s.cfg.ncols;
    // a card's bit: rank-major, so that each rank's cards are one nibble and counting
    // them all takes a few operations
    auto bit = [](int card) { return uint64_t{1} << (rank_of(card) * 4 + suit_of(card)); };
    auto order = [b](int card) { return (rank_of(card) - b + 13) % 13; };
    // per base card, after[su][f]: the cards of suit su that come after place f on its
    // foundation
    struct Masks {
        uint64_t after[13][4][14];
        Masks() {
            for (int bb = 0; bb < 13; ++bb)
                for (int su = 0; su < 4; ++su)
                    for (int f = 0; f <= 13; ++f) {
                        uint64_t m = 0;
                        for (int place = f + 1; place < 13; ++place)
                            m |= uint64_t{1} << ((place + bb) % 13 * 4 + su);
                        after[bb][su][f] = m;
                    }
        }
    };
    static const Masks masks;
    const auto& after = masks.after[b];
    int h[4];  // per suit, the cards up now
    s.heights(h);
    uint64_t cols = 0, bottoms = 0;
    for (int c = T0; c < T0 + ncols; ++c) {
        for (int k = 0; k < p.pl[c].n; ++k) cols |= bit(p.pl[c].c[k]);
        if (p.pl[c].n) bottoms |= bit(p.pl[c].c[0]);
    }
    const Pile& res = p.pl[RESERVE];
    const int R = res.n, S = p.sn - n;
    // per suit, the first place among the reserve's bottom e cards, and among the
    // stock's last d cards (those still undrawn when d are left)
    int rfirst[CAP + 1][4], sfirst[CAP + 1][4];
    uint64_t rkept[CAP + 1], skept[CAP + 1];
    for (int su = 0; su < 4; ++su) rfirst[0][su] = sfirst[0][su] = 13;
    rkept[0] = skept[0] = 0;
    for (int e = 1; e <= R; ++e) {
        const int card = res.c[e - 1];
        for (int su = 0; su < 4; ++su) rfirst[e][su] = rfirst[e - 1][su];
        rfirst[e][suit_of(card)] = std::min(rfirst[e][suit_of(card)], order(card));
        rkept[e] = rkept[e - 1] | bit(card);
    }
    for (int d = 1; d <= S; ++d) {
        const int card = p.seq[p.sn - d];
        for (int su = 0; su < 4; ++su) sfirst[d][su] = sfirst[d - 1][su];
        sfirst[d][suit_of(card)] = std::min(sfirst[d][suit_of(card)], order(card));
        skept[d] = skept[d - 1] | bit(card);
    }
    const uint64_t reserve = rkept[R], stock = skept[S];
    uint64_t waste = 0;
    for (int k = 0; k < n; ++k) waste |= bit(p.seq[k]);
    // per waste card i: the cards from the waste's bottom to it, and per suit the first
    // place among them and among those under it
    uint64_t blocks[CAP];
    int firsts[CAP][4], belows[CAP];
    {
        uint64_t block = 0;
        int wfirst[4] = {13, 13, 13, 13};
        for (int i = 0; i < n; ++i) {
            const int w = p.seq[i];
            belows[i] = wfirst[suit_of(w)];
            block |= bit(w);
            wfirst[suit_of(w)] = std::min(wfirst[suit_of(w)], order(w));
            blocks[i] = block;
            std::copy(wfirst, wfirst + 4, firsts[i]);
        }
    }
    // whether W = the waste's card i cannot leave: no moment then fits
    auto stuck = [&](int i) {
        const int w = p.seq[i], ws = suit_of(w), wq = order(w);
        const int below = belows[i];  // the first of W's suit under W
        const uint64_t block = blocks[i];
        const int* wfirst = firsts[i];  // per suit, the first place among the block's cards
        const uint64_t above = cols | (waste & ~block);
        for (int e = 0; e <= R; ++e) {  // the reserve's cards left then
            int ef[4];
            for (int su = 0; su < 4; ++su) ef[su] = std::min(wfirst[su], rfirst[e][su]);
            const int wbelow = std::min(below, rfirst[e][ws]);
            const uint64_t egone = above | (reserve & ~rkept[e]);
            // the cards that can be a column's bottom card then (from the waste and the
            // stock only once the reserve has run out)
            const uint64_t estarts =
                bottoms | (reserve & ~rkept[e]) | (e == 0 ? (waste & ~block) | bit(w) | stock : 0);
            for (int d = 0; d <= S; ++d) {  // the stock's cards left then
                const int* sf = sfirst[d];
                // per suit, the first place kept, or W's: the cards after it cannot
                // be up then
                int f[4];
                for (int su = 0; su < 4; ++su) f[su] = std::min(ef[su], sf[su]);
                const uint64_t blocked =
                    after[0][f[0]] | after[1][f[1]] | after[2][f[2]] | after[3][f[3]];
                // off the foundations and not kept where they were: up by then, or in a
                // column (W among them: it has left, up or to a column)
                const uint64_t gone = egone | (stock & ~skept[d]) | bit(w);
                const uint64_t lo = nibble_counts(gone & blocked), hi = nibble_counts(gone);
                if (!columns_hold(lo, hi, ncols)) continue;
                if (s.column_starts && !runs_start(lo, hi, nibble_counts(gone & estarts), ncols))
                    continue;
                if (s.suit_order) {
                    // per suit, how many cards may be up then beyond those up now: up to
                    // the first kept, and W's suit up to W itself where none of it is kept
                    // under W
                    int start[4], len[4];
                    for (int su = 0; su < 4; ++su) {
                        start[su] = (h[su] + b) % 13;
                        len[su] = f[su] - h[su];
                    }
                    const int wf = std::min(wbelow, sf[ws]);
                    if (wq < wf) len[ws] = wq + 1 - h[ws];
                    if (!prefix_fits(hi, start, len, ncols)) continue;
                }
                return false;
            }
        }
        return true;
    };
    // Any stuck card proves the loss, so the card that proved the last one is tried
    // first: the next layer's proof is most often the same card's (a card is the waste's
    // i-th from the bottom for as long as it is in the waste).
    const int first = s.stuck_card;
    if (first >= 0 && first < n && stuck(first)) return true;
    for (int i = 0; i < n; ++i)
        if (i != first && stuck(i)) {
            s.stuck_card = i;
            return true;
        }
    return false;
}

// columns_overfull, asked once per layer (it depends on nothing else: the columns'
// cards are those not in the stock, the waste, the reserve or up). 2^20 slots, 16 MB
// a search, from its memory budget: with 2^16, 36% of the asks on seed 40024 had to be worked out,
// and 13 lost deals of 1-6 M nodes took 15.3 CPU-s against 13.6 with 2^20.
bool overfull(Search& s) {
    constexpr int BITS = 20;
    constexpr uint64_t FILLED = 2, LOST = 1;
    // (the search's memory budget may give it fewer slots, or none)
    if (!s.make_layer_memo(BITS)) return columns_overfull(s);
    auto& memo = s.layer_memo;
    const uint64_t LOW = memo.size() - 1;
    // the answer depends on the layer and on the ranks of the cards at the columns'
    // bottoms (a nibble a rank)
    Key k = s.layer_key();
    uint64_t bottoms = 0;
    for (int c = T0; c < T0 + s.cfg.ncols; ++c)
        if (s.pos.pl[c].n) bottoms += uint64_t{1} << (4 * rank_of(s.pos.pl[c].c[0]));
    if (!s.column_starts) bottoms = ~uint64_t{0};     // any card may start a column
    if (!s.suit_order) bottoms ^= uint64_t{1} << 63;  // any count between lo and hi
    k.a ^= mix64(bottoms);
    k.b ^= mix64b(bottoms);
    Search::LayerAnswer& slot = memo[k.a & LOW];
    if ((slot.a & FILLED) && (slot.a & ~LOW) == (k.a & ~LOW) && slot.b == k.b) return slot.a & LOST;
    const bool lost = columns_overfull(s);
    slot = Search::LayerAnswer{(k.a & ~LOW) | FILLED | (lost ? LOST : 0), k.b};
    return lost;
}

void moves_kansas(Search& s, std::vector<SMove>& out) {
    const Pos& p = s.pos;
    const int ncols = s.cfg.ncols;
    const bool prune = s.prune;
    // lost on its face: no move can save it
    if (prune && s.capacity && s.cfg.max_redeals == 0 && overfull(s)) return;
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
            return SMove{static_cast<int8_t>(r.i),   static_cast<uint8_t>(r.draws),
                         static_cast<uint8_t>(r.nr), WASTE,
                         static_cast<uint8_t>(dst),  1};
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
const Registrar registered{Part{"kansas", moves_kansas, safe_kansas, nullptr, legal_kansas, true,
                                false, false, build_bit(Build::any), empty_bit(Empty::waste),
                                moves_bit(Moves::runs)}};

}  // namespace

}  // namespace sc
