// What every game shares in its plain rules (games/base.py's Table): the click on the
// stock, moving cards with their automatic consequences, the foundations of the games
// with a base card, and perft counts over all of it.
#include <string>
#include <unordered_set>

#include "search.hpp"

namespace sc {

bool can_draw(const Config& cfg, const Pos& p) {
    if (p.sn - p.w > 0) return true;  // cards in the stock
    if (!p.w) return false;           // nothing to turn over
    return cfg.unlimited() || cfg.max_redeals - p.used > 0;
}

void play(const Config& cfg, Pos& p, const GMove& m) {
    if (m.src == STOCK) {
        if (p.sn - p.w > 0) {
            int k = p.sn - p.w < cfg.draw ? p.sn - p.w : cfg.draw;
            p.w += k;
        } else {  // turning the waste over keeps the dealing order
            p.w = 0;
            ++p.used;
        }
        return;
    }
    int cards[CAP];
    for (int k = 0; k < m.n; ++k) cards[k] = p.pop(m.src);  // top first
    if (m.dst >= F0 && m.dst <= F3) {
        // a group lands on a foundation top card first, so it stays in sequence
        for (int k = 0; k < m.n; ++k) p.push(m.dst, cards[k]);
    } else {
        for (int k = m.n; k-- > 0;) p.push(m.dst, cards[k]);
    }
    if (m.src >= T0) {
        if (p.hid[m.src] && p.pl[m.src].n == p.hid[m.src])
            p.turn(m.src);  // the face-down card laid bare turns over
        else if (cfg.refills && !p.pl[m.src].n && p.pl[RESERVE].n)
            p.push(m.src, p.pop(RESERVE));
    }
}

std::string notation(const GMove& m) {
    if (m.src == STOCK) return "draw";
    std::string text = pile_name(m.src) + ">" + pile_name(m.dst);
    if (m.n != 1) text += "*" + std::to_string(m.n);
    return text;
}

void wrapping_targets(const Config& cfg, const Pos& p, uint8_t out[52]) {
    std::fill(out, out + 52, uint8_t{0});
    uint8_t empty = 0;
    for (int f = F0; f <= F3; ++f) {
        const Pile& q = p.pl[f];
        if (q.n) {
            int top = q.c[q.n - 1];
            out[top - rank_of(top) + (rank_of(top) + 1) % 13] = static_cast<uint8_t>(1 << (f - F0));
        } else {
            empty |= static_cast<uint8_t>(1 << (f - F0));
        }
    }
    if (empty)
        for (int s = 0; s < 4; ++s) {
            int card = s * 13 + cfg.base - 1;
            if (!out[card]) out[card] = empty;
        }
}

void legal_moves(const Config& cfg, const Pos& p, std::vector<GMove>& out) {
    cfg.part->legal(cfg, p, out);
}

namespace {
// the position as Table.key() sees it: every pile, each column's face-down cards, and
// the redeal counter when limited
std::string encode(const Config& cfg, const Pos& p) {
    std::string s;
    s.reserve(80);
    s.push_back(static_cast<char>(cfg.unlimited() ? 0 : p.used));
    s.push_back(static_cast<char>(p.w));
    s.append(reinterpret_cast<const char*>(p.seq), static_cast<size_t>(p.sn));
    for (int i = RESERVE; i < T0 + p.ncols; ++i) {
        s.push_back(static_cast<char>(0x80 | p.pl[i].n));
        if (i >= T0) s.push_back(static_cast<char>(p.hid[i]));
        s.append(reinterpret_cast<const char*>(p.pl[i].c), p.pl[i].n);
    }
    return s;
}
}  // namespace

std::vector<uint64_t> perft(const Config& cfg, const Pos& root, int depth) {
    std::vector<uint64_t> counts;
    std::vector<Pos> layer{root}, next;
    std::unordered_set<std::string> seen;
    std::vector<GMove> moves;
    for (int d = 1; d <= depth; ++d) {
        next.clear();
        seen.clear();
        for (const Pos& p : layer) {
            moves.clear();
            legal_moves(cfg, p, moves);
            for (const GMove& m : moves) {
                Pos child = p;
                play(cfg, child, m);
                if (seen.insert(encode(cfg, child)).second) next.push_back(child);
            }
        }
        counts.push_back(next.size());
        layer.swap(next);
    }
    return counts;
}

}  // namespace sc
