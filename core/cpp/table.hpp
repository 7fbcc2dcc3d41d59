// The transposition table: 16 bytes a position, in buckets of four (one cache line)
// probed in turn, with a cap in bytes that holds at every moment (so the table itself
// is at most two thirds of it: growing needs the old and the new table at once).
// Below the cap it grows and forgets nothing, so the search is the
// same search as Python's, node for node. At the cap it overwrites entries, never one
// of a position on the search's current path, whose entries keep the search out of
// cycles. Forgetting any other position is safe: the search only looks at it again.
// The path is kept beside the table (a stack, and counters to ask it quickly), not as
// a bit in the entries: leaving a position then touches no entry, which would cost a
// second trip to memory for every position searched.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <vector>

namespace sc {

struct Key {
    uint64_t a, b;
    bool operator==(const Key& o) const { return a == o.a && b == o.b; }
};

class Table {
  public:
    explicit Table(size_t max_bytes);

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

    size_t entries() const { return count_; }
    size_t bytes() const { return slots_.size() * sizeof(Entry) + pinned_.size() * 48; }
    size_t evictions() const { return evictions_; }
    size_t max_bytes() const { return max_bytes_; }

  private:
    struct Entry {
        uint64_t a;     // the key's first half, never 0 in a used entry
        uint64_t meta;  // the key's second half (high 47 bits), rank 0..65535
    };
    static constexpr uint64_t HIGH = ~uint64_t{0x1FFFF};
    static constexpr int WAYS = 4;
    static uint64_t first(const Key& k) { return k.a | 1; }
    static uint64_t high(const Key& k) { return k.b & HIGH; }
    // an entry lives in its home bucket or one of the next PROBES - 1
    static constexpr int PROBES = 8;
    Entry* bucket(uint64_t a, int p) { return &slots_[(((a >> 1) + static_cast<uint64_t>(p)) & mask_) * WAYS]; }
    const Entry* bucket(uint64_t a, int p) const {
        return &slots_[(((a >> 1) + static_cast<uint64_t>(p)) & mask_) * WAYS];
    }
    Entry* locate(uint64_t a, uint64_t h);
    void grow();
    bool place(const Entry& e, bool may_evict);
    bool on_path(uint64_t a, uint64_t h) const;
    static size_t path_slot(uint64_t a) { return (a >> 7) & (PATH_SLOTS - 1); }
    static constexpr size_t PATH_SLOTS = 4096;

    std::vector<Entry> slots_;
    size_t mask_ = 0;
    size_t count_ = 0;
    size_t evictions_ = 0;
    size_t max_bytes_;
    uint64_t victim_ = 0;
    struct KeyHash {
        size_t operator()(const Key& k) const { return static_cast<size_t>(k.a ^ (k.b << 1)); }
    };
    // entries of the path that found their bucket full of entries of the path (rare)
    std::unordered_map<Key, int, KeyHash> pinned_;
    std::vector<Key> path_;  // (first half, high bits) of each position on the path
    // how many positions on the path fall in each slot: an entry whose slot counts none
    // is off the path without a look at path_
    std::vector<uint16_t> path_count_ = std::vector<uint16_t>(PATH_SLOTS, 0);
};

}  // namespace sc
