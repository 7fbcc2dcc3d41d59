// The transposition table: 16 bytes a position, in buckets of four (one cache line)
// probed in turn, drawing its slots from a memory budget (memory.hpp) that holds at
// every moment; it doubles in place where the system allows (Region), so a table alone
// in its budget may have all of it (elsewhere two thirds: growing then needs the old
// and the new table at once). While the budget lets it grow it forgets
// nothing, so the search is the same search as Python's, node for node. A budget shared
// with other searches may refuse it any time (they grew first); it then asks again only
// after a sixteenth of its slots more positions (asking costs a look at a shared
// counter, and most refusals stand). At the cap it overwrites entries, never one
// of a position on the search's current path, whose entries keep the search out of
// cycles. Forgetting any other position is safe: the search only looks at it again.
// The path is kept beside the table (a stack, and counters to ask it quickly), not as
// a bit in the entries: leaving a position then touches no entry, which would cost a
// second trip to memory for every position searched.
//
// Shared (``share``): two searches of one position, each on its own thread, use one
// table. It is grown once, to all its budget has room for, then never grows; a lock
// per group of eight buckets (where a key's probes stay) makes each question one
// step; an entry says
// whether its position has been searched to its end (only those are skipped); and each
// search keeps its own path beside it (``PathSet``), so the table may forget any entry.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "memory.hpp"

namespace sc {

struct Key {
    uint64_t a, b;
    bool operator==(const Key& o) const { return a == o.a && b == o.b; }
};

class Table {
  public:
    // A table of 64 KB to start, taken from ``memory``; less where it has less room,
    // down to 512 bytes, taken even from a full budget (a search needs a table to run).
    // What it takes it gives back when it goes.
    explicit Table(std::shared_ptr<Memory> memory);
    ~Table();
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    // The rank stored for ``k``, or -1 if the table does not hold it.
    int find(const Key& k) const;
    // Stores ``k`` with ``rank`` (replacing what was there).
    void store(const Key& k, int rank);
    // The search's one question at a node: true if ``k`` is held with a rank at most
    // ``rank`` (the node is dominated); otherwise stores it with ``rank`` and enters
    // it on the path.
    bool visit(const Key& k, int rank);
    // The path: ``enter`` a position the search goes into, ``leave`` the last entered.
    void enter(const Key& k);
    void leave();

    // Grows the table to as much as its budget has room for and lets several threads
    // ask ``visit_shared`` at once (nothing else may be asked meanwhile). Returns the positions of
    // the path, which the table no longer keeps, each with its rank: the caller keeps them now.
    std::vector<std::pair<Key, int>> share();
    // ``visit`` for a shared table: true if ``k`` has been searched to its end with a
    // rank at most ``rank``; otherwise stores it (forgetting another entry if its
    // buckets are full), unless it is held already. A position the other thread is
    // still searching is not skipped: both search it, in their own orders, and each
    // skips what the other has finished. Nothing here is protected as a path: each
    // search asks its own PathSet first.
    bool visit_shared(const Key& k, int rank);
    // ``k`` has been searched to its end, at ``rank``
    void finish_shared(const Key& k, int rank);
    // ``k`` has been searched to its end, at any rank
    bool done_shared(const Key& k);

    size_t entries() const { return count_.load(std::memory_order_relaxed); }
    size_t bytes() const { return nslots_ * sizeof(Entry) + pinned_.size() * 48; }
    size_t evictions() const { return evictions_.load(std::memory_order_relaxed); }
    size_t max_bytes() const { return memory_->cap(); }
    const std::shared_ptr<Memory>& memory() const { return memory_; }

  private:
    struct Entry {
        uint64_t a;     // the key's first half, never 0 in a used entry
        uint64_t meta;  // the key's second half (high 47 bits), rank 0..65535
    };
    static constexpr uint64_t HIGH = ~uint64_t{0x1FFFF};
    static constexpr uint64_t DONE = 0x10000;  // shared: searched to its end
    static constexpr int WAYS = 4;
    static uint64_t first(const Key& k) { return k.a | 1; }
    static uint64_t high(const Key& k) { return k.b & HIGH; }
    // an entry lives in its home bucket or one of the other PROBES - 1 of its group of
    // eight (an aligned group, so that one lock covers every probe of a key)
    static constexpr int PROBES = 8;
    size_t index(uint64_t a, int p) const {
        uint64_t home = (a >> 1) & mask_;
        return ((home & ~uint64_t{7}) | ((home + static_cast<uint64_t>(p)) & 7)) * WAYS;
    }
    Entry* slots() const { return static_cast<Entry*>(region_.data()); }
    Entry* bucket(uint64_t a, int p) { return slots() + index(a, p); }
    const Entry* bucket(uint64_t a, int p) const { return slots() + index(a, p); }
    // 2^16 locks (64 KB), fewer where the budget has no room for them (down to 64)
    static constexpr size_t LOCKS = size_t{1} << 16, FEWEST_LOCKS = 64;
    size_t nlocks_ = 0;
    std::atomic<uint8_t>& lock_of(uint64_t a) {
        return locks_[(((a >> 1) & mask_) >> 3) & (nlocks_ - 1)];
    }
    void bump(std::atomic<size_t>& n, long by) {
        // one thread: a plain add (an atomic one costs a locked instruction each node)
        if (shared_)
            n.fetch_add(static_cast<size_t>(by), std::memory_order_relaxed);
        else
            n.store(n.load(std::memory_order_relaxed) + static_cast<size_t>(by),
                    std::memory_order_relaxed);
    }
    Entry* locate(uint64_t a, uint64_t h);
    void put_shared(uint64_t a, uint64_t meta);
    // to ``times`` as many slots, if the budget gives them (false: it did not)
    bool grow(size_t times = 2);
    void refused() { retry_ = nslots_ / 16; }
    bool place(const Entry& e, bool may_evict);
    bool on_path(uint64_t a, uint64_t h) const;
    static size_t path_slot(uint64_t a) { return (a >> 7) & (PATH_SLOTS - 1); }
    static constexpr size_t PATH_SLOTS = 4096;

    // how many positions on the path fall in each slot: an entry whose slot counts none
    // is off the path without a look at path_ (made before the region, so that a
    // failure to make it leaves no bytes taken from the budget)
    std::vector<uint16_t> path_count_ = std::vector<uint16_t>(PATH_SLOTS, 0);
    std::shared_ptr<Memory> memory_;
    Region region_;
    size_t nslots_ = 0;
    size_t mask_ = 0;
    std::atomic<size_t> count_{0};
    std::atomic<size_t> evictions_{0};
    bool shared_ = false;
    std::unique_ptr<std::atomic<uint8_t>[]> locks_;
    size_t retry_ = 0;  // stores left before a refused budget is asked again
    uint64_t victim_ = 0;
    struct KeyHash {
        size_t operator()(const Key& k) const { return static_cast<size_t>(k.a ^ (k.b << 1)); }
    };
    // entries of the path that found their bucket full of entries of the path (rare)
    std::unordered_map<Key, int, KeyHash> pinned_;
    std::vector<Key> path_;  // (first half, high bits) of each position on the path
};

}  // namespace sc
