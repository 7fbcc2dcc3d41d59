// The transposition table: 16 bytes a position, in buckets of four (one cache line)
// probed in turn, with a cap in bytes that holds at every moment (so the table itself
// is at most two thirds of it: growing needs the old and the new table at once).
// Below the cap it grows and forgets nothing, so the search is the
// same search as Python's, node for node. At the cap it overwrites entries, never one
// that is locked: the positions on the search's current path, whose entries keep the
// search out of cycles. Forgetting any other position is safe: the search only looks
// at it again.
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
    // Stores ``k`` with ``rank`` (replacing what was there); ``lock`` pins it.
    void store(const Key& k, int rank, bool lock);
    void unlock(const Key& k);
    // The search's one question at a node: true if ``k`` is held with a rank at most
    // ``rank`` (the node is dominated); otherwise stores it locked, with ``rank``.
    bool visit(const Key& k, int rank);

    size_t entries() const { return count_; }
    size_t bytes() const { return slots_.size() * sizeof(Entry) + pinned_.size() * 48; }
    size_t evictions() const { return evictions_; }
    size_t max_bytes() const { return max_bytes_; }

  private:
    struct Entry {
        uint64_t a;     // the key's first half, never 0 in a used entry
        uint64_t meta;  // the key's second half (high 47 bits), lock bit 16, rank 0..65535
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

    std::vector<Entry> slots_;
    size_t mask_ = 0;
    size_t count_ = 0;
    size_t evictions_ = 0;
    size_t max_bytes_;
    uint64_t victim_ = 0;
    struct KeyHash {
        size_t operator()(const Key& k) const { return static_cast<size_t>(k.a ^ (k.b << 1)); }
    };
    // locked entries that found their bucket full of locked entries (rare)
    std::unordered_map<Key, int, KeyHash> pinned_;
};

}  // namespace sc
