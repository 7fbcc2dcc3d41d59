#include "position.hpp"

#include <algorithm>

#include "search.hpp"

namespace sc {

namespace {
uint64_t splitmix(uint64_t& s) {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    return mix64(z);
}
}  // namespace

Zobrist::Zobrist() {
    uint64_t s = 0x5eed5011ca17eULL;
    for (int k = 0; k < 2; ++k) {
        for (auto& v : seq[k]) v = splitmix(s);
        for (auto& a : col[k])
            for (auto& v : a) v = splitmix(s);
        for (auto& v : reserve[k]) v = splitmix(s);
        for (auto& a : height[k])
            for (auto& v : a) v = splitmix(s);
        for (auto& v : waste_len[k]) v = splitmix(s);
        for (auto& v : used[k]) v = splitmix(s);
        for (auto& v : pend[k]) v = splitmix(s);
    }
    // drawn after the others, which keep their values
    for (int k = 0; k < 2; ++k) {
        hid[k][0] = 0;  // a column with no face-down card hashes as its cards alone
        for (int i = 1; i < CAP; ++i) hid[k][i] = splitmix(s);
    }
}

const Zobrist ZOBRIST;

void Pos::rehash() {
    const Zobrist& z = zobrist();
    for (int k = 0; k < 2; ++k) {
        hseq[k] = 0;
        for (int i = 0; i < sn; ++i) hseq[k] ^= z.seq[k][seq[i]];
        for (int c = T0; c < T0 + ncols; ++c) {
            hcol[k][c] = z.hid[k][hid[c]];
            for (int i = 0; i < pl[c].n; ++i) hcol[k][c] ^= z.col[k][pl[c].c[i]][i];
        }
    }
}

std::string pile_name(int p) {
    if (p >= T0) return "t" + std::to_string(p - T0);
    if (p >= F0) return "f" + std::to_string(p - F0);
    return std::string(1, "swr"[p]);
}

Config make_config(const std::string& part, const Traits& t, int base) {
    Config cfg;
    cfg.part = find_part(part);
    if (!cfg.part) {
        std::string known;
        for (const std::string& name : part_names()) known += (known.empty() ? "" : ", ") + name;
        throw std::invalid_argument("the core has no part " + part + " (it has " + known + ")");
    }
    if (t.columns < 1 || t.columns > MAX_COLS)
        throw std::invalid_argument("columns must be 1.." + std::to_string(MAX_COLS));
    if (t.draw < 1 || t.draw > 13) throw std::invalid_argument("draw must be 1..13 cards a click");
    if (t.max_redeals < -1 || t.max_redeals > 200)
        throw std::invalid_argument("max_redeals must be 0..200 or None (unlimited)");
    if (t.hidden_cards && !cfg.part->face_down)
        throw std::invalid_argument("the part " + part + " knows no face-down cards");
    if (t.foundations_in_play && !cfg.part->worrying_back)
        throw std::invalid_argument("the part " + part +
                                    " knows no worrying back (foundations_in_play)");
    if (!(cfg.part->builds & build_bit(t.build)))
        throw std::invalid_argument("the part " + part +
                                    " does not play that way of building columns (column_build)");
    if (!(cfg.part->empties & empty_bit(t.empty)))
        throw std::invalid_argument("the part " + part +
                                    " does not play that rule for empty columns (empty_column)");
    if (!(cfg.part->group_moves & moves_bit(t.moves)))
        throw std::invalid_argument("the part " + part +
                                    " does not play that rule for what moves (group_moves)");
    if (cfg.part->base_card && (base < 1 || base > 13))
        throw std::invalid_argument("the part " + part + " needs a base rank 1..13");
    if (!cfg.part->base_card && base != 0)
        throw std::invalid_argument("the part " + part + " has no base card");
    cfg.ncols = t.columns;
    cfg.draw = t.draw;
    cfg.max_redeals = t.max_redeals;
    cfg.base = base;
    cfg.has_reserve = t.reserve;
    cfg.refills = t.refills;
    cfg.reserve_top_always = t.reserve_top_always;
    cfg.hidden_cards = t.hidden_cards;
    cfg.pending = t.pending;
    cfg.bared_up = t.bared_up;
    cfg.foundations_in_play = t.foundations_in_play;
    cfg.build = t.build;
    cfg.empty = t.empty;
    cfg.moves = t.moves;
    return cfg;
}

Pos make_position(const Config& cfg, const std::vector<std::vector<int>>& piles,
                  const std::vector<int>& hidden, int used) {
    const int npiles = T0 + cfg.ncols;
    if (static_cast<int>(piles.size()) != npiles)
        throw std::invalid_argument("this game has " + std::to_string(npiles) + " piles, not " +
                                    std::to_string(piles.size()));
    if (!hidden.empty() && static_cast<int>(hidden.size()) != npiles)
        throw std::invalid_argument("hidden counts " + std::to_string(hidden.size()) +
                                    " piles, not " + std::to_string(npiles));
    if (used < 0 || used > 255 || (!cfg.unlimited() && used > cfg.max_redeals))
        throw std::invalid_argument("redeals used (" + std::to_string(used) +
                                    ") is out of range for these rules");
    bool seen[52] = {};
    int count = 0;
    for (int p = 0; p < npiles; ++p) {
        const auto& pile = piles[p];
        int limit = p <= WASTE ? 52 : p == RESERVE ? 13 : p <= F3 ? 13 : 52;
        if (static_cast<int>(pile.size()) > limit)
            throw std::invalid_argument("pile " + pile_name(p) + " holds " +
                                        std::to_string(pile.size()) + " cards, more than " +
                                        std::to_string(limit));
        if (p == RESERVE && !cfg.has_reserve && !pile.empty())
            throw std::invalid_argument("this game has no reserve");
        for (int c : pile) {
            if (c < 0 || c > 51)
                throw std::invalid_argument("card " + std::to_string(c) + " on " + pile_name(p) +
                                            " is not a card (0..51)");
            if (seen[c])
                throw std::invalid_argument("card " + std::to_string(c) +
                                            " is in the position twice");
            seen[c] = true;
            ++count;
        }
    }
    if (count != 52)
        throw std::invalid_argument("a position holds 52 distinct cards, this one " +
                                    std::to_string(count));
    for (int f = F0; f <= F3; ++f) {
        const auto& pile = piles[f];
        if (pile.empty()) continue;
        int first = pile[0];
        bool ok = cfg.base ? rank_of(first) + 1 == cfg.base : rank_of(first) == 0;
        for (size_t i = 1; ok && i < pile.size(); ++i) {
            int a = pile[i - 1], b = pile[i];
            int next = cfg.base ? (rank_of(a) + 1) % 13 : rank_of(a) + 1;
            ok = suit_of(a) == suit_of(b) && rank_of(b) == next;
        }
        if (!ok)
            throw std::invalid_argument("foundation " + pile_name(f) +
                                        " is not built up in suit from its base");
    }
    Pos pos;
    pos.ncols = cfg.ncols;
    pos.used = used;
    // seq: the waste bottom to top, then the stock top to bottom
    for (int c : piles[WASTE]) pos.seq[pos.sn++] = static_cast<uint8_t>(c);
    pos.w = pos.sn;
    for (auto it = piles[STOCK].rbegin(); it != piles[STOCK].rend(); ++it)
        pos.seq[pos.sn++] = static_cast<uint8_t>(*it);
    for (int p = RESERVE; p < npiles; ++p) {
        for (int c : piles[p]) pos.pl[p].c[pos.pl[p].n++] = static_cast<uint8_t>(c);
    }
    // face-down cards: only in a game that deals them, only in the columns, and never the
    // top card (the last one turns over as soon as it is on top)
    for (int p = 0; p < static_cast<int>(hidden.size()); ++p) {
        const int h = hidden[p];
        if (!h) continue;
        if (h < 0)
            throw std::invalid_argument("pile " + pile_name(p) + " has " + std::to_string(h) +
                                        " face-down cards");
        if (!cfg.hidden_cards)
            throw std::invalid_argument("this game deals no face-down cards (pile " + pile_name(p) +
                                        " has some)");
        if (p < T0)
            throw std::invalid_argument("only a column holds face-down cards, not pile " +
                                        pile_name(p));
        if (h >= pos.pl[p].n)
            throw std::invalid_argument("column " + pile_name(p) + " has " + std::to_string(h) +
                                        " face-down cards under " + std::to_string(pos.pl[p].n) +
                                        " cards: its top card must be face up");
        pos.hid[p] = static_cast<uint8_t>(h);
    }
    pos.rehash();
    return pos;
}

std::vector<int> to_hidden(const Pos& p) {
    std::vector<int> out(static_cast<size_t>(T0 + p.ncols), 0);
    for (int c = T0; c < T0 + p.ncols; ++c) out[c] = p.hid[c];
    return out;
}

std::vector<std::vector<int>> to_piles(const Pos& p) {
    std::vector<std::vector<int>> out(static_cast<size_t>(T0 + p.ncols));
    for (int i = 0; i < T0 + p.ncols; ++i) {
        int n = p.size(i);
        out[i].reserve(static_cast<size_t>(n));
        for (int k = 0; k < n; ++k) out[i].push_back(p.at(i, k));
    }
    return out;
}

}  // namespace sc
