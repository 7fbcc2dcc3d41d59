// The search: the same depth-first search as solitaire_widget/solver.py's ``Search``,
// with the same moves in the same order, the same forced moves, the same position key
// and dominance rank, so that below the table's memory cap it searches exactly the
// nodes the Python search does (tests compare the counts). Each game's moves and safe
// test live in games/<game>.cpp; this file knows none of them by name.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "position.hpp"
#include "table.hpp"

namespace sc {

// A search move: ``i`` >= 0 means "first draw until the card at index i of the stock
// sequence is the waste's top card" (``draws`` clicks, ``nr`` of them redeals).
struct SMove {
    int8_t i;
    uint8_t draws, nr, src, dst, n;
};
inline SMove plain(int src, int dst, int n = 1) {
    return SMove{-1, 0, 0, static_cast<uint8_t>(src), static_cast<uint8_t>(dst),
                 static_cast<uint8_t>(n)};
}

struct Rec {
    SMove mv;
    int8_t old_w;
    uint8_t refill;
    int16_t pending;
};

struct Reach {
    int i, draws, nr;
};

// a card drawn from the stock and put on a column (Kansas, Saratoga with limited
// redeals) is marked by this added to its column's index, as in Python
constexpr int PEND_STOCK = 32;

struct Outcome {
    std::string result;  // "won", "lost" or "unknown"
    std::vector<std::string> line;
};

class Search {
  public:
    // ``waste_cap`` >= 0 makes the search a streamliner: a position whose waste holds
    // more cards is stored but not expanded, so the search can find a win and never
    // proves a loss (solver.py's ``Search``, argued where a game asks for it).
    Search(const Config& cfg, const Pos& root, bool prune, std::optional<uint64_t> order_seed,
           size_t memory_bytes, int waste_cap = -1);

    // Search on for at most ``seconds`` (< 0: no bound) and ``nodes`` more (< 0: none).
    Outcome run(double seconds, int64_t nodes);

    int64_t nodes() const { return nodes_; }
    const Table& table() const { return table_; }
    size_t depth() const { return frames_.size(); }

    // ---- what the games' parts use --------------------------------------------------
    Config cfg;
    Pos pos;
    bool prune, mirror, stock_is_reserve, lazy_stock, lazy_kansas, lazy_drawn;

    int found(int card) const;          // the foundation ``card`` may go onto now, or 0
    void fits(int8_t out[52]) const;    // found() for every card at once (0: none)
    void heights(int h[4]) const;       // cards on the foundation of each suit
    void reachable(std::vector<Reach>& out) const;
    Rec apply(const SMove& mv);
    void revert(const Rec& r);
    bool safe(int card) const;
    bool blocked() const;  // lost on its face (Rules.search_blocked)
    // scratch lists the move generators reuse, so that a node allocates nothing
    std::vector<SMove> mid_buf, last_buf;
    // the generators' three lists (``out`` is the first): returns mid and last, cleared
    std::pair<std::vector<SMove>&, std::vector<SMove>&> lists() {
        mid_buf.clear();
        last_buf.clear();
        return {mid_buf, last_buf};
    }
    // first + mid + last, the order every generator gives its moves in
    void join(std::vector<SMove>& out) const {
        out.insert(out.end(), mid_buf.begin(), mid_buf.end());
        out.insert(out.end(), last_buf.begin(), last_buf.end());
    }
    std::vector<Reach> reach_buf;

  private:
    void gen(std::vector<SMove>& out);  // nothing past the waste cap
    void force();  // appends the forced moves' records to forced_
    Key key() const;
    int rank() const;
    SMove stock_move(int i, int src, int dst, int n) const;
    void actions(const SMove& mv, std::vector<std::string>& out) const;
    std::vector<std::string> line() const;

    struct Frame {
        size_t mstart, mend, mi;
        size_t fstart, fend;  // its forced moves, in forced_
        Rec rec;
        bool has_rec;
    };
    Table table_;
    std::vector<SMove> moves_;  // every frame's moves, stacked
    std::vector<Rec> forced_;   // every frame's forced moves, stacked
    std::vector<Frame> frames_;
    mutable std::vector<Reach> reach_force_;
    bool started_ = false;
    std::optional<Outcome> verdict_;
    int64_t nodes_ = 0;
    int waste_cap_ = -1;
    std::optional<uint64_t> order_;
    uint64_t rng_ = 0;
};

// The games' parts (games/*.cpp).
void moves_eagle_wing(Search& s, std::vector<SMove>& out);
void moves_kansas(Search& s, std::vector<SMove>& out);
void moves_saratoga(Search& s, std::vector<SMove>& out);
bool safe_eagle_wing(const Search& s, int card);
bool safe_kansas(const Search& s, int card);
bool safe_saratoga(const Search& s, int card);
bool blocked_saratoga(const Search& s);

// ---- the plain rules: every legal action of Game.legal_moves ----------------------
struct GMove {
    int src, dst, n;  // src == STOCK: a click on the stock
};
void legal_moves(const Config& cfg, const Pos& p, std::vector<GMove>& out);
void legal_eagle_wing(const Config& cfg, const Pos& p, std::vector<GMove>& out);
void legal_kansas(const Config& cfg, const Pos& p, std::vector<GMove>& out);
void legal_saratoga(const Config& cfg, const Pos& p, std::vector<GMove>& out);
bool can_draw(const Config& cfg, const Pos& p);
void play(const Config& cfg, Pos& p, const GMove& m);  // a legal action, as Table.apply
std::string notation(const GMove& m);
// for the base-card games: card -> the foundations that accept it (bit mask of 0..3)
void wrapping_targets(const Config& cfg, const Pos& p, uint8_t out[52]);

// Distinct positions reached after exactly 1..depth actions from ``root``.
std::vector<uint64_t> perft(const Config& cfg, const Pos& root, int depth);

}  // namespace sc
