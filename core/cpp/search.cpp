#include "search.hpp"

#include <algorithm>
#include <exception>
#include <new>
#include <stdexcept>
#include <system_error>

namespace sc {

namespace {
constexpr int CHECK_EVERY = 512;  // nodes between looks at the clock, as in Python
// the shortest run that starts the helper: growing the table to its cap first costs some
// 0.3 s, which a shorter run would not win back
constexpr double HELPER_MIN_SECONDS = 0.5;

uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
}  // namespace

Search::Search(const Config& c, const Pos& root, bool prune_, std::optional<uint64_t> order_seed,
               std::shared_ptr<Memory> memory, int waste_cap)
    : cfg(c), pos(root), prune(prune_), part_moves_(c.part->moves), part_safe_(c.part->safe),
      part_blocked_(c.part->blocked), memory_(std::move(memory)),
      table_(std::make_shared<Table>(memory_)), root_(root), waste_cap_(waste_cap),
      order_(order_seed) {
    // The flags of search.py's Search, with the same names and the same arguments.
    stock_is_reserve = cfg.draw == 1 && cfg.unlimited();
    mirror = prune;
    lazy_stock = prune && cfg.pending == Pending::waste;
    lazy_drawn = prune && cfg.pending == Pending::drawn;
    waste_classes = prune && cfg.unlimited() && cfg.draw != 1;
    if (order_) rng_ = mix64(*order_ + 0x9e3779b97f4a7c15ULL) | 1;
}

// ---- cards and foundations ------------------------------------------------------------
int Search::found(int card) const {
    const Pos& p = pos;
    bool starts = cfg.base ? rank_of(card) + 1 == cfg.base : rank_of(card) == 0;
    if (starts) {
        for (int f = F0; f <= F3; ++f)
            if (!p.pl[f].n) return f;
        return 0;
    }
    int below = cfg.base ? (rank_of(card) ? card - 1 : card + 12) : card - 1;
    for (int f = F0; f <= F3; ++f) {
        const Pile& q = p.pl[f];
        if (q.n && q.c[q.n - 1] == below) return f;
    }
    return 0;
}

void Search::fits(int8_t out[52]) const {
    std::fill(out, out + 52, int8_t{0});
    int empty = 0;
    for (int f = F0; f <= F3; ++f) {
        const Pile& q = pos.pl[f];
        if (q.n) {
            int top = q.c[q.n - 1];
            if (cfg.base)
                out[rank_of(top) != 12 ? top + 1 : top - 12] = static_cast<int8_t>(f);
            else if (rank_of(top) < 12)
                out[top + 1] = static_cast<int8_t>(f);
        } else if (!empty) {
            empty = f;
        }
    }
    if (empty) {
        int b = cfg.base ? cfg.base - 1 : 0;
        for (int s = 0; s < 4; ++s)
            if (!out[s * 13 + b]) out[s * 13 + b] = static_cast<int8_t>(empty);
    }
}

void Search::heights(int h[4]) const {
    h[0] = h[1] = h[2] = h[3] = 0;
    for (int f = F0; f <= F3; ++f) {
        const Pile& q = pos.pl[f];
        if (q.n) h[suit_of(q.c[0])] = q.n;
    }
}

Key Search::layer_key() const {
    int h[4];
    heights(h);
    uint64_t x = static_cast<uint64_t>(pos.w) | static_cast<uint64_t>(pos.pl[RESERVE].n) << 8 |
                 static_cast<uint64_t>(pos.used & 0xff) << 16;
    for (int k = 0; k < 4; ++k) x |= static_cast<uint64_t>(h[k]) << (24 + 8 * k);
    return Key{pos.hseq[0] ^ mix64(x), pos.hseq[1] ^ mix64b(x)};
}

// ---- the stock --------------------------------------------------------------------------
// (index, draws, redeals) for each card the clicks can bring to the waste's top, each
// with the fewest redeals and then clicks (search.py's ``reachable``, argued there).
void Search::reachable(std::vector<Reach>& out) const {
    out.clear();
    const int n = pos.sn, d = cfg.draw;
    int q = pos.w, draws = 0;
    bool seen[52] = {};
    while (q < n) {
        q = q + d < n ? q + d : n;
        ++draws;
        out.push_back(Reach{q - 1, draws, 0});
        seen[q - 1] = true;
    }
    bool left = cfg.unlimited() || cfg.max_redeals - pos.used > 0;
    if (n && left) {
        ++draws;  // the click that turns the waste over
        q = 0;
        while (q < n) {
            q = q + d < n ? q + d : n;
            ++draws;
            if (!seen[q - 1]) {
                seen[q - 1] = true;
                out.push_back(Reach{q - 1, draws, 1});
            }
        }
    }
    if (pos.w) {  // the card already on top needs no click
        int top = pos.w - 1;
        out.erase(
            std::remove_if(out.begin(), out.end(), [top](const Reach& r) { return r.i == top; }),
            out.end());
    }
}

SMove Search::stock_move(int i, int src, int dst, int n) const {
    if (i == pos.w - 1) return plain(src, dst, n);
    reachable(reach_force_);
    for (const Reach& r : reach_force_)
        if (r.i == i)
            return SMove{static_cast<int8_t>(i),     static_cast<uint8_t>(r.draws),
                         static_cast<uint8_t>(r.nr), static_cast<uint8_t>(src),
                         static_cast<uint8_t>(dst),  static_cast<uint8_t>(n)};
    throw std::logic_error("stock card out of reach");
}

// ---- playing ----------------------------------------------------------------------------
Rec Search::apply(const SMove& mv) {
    Rec r{mv, static_cast<int8_t>(pos.w), 0, static_cast<int16_t>(pos.pending)};
    const int src = mv.src, dst = mv.dst, n = mv.n;
    if (dst < T0)
        pos.pending = 0;
    else if (lazy_drawn)
        pos.pending = mv.i >= 0 ? dst + PEND_STOCK : 0;
    else
        pos.pending = (lazy_stock && src == WASTE) ? dst : 0;
    if (mv.i >= 0) {
        pos.w = mv.i + 1;
        pos.used += mv.nr;
    }
    if (n == 1) {
        pos.push(dst, pos.pop(src));
    } else {  // a group between columns keeps its order
        Pile& sp = pos.pl[src];
        int from = sp.n - n;
        for (int k = 0; k < n; ++k) pos.push(dst, sp.c[from + k]);
        for (int k = 0; k < n; ++k) pos.pop(src);
    }
    bared = src >= T0 && dst >= T0 && pos.pl[src].n ? src : 0;
    if (cfg.refills && src >= T0 && !pos.pl[src].n && pos.pl[RESERVE].n) {
        pos.push(src, pos.pop(RESERVE));
        r.refill = REFILLED;
    } else if (cfg.hidden_cards && src >= T0 && pos.hid[src] && pos.pl[src].n == pos.hid[src]) {
        pos.turn(src);  // the face-down card laid bare turns over
        r.refill = TURNED;
    }
    return r;
}

void Search::revert(const Rec& r) {
    const SMove& mv = r.mv;
    const int src = mv.src, dst = mv.dst, n = mv.n;
    pos.pending = r.pending;
    if (r.refill == TURNED)
        pos.unturn(src);
    else if (r.refill)
        pos.push(RESERVE, pos.pop(src));
    if (n == 1) {
        pos.push(src, pos.pop(dst));
    } else {
        Pile& dp = pos.pl[dst];
        int from = dp.n - n;
        for (int k = 0; k < n; ++k) pos.push(src, dp.c[from + k]);
        for (int k = 0; k < n; ++k) pos.pop(dst);
    }
    if (mv.i >= 0) {
        pos.w = r.old_w;
        pos.used -= mv.nr;
    }
}

void Search::actions(const SMove& mv, std::vector<std::string>& out) const {
    for (int k = 0; k < mv.draws; ++k) out.emplace_back("draw");
    std::string text = pile_name(mv.src) + ">" + pile_name(mv.dst);
    if (mv.n != 1) text += "*" + std::to_string(mv.n);
    out.push_back(std::move(text));
}

// ---- forced moves -----------------------------------------------------------------------
// Safe moves to the foundations until none is left (search.py's ``force_safe``, which
// argues each source: several cards a click never force the waste; the reserve's top
// card only while it is in play; with one card a click and unlimited redeals the stock
// is a reserve).
void Search::force() {
    if (!prune || pos.pending) return;
    // a group that has just left part of a column laid bare a card that goes up now,
    // where the game argues so (its Rules.search_bared_up)
    if (cfg.bared_up && bared && send_bared) {
        const int col = bared;
        const int dst = found(pos.top(col));
        if (dst) forced_.push_back(apply(plain(col, dst)));
    }
    const bool reserve_top_last = !cfg.reserve_top_always;
    int sources[MAX_COLS + 2];
    int ns = 0;
    for (int c = T0; c < T0 + cfg.ncols; ++c) sources[ns++] = c;
    sources[ns++] = WASTE;
    if (cfg.has_reserve) sources[ns++] = RESERVE;
    bool progress = true;
    while (progress) {
        progress = false;
        for (int k = 0; k < ns; ++k) {
            int src = sources[k];
            int len = pos.size(src);
            if (!len) continue;
            if (src == WASTE && cfg.draw != 1) continue;
            if (src == RESERVE && reserve_top_last && len > 1) continue;
            int card = pos.top(src);
            int dst = found(card);
            if (dst && safe(card)) {
                forced_.push_back(apply(plain(src, dst)));
                progress = true;
            }
        }
        if (!progress && stock_is_reserve) {
            for (int i = 0; i < pos.sn; ++i) {
                int card = pos.seq[i];
                int dst = found(card);
                if (dst && safe(card)) {
                    forced_.push_back(apply(stock_move(i, WASTE, dst, 1)));
                    progress = true;
                    break;
                }
            }
        }
    }
}

// ---- the position key and its rank (search.py's ``key`` and ``rank``) ------------------
Key Search::key() const { return key_in(waste_len()); }

// the key with the waste's place in class ``cls`` (several cards a click)
Key Search::key_in(int cls) const {
    const Zobrist& z = zobrist();
    uint64_t k[2] = {pos.hseq[0], pos.hseq[1]};
    int h[4];
    heights(h);
    for (int t = 0; t < 2; ++t) {
        k[t] ^= z.reserve[t][pos.pl[RESERVE].n];
        for (int s = 0; s < 4; ++s) k[t] ^= z.height[t][s][h[s]];
        if (cfg.draw != 1) k[t] ^= z.waste_len[t][cls];
        // unpruned, the exact stock position and redeal count are keyed (the count has no
        // bound with unlimited redeals, so it is mixed in rather than looked up)
        if (!prune)
            k[t] ^= rotl(z.waste_len[t][pos.w], 17) ^
                    mix64(static_cast<uint64_t>(pos.used) * 0x9e3779b97f4a7c15ULL + z.used[t][t]);
    }
    // the columns in any order: a sum of one mixed hash per column
    for (int c = T0; c < T0 + cfg.ncols; ++c) {
        k[0] += mix64(pos.hcol[0][c]);
        k[1] += mix64b(pos.hcol[1][c]);
    }
    if (cfg.draw == 1 && pos.pending) {
        int pc = pos.pending & 15, kind = pos.pending >> 4;
        k[0] ^= mix64(pos.hcol[0][pc] ^ z.pend[0][kind]);
        k[1] ^= mix64b(pos.hcol[1][pc] ^ z.pend[1][kind]);
    }
    return Key{k[0], k[1]};
}

// search.py's ``waste_len`` (argued there): with unlimited redeals, class 0 for a waste
// on the cycle an empty waste's clicks go round (w a multiple of the draw, or the whole
// stock), else w mod the draw; with limited redeals, w
int Search::waste_len() const {
    if (!cfg.unlimited()) return pos.w;
    if (pos.w % cfg.draw == 0 || pos.w == pos.sn) return 0;
    return pos.w % cfg.draw;
}

// search.py's ``dominated_by``: class 0 is dominated by the same cards in another class
bool Search::dominated() {
    if (!waste_classes || waste_len() != 0) return false;
    for (int c = 1; c < cfg.draw; ++c) {
        const Key o = key_in(c);
        if (shared_ ? path_.holds(o, 1 << 30) || table_->done_shared(o) : table_->find(o) >= 0)
            return true;
    }
    return false;
}

int Search::rank() const {
    if (!prune) return 0;
    if (cfg.unlimited()) return cfg.draw != 1 && waste_len() != 0 ? pos.w : 0;
    if (cfg.draw == 1) return pos.used * 64 + pos.w;
    return pos.used;
}

// ---- the search -------------------------------------------------------------------------
void Search::gen(std::vector<SMove>& out) {
    if (waste_cap_ >= 0 && pos.w > waste_cap_) return;
    size_t start = out.size();
    part_moves_(*this, out);
    if (!order_) return;
    // a probe's order: moves to the foundations first, the rest at random
    auto mid = std::stable_partition(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(),
                                     [](const SMove& m) { return m.dst >= F0 && m.dst <= F3; });
    size_t lo = static_cast<size_t>(mid - out.begin());
    for (size_t i = out.size(); i > lo + 1; --i) {
        rng_ ^= rng_ << 13;
        rng_ ^= rng_ >> 7;
        rng_ ^= rng_ << 17;
        size_t j = lo + static_cast<size_t>(rng_ % (i - lo));
        std::swap(out[i - 1], out[j]);
    }
}

std::vector<std::string> Search::line() const {
    std::vector<std::string> out;
    for (const Frame& f : frames_) {
        if (f.has_rec) actions(f.rec.mv, out);
        for (size_t j = f.fstart; j < f.fend; ++j) actions(forced_[j].mv, out);
    }
    return out;
}

Search::Search(const Search& main, uint64_t order_seed)
    : cfg(main.cfg), pos(main.root_), prune(main.prune), stock_is_reserve(main.stock_is_reserve),
      lazy_stock(main.lazy_stock), lazy_drawn(main.lazy_drawn), part_moves_(main.part_moves_),
      part_safe_(main.part_safe_), part_blocked_(main.part_blocked_), memory_(main.memory_),
      table_(main.table_), shared_(true), root_(main.root_), waste_cap_(main.waste_cap_),
      order_(order_seed) {
    mirror = main.mirror;
    waste_classes = main.waste_classes;
    send_bared = main.send_bared;
    capacity = main.capacity;
    column_starts = main.column_starts;
    suit_order = main.suit_order;
    rng_ = mix64(*order_ + 0x9e3779b97f4a7c15ULL) | 1;
}

Search::~Search() { pause(); }

bool Search::make_layer_memo(int bits) {
    if (memo_asked_) return !layer_memo.empty();
    memo_asked_ = true;
    constexpr int FEWEST = 12;
    for (; bits >= FEWEST; --bits) {
        const size_t n = size_t{1} << bits, bytes = n * sizeof(LayerAnswer);
        if (memory_->take(bytes)) {
            memo_held_ = Held(memory_, bytes);
            try {
                layer_memo.assign(n, LayerAnswer{});
            } catch (const std::bad_alloc&) {
                // the system refused what the budget gave: a refusal like the budget's
                // (the memo is only a cache), not an error in the middle of a node
                memo_held_ = Held();
                layer_memo = {};
                memory_->mark_full();
                continue;
            }
            return true;
        }
    }
    return false;
}

int64_t Search::helper_nodes() const {
    const Search* h = helper_seen_.load(std::memory_order_acquire);
    return h ? h->nodes_.load(std::memory_order_relaxed) : 0;
}

int64_t Search::nodes() const { return nodes_.load(std::memory_order_relaxed) + helper_nodes(); }

bool Search::begin() {
    started_ = true;
    force();
    Frame root{0, 0, 0, 0, forced_.size(), Rec{}, false};
    const Key root_key = key();
    if (pos.foundation_cards() == 52) {
        frames_.push_back(root);
        verdict_ = Outcome{"won", line()};
        frames_.clear();
        return false;
    }
    if (prune && blocked()) {
        verdict_ = Outcome{"lost", {}};
        return false;
    }
    if (shared_) {
        // a helper: the main search has stored the root already (and is undecided)
        path_.enter(root_key, rank());
    } else {
        table_->store(root_key, rank());
        table_->enter(root_key);
    }
    gen(moves_);
    root.mend = moves_.size();
    frames_.push_back(root);
    return true;
}

Outcome Search::dfs(bool timed, std::chrono::steady_clock::time_point deadline, int64_t max_nodes,
                    const std::atomic<bool>* stop) {
    using clock = std::chrono::steady_clock;
    int64_t count = nodes_.load(std::memory_order_relaxed);
    while (!frames_.empty()) {
        Frame& fr = frames_.back();
        if (fr.mi >= fr.mend) {
            for (size_t j = fr.fend; j-- > fr.fstart;) revert(forced_[j]);
            forced_.resize(fr.fstart);
            if (fr.has_rec) revert(fr.rec);
            if (shared_) {
                auto [k, r] = path_.top();
                table_->finish_shared(k, r);
                path_.leave();
            } else {
                table_->leave();
            }
            moves_.resize(fr.mstart);
            frames_.pop_back();
            continue;
        }
        if (count % CHECK_EVERY == 0) {
            nodes_.store(count, std::memory_order_relaxed);
            if (max_nodes >= 0 && count >= max_nodes) return Outcome{"unknown", {}};
            if (timed && clock::now() > deadline) return Outcome{"unknown", {}};
            if (stop && stop->load(std::memory_order_relaxed)) return Outcome{"unknown", {}};
            if (cancel_.load(std::memory_order_relaxed)) return Outcome{"unknown", {}};
            if (helper_ && helper_done_.load(std::memory_order_relaxed))
                return Outcome{"unknown", {}};
        }
        SMove mv = moves_[fr.mi++];
        Rec rec = apply(mv);
        ++count;
        size_t fs = forced_.size();
        force();
        if (pos.foundation_cards() == 52) {
            nodes_.store(count, std::memory_order_relaxed);
            std::vector<std::string> out = line();
            actions(rec.mv, out);
            for (size_t j = fs; j < forced_.size(); ++j) actions(forced_[j].mv, out);
            return Outcome{"won", std::move(out)};
        }
        Key k = key();
        const int r = rank();
        bool seen;
        if (shared_) {
            seen = path_.holds(k, r) || dominated() || table_->visit_shared(k, r);
            if (!seen) path_.enter(k, r);
        } else if (waste_classes && waste_len() == 0 && table_->find(k) < 0 && dominated()) {
            // (only there: a look in the table for every other node would cost a second
            // trip to memory for nothing)
            seen = true;
        } else {
            seen = table_->visit(k, r);  // seen, with a rank at most this one's
        }
        if (seen) {
            for (size_t j = forced_.size(); j-- > fs;) revert(forced_[j]);
            forced_.resize(fs);
            revert(rec);
            continue;
        }
        Frame nf{moves_.size(), 0, 0, fs, forced_.size(), rec, true};
        gen(moves_);
        nf.mi = nf.mstart;
        nf.mend = moves_.size();
        frames_.push_back(nf);
    }
    nodes_.store(count, std::memory_order_relaxed);
    return Outcome{"lost", {}};
}

void Search::start_helper() {
    // the table is grown here, once, to all its budget has room for, and the path
    // moves out of it
    for (const auto& [k, r] : table_->share()) path_.enter(k, r);
    shared_ = true;
    // (made whole before it is kept: a helper half begun would have no root to search)
    std::unique_ptr<Search> helper(new Search(*this, order_ ? *order_ + 1 : 1));
    helper->begin();  // the root was undecided here, so it is there
    helper_ = std::move(helper);
    helper_seen_.store(helper_.get(), std::memory_order_release);
}

void Search::resume_helper() {
    if (!helper_ || helper_thread_.joinable() || helper_done_.load(std::memory_order_acquire) ||
        helper_failed_.load(std::memory_order_acquire))
        return;
    stop_.store(false, std::memory_order_relaxed);
    try {
        helper_thread_ = std::thread([this] {
            try {
                Outcome out = helper_->dfs(false, {}, -1, &stop_);
                if (out.result != "unknown") settle_helper(std::move(out));
            } catch (...) {
                // An error out of a thread's function ends the process. Cut off in
                // the middle of a node, the helper cannot go on; what it left in the
                // table unfinished is not marked done, so the main search stays sound.
                helper_failed_.store(true, std::memory_order_release);
            }
        });
    } catch (const std::system_error&) {
        // no thread to be had (the system's limit): this run searches alone
    }
}

void Search::break_off() noexcept {
    broken_ = true;
    try {
        try {
            throw;
        } catch (const std::exception& e) {
            broken_what_ = e.what();
        } catch (...) {
            broken_what_ = "an unknown error";
        }
        pause();
    } catch (...) {  // (no room even for the words: the flag says it)
    }
}

void Search::settle_helper(Outcome out) {
    helper_->verdict_ = std::move(out);
    helper_done_.store(true, std::memory_order_release);
}

void Search::pause() {
    if (!helper_thread_.joinable()) return;
    stop_.store(true, std::memory_order_relaxed);
    helper_thread_.join();
}

Outcome Search::run(double seconds, int64_t nodes) {
    if (verdict_) return *verdict_;
    if (broken_)
        throw std::runtime_error("this search was cut off by an error (" + broken_what_ +
                                 ") and cannot go on: make a new one");
    using clock = std::chrono::steady_clock;
    const bool timed = seconds >= 0;
    const auto deadline = clock::now() + std::chrono::duration_cast<clock::duration>(
                                             std::chrono::duration<double>(timed ? seconds : 0.0));
    if (cancel_.load(std::memory_order_relaxed)) return Outcome{"unknown", {}};
    try {
        return go(timed, deadline, nodes, seconds);
    } catch (...) {
        break_off();
        throw;
    }
}

Outcome Search::go(bool timed, std::chrono::steady_clock::time_point deadline, int64_t nodes,
                   double seconds) {
    if (!started_) {
        if (!begin()) return *verdict_;
    } else if (threads_ > 1 && nodes < 0 && timed && seconds >= HELPER_MIN_SECONDS && !helper_) {
        start_helper();
    }
    if (nodes >= 0) pause();  // a node budget is searched by this search alone
    if (helper_ && nodes < 0) resume_helper();
    const int64_t count = nodes_.load(std::memory_order_relaxed);
    const int64_t max_nodes = nodes < 0 ? -1 : count + nodes;
    Outcome out = dfs(timed, deadline, max_nodes, nullptr);
    // Either search's end is the answer: each skips only positions searched to their
    // end, so a search that ends has covered everything from the root (the rest of
    // the argument is the one search's: a position on its own path is being searched)
    if (out.result != "unknown") {
        pause();
        verdict_ = std::move(out);
        return *verdict_;
    }
    if (helper_done_.load(std::memory_order_acquire)) {
        pause();
        verdict_ = helper_->verdict_;
        return *verdict_;
    }
    return out;
}

}  // namespace sc
