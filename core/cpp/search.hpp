// The search: the same depth-first search as solitaire_widget/search.py's ``Search``,
// with the same moves in the same order, the same forced moves, the same position key
// and dominance rank, so that below the table's memory cap it searches exactly the
// nodes the Python search does (tests compare the counts). Each game's moves, safe test
// and plain rules live in games/<game>.cpp, which fills one ``Part`` record and
// registers it by name (``Registrar``); what a game is beyond that reaches the core as
// data (``Traits``, from ``Rules.core_traits()``). This file knows no game.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
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
    return SMove{
        -1, 0, 0, static_cast<uint8_t>(src), static_cast<uint8_t>(dst), static_cast<uint8_t>(n)};
}

struct Rec {
    SMove mv;
    int8_t old_w;
    uint8_t refill;  // what the move did by itself: REFILLED or TURNED (as Python's Rec)
    int16_t pending;
};
constexpr uint8_t REFILLED = 1;  // the emptied column took the reserve's top card
constexpr uint8_t TURNED = 2;    // the column's new top card, face down, turned face up

struct Reach {
    int i, draws, nr;
};

// a card drawn from the stock and put on a column (the "drawn" pending rule) is marked
// by this added to its column's index, as in Python
constexpr int PEND_STOCK = 32;

struct Outcome {
    std::string result;  // "won", "lost" or "unknown"
    std::vector<std::string> line;
};

// The positions on one search's path, for a search whose table is shared (each thread
// keeps its own, as the table does for a search alone): a stack, and counters per slot
// so that most questions need no look at the stack.
class PathSet {
  public:
    void enter(const Key& k, int rank) {
        stack_.emplace_back(k, rank);
        ++count_[slot(k)];
    }
    const std::pair<Key, int>& top() const { return stack_.back(); }
    void leave() {
        --count_[slot(stack_.back().first)];
        stack_.pop_back();
    }
    // on the path with a rank at most ``rank``
    bool holds(const Key& k, int rank) const {
        if (!count_[slot(k)]) return false;
        for (const auto& [p, r] : stack_)
            if (p == k && r <= rank) return true;
        return false;
    }

  private:
    static constexpr size_t SLOTS = 4096;
    static size_t slot(const Key& k) { return (k.a >> 7) & (SLOTS - 1); }
    std::vector<std::pair<Key, int>> stack_;
    std::vector<uint16_t> count_ = std::vector<uint16_t>(SLOTS, 0);
};

class Search {
  public:
    // ``waste_cap`` >= 0 makes the search a streamliner: a position whose waste holds
    // more cards is stored but not expanded, so the search can find a win and never
    // proves a loss (search.py's ``Search``, argued where a game asks for it).
    // ``memory``: the budget its table and memo draw from (its helper's too), which it
    // may share with other searches.
    Search(const Config& cfg, const Pos& root, bool prune, std::optional<uint64_t> order_seed,
           std::shared_ptr<Memory> memory, int waste_cap = -1);

    ~Search();
    Search(const Search&) = delete;
    Search& operator=(const Search&) = delete;

    // Search on for at most ``seconds`` (< 0: no bound) and ``nodes`` more (< 0: none).
    // With ``threads`` 2 and a budget of time alone (at least half a second), a run
    // after the first undecided one starts a helper: a second search of the same
    // position in another move order, on its own thread, sharing the table (each skips
    // what the other has searched to its end). The first to end gives the answer, a win or a loss.
    // The helper goes on between runs until ``pause`` (a run with a node budget pauses it and
    // searches alone). An error thrown out of a run (std::bad_alloc where the system refuses
    // memory) may have cut it off in the middle of a node, its position no longer the one its
    // stacked moves were made for: it is passed on, and every later run throws a
    // std::runtime_error that says so (going on from there would play moves that are not
    // legal in the position: a crash). A helper cut off so stops for good, and the
    // search goes on alone.
    Outcome run(double seconds, int64_t nodes);
    void set_threads(int threads) { threads_ = threads; }
    // From any thread: a run in progress returns "unknown" within CHECK_EVERY nodes,
    // and so does every run until it is called with false.
    void set_cancel(bool on) { cancel_.store(on, std::memory_order_relaxed); }
    void pause();

    // nodes searched so far, the helper's included
    int64_t nodes() const;
    int64_t helper_nodes() const;
    const Table& table() const { return *table_; }
    size_t depth() const { return frames_.size(); }

