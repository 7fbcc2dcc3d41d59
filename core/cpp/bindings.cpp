// The one small interface between Python and the core (nanobind). Everything handed in
// is checked before a search sees it: a bad position is a ValueError, never a crash.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>
#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif

#include "search.hpp"

namespace nb = nanobind;
using namespace nb::literals;

#ifndef SC_VERSION
#error "SC_VERSION is the package's version, given by CMake (SKBUILD_PROJECT_VERSION)"
#endif

namespace {

// The GIL let go while the core works, and taken back after. Python before 3.14 ends a
// thread that takes it back while the interpreter is being torn down (a daemon thread
// still in a search when the program ends) with pthread_exit, which unwinds the
// thread's stack; through nanobind's gil_scoped_release, whose destructor may not
// throw, that unwinding ended the whole process (std::terminate: an abort at exit).
// Here it is caught, and the thread waits for the process to end instead (what Python
// 3.14 does itself).
class ReleaseGil {
  public:
    ReleaseGil() : state_(PyEval_SaveThread()) {}
    ~ReleaseGil() {
#if defined(__GLIBCXX__)
        try {
            PyEval_RestoreThread(state_);
        } catch (abi::__forced_unwind&) {
            // (never rethrown, never left: a forced unwind caught and not rethrown
            // aborts the process when its handler ends)
            for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
        }
#else
        PyEval_RestoreThread(state_);
#endif
    }
    ReleaseGil(const ReleaseGil&) = delete;
    ReleaseGil& operator=(const ReleaseGil&) = delete;

