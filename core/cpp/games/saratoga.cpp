// Saratoga's part of the core: its legal actions and its search moves, line for line the
// rules of solitaire_widget/games/saratoga.py and saratoga_search.py (whose comments
// argue each pruning rule), registered as the part "saratoga". Klondike is searched by
// it too: the same rules with face-down cards at the bottom of the columns (Pos::hid),
// which never move (a run stops at them) and turn over as the search plays. Worrying
// back (a foundation's top card back into play) is the trait foundations_in_play
// (Config): without it no move leaves a foundation, and the pieces that counted on it
// take their narrower forms, as games/saratoga_search.py argues piece by piece. How
// columns build is the trait column_build (Config::build): a card's class (suit_class,
// wanted_class) stands for its colour everywhere, and the blocked-card proof, made for
// alternate colours only, is off under the other rules. What an empty column takes is
// the trait empty_column (Config::empty): a King or a run headed by one (Aisleriot's),
// any card or run, or nothing; the moves into an empty column follow it, and the
// blocked-card proof, which counts on a King being the only card an empty column lets
// out, is off where any card fills one (games/saratoga_search.py argues each piece).
// What moves between columns is the trait group_moves (Config::moves): any face-up run
// as a group (Aisleriot's), one card at a time, or only a column's whole run; the moves
// between columns (search and legal) follow it. Every line under the two narrower rules
// is a line where runs move, so the proofs that no line does something (the blocked
// cards) stand, as do the safe-card bound, the lazy-stock filter (its chain bound counts
// every card of a run, a superset of the cards that may end a chain) and the pending
// rules; the mirror targets are off under both, the part-of-a-run rule under "single"
// (games/saratoga_search.py argues each piece).
#include <algorithm>
#include <bit>
#include <cstdint>

#include "../search.hpp"

