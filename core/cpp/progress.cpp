// Is anything left to do? solitaire_widget/progress.py's ``is_stuck`` over the plain
// rules (the part's legal moves and ``play``), the same search in the same order, so that
// the two agree position for position, even where the limit cuts the search short
// (tests/test_progress.py compares them). Python's stays the readable reference and
// argues why the test is exact; this one is what a Game's status and the Gymnasium
// environment ask after every move, where the Python search took 0.05-0.6 s.
#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "search.hpp"

namespace sc {

namespace {

bool is_foundation(int p) { return p >= F0 && p <= F3; }

// the same position exactly (Table.key(): the redeal counter only where it is limited)
bool same(const Config& cfg, const Pos& a, const Pos& b) {
    if (a.sn != b.sn || a.w != b.w || (!cfg.unlimited() && a.used != b.used)) return false;
    if (!std::equal(a.seq, a.seq + a.sn, b.seq)) return false;
    for (int i = RESERVE; i < T0 + a.ncols; ++i) {
        if (a.pl[i].n != b.pl[i].n || a.hid[i] != b.hid[i]) return false;
        if (!std::equal(a.pl[i].c, a.pl[i].c + a.pl[i].n, b.pl[i].c)) return false;
    }
    return true;
}

bool has_move(const std::vector<GMove>& moves, int src, int dst, int n) {
    for (const GMove& m : moves)
        if (m.src == src && m.dst == dst && m.n == n) return true;
    return false;
}

// progress.is_reversible: whether the very next move can undo ``m`` exactly; a move
// that turns a face-down card over or refills its column never can
bool is_reversible(const Config& cfg, const Pos& p, const GMove& m, std::vector<GMove>& scratch) {
    Pos child = p;
    play(cfg, child, m);
    if (m.src >= T0 && (child.hid[m.src] != p.hid[m.src] ||
                        child.pl[RESERVE].n != p.pl[RESERVE].n))
        return false;
    scratch.clear();
    legal_moves(cfg, child, scratch);
    if (!has_move(scratch, m.dst, m.src, m.n)) return false;
    play(cfg, child, GMove{m.dst, m.src, m.n});
    return same(cfg, child, p);
}

// progress._canonical, with the stock and the waste set aside (empty here): the redeal
// counter where it is limited, the reserve, and the foundations and the columns each as
// a multiset (their places never matter to the rules). Each pile is written with its
// length first, so that the joined bytes tell the piles apart.
std::string canonical(const Config& cfg, const Pos& p) {
    std::string key;
    key.push_back(static_cast<char>(cfg.unlimited() ? 0 : p.used));
    auto pile = [&p](int i, bool with_hidden) {
        std::string s;
        s.push_back(static_cast<char>(p.pl[i].n));
        if (with_hidden) s.push_back(static_cast<char>(p.hid[i]));
        s.append(reinterpret_cast<const char*>(p.pl[i].c), p.pl[i].n);
        return s;
    };
    key += pile(RESERVE, false);
    std::vector<std::string> parts;
    for (int f = F0; f <= F3; ++f) parts.push_back(pile(f, false));
    std::sort(parts.begin(), parts.end());
    for (const std::string& s : parts) key += s;
    parts.clear();
    for (int c = T0; c < T0 + p.ncols; ++c) parts.push_back(pile(c, true));
    std::sort(parts.begin(), parts.end());
    for (const std::string& s : parts) key += s;
    return key;
}

// progress._waste_tops: every card that going round the stock brings to the top of the
// waste. Draws never reorder the stock-and-waste sequence, so its boundary alone tells
// the positions of one round apart.
std::vector<int> waste_tops(const Config& cfg, const Pos& start) {
    Pos s = start;
    std::vector<int> tops;
    std::vector<bool> seen(static_cast<size_t>(s.sn) + 1, false);
    while (!seen[static_cast<size_t>(s.w)]) {
        seen[static_cast<size_t>(s.w)] = true;
        if (s.w && std::find(tops.begin(), tops.end(), s.seq[s.w - 1]) == tops.end())
            tops.push_back(s.seq[s.w - 1]);
        if (!can_draw(cfg, s)) break;
        play(cfg, s, GMove{STOCK, WASTE, 1});
    }
    return tops;
}

}  // namespace

bool is_stuck(const Config& cfg, const Pos& root, int limit) {
    if (root.foundation_cards() == 52) return false;
    // each deal or limited redeal is progress that cannot be undone
    if (!cfg.unlimited() && can_draw(cfg, root)) return false;
    const std::vector<int> tops = waste_tops(cfg, root);
    Pos t = root;
    t.sn = 0;
    t.w = 0;
    t.rehash();
    std::unordered_set<std::string> seen{canonical(cfg, t)};
    std::vector<Pos> stack{t};
    std::vector<GMove> moves, scratch;
    while (!stack.empty()) {
        Pos node = stack.back();
        stack.pop_back();
        // a card the stock can bring up that could be played from the waste here
        for (int card : tops) {
            node.push(WASTE, card);
            moves.clear();
            legal_moves(cfg, node, moves);
            node.pop(WASTE);
            for (const GMove& m : moves)
                if (m.src == WASTE) return false;
        }
        moves.clear();
        legal_moves(cfg, node, moves);
        // moves to the foundations last, as Python's stable sort puts them
        std::stable_partition(moves.begin(), moves.end(),
                              [](const GMove& m) { return !is_foundation(m.dst); });
        for (const GMove& m : moves) {
            if (!is_reversible(cfg, node, m, scratch)) return false;
            Pos child = node;
            play(cfg, child, m);
            if (child.foundation_cards() == 52) return false;
            std::string key = canonical(cfg, child);
            if (!seen.count(key)) {
                if (static_cast<int>(seen.size()) >= limit) return false;  // too big: "playing"
                seen.insert(std::move(key));
                stack.push_back(child);
            }
        }
    }
    return true;
}

}  // namespace sc