    // ---- what the games' parts use --------------------------------------------------
    Config cfg;
    Pos pos;
    // lazy_stock: the "waste" pending rule; lazy_drawn: the "drawn" one (each with prune)
    bool prune, mirror, stock_is_reserve, lazy_stock, lazy_drawn;
    // search.py's ``bared``: the column whose top card the last move laid bare by taking a
    // group off part of it, else 0 (set by apply, read by the forced moves right after
    // it); ``send_bared``: that card goes up at once where the game says so (the trait
    // ``bared_up``; tests turn it off)
    int bared = 0;
    bool send_bared = true;
    // a game's proof that its columns cannot hold what must wait in them (search.py's
    // ``capacity``; tests turn it off)
    bool capacity = true;
    // and, within it, that the columns' runs start only at cards that can be a
    // column's bottom card (search.py's ``column_starts``; tests turn it off)
    bool column_starts = true;
    // and that each suit's cards go up in order, so that the cards up at a moment are a
    // run of places per suit (search.py's ``suit_order``; tests turn it off)
    bool suit_order = true;
    bool waste_classes = false;  // search.py's ``waste_classes``: the waste's place in classes

    int found(int card) const;        // the foundation ``card`` may go onto now, or 0
    void fits(int8_t out[52]) const;  // found() for every card at once (0: none)
    void heights(int h[4]) const;     // cards on the foundation of each suit
    void reachable(std::vector<Reach>& out) const;
    Rec apply(const SMove& mv);
    void revert(const Rec& r);
    bool safe(int card) const { return part_safe_(*this, card); }
    bool blocked() const { return part_blocked_ && part_blocked_(*this); }  // Rules.search_blocked
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
    // A memo a game's part may keep of an answer that depends on the position's layer
    // alone: what no move undoes (the stock and the waste, the reserve's size, the
    // foundations' heights, the redeals used), which with the deal fixes the cards in
    // the columns but not their order. Positions that differ only in how the columns
    // are arranged, most of a proof's, then share one answer. Direct-mapped by
    // ``layer_key``. A slot holds the whole key in 16 bytes: the low bits of ``a`` are the
    // slot's index, so two of them carry "filled" and the answer. Made at a part's first
    // ask (``make_layer_memo``) from the search's memory budget.
    struct LayerAnswer {
        uint64_t a = 0, b = 0;
    };
    std::vector<LayerAnswer> layer_memo;
    // Makes ``layer_memo`` 2^``bits`` slots, or as many fewer (down to 2^12) as the
    // budget has room for, or none (the part then works each answer out): the memo is
    // only a cache, so its size changes no answer. Asks once; false if it has none.
    bool make_layer_memo(int bits);
    // a game's part may keep a hint of where its last such proof was found (a place in
    // a pile, say, to look at first next time); it changes no answer
    mutable int stuck_card = -1;
    Key layer_key() const;

  private:
    Search(const Search& main, uint64_t order_seed);  // a helper of ``main``
    // The depth-first search itself, until its end ("lost"), a win, ``deadline`` (if
    // timed), ``max_nodes`` (>= 0), ``stop``, or the helper's end.
    Outcome dfs(bool timed, std::chrono::steady_clock::time_point deadline, int64_t max_nodes,
                const std::atomic<bool>* stop);
    // run's work, once its budget is set (run marks the search broken if it throws)
    Outcome go(bool timed, std::chrono::steady_clock::time_point deadline, int64_t nodes,
               double seconds);
    bool begin();  // the root: false if it is decided on its face (verdict_ is set)
    void start_helper();
    void resume_helper();
    void settle_helper(Outcome out);    // the helper's verdict, once it has one
    void break_off() noexcept;          // in a handler: no run may go on (broken_)
    void gen(std::vector<SMove>& out);  // nothing past the waste cap
    void force();                       // appends the forced moves' records to forced_
    Key key() const;
    int rank() const;
    int waste_len() const;
    Key key_in(int cls) const;
    bool dominated();  // another position seen reaches all this one reaches
    SMove stock_move(int i, int src, int dst, int n) const;
    void actions(const SMove& mv, std::vector<std::string>& out) const;
    std::vector<std::string> line() const;

