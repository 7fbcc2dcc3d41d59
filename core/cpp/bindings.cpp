// The one small interface between Python and the core (nanobind). Everything handed in
// is checked before a search sees it: a bad position is a ValueError, never a crash.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <memory>
#include <mutex>

#include "search.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace {

struct Spec {
    sc::Config cfg;
    sc::Pos pos;
};

Spec make_spec(const std::string& game, const std::vector<std::vector<int>>& piles, int used,
               std::optional<int> max_redeals, int draw, std::optional<int> base) {
    Spec s;
    s.cfg = sc::make_config(game, draw, max_redeals ? *max_redeals : -1, base ? *base : 0);
    if (max_redeals && *max_redeals < 0) throw std::invalid_argument("redeals must be >= 0 or None");
    s.pos = sc::make_position(s.cfg, piles, used);
    return s;
}

class PySearch {
  public:
    PySearch(const std::string& game, const std::vector<std::vector<int>>& piles, int used,
             std::optional<int> max_redeals, int draw, std::optional<int> base, bool prune,
             std::optional<uint64_t> order_seed, double memory_mb, std::optional<int> waste_cap,
             int threads) {
        if (threads < 1 || threads > 2) throw std::invalid_argument("threads must be 1 or 2");
        if (!(memory_mb >= 1.0) || memory_mb > 1024.0 * 1024.0)
            throw std::invalid_argument("memory_mb must be between 1 and 1048576");
        if (waste_cap && (*waste_cap < 0 || *waste_cap > 52))
            throw std::invalid_argument("waste_cap must be 0..52 or None");
        Spec s = make_spec(game, piles, used, max_redeals, draw, base);
        search_ = std::make_unique<sc::Search>(s.cfg, s.pos, prune, order_seed,
                                               static_cast<size_t>(memory_mb * 1024 * 1024),
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
            nb::gil_scoped_release release;
            out = search_->run(s, nodes ? *nodes : -1);
        }
        return {out.result, out.line};
    }

    // no lock: it is meant to be called while run() holds it, from another thread
    void cancel(bool on) { search_->set_cancel(on); }
    void pause() {
        // the GIL first: a run in another thread needs it to return, and holds busy_
        nb::gil_scoped_release release;
        std::lock_guard<std::mutex> lock(busy_);
        search_->pause();
    }
    int64_t nodes() const { return search_->nodes(); }
    int64_t helper_nodes() const { return search_->helper_nodes(); }
    size_t entries() const { return search_->table().entries(); }
    size_t bytes() const { return search_->table().bytes(); }
    size_t evictions() const { return search_->table().evictions(); }
    size_t cap() const { return search_->table().max_bytes(); }

  private:
    std::unique_ptr<sc::Search> search_;
    std::mutex busy_;
};

std::vector<std::string> legal(const std::string& game, const std::vector<std::vector<int>>& piles,
                               int used, std::optional<int> max_redeals, int draw,
                               std::optional<int> base) {
    Spec s = make_spec(game, piles, used, max_redeals, draw, base);
    std::vector<sc::GMove> moves;
    sc::legal_moves(s.cfg, s.pos, moves);
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(sc::notation(m));
    return out;
}

std::pair<std::vector<std::vector<int>>, int> play(const std::string& game,
                                                   const std::vector<std::vector<int>>& piles,
                                                   int used, std::optional<int> max_redeals,
                                                   int draw, std::optional<int> base,
                                                   const std::string& action) {
    Spec s = make_spec(game, piles, used, max_redeals, draw, base);
    std::vector<sc::GMove> moves;
    sc::legal_moves(s.cfg, s.pos, moves);
    for (const auto& m : moves) {
        if (sc::notation(m) == action) {
            sc::play(s.cfg, s.pos, m);
            return {sc::to_piles(s.pos), s.pos.used};
        }
    }
    throw std::invalid_argument("'" + action + "' is not a legal action here");
}

std::vector<uint64_t> perft(const std::string& game, const std::vector<std::vector<int>>& piles,
                            int used, std::optional<int> max_redeals, int draw,
                            std::optional<int> base, int depth) {
    if (depth < 0 || depth > 12) throw std::invalid_argument("depth must be 0..12");
    Spec s = make_spec(game, piles, used, max_redeals, draw, base);
    nb::gil_scoped_release release;
    return sc::perft(s.cfg, s.pos, depth);
}

}  // namespace

NB_MODULE(_core, m) {
    m.doc() = "The compiled search core of solitaire_widget.";
    // the games the core has a part for (each in cpp/games/); another game is searched
    // by the Python search until it has one
    m.attr("games") = nb::make_tuple("eagle-wing", "kansas", "saratoga");
    nb::class_<PySearch>(m, "Search",
                         "A depth-first search for a win from one position; run() goes on where "
                         "its last budget stopped.")
        .def(nb::init<const std::string&, const std::vector<std::vector<int>>&, int,
                      std::optional<int>, int, std::optional<int>, bool, std::optional<uint64_t>,
                      double, std::optional<int>, int>(),
             "game"_a, "piles"_a, "redeals_used"_a, "max_redeals"_a.none(), "draw"_a = 1,
             "base"_a.none() = nb::none(), "prune"_a = true, "order_seed"_a.none() = nb::none(),
             "memory_mb"_a = 768.0, "waste_cap"_a.none() = nb::none(), "threads"_a = 1)
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
        .def_prop_ro("evictions", &PySearch::evictions);
    m.def("legal_moves", &legal, "game"_a, "piles"_a, "redeals_used"_a, "max_redeals"_a.none(),
          "draw"_a = 1, "base"_a.none() = nb::none(),
          "Every legal action of the position, in the shared notation.");
    m.def("play", &play, "game"_a, "piles"_a, "redeals_used"_a, "max_redeals"_a.none(),
          "draw"_a = 1, "base"_a.none() = nb::none(), nb::kw_only(), "action"_a,
          "The piles and redeals used after a legal action.");
    m.def("perft", &perft, "game"_a, "piles"_a, "redeals_used"_a, "max_redeals"_a.none(),
          "draw"_a = 1, "base"_a.none() = nb::none(), "depth"_a = 3,
          "Distinct positions reached after exactly 1..depth actions.");
}
