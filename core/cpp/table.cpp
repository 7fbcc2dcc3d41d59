#include "table.hpp"

#include <algorithm>
#include <stdexcept>

namespace sc {

namespace {
constexpr uint64_t RANK = 0xFFFF;
}  // namespace

Table::Table(size_t max_bytes) : max_bytes_(max_bytes) {
    // 64 KB to start (most deals of most games need no more, and a bigger table costs
    // more to clear than such a search takes); it doubles up to the cap
    size_t buckets = 1024;
    if (buckets * WAYS * sizeof(Entry) > max_bytes)
        throw std::invalid_argument("the memory cap is too small for a table (at least 1 MB)");
    slots_.assign(buckets * WAYS, Entry{0, 0});
    mask_ = buckets - 1;
}

int Table::find(const Key& k) const {
    uint64_t a = first(k), h = high(k);
    for (int p = 0; p < PROBES; ++p) {
        const Entry* e = bucket(a, p);
        bool open = false;
        for (int i = 0; i < WAYS; ++i) {
            if (e[i].a == a && (e[i].meta & HIGH) == h) return static_cast<int>(e[i].meta & RANK);
            open |= !e[i].a;
        }
        if (open) break;  // an entry of this key would have been placed here
    }
    if (!pinned_.empty()) {
        auto it = pinned_.find(Key{a, h});
        if (it != pinned_.end()) return it->second & static_cast<int>(RANK);
    }
    return -1;
}

void Table::grow(size_t times) {
    std::vector<Entry> old;
    old.swap(slots_);
    slots_.assign(old.size() * times, Entry{0, 0});
    mask_ = slots_.size() / WAYS - 1;
    for (const Entry& e : old) {
        if (e.a && !place(e, false)) pinned_[Key{e.a, e.meta & HIGH}] = static_cast<int>(e.meta & RANK);
    }
}

bool Table::place(const Entry& e, bool may_evict) {
    for (int p = 0; p < PROBES; ++p) {
        Entry* b = bucket(e.a, p);
        for (int i = 0; i < WAYS; ++i) {
            if (!b[i].a) {
                b[i] = e;
                return true;
            }
        }
    }
    if (!may_evict) return false;
    Entry* b = bucket(e.a, 0);
    for (int i = 0; i < WAYS; ++i) {
        Entry& v = b[(victim_ + static_cast<uint64_t>(i)) % WAYS];
        if (!on_path(v.a, v.meta & HIGH)) {
            v = e;
            ++victim_;
            bump(evictions_, 1);
            bump(count_, -1);  // the one forgotten
            return true;
        }
    }
    return false;
}

void Table::store(const Key& k, int rank) {
    uint64_t a = first(k), h = high(k);
    uint64_t meta = h | (static_cast<uint64_t>(rank) & RANK);
    if (Entry* e = locate(a, h)) {
        e->meta = meta;
        return;
    }
    if (!pinned_.empty()) {
        auto it = pinned_.find(Key{a, h});
        if (it != pinned_.end()) {
            it->second = rank & static_cast<int>(RANK);
            return;
        }
    }
    Entry e{a, meta};
    for (;;) {
        // growing holds the old table and the new one at once: both within the cap
        bool can_grow = slots_.size() * 3 * sizeof(Entry) <= max_bytes_;
        if (can_grow && (count_ + 1) * 4 > slots_.size() * 3) {
            grow();
            continue;
        }
        if (place(e, !can_grow)) break;
        if (can_grow) {
            grow();
            continue;
        }
        // at the cap, and every entry of this bucket is on the current path
        pinned_[Key{a, h}] = rank & static_cast<int>(RANK);
        break;
    }
    bump(count_, 1);
}

Table::Entry* Table::locate(uint64_t a, uint64_t h) {
    for (int p = 0; p < PROBES; ++p) {
        Entry* e = bucket(a, p);
        bool open = false;
        for (int i = 0; i < WAYS; ++i) {
            if (e[i].a == a && (e[i].meta & HIGH) == h) return &e[i];
            open |= !e[i].a;
        }
        if (open) break;
    }
    return nullptr;
}

bool Table::visit(const Key& k, int rank) {
    uint64_t a = first(k), h = high(k);
    if (Entry* e = locate(a, h)) {
        if (static_cast<int>(e->meta & RANK) <= rank) return true;
        e->meta = (e->meta & HIGH) | (static_cast<uint64_t>(rank) & RANK);
    } else {
        auto it = pinned_.empty() ? pinned_.end() : pinned_.find(Key{a, h});
        if (it != pinned_.end()) {
            if ((it->second & static_cast<int>(RANK)) <= rank) return true;
            it->second = rank & static_cast<int>(RANK);
        } else {
            store(k, rank);
        }
    }
    enter(k);
    return false;
}

void Table::enter(const Key& k) {
    uint64_t a = first(k);
    path_.push_back(Key{a, high(k)});
    ++path_count_[path_slot(a)];
}

void Table::leave() {
    Key k = path_.back();
    path_.pop_back();
    --path_count_[path_slot(k.a)];
    if (!pinned_.empty()) {
        auto it = pinned_.find(k);
        if (it != pinned_.end() && !on_path(k.a, k.b)) {
            pinned_.erase(it);  // forgetting a position off the path is safe
            bump(count_, -1);
        }
    }
}

std::vector<std::pair<Key, int>> Table::share() {
    std::vector<std::pair<Key, int>> path;
    if (shared_) return path;
    for (const Key& k : path_) path.emplace_back(k, find(k));
    // every position searched so far and off the path has been searched to its end
    for (Entry& e : slots_)
        if (e.a && !on_path(e.a, e.meta & HIGH)) e.meta |= DONE;
    // at once to the size growing would end at (one pass over the entries, not one a
    // doubling: 0.3 s instead of 0.9, measured after 0.6 s of search); the old
    // table and the new stay within the cap, as at the last doubling
    size_t times = 1;
    while (slots_.size() * times * 3 * sizeof(Entry) <= max_bytes_) times *= 2;
    if (times > 1) grow(times);
    path_.clear();
    std::fill(path_count_.begin(), path_count_.end(), uint16_t{0});
    locks_ = std::make_unique<std::atomic<uint8_t>[]>(LOCKS);
    for (size_t i = 0; i < LOCKS; ++i) locks_[i].store(0, std::memory_order_relaxed);
    shared_ = true;
    return path;
}

namespace {
struct Locked {  // a spin lock held for one question (two threads, short questions)
    explicit Locked(std::atomic<uint8_t>& l) : lock(l) {
        while (lock.exchange(1, std::memory_order_acquire))
            while (lock.load(std::memory_order_relaxed)) {
            }
    }
    ~Locked() { lock.store(0, std::memory_order_release); }
    Locked(const Locked&) = delete;
    Locked& operator=(const Locked&) = delete;
    std::atomic<uint8_t>& lock;
};
}  // namespace

void Table::put_shared(uint64_t a, uint64_t meta) {
    for (int p = 0; p < PROBES; ++p) {
        Entry* b = bucket(a, p);
        for (int i = 0; i < WAYS; ++i) {
            if (!b[i].a) {
                b[i] = Entry{a, meta};
                bump(count_, 1);
                return;
            }
        }
    }
    // full: forget one of the home bucket (chosen by the key: no shared counter)
    bucket(a, 0)[(a >> 40) % WAYS] = Entry{a, meta};
    bump(evictions_, 1);
}

bool Table::visit_shared(const Key& k, int rank) {
    uint64_t a = first(k), h = high(k);
    Locked held(lock_of(a));
    if (Entry* e = locate(a, h)) {
        const int r = static_cast<int>(e->meta & RANK);
        if (r <= rank && (e->meta & DONE)) return true;
        // a better rank is a new position to search; the same one searched by the other
        // thread is searched here too (only what has been searched to its end is skipped)
        if (rank < r) e->meta = h | (static_cast<uint64_t>(rank) & RANK);
        return false;
    }
    // (positions pinned before the table was shared were on the path: never done)
    put_shared(a, h | (static_cast<uint64_t>(rank) & RANK));
    return false;
}

void Table::finish_shared(const Key& k, int rank) {
    uint64_t a = first(k), h = high(k);
    uint64_t meta = h | (static_cast<uint64_t>(rank) & RANK) | DONE;
    Locked held(lock_of(a));
    if (Entry* e = locate(a, h)) {
        // searched to its end at ``rank``: so is every rank after it, not one before
        if (static_cast<int>(e->meta & RANK) >= rank) e->meta = meta;
        return;
    }
    put_shared(a, meta);
}

bool Table::done_shared(const Key& k) {
    uint64_t a = first(k), h = high(k);
    Locked held(lock_of(a));
    const Entry* e = locate(a, h);
    return e && (e->meta & DONE);
}

bool Table::on_path(uint64_t a, uint64_t h) const {
    if (!path_count_[path_slot(a)]) return false;
    for (const Key& p : path_)
        if (p.a == a && p.b == h) return true;
    return false;
}

}  // namespace sc