  private:
    PyThreadState* state_;
};

// ---- the game's traits, as Rules.core_traits() gives them --------------------------------
constexpr const char* TRAITS[] = {
    "columns",      "reserve",      "refills",    "reserve_top_always", "hidden_cards",
    "draw",         "max_redeals",  "pending",    "bared_up",           "foundations_in_play",
    "column_build", "empty_column", "group_moves"};

nb::handle trait(const nb::dict& d, const char* key) {
    if (!d.contains(key)) throw std::invalid_argument(std::string("the traits lack '") + key + "'");
    return d[key];
}

bool trait_bool(const nb::dict& d, const char* key) {
    nb::handle h = trait(d, key);
    if (!nb::isinstance<nb::bool_>(h))
        throw nb::type_error((std::string("trait '") + key + "' must be True or False").c_str());
    return nb::cast<bool>(h);
}

// an int trait, or ``none`` for None where None is allowed
int trait_int(const nb::dict& d, const char* key, std::optional<int> none = std::nullopt) {
    nb::handle h = trait(d, key);
    if (h.is_none() && none) return *none;
    if (!PyLong_Check(h.ptr()) || nb::isinstance<nb::bool_>(h))
        throw nb::type_error(
            (std::string("trait '") + key + "' must be an int" + (none ? " or None" : "")).c_str());
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    if (overflow || v < -1000 || v > 1000)
        throw std::invalid_argument(std::string("trait '") + key + "' is out of range");
    if (none && v < 0)  // None says "no limit"; a negative count is refused
        throw std::invalid_argument(std::string("trait '") + key + "' must be >= 0 or None");
    return static_cast<int>(v);
}

sc::Traits parse_traits(const nb::dict& d) {
    for (auto [k, v] : d) {
        (void)v;
        bool known = false;
        if (nb::isinstance<nb::str>(k)) {
            std::string key = nb::cast<std::string>(k);
            for (const char* t : TRAITS) known |= key == t;
        }
        if (!known)
            throw std::invalid_argument("unknown trait " + nb::cast<std::string>(nb::repr(k)));
    }
    sc::Traits t;
    t.columns = trait_int(d, "columns");
    t.reserve = trait_bool(d, "reserve");
    t.refills = trait_bool(d, "refills");
    t.reserve_top_always = trait_bool(d, "reserve_top_always");
    t.hidden_cards = trait_bool(d, "hidden_cards");
    t.draw = trait_int(d, "draw");
    t.max_redeals = trait_int(d, "max_redeals", -1);
    t.bared_up = trait_bool(d, "bared_up");
    t.foundations_in_play = trait_bool(d, "foundations_in_play");
    nb::handle build = trait(d, "column_build");
    if (!nb::isinstance<nb::str>(build)) throw nb::type_error("trait 'column_build' must be a str");
    std::string rule = nb::cast<std::string>(build);
    if (rule == "alternate")
        t.build = sc::Build::alternate;
    else if (rule == "suit")
        t.build = sc::Build::suit;
    else if (rule == "any")
        t.build = sc::Build::any;
    else
        throw std::invalid_argument("unknown column_build " +
                                    nb::cast<std::string>(nb::repr(build)) +
                                    " (alternate, suit or any)");
    nb::handle empty = trait(d, "empty_column");
    if (!nb::isinstance<nb::str>(empty)) throw nb::type_error("trait 'empty_column' must be a str");
    std::string takes = nb::cast<std::string>(empty);
    if (takes == "K")
        t.empty = sc::Empty::king;
    else if (takes == "any")
        t.empty = sc::Empty::any;
    else if (takes == "none")
        t.empty = sc::Empty::none;
    else if (takes == "waste")
        t.empty = sc::Empty::waste;
    else
        throw std::invalid_argument("unknown empty_column " +
                                    nb::cast<std::string>(nb::repr(empty)) +
                                    " (K, any, none or waste)");
    nb::handle group = trait(d, "group_moves");
    if (!nb::isinstance<nb::str>(group)) throw nb::type_error("trait 'group_moves' must be a str");
    std::string moves = nb::cast<std::string>(group);
    if (moves == "runs")
        t.moves = sc::Moves::runs;
    else if (moves == "single")
        t.moves = sc::Moves::single;
    else if (moves == "columns")
        t.moves = sc::Moves::columns;
    else
        throw std::invalid_argument("unknown group_moves " +
                                    nb::cast<std::string>(nb::repr(group)) +
                                    " (runs, single or columns)");
    nb::handle pending = trait(d, "pending");
    if (pending.is_none()) {
        t.pending = sc::Pending::none;
    } else {
        std::string rule = nb::isinstance<nb::str>(pending) ? nb::cast<std::string>(pending) : "";
        if (rule == "waste")
            t.pending = sc::Pending::waste;
        else if (rule == "drawn")
            t.pending = sc::Pending::drawn;
        else
            throw std::invalid_argument("unknown pending rule " +
                                        nb::cast<std::string>(nb::repr(pending)) +
                                        " (None, 'waste' or 'drawn')");
    }
    return t;
}

// A memory budget (memory.hpp) as Python holds it: the searches given it, and any
// budget made under it (``parent``), draw from the one count.
struct PyMemory {
    PyMemory(double mb, const PyMemory* parent) {
        if (!(mb > 0.0) || mb > 1024.0 * 1024.0)
            throw std::invalid_argument("mb must be more than 0 and at most 1048576");
        memory = std::make_shared<sc::Memory>(static_cast<size_t>(mb * 1024 * 1024),
                                              parent ? parent->memory : nullptr);
    }
    size_t cap() const { return memory->cap(); }
    std::shared_ptr<sc::Memory> memory;
};

struct Spec {
    sc::Config cfg;
    sc::Pos pos;
};

Spec make_spec(const std::string& part, const nb::dict& traits,
               const std::vector<std::vector<int>>& piles, const std::vector<int>& hidden, int used,
               std::optional<int> base) {
    Spec s;
    s.cfg = sc::make_config(part, parse_traits(traits), base ? *base : 0);
    s.pos = sc::make_position(s.cfg, piles, hidden, used);
    return s;
}

class PySearch {
  public:
    PySearch(const std::string& part, const nb::dict& traits,
             const std::vector<std::vector<int>>& piles, const std::vector<int>& hidden, int used,
             std::optional<int> base, bool prune, std::optional<uint64_t> order_seed,
             double memory_mb, std::optional<int> waste_cap, int threads, const PyMemory* memory) {
        if (threads < 1 || threads > 2) throw std::invalid_argument("threads must be 1 or 2");
        if (!(memory_mb >= 1.0) || memory_mb > 1024.0 * 1024.0)
            throw std::invalid_argument("memory_mb must be between 1 and 1048576");
        if (waste_cap && (*waste_cap < 0 || *waste_cap > 52))
            throw std::invalid_argument("waste_cap must be 0..52 or None");
        Spec s = make_spec(part, traits, piles, hidden, used, base);
        // its own budget of ``memory_mb``, within ``memory`` if it shares one
        auto own = std::make_shared<sc::Memory>(static_cast<size_t>(memory_mb * 1024 * 1024),
                                                memory ? memory->memory : nullptr);
        search_ = std::make_unique<sc::Search>(s.cfg, s.pos, prune, order_seed, std::move(own),
                                               waste_cap ? *waste_cap : -1);
        search_->set_threads(threads);
    }

