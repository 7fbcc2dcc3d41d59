// A position of any of the games, as compact bytes, changed in place.
//
// Cards are 0..51 (suit * 13 + rank, suits C D H S, rank 0 for an Ace), as in Python.
// Piles are indexed as in solitaire_widget.moves: 0 stock, 1 waste, 2 reserve, 3..6
// foundations, 7.. tableau. The stock and the waste are one sequence in dealing order
// (the waste bottom to top, then the stock top to bottom) with a boundary ``w``: a click
// moves the boundary on, turning the waste over puts it back to 0, and the order of the
// cards never changes. Within one search that sequence only ever loses cards, so the set
// of its cards tells it apart from every other one the search meets: that is what the
// incremental hash keeps. A column may hold face-down cards at its bottom (``hid``, as
// Python's ``Table.hidden``), never its top card; a column's hash holds their count, so
// the columns stay interchangeable.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace sc {

constexpr int STOCK = 0, WASTE = 1, RESERVE = 2, F0 = 3, F3 = 6, T0 = 7;
constexpr int MAX_COLS = 8;
constexpr int MAX_PILES = T0 + MAX_COLS;
constexpr int CAP = 64;  // cards a pile can hold here (52 is the most any game needs)

inline int rank_of(int c) { return c % 13; }
inline int suit_of(int c) { return c / 13; }
inline bool is_red(int c) { return c >= 13 && c < 39; }

// How columns build (Python's games/building.py): a card ``a`` may lie on a card one rank
// higher ``b`` exactly when suit_class(a) == wanted_class(b). A game's own rule is a
// trait (Rules.column_build); the games that offer the build switch change it.
enum class Build : uint8_t { alternate, suit, any };
inline int suit_class(Build b, int c) {
    return b == Build::alternate ? (is_red(c) ? 1 : 0) : b == Build::suit ? suit_of(c) : 0;
}
inline int wanted_class(Build b, int c) {
    return b == Build::alternate ? (is_red(c) ? 0 : 1) : b == Build::suit ? suit_of(c) : 0;
}
// what a chain built down from a card keeps (building.chain_class): rank + colour's
// parity with alternate colours, the suit in suit, nothing in any suit
inline int chain_class(Build b, int c) {
    return b == Build::alternate ? (rank_of(c) + (is_red(c) ? 1 : 0)) & 1
           : b == Build::suit    ? suit_of(c)
                                 : 0;
}
// the bit of ``b`` in a part's ``builds`` mask
constexpr uint8_t build_bit(Build b) { return static_cast<uint8_t>(1u << static_cast<int>(b)); }
constexpr uint8_t ALL_BUILDS = 7;

// What an empty column takes (Python's Rules.empty_column, games/empty_columns.py): a King
// or a run headed by one, any card or run, nothing (it stays empty), or only the waste's
// top card. A game's own rule is a trait; the games that offer the empty-column switch
// change it.
enum class Empty : uint8_t { king, any, none, waste };
// the bit of ``e`` in a part's ``empties`` mask
constexpr uint8_t empty_bit(Empty e) { return static_cast<uint8_t>(1u << static_cast<int>(e)); }

// What moves between columns (Python's Rules.group_moves, games/group_moves.py): any
// correct face-up run as a group (every game's rule), one card at a time, or only a
// column's whole run (its top card with every face-up card under it in sequence). The
// games that offer the "what moves" switch change it.
enum class Moves : uint8_t { runs, single, columns };
// the bit of ``m`` in a part's ``group_moves`` mask
constexpr uint8_t moves_bit(Moves m) { return static_cast<uint8_t>(1u << static_cast<int>(m)); }
// whether ``n`` cards may move between columns from a column whose run on top is ``run``
// cards long (1 <= n <= run)
constexpr bool group_allowed(Moves m, int n, int run) {
    return m == Moves::single ? n == 1 : m == Moves::columns ? n == run : true;
}

// Zobrist keys: two independent 64-bit families, so a position key has 128 bits.
struct Zobrist {
    uint64_t seq[2][52];
    uint64_t col[2][52][CAP];
    uint64_t reserve[2][CAP + 1];
    uint64_t height[2][4][CAP + 1];
    uint64_t waste_len[2][CAP + 1];
    uint64_t used[2][256];
    uint64_t pend[2][4];
    uint64_t hid[2][CAP];  // a column's face-down count (0 for none: adds nothing)
    Zobrist();
};
// made once when the module loads; a plain object, so a use costs no guard check
extern const Zobrist ZOBRIST;
inline const Zobrist& zobrist() { return ZOBRIST; }