    struct Frame {
        size_t mstart, mend, mi;
        size_t fstart, fend;  // its forced moves, in forced_
        Rec rec;
        bool has_rec;
    };
    // the part's functions (cfg.part's, at hand)
    void (*part_moves_)(Search&, std::vector<SMove>&);
    bool (*part_safe_)(const Search&, int);
    bool (*part_blocked_)(const Search&);
    std::shared_ptr<Memory> memory_;
    std::shared_ptr<Table> table_;
    Held memo_held_;  // the memo's bytes of the budget
    bool memo_asked_ = false;
    PathSet path_;  // this search's path, once the table is shared
    bool shared_ = false;
    Pos root_;  // the position searched, before its forced moves
    int threads_ = 1;
    std::unique_ptr<Search> helper_;
    // the helper as other threads may read it (nodes() while a run goes on)
    std::atomic<const Search*> helper_seen_{nullptr};
    std::thread helper_thread_;
    std::atomic<bool> stop_{false};
    std::atomic<bool> helper_done_{false};  // the helper has a verdict (its verdict_)
    // the helper was cut off by an error: it is never resumed (the main search, which
    // skips only what was searched to its end, goes on alone)
    std::atomic<bool> helper_failed_{false};
    // a run was cut off by an error: why, said by every later run
    bool broken_ = false;
    std::string broken_what_;
    std::atomic<bool> cancel_{false};
    std::vector<SMove> moves_;  // every frame's moves, stacked
    std::vector<Rec> forced_;   // every frame's forced moves, stacked
    std::vector<Frame> frames_;
    mutable std::vector<Reach> reach_force_;
    bool started_ = false;
    std::optional<Outcome> verdict_;
    std::atomic<int64_t> nodes_{0};
    int waste_cap_ = -1;
    std::optional<uint64_t> order_;
    uint64_t rng_ = 0;
};

// ---- the plain rules: every legal action of Game.legal_moves ----------------------
struct GMove {
    int src, dst, n;  // src == STOCK: a click on the stock
};
void legal_moves(const Config& cfg, const Pos& p, std::vector<GMove>& out);
bool can_draw(const Config& cfg, const Pos& p);
void play(const Config& cfg, Pos& p, const GMove& m);  // a legal action, as Table.apply
std::string notation(const GMove& m);
// with a base card: card -> the foundations that accept it (bit mask of 0..3)
void wrapping_targets(const Config& cfg, const Pos& p, uint8_t out[52]);

// progress.is_stuck: nothing but moves that cycle without progress is left (false too
// when more than ``limit`` positions would have to be explored to say so).
bool is_stuck(const Config& cfg, const Pos& p, int limit);

// Distinct positions reached after exactly 1..depth actions from ``root``.
std::vector<uint64_t> perft(const Config& cfg, const Pos& root, int depth);

// ---- a game's part: the functions the search and the plain rules call ---------------
// Each core/cpp/games/<game>.cpp fills one of these and registers it under the name its
// game's ``Rules.core_part`` gives, with a ``Registrar`` at namespace scope:
//     const Registrar registered{Part{"name", moves, safe, blocked, legal, base, face_down,
//                                     worrying_back, builds, empties, group_moves}};
struct Part {
    std::string name;
    // the search's moves from s.pos, best first (Rules.search_moves), appended to out
    void (*moves)(Search& s, std::vector<SMove>& out);
    // whether ``card``, which fits a foundation now, is needed for nothing in play
    bool (*safe)(const Search& s, int card);
    // lost on its face (Rules.search_blocked); nullptr: never
    bool (*blocked)(const Search& s);
    // every legal action (Rules.legal_moves), in Python's order
    void (*legal)(const Config& cfg, const Pos& p, std::vector<GMove>& out);
    // its foundations start at a base card (1..13) and wrap King to Ace; else from the
    // Ace up to the King (its functions rely on the one or the other)
    bool base_card;
    // its functions know face-down cards (Pos::hid), so the hidden_cards trait may be on
    bool face_down;
    // its functions know worrying back, on and off (Config::foundations_in_play), so
    // the foundations_in_play trait may be on; a part without it plays foundations that
    // keep their cards
    bool worrying_back;
    // the ways of building columns its functions play (Config::build), a bit each
    // (build_bit); a config with another is refused
    uint8_t builds;
    // what its functions let an empty column take (Config::empty), a bit each
    // (empty_bit); a config with another rule is refused
    uint8_t empties;
    // what its functions let move between columns (Config::moves), a bit each
    // (moves_bit); a config with another rule is refused
    uint8_t group_moves;
};

struct Registrar {
    explicit Registrar(Part part);
};
// the part registered as ``name``, or nullptr
const Part* find_part(const std::string& name);
// the registered parts' names, sorted
std::vector<std::string> part_names();
// throws std::runtime_error if a part was registered twice or without its functions
void check_parts();

}  // namespace sc