    std::pair<std::string, std::vector<std::string>> run(std::optional<double> seconds,
                                                         std::optional<int64_t> nodes) {
        if (seconds && std::isnan(*seconds)) throw std::invalid_argument("seconds is NaN");
        if (nodes && *nodes < 0) throw std::invalid_argument("nodes must be >= 0 or None");
        std::unique_lock<std::mutex> lock(busy_, std::try_to_lock);
        if (!lock.owns_lock())
            throw std::runtime_error("this search is already running in another thread");
        double s = seconds ? (*seconds < 0 ? 0.0 : *seconds) : -1.0;
        sc::Outcome out;
        {
            ReleaseGil release;
            out = search_->run(s, nodes ? *nodes : -1);
        }
        return {out.result, out.line};
    }

    // no lock: it is meant to be called while run() holds it, from another thread
    void cancel(bool on) { search_->set_cancel(on); }
    void pause() {
        // the GIL first: a run in another thread needs it to return, and holds busy_
        ReleaseGil release;
        std::lock_guard<std::mutex> lock(busy_);
        search_->pause();
    }
    int64_t nodes() const { return search_->nodes(); }
    int64_t helper_nodes() const { return search_->helper_nodes(); }
    size_t entries() const { return search_->table().entries(); }
    size_t bytes() const { return search_->table().bytes(); }
    size_t evictions() const { return search_->table().evictions(); }
    size_t cap() const { return search_->table().max_bytes(); }
    // its own budget's count: the table and the memo (its helper's too)
    size_t memory_bytes() const { return search_->table().memory()->used(); }
    size_t memory_peak() const { return search_->table().memory()->peak(); }
    bool memory_full() const { return search_->table().memory()->full(); }
    bool send_bared() const { return search_->send_bared; }
    void set_send_bared(bool on) { search_->send_bared = on; }
    bool capacity() const { return search_->capacity; }
    void set_capacity(bool on) { search_->capacity = on; }
    bool column_starts() const { return search_->column_starts; }
    void set_column_starts(bool on) { search_->column_starts = on; }
    bool suit_order() const { return search_->suit_order; }
    void set_suit_order(bool on) { search_->suit_order = on; }

  private:
    std::unique_ptr<sc::Search> search_;
    std::mutex busy_;
};

std::vector<std::string> legal(const std::string& part, const nb::dict& traits,
                               const std::vector<std::vector<int>>& piles,
                               const std::vector<int>& hidden, int used, std::optional<int> base) {
    Spec s = make_spec(part, traits, piles, hidden, used, base);
    std::vector<sc::GMove> moves;
    sc::legal_moves(s.cfg, s.pos, moves);
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(sc::notation(m));
    return out;
}

std::tuple<std::vector<std::vector<int>>, std::vector<int>, int> play(
    const std::string& part, const nb::dict& traits, const std::vector<std::vector<int>>& piles,
    const std::vector<int>& hidden, int used, std::optional<int> base, const std::string& action) {
    Spec s = make_spec(part, traits, piles, hidden, used, base);
    std::vector<sc::GMove> moves;
    sc::legal_moves(s.cfg, s.pos, moves);
    for (const auto& m : moves) {
        if (sc::notation(m) == action) {
            sc::play(s.cfg, s.pos, m);
            return {sc::to_piles(s.pos), sc::to_hidden(s.pos), s.pos.used};
        }
    }
    throw std::invalid_argument("'" + action + "' is not a legal action here");
}

std::vector<uint64_t> perft(const std::string& part, const nb::dict& traits,
                            const std::vector<std::vector<int>>& piles,
                            const std::vector<int>& hidden, int used, std::optional<int> base,
                            int depth) {
    if (depth < 0 || depth > 12) throw std::invalid_argument("depth must be 0..12");
    Spec s = make_spec(part, traits, piles, hidden, used, base);
    ReleaseGil release;
    return sc::perft(s.cfg, s.pos, depth);
}

bool stuck(const std::string& part, const nb::dict& traits,
           const std::vector<std::vector<int>>& piles, const std::vector<int>& hidden, int used,
           std::optional<int> base, int limit) {
    if (limit < 1) throw std::invalid_argument("limit must be >= 1");
    Spec s = make_spec(part, traits, piles, hidden, used, base);
    ReleaseGil release;
    return sc::is_stuck(s.cfg, s.pos, limit);
}

// A game's rules as the core takes them, parsed and checked once: an environment asks
// for the legal moves at every step, and parsing the traits dict cost more than finding
// the moves. The position is still handed in whole each time (Python's Table holds it).
class PyRules {
  public:
    PyRules(const std::string& part, const nb::dict& traits, std::optional<int> base)
        : cfg_(sc::make_config(part, parse_traits(traits), base ? *base : 0)) {}