inline uint64_t mix64(uint64_t z) {  // splitmix64's finaliser
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
inline uint64_t mix64b(uint64_t z) {  // murmur3's finaliser: independent of mix64
    z ^= z >> 33;
    z *= 0xff51afd7ed558ccdULL;
    z ^= z >> 33;
    z *= 0xc4ceb9fe1a85ec53ULL;
    return z ^ (z >> 33);
}

struct Pile {
    uint8_t n = 0;
    uint8_t c[CAP] = {};
};

struct Pos {
    Pile pl[MAX_PILES];    // pl[STOCK] and pl[WASTE] unused: see seq
    uint8_t seq[52] = {};  // the stock and the waste in dealing order
    int sn = 0;            // cards in seq
    int w = 0;             // cards of seq in the waste
    int used = 0;          // redeals used
    int pending = 0;       // the search's pending column (see search.cpp)
    int ncols = 0;
    uint8_t hid[MAX_PILES] = {};       // face-down cards at the bottom of each column
    uint64_t hcol[2][MAX_PILES] = {};  // per tableau column, its face-down count included
    uint64_t hseq[2] = {0, 0};

    int size(int p) const {
        if (p == WASTE) return w;
        if (p == STOCK) return sn - w;
        return pl[p].n;
    }
    // card at ``i`` from the bottom of pile p
    int at(int p, int i) const {
        if (p == WASTE) return seq[i];
        if (p == STOCK) return seq[sn - 1 - i];
        return pl[p].c[i];
    }
    int top(int p) const { return at(p, size(p) - 1); }

    void push(int p, int card) {
        if (p == WASTE) {  // back onto the waste's top: into the sequence at w
            std::memmove(seq + w + 1, seq + w, static_cast<size_t>(sn - w));
            seq[w] = static_cast<uint8_t>(card);
            ++sn;
            ++w;
            hseq[0] ^= zobrist().seq[0][card];
            hseq[1] ^= zobrist().seq[1][card];
            return;
        }
        Pile& q = pl[p];
        if (p >= T0) {
            hcol[0][p] ^= zobrist().col[0][card][q.n];
            hcol[1][p] ^= zobrist().col[1][card][q.n];
        }
        q.c[q.n++] = static_cast<uint8_t>(card);
    }
    int pop(int p) {
        if (p == WASTE) {
            int card = seq[w - 1];
            std::memmove(seq + w - 1, seq + w, static_cast<size_t>(sn - w));
            --sn;
            --w;
            hseq[0] ^= zobrist().seq[0][card];
            hseq[1] ^= zobrist().seq[1][card];
            return card;
        }
        Pile& q = pl[p];
        int card = q.c[--q.n];
        if (p >= T0) {
            hcol[0][p] ^= zobrist().col[0][card][q.n];
            hcol[1][p] ^= zobrist().col[1][card][q.n];
        }
        return card;
    }
    // the first empty column, or 0 (of several empty columns only the first is a target)
    int first_empty() const {
        for (int c = T0; c < T0 + ncols; ++c)
            if (!pl[c].n) return c;
        return 0;
    }
    // column c's face-down top card turns face up, and back
    void turn(int c) {
        hcol[0][c] ^= zobrist().hid[0][hid[c]] ^ zobrist().hid[0][hid[c] - 1];
        hcol[1][c] ^= zobrist().hid[1][hid[c]] ^ zobrist().hid[1][hid[c] - 1];
        --hid[c];
    }
    void unturn(int c) {
        hcol[0][c] ^= zobrist().hid[0][hid[c]] ^ zobrist().hid[0][hid[c] + 1];
        hcol[1][c] ^= zobrist().hid[1][hid[c]] ^ zobrist().hid[1][hid[c] + 1];
        ++hid[c];
    }
    int foundation_cards() const { return pl[3].n + pl[4].n + pl[5].n + pl[6].n; }
    void rehash();
};

struct Part;  // a game's part (search.hpp)

// Which "a card put down must be used at once" rule the search applies (Python's
// ``Rules.search_pending_rule``): none, "waste" (a waste card put on a column while the
// stock is a reserve) or "drawn" (a card drawn from the stock and put on a column).
enum class Pending { none, waste, drawn };

// The game as the core takes it: the traits of ``Rules.core_traits()``, as data.
struct Traits {
    int columns = 7;
    bool reserve = false;             // it has a reserve
    bool refills = false;             // a column emptied by a move takes the reserve's top
    bool reserve_top_always = false;  // the reserve's top card is in play at any size
                                      // (else only as its last card)
    bool hidden_cards = false;        // columns may hold face-down cards
    int draw = 1;                     // cards a click on the stock
    int max_redeals = 0;              // -1: unlimited
    Pending pending = Pending::none;
    bool bared_up = false;             // a card a group move lays bare goes up at once (Python's
                                       // Rules.search_bared_up, argued where a game turns it on)
    bool foundations_in_play = false;  // a foundation's top card may come back into play
                                       // (worrying back: Rules.foundations_in_play)
    Build build = Build::alternate;    // how columns build (Rules.column_build)
    Empty empty = Empty::king;         // what an empty column takes (Rules.empty_column)
    Moves moves = Moves::runs;         // what moves between columns (Rules.group_moves)
};

// What a search and the plain rules know of the game: its traits, the base card, and
// the part that holds its moves.
struct Config {
    const Part* part = nullptr;
    int ncols = 7;
    int draw = 1;
    int max_redeals = 0;   // -1: unlimited
    int base = 0;          // rank 1..13 of the base card; 0 for none (foundations from the Ace)
    bool refills = false;  // a column emptied by a move takes the reserve's top card
    bool has_reserve = false;
    bool reserve_top_always = false;
    bool hidden_cards = false;
    Pending pending = Pending::none;
    bool bared_up = false;
    bool foundations_in_play = false;
    Build build = Build::alternate;
    Empty empty = Empty::king;
    Moves moves = Moves::runs;
    bool unlimited() const { return max_redeals < 0; }
};

// The part named ``part`` with ``traits`` and ``base`` (0: none), each checked:
// std::invalid_argument says what is wrong.
Config make_config(const std::string& part, const Traits& traits, int base);

// Builds a position from Python's piles (bottom to top, stock included) and the
// face-down cards of each pile (``Table.hidden``; empty: none), checking everything a
// corrupt or forged snapshot could get wrong; std::invalid_argument says what.
Pos make_position(const Config& cfg, const std::vector<std::vector<int>>& piles,
                  const std::vector<int>& hidden, int used);

// Python's piles back from a position, and the face-down counts of each pile.
std::vector<std::vector<int>> to_piles(const Pos& p);
std::vector<int> to_hidden(const Pos& p);

std::string pile_name(int p);

}  // namespace sc
