// Is anything left to do? solitaire_widget/progress.py's ``is_stuck`` over the plain
// rules (the part's legal moves and ``play``), the same search in the same order, so that
// the two agree position for position, even where the limit cuts the search short
// (tests/test_progress.py compares them). Python's stays the readable reference and
// argues why the test is exact; this one is what a Game's status and the Gymnasium
// environment ask after every move, where the Python search took 0.05-0.6 s.
#include <algorithm>
#include <cstring>
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
// that turns a face-down card over or refills its column never can. ``child`` is left
// as the position after ``m`` and, where the answer is yes, ``child_moves`` as its legal
// moves, which the search then expands without asking for them again.
bool is_reversible(const Config& cfg, const Pos& p, const GMove& m, Pos& child,
                   std::vector<GMove>& child_moves) {
    child = p;
    play(cfg, child, m);
    if (m.src >= T0 && (child.hid[m.src] != p.hid[m.src] || child.pl[RESERVE].n != p.pl[RESERVE].n))
        return false;
    child_moves.clear();
    legal_moves(cfg, child, child_moves);
    if (!has_move(child_moves, m.dst, m.src, m.n)) return false;
    Pos back = child;
    play(cfg, back, GMove{m.dst, m.src, m.n});
    return same(cfg, back, p);
}

// progress._canonical, with the stock and the waste set aside (empty here): the redeal
// counter where it is limited, the reserve, and the foundations and the columns each as
// a multiset (their places never matter to the rules). Each pile is written with its
// length first, so that the joined bytes tell the piles apart. Written into one buffer,
// the piles of each group sorted by their bytes (as strings compare), with no
// allocation but the key's own: this is most of what a node costs besides its moves.
void canonical(const Config& cfg, const Pos& p, std::string& key) {
    key.clear();
    key.push_back(static_cast<char>(cfg.unlimited() ? 0 : p.used));
    // a pile's bytes: its length, its face-down count (columns), its cards
    uint8_t buf[MAX_PILES][2 + 52];
    int len[MAX_PILES];
    auto write = [&](int slot, int i, bool with_hidden) {
        int k = 0;
        buf[slot][k++] = static_cast<uint8_t>(p.pl[i].n);
        if (with_hidden) buf[slot][k++] = p.hid[i];
        std::memcpy(buf[slot] + k, p.pl[i].c, static_cast<size_t>(p.pl[i].n));
        len[slot] = k + p.pl[i].n;
    };
    auto less = [&](int a, int b) {
        int n = std::min(len[a], len[b]);
        int c = std::memcmp(buf[a], buf[b], static_cast<size_t>(n));
        return c < 0 || (c == 0 && len[a] < len[b]);
    };
    auto append_sorted = [&](int first, int count) {
        int order[MAX_PILES];
        // an insertion sort: at most eight piles (and GCC's std::sort here trips its
        // array-bounds warning)
        for (int i = 0; i < count; ++i) {
            int j = i;
            for (; j > 0 && less(first + i, order[j - 1]); --j) order[j] = order[j - 1];
            order[j] = first + i;
        }
        for (int i = 0; i < count; ++i)
            key.append(reinterpret_cast<const char*>(buf[order[i]]),
                       static_cast<size_t>(len[order[i]]));
    };
    write(0, RESERVE, false);
    key.append(reinterpret_cast<const char*>(buf[0]), static_cast<size_t>(len[0]));
    for (int f = F0; f <= F3; ++f) write(f - F0, f, false);
    append_sorted(0, 4);
    for (int c = T0; c < T0 + p.ncols; ++c) write(c - T0, c, true);
    append_sorted(0, p.ncols);
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
    std::string key;
    canonical(cfg, t, key);
    std::unordered_set<std::string> seen{key};
    // each position waiting with its legal moves (found when its reversibility was)
    struct Node {
        Pos pos;
        std::vector<GMove> moves;
    };
    std::vector<Node> stack(1);
    stack[0].pos = t;
    legal_moves(cfg, t, stack[0].moves);
    std::vector<GMove> moves, scratch;
    Pos child;
    while (!stack.empty()) {
        Pos node = stack.back().pos;
        moves.swap(stack.back().moves);
        stack.pop_back();
        // a card the stock can bring up that could be played from the waste here
        for (int card : tops) {
            node.push(WASTE, card);
            scratch.clear();
            legal_moves(cfg, node, scratch);
            node.pop(WASTE);
            for (const GMove& m : scratch)
                if (m.src == WASTE) return false;
        }
        // moves to the foundations last, as Python's stable sort puts them
        std::stable_partition(moves.begin(), moves.end(),
                              [](const GMove& m) { return !is_foundation(m.dst); });
        for (const GMove& m : moves) {
            if (!is_reversible(cfg, node, m, child, scratch)) return false;
            if (child.foundation_cards() == 52) return false;
            canonical(cfg, child, key);
            if (!seen.count(key)) {
                if (static_cast<int>(seen.size()) >= limit) return false;  // too big: "playing"
                seen.insert(key);
                stack.push_back(Node{child, scratch});
            }
        }
    }
    return true;
}

}  // namespace sc