namespace sc {

namespace {

// card (rank * 4 + its class) -> the canonical columns that take it, a bit per column, so
// that a card's targets are a lookup (a position lists up to 24 stock cards, each asking)
struct Targets {
    uint32_t mask[52] = {};
    Build build;
    int sig(int card) const { return rank_of(card) * 4 + suit_class(build, card); }
    Targets(const Search& s, const bool canon[]) : build(s.cfg.build) {
        const Pos& p = s.pos;
        for (int t = T0; t < T0 + s.cfg.ncols; ++t) {
            const Pile& tp = p.pl[t];
            if (tp.n && canon[t]) {
                int tt = tp.c[tp.n - 1];
                if (rank_of(tt) > 0)  // one below tt, of the class it takes
                    mask[(rank_of(tt) - 1) * 4 + wanted_class(build, tt)] |= uint32_t{1} << t;
            }
        }
    }
};

// the moves of ``card`` from ``src`` onto the columns that take it (canonical targets),
// in column order, and into ``empty`` (the first empty column, 0 for none or where an
// empty column takes nothing) if it takes the card: a King, or any card where
// ``any_fills``
void to_columns(const Targets& targets, int card, int src, int i, int draws, int nr,
                std::vector<SMove>& out, int empty, bool any_fills) {
    for (uint32_t m = targets.mask[targets.sig(card)]; m; m &= m - 1)
        out.push_back(SMove{static_cast<int8_t>(i), static_cast<uint8_t>(draws),
                            static_cast<uint8_t>(nr), static_cast<uint8_t>(src),
                            static_cast<uint8_t>(std::countr_zero(m)), 1});
    if (empty && (any_fills || rank_of(card) == 12))
        out.push_back(SMove{static_cast<int8_t>(i), static_cast<uint8_t>(draws),
                            static_cast<uint8_t>(nr), static_cast<uint8_t>(src),
                            static_cast<uint8_t>(empty), 1});
}

// One card a click and unlimited redeals: a stock card put on a column must be built on
// next, and a chain of stock cards only where a card from play can end it.
void lazy_filter(const Search& s, std::vector<SMove>& moves, size_t start) {
    const Pos& p = s.pos;
    const int pend = p.pending;
    const Build build = s.cfg.build;
    // the lowest rank of each chain class (chain_class: rank + colour's parity with
    // alternate colours, the suit in suit, one class in any suit)
    int lowest[4] = {13, 13, 13, 13};
    auto note = [&](int a) {
        int& low = lowest[chain_class(build, a)];
        low = std::min(low, rank_of(a));
    };
    for (int c = T0; c < T0 + s.cfg.ncols; ++c) {
        const Pile& cp = p.pl[c];
        if (c == pend || !cp.n) continue;
        int k = cp.n - 1;
        int a = cp.c[k];
        const int down = p.hid[c];  // the face-down cards at the bottom are not in play
        for (;;) {
            note(a);
            if (k <= down) break;
            int b = cp.c[k - 1];
            if (rank_of(b) != rank_of(a) + 1 || suit_class(build, a) != wanted_class(build, b))
                break;
            --k;
            a = b;
        }
    }
    // a foundation's top card ends a chain only if it can come down (worrying back)
    for (int f = F0; s.cfg.foundations_in_play && f <= F3; ++f) {
        const Pile& fp = p.pl[f];
        if (fp.n) note(fp.c[fp.n - 1]);
    }
    size_t o = start;
    for (size_t k = start; k < moves.size(); ++k) {
        const SMove& m = moves[k];
        if (pend && m.dst != pend) continue;
        if (m.src == WASTE && m.dst >= T0) {
            int card = m.i >= 0 ? p.seq[m.i] : p.top(WASTE);
            if (lowest[chain_class(build, card)] >= rank_of(card)) continue;
        }
        moves[o++] = m;
    }
    moves.resize(o);
}

bool safe_saratoga(const Search& s, int card) {
    int r = rank_of(card) + 1;
    if (r <= 2 || s.cfg.build == Build::suit) return true;  // in suit: safe at any rank
    int h[4];
    s.heights(h);
    int suit = suit_of(card);
    if (s.cfg.build == Build::any) {  // every other suit's foundation at r-2 or higher
        for (int o = 0; o < 4; ++o)
            if (o != suit && h[o] < r - 2) return false;
        return true;
    }
    if (is_red(card)) return h[0] >= r - 2 && h[3] >= r - 2 && h[3 - suit] >= r - 3;
    return h[1] >= r - 2 && h[2] >= r - 2 && h[3 - suit] >= r - 3;
}

// Some card in the columns can never move again (Saratoga.blocked_cards argues it): the
// largest set of column cards each of which meets, with the set for the others, what
// its first move needs; a column card left out never moves.
bool blocked_saratoga(const Search& s) {
    if (s.cfg.build != Build::alternate) return false;  // argued for alternate colours only
    // argued for empty columns that let out Kings only (or nothing): where any card
    // fills one, every card has that way out
    if (s.cfg.empty == Empty::any) return false;
    const Pos& p = s.pos;
    int8_t col[52], at[52];
    std::fill(col, col + 52, int8_t{-1});
    uint64_t moves = 0, cards = 0;
    for (int c = T0; c < T0 + s.cfg.ncols; ++c) {
        const Pile& q = p.pl[c];
        for (int i = 0; i < q.n; ++i) {
            col[q.c[i]] = static_cast<int8_t>(c);
            at[q.c[i]] = static_cast<int8_t>(i);
            cards |= uint64_t{1} << q.c[i];
        }
    }
    moves = cards;
    int height[4];  // cards up per suit: without worrying back they stay up
    s.heights(height);
    auto in = [&](int card) { return (moves >> card) & 1; };
    // X's twin (its rank and colour, the other suit) must hold y, one of the two cards
    // X may go onto, for as long as X stays (Saratoga.blocked_cards argues it)
    auto held_by_twin = [&](int x, int y, int other) {
        const int c = col[x], i = at[x];
        if (col[other] != c || at[other] >= i) return false;  // the other is not under X
        const int r = rank_of(x);
        const int twin = (3 - suit_of(x)) * 13 + r;
        if (col[twin] < 0) return false;
        if (col[twin] == c) {
            if (at[twin] < i) return false;
        } else if (col[y] != col[twin] || at[y] + 1 != at[twin]) {
            return false;
        }
        for (int low = twin - r; low < twin; ++low)  // the twin cannot go up while X stays
            if (col[low] == c && at[low] < i) return true;
        return false;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (int x = 0; x < 52; ++x) {
            if (!in(x)) continue;
            const Pile& q = p.pl[col[x]];
            const int i = at[x];
            bool ok;
            if (i + 1 < q.n && !in(q.c[i + 1])) {
                ok = false;
            } else {
                const int r = rank_of(x);
                const bool red = is_red(x);
                ok = r == 0 || r == 12;
                if (!ok && i > p.hid[col[x]]) {  // the card under X face up (see Python)
                    int d = q.c[i - 1];
                    ok = in(d) && rank_of(d) == r + 1 && is_red(d) != red;
                }
                if (!ok) {
                    ok = true;  // up, after the lower cards of its suit
                    for (int y = x - r; y < x; ++y) {
                        if (col[y] >= 0 && (!in(y) || (col[y] == col[x] && at[y] < i))) {
                            ok = false;
                            break;
                        }
                    }
                }
                const int hs[2] = {red ? r + 1 : r + 14, red ? r + 40 : r + 27};
                for (int k = 0; k < 2 && !ok; ++k) {  // onto one of its two cards
                    const int h = hs[k];
                    if (col[h] == col[x] && at[h] < i) continue;
                    if (held_by_twin(x, h, hs[1 - k])) continue;
                    if (col[h] < 0) {
                        // out of the columns: a way out unless it is up for good
                        // (on a foundation without worrying back)
                        ok = s.cfg.foundations_in_play || rank_of(h) >= height[suit_of(h)];
                    } else {
                        const Pile& hq = p.pl[col[h]];
                        ok = at[h] == hq.n - 1 || in(hq.c[at[h] + 1]);
                    }
                }
            }
            if (!ok) {
                moves &= ~(uint64_t{1} << x);
                changed = true;
            }
        }
    }
    return moves != cards;
}

void moves_saratoga(Search& s, std::vector<SMove>& out) {
    const Pos& p = s.pos;
    const int ncols = s.cfg.ncols;
    const bool prune = s.prune;
    const Build build = s.cfg.build;
    const size_t start = out.size();
    // columns whose top cards have the same rank and colour are one target; a pending
    // column stands for its class
    const int pcol = p.pending & 15;
    // (rank and the class of the cards it takes: its colour with alternate colours)
    bool canon[MAX_PILES] = {};
    bool seen_top[52] = {};
    if (pcol) {
        int top = p.pl[pcol].c[p.pl[pcol].n - 1];
        seen_top[rank_of(top) * 4 + wanted_class(build, top)] = true;
        canon[pcol] = true;
    }
    for (int c = T0; c < T0 + ncols; ++c) {
        const Pile& q = p.pl[c];
        if (q.n) {
            int top = q.c[q.n - 1];
            int sig = rank_of(top) * 4 + wanted_class(build, top);
            // (the mirror targets are argued for runs moving as groups only: off under
            // the other rules for what moves, as games/saratoga_search.py says)
            if (!(prune && s.mirror && s.cfg.moves == Moves::runs) || !seen_top[sig]) {
                seen_top[sig] = true;
                canon[c] = true;
            }
        }
    }
    auto [mid, last] = s.lists();
    // the one empty column that is a target (the columns are interchangeable), none
    // where an empty column stays empty
    const int empty = s.cfg.empty == Empty::none ? 0 : p.first_empty();
    const bool any_fills = s.cfg.empty == Empty::any;
    const Moves what = s.cfg.moves;  // what moves between columns
    int8_t fit[52];                  // found() for every card at once
    s.fits(fit);
    const Targets targets(s, canon);
    // to the foundations (safe ones were forced already)
    for (int c = T0; c < T0 + ncols; ++c) {
        const Pile& q = p.pl[c];
        if (q.n) {
            int dst = fit[q.c[q.n - 1]];
            if (dst) out.push_back(plain(c, dst));
        }
    }
    if (p.w) {
        int dst = fit[p.top(WASTE)];
        if (dst) out.push_back(plain(WASTE, dst));
    }
    // runs between columns
    for (int sc_ = T0; sc_ < T0 + ncols; ++sc_) {
        const Pile& sp = p.pl[sc_];
        const int ln = sp.n;
        if (!ln) continue;
        auto from_top = [&](int j) { return static_cast<int>(sp.c[ln - j]); };  // sp[-j]
        int top = from_top(1);
        int k = 1;  // length of the movable run on top (face-down cards never move)
        const int face_up = ln - p.hid[sc_];
        while (k < face_up) {
            int a = from_top(k), b = from_top(k + 1);
            if (rank_of(b) != rank_of(a) + 1 || suit_class(build, a) != wanted_class(build, b))
                break;
            ++k;
        }
        int r1 = rank_of(top);
        for (int t = T0; t < T0 + ncols; ++t) {
            if (t == sc_) continue;
            const Pile& tp = p.pl[t];
            int j;
            if (tp.n) {
                if (!canon[t]) continue;
                int tt = tp.c[tp.n - 1];
                j = rank_of(tt) - r1;  // the group's bottom card must be one below tt
                if (j < 1 || j > k || suit_class(build, from_top(j)) != wanted_class(build, tt))
                    continue;
            } else {
                if (t != empty) continue;
                if (any_fills) {
                    // any part of the run, the whole run first, never the whole column
                    // (the same position: the columns are interchangeable); no part is
                    // pruned (the card it lays bare takes what the group's bottom card's
                    // twin is, which an empty column does not stand for)
                    for (int jj = 1; jj <= k; ++jj) {
                        if (jj == ln || !group_allowed(what, jj, k)) continue;
                        if (jj == k)
                            out.push_back(plain(sc_, t, jj));
                        else
                            mid.push_back(plain(sc_, t, jj));
                    }
                    continue;
                }
                j = 12 - r1 + 1;  // a King heads the group
                if (j < 1 || j > k || j == ln) continue;
            }
            // (a King's group into an empty column is always the whole run: j == k)
            if (!group_allowed(what, j, k)) continue;
            // the part-of-a-run rule, argued for runs moving as groups (under "columns"
            // no part moves; under "single" it is off)
            if (prune && what == Moves::runs && j < k && !fit[from_top(j + 1)]) continue;
            if (j == ln || j == k)
                out.push_back(plain(sc_, t, j));
            else
                mid.push_back(plain(sc_, t, j));
        }
    }
    // the waste and the stock onto columns and foundations
    if (p.w) to_columns(targets, p.top(WASTE), WASTE, -1, 0, 0, mid, empty, any_fills);
    std::vector<Reach>& reach = s.reach_buf;
    s.reachable(reach);
    for (const Reach& r : reach) {
        int card = p.seq[r.i];
        int dst = fit[card];
        if (dst)
            last.push_back(SMove{static_cast<int8_t>(r.i), static_cast<uint8_t>(r.draws),
                                 static_cast<uint8_t>(r.nr), WASTE, static_cast<uint8_t>(dst), 1});
        to_columns(targets, card, WASTE, r.i, r.draws, r.nr, last, empty, any_fills);
    }
    // worrying back: a foundation's top card down onto a column (none without it)
    for (int f = F0; s.cfg.foundations_in_play && f <= F3; ++f) {
        const Pile& fp = p.pl[f];
        if (!fp.n) continue;
        int card = fp.c[fp.n - 1];
        if (rank_of(card) == 0) continue;     // an Ace down can only waste a move
        if (prune && s.safe(card)) continue;  // it would be forced straight back up
        to_columns(targets, card, f, -1, 0, 0, last, empty, any_fills);
    }
    s.join(out);
    if (s.lazy_stock) {
        lazy_filter(s, out, start);
        return;
    }
    if (pcol) {
        // a drawn card put down: onto it, a further draw, or a group that holds it and more
        size_t o = start;
        for (size_t k = start; k < out.size(); ++k) {
            const SMove& m = out[k];
            if (m.dst == pcol || m.i >= 0 || (m.src == pcol && m.n > 1)) out[o++] = m;
        }
        out.resize(o);
    }
}

// ---- the plain rules (Saratoga.legal_moves) ---------------------------------------------
void legal_saratoga(const Config& cfg, const Pos& p, std::vector<GMove>& out) {
    if (can_draw(cfg, p)) out.push_back(GMove{STOCK, WASTE, 1});
    const int ncols = cfg.ncols;
    const Build build = cfg.build;
    int empty_f[4], nef = 0;
    for (int f = F0; f <= F3; ++f)
        if (!p.pl[f].n) empty_f[nef++] = f;
    int up[52] = {};
    for (int f = F0; f <= F3; ++f) {
        const Pile& q = p.pl[f];
        if (q.n && rank_of(q.c[q.n - 1]) < 12) up[q.c[q.n - 1] + 1] = f;
    }
    // the empty columns, and which groups they take (none where they stay empty)
    int empty_c[MAX_COLS], nec = 0;
    for (int c = T0; cfg.empty != Empty::none && c < T0 + ncols; ++c)
        if (!p.pl[c].n) empty_c[nec++] = c;
    const bool any_fills = cfg.empty == Empty::any;
    // (rank, class) of the card a column takes -> columns, in column order
    auto takes = [&](int rank, int cls, int exclude, int n, int src) {
        for (int c = T0; c < T0 + ncols; ++c) {
            const Pile& q = p.pl[c];
            if (q.n && rank_of(q.c[q.n - 1]) > 0) {
                int top = q.c[q.n - 1];
                if (rank_of(top) - 1 == rank && wanted_class(build, top) == cls && c != exclude)
                    out.push_back(GMove{src, c, n});
            }
        }
    };
    int sources[2 + 4 + MAX_COLS], ns = 0;
    sources[ns++] = WASTE;
    // the foundations' top cards are in play only with worrying back
    for (int f = F0; cfg.foundations_in_play && f <= F3; ++f) sources[ns++] = f;
    for (int c = T0; c < T0 + ncols; ++c) sources[ns++] = c;
    for (int k = 0; k < ns; ++k) {
        int src = sources[k];
        int len = p.size(src);
        if (!len) continue;
        int card = p.top(src);
        if (rank_of(card) == 0) {
            for (int e = 0; e < nef; ++e)
                if (empty_f[e] != src) out.push_back(GMove{src, empty_f[e], 1});
        } else if (up[card]) {
            out.push_back(GMove{src, up[card], 1});
        }
        int depth = src >= T0 ? len - p.hid[src] : 1;
        // the run on top, for what moves between columns (a single card from the waste
        // or a foundation moves under every rule)
        int run = 1;
        while (run < depth) {
            int upper = p.at(src, len - run), lower = p.at(src, len - run - 1);
            if (rank_of(lower) != rank_of(upper) + 1 ||
                suit_class(build, upper) != wanted_class(build, lower))
                break;
            ++run;
        }
        int n = 1;
        for (;;) {
            int bottom = p.at(src, len - n);
            if (group_allowed(cfg.moves, n, run)) {
                takes(rank_of(bottom), suit_class(build, bottom), src, n, src);
                if (rank_of(bottom) == 12 || any_fills)
                    for (int e = 0; e < nec; ++e) out.push_back(GMove{src, empty_c[e], n});
            }
            if (n == depth) break;
            int below = p.at(src, len - n - 1);
            if (rank_of(below) != rank_of(bottom) + 1 ||
                suit_class(build, bottom) != wanted_class(build, below))
                break;
            ++n;
        }
    }
}

// its foundations start at the Ace; it knows face-down cards, worrying back on and off,
// every way of building columns, and empty columns that take a King's group, any group
// or nothing
constexpr uint8_t EMPTIES = empty_bit(Empty::king) | empty_bit(Empty::any) | empty_bit(Empty::none);
constexpr uint8_t GROUP_MOVES =
    moves_bit(Moves::runs) | moves_bit(Moves::single) | moves_bit(Moves::columns);
const Registrar registered{Part{"saratoga", moves_saratoga, safe_saratoga, blocked_saratoga,
                                legal_saratoga, false, true, true, ALL_BUILDS, EMPTIES,
                                GROUP_MOVES}};

}  // namespace

}  // namespace sc