    // each move as Python's Move triple (src, dst, count); the draw is (STOCK, WASTE, 1)
    std::vector<std::tuple<int, int, int>> legal_moves(const std::vector<std::vector<int>>& piles,
                                                       const std::vector<int>& hidden, int used) {
        sc::Pos pos = sc::make_position(cfg_, piles, hidden, used);
        std::vector<sc::GMove> moves;
        sc::legal_moves(cfg_, pos, moves);
        std::vector<std::tuple<int, int, int>> out;
        out.reserve(moves.size());
        for (const auto& m : moves) {
            if (m.src == sc::STOCK)
                out.emplace_back(sc::STOCK, sc::WASTE, 1);
            else
                out.emplace_back(m.src, m.dst, m.n);
        }
        return out;
    }

    bool is_stuck(const std::vector<std::vector<int>>& piles, const std::vector<int>& hidden,
                  int used, int limit) {
        if (limit < 1) throw std::invalid_argument("limit must be >= 1");
        sc::Pos pos = sc::make_position(cfg_, piles, hidden, used);
        ReleaseGil release;
        return sc::is_stuck(cfg_, pos, limit);
    }

  private:
    const sc::Config cfg_;  // read only: a call that releases the GIL shares it safely
};

}  // namespace

NB_MODULE(_core, m) {
    m.doc() = "The compiled search core of solitaire_widget.";
    sc::check_parts();
    m.attr("__version__") = SC_VERSION;
    // the parts the core has (each in cpp/games/, registered by its name); a game whose
    // Rules.core_part is another is searched by the Python search
    nb::list parts;
    for (const std::string& name : sc::part_names()) parts.append(name);
    m.attr("parts") = nb::tuple(parts);
    nb::class_<PyMemory>(m, "Memory",
                         "A memory budget that searches share: each one's transposition "
                         "table and memo draw from it, and one that finds it full forgets "
                         "positions instead of growing.")
        .def(nb::init<double, const PyMemory*>(), "mb"_a, "parent"_a.none() = nb::none(),
             "A budget of ``mb`` MB, within ``parent``'s if given (what is taken from it "
             "counts in both).")
        .def_prop_rw(
            "cap_bytes", &PyMemory::cap,
            [](PyMemory& self, size_t bytes) { self.memory->set_cap(bytes); },
            "The most its searches may hold at once, in bytes; raised when "
            "another share of a solve is let go.")
        .def_prop_ro(
            "used_bytes", [](const PyMemory& self) { return self.memory->used(); },
            "What its searches hold now.")
        .def_prop_ro(
            "peak_bytes", [](const PyMemory& self) { return self.memory->peak(); },
            "The most its searches held at once so far.")
        .def_prop_ro(
            "full", [](const PyMemory& self) { return self.memory->full(); },
            "Whether a search ever asked it (or a budget within it) for more than "
            "it had room for.");
    nb::class_<PySearch>(m, "Search",
                         "A depth-first search for a win from one position; run() goes on where "
                         "its last budget stopped.")
        .def(nb::init<const std::string&, const nb::dict&, const std::vector<std::vector<int>>&,
                      const std::vector<int>&, int, std::optional<int>, bool,
                      std::optional<uint64_t>, double, std::optional<int>, int, const PyMemory*>(),
             "part"_a, "traits"_a, "piles"_a, "hidden"_a, "redeals_used"_a,
             "base"_a.none() = nb::none(), "prune"_a = true, "order_seed"_a.none() = nb::none(),
             "memory_mb"_a = 768.0, "waste_cap"_a.none() = nb::none(), "threads"_a = 1,
             "memory"_a.none() = nb::none(),
             "A search of the position ``piles`` (``hidden``: each pile's face-down cards, as "
             "Table.hidden) by the core's part ``part`` with the game's ``traits`` "
             "(Rules.core_traits()); ``base`` is the base card's rank (None: none). Its "
             "table and memo keep within ``memory_mb``, and within the budget ``memory`` "
             "(a Memory) if given, which other searches may share.")
        .def("run", &PySearch::run, "seconds"_a.none(), "nodes"_a.none(),
             "Search on for at most ``seconds`` and ``nodes`` more (None: no bound); returns "
             "(result, line) with result 'won', 'lost' or 'unknown'. The GIL is released.")
        .def("cancel", &PySearch::cancel, "on"_a = true,
             "From any thread: a run in progress returns 'unknown' at once, and so does "
             "every run until cancel(False).")
        .def("pause", &PySearch::pause,
             "Stop the helper search (threads=2) until the next run (waiting for a run in "
             "another thread to end first); the GIL is released.")
        .def_prop_ro("nodes", &PySearch::nodes, "Nodes searched so far, the helper's included.")
        .def_prop_ro("helper_nodes", &PySearch::helper_nodes,
                     "Nodes the helper search (threads=2) has searched so far.")
        .def_prop_ro("table_entries", &PySearch::entries)
        .def_prop_ro("table_bytes", &PySearch::bytes)
        .def_prop_ro("table_cap_bytes", &PySearch::cap)
        .def_prop_ro("evictions", &PySearch::evictions)
        .def_prop_ro("memory_bytes", &PySearch::memory_bytes,
                     "What its own budget holds now: its table and memo, its helper's too.")
        .def_prop_ro("memory_peak_bytes", &PySearch::memory_peak,
                     "The most its own budget held at once so far.")
        .def_prop_ro("memory_full", &PySearch::memory_full,
                     "Whether its table or memo ever wanted more than its budget gave.")
        .def_prop_rw("send_bared", &PySearch::send_bared, &PySearch::set_send_bared,
                     "Whether a card laid bare by a group move goes up at once where the "
                     "game's traits say so (bared_up); for tests and benchmarks.")
        .def_prop_rw("capacity", &PySearch::capacity, &PySearch::set_capacity,
                     "Whether the game's proof that its columns cannot hold what must wait "
                     "in them ends a position, where its part proves it; for tests and "
                     "benchmarks.")
        .def_prop_rw("column_starts", &PySearch::column_starts, &PySearch::set_column_starts,
                     "Whether that proof counts only the cards that can start a column "
                     "(lie at its bottom) as the columns' bottom cards; for tests and "
                     "benchmarks.")
        .def_prop_rw("suit_order", &PySearch::suit_order, &PySearch::set_suit_order,
                     "Whether that proof takes the cards up at a moment as a run of places "
                     "per suit from where its foundation stands; for tests and benchmarks.");
    nb::class_<PyRules>(m, "Rules",
                        "A game's rules (its part, traits and base card), checked once, for "
                        "the questions asked at every step of a game.")
        .def(nb::init<const std::string&, const nb::dict&, std::optional<int>>(), "part"_a,
             "traits"_a, "base"_a.none() = nb::none())
        .def("legal_moves", &PyRules::legal_moves, "piles"_a, "hidden"_a, "redeals_used"_a,
             "Every legal action of the position, as (src, dst, count) triples, in the "
             "order of the module's legal_moves.")
        .def("is_stuck", &PyRules::is_stuck, "piles"_a, "hidden"_a, "redeals_used"_a,
             "limit"_a = 20000, "As the module's is_stuck; the GIL is released.");
    m.def("legal_moves", &legal, "part"_a, "traits"_a, "piles"_a, "hidden"_a, "redeals_used"_a,
          "base"_a.none() = nb::none(),
          "Every legal action of the position, in the shared notation.");
    m.def("play", &play, "part"_a, "traits"_a, "piles"_a, "hidden"_a, "redeals_used"_a,
          "base"_a.none() = nb::none(), nb::kw_only(), "action"_a,
          "The piles, face-down counts and redeals used after a legal action.");
    m.def("is_stuck", &stuck, "part"_a, "traits"_a, "piles"_a, "hidden"_a, "redeals_used"_a,
          "base"_a.none() = nb::none(), "limit"_a = 20000,
          "Whether nothing but moves that cycle without progress is left (False when it "
          "would take more than ``limit`` positions to prove); the GIL is released.");
    m.def("perft", &perft, "part"_a, "traits"_a, "piles"_a, "hidden"_a, "redeals_used"_a,
          "base"_a.none() = nb::none(), "depth"_a = 3,
          "Distinct positions reached after exactly 1..depth actions.");
}
