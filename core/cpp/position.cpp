#include "position.hpp"

#include <algorithm>

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
}

const Zobrist ZOBRIST;

void Pos::rehash() {
    const Zobrist& z = zobrist();
    for (int k = 0; k < 2; ++k) {
        hseq[k] = 0;
        for (int i = 0; i < sn; ++i) hseq[k] ^= z.seq[k][seq[i]];
        for (int c = T0; c < T0 + ncols; ++c) {
            hcol[k][c] = 0;
            for (int i = 0; i < pl[c].n; ++i) hcol[k][c] ^= z.col[k][pl[c].c[i]][i];
        }
    }
}

std::string pile_name(int p) {
    if (p >= T0) return "t" + std::to_string(p - T0);
    if (p >= F0) return "f" + std::to_string(p - F0);
    return std::string(1, "swr"[p]);
}

Config make_config(const std::string& game, int draw, int max_redeals, int base) {
    Config cfg;
    if (game == "eagle-wing") {
        cfg.game = GameId::eagle_wing;
        cfg.ncols = 8;
        cfg.refills = cfg.has_reserve = true;
    } else if (game == "kansas") {
        cfg.game = GameId::kansas;
        cfg.ncols = 3;
        cfg.refills = cfg.has_reserve = true;
    } else if (game == "saratoga") {
        cfg.game = GameId::saratoga;
        cfg.ncols = 7;
    } else {
        throw std::invalid_argument("the core knows no game " + game +
                                    " (it has eagle-wing, kansas, saratoga)");
    }
    if (draw != 1 && draw != 3) throw std::invalid_argument("draw must be 1 or 3");
    if (draw == 3 && cfg.game != GameId::saratoga)
        throw std::invalid_argument(game + " deals one card a click");
    if (max_redeals < -1 || max_redeals > 200)
        throw std::invalid_argument("redeals must be 0..200 or None (unlimited)");
    bool wants_base = cfg.game != GameId::saratoga;
    if (wants_base && (base < 1 || base > 13))
        throw std::invalid_argument(game + " needs a base rank 1..13");
    if (!wants_base && base != 0) throw std::invalid_argument(game + " has no base card");
    cfg.draw = draw;
    cfg.max_redeals = max_redeals;
    cfg.base = base;
    return cfg;
}

Pos make_position(const Config& cfg, const std::vector<std::vector<int>>& piles, int used) {
    const int npiles = T0 + cfg.ncols;
    if (static_cast<int>(piles.size()) != npiles)
        throw std::invalid_argument("this game has " + std::to_string(npiles) + " piles, not " +
                                    std::to_string(piles.size()));
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
    pos.rehash();
    return pos;
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
