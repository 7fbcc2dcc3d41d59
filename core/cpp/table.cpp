#include "table.hpp"

#include <algorithm>
#include <new>
#include <stdexcept>

namespace sc {

namespace {
constexpr uint64_t RANK = 0xFFFF;
// 64 KB to start (most deals of most games need no more, and a bigger table costs more
// to set up than such a search takes); it doubles while its budget gives it room. A
// budget with less room gives it less, down to one group of eight buckets (512 bytes),
// which it takes even from a full budget: a search cannot run without a table.
constexpr size_t FIRST_BUCKETS = 1024, FEWEST_BUCKETS = 8;

// the first table's bytes, taken from ``memory`` (and given back if the system refuses
// them: the table is then never made, and its budget must not count it)
Region first_region(Memory& memory, size_t per_bucket) {
    const size_t room = memory.room();
    size_t buckets = FIRST_BUCKETS;
    while (buckets > FEWEST_BUCKETS && buckets * per_bucket > room) buckets /= 2;
    const size_t bytes = buckets * per_bucket;
    if (!memory.take(bytes)) memory.force(bytes);
    try {
        return Region(bytes);
    } catch (...) {
        memory.give(bytes);
        throw;
    }
}
}  // namespace

Table::Table(std::shared_ptr<Memory> memory)
    : memory_(std::move(memory)), region_(first_region(*memory_, WAYS * sizeof(Entry))) {
    nslots_ = region_.bytes() / sizeof(Entry);
    mask_ = nslots_ / WAYS - 1;
}

Table::~Table() {
    memory_->give(region_.bytes());
    if (locks_) memory_->give(nlocks_);
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

bool Table::grow(size_t times) {
    const size_t old_bytes = region_.bytes(), new_bytes = old_bytes * times;
    // in place only the new bytes are taken; where growing copies, old and new at once
    const size_t taken = Region::moves ? new_bytes : new_bytes - old_bytes;
    if (!memory_->take(taken)) return false;
    try {
        region_.grow(new_bytes);
    } catch (const std::bad_alloc&) {
        // The system refused the pages the budget gave (an address-space limit, strict
        // overcommit): a refusal like the budget's, which only costs positions
        // forgotten. Thrown, it cut the search off in the middle of a node (a
        // MemoryError, and a crash at the next run before runs refused to go on).
        memory_->give(taken);
        memory_->mark_full();
        return false;
    }
    if (Region::moves) memory_->give(old_bytes);
    // The entries of a group of eight buckets (a key's probes stay in its group) go to
    // the groups at the same place in each copy of the old table the new one now
    // holds, which no other group's entries go to: so the groups are emptied and
    // filled again one at a time, in place, and each new group receives at most the
    // one old group's 32 entries, for its 32 slots.
    const size_t old_groups = nslots_ / (8 * WAYS);
    nslots_ *= times;
    mask_ = nslots_ / WAYS - 1;
    Entry moved[8 * WAYS];
    for (size_t g = 0; g < old_groups; ++g) {
        Entry* group = slots() + g * 8 * WAYS;
        int n = 0;
        for (int i = 0; i < 8 * WAYS; ++i) {
            if (group[i].a) {
                moved[n++] = group[i];
                group[i] = Entry{0, 0};
            }
        }
        for (int i = 0; i < n; ++i)
            if (!place(moved[i], false))  // (never: see above)
                pinned_[Key{moved[i].a, moved[i].meta & HIGH}] =
                    static_cast<int>(moved[i].meta & RANK);
    }
    return true;
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
    // growing asks the budget (refused lately: not yet again)
    bool can_grow = !retry_;
    if (retry_) --retry_;
    for (;;) {
        if (can_grow && (count_ + 1) * 4 > nslots_ * 3) {
            if (grow()) continue;
            refused();
            can_grow = false;
        }
        if (place(e, !can_grow)) break;
        if (can_grow) {
            if (!grow()) {
                refused();
                can_grow = false;
            }
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
    // (what may fail, first: the table is changed only once nothing more can)
    for (const Key& k : path_) path.emplace_back(k, find(k));
    size_t nlocks = LOCKS;
    while (nlocks > FEWEST_LOCKS && nlocks > memory_->room()) nlocks /= 2;
    if (!memory_->take(nlocks)) memory_->force(nlocks);
    try {
        locks_ = std::make_unique<std::atomic<uint8_t>[]>(nlocks);
    } catch (...) {
        memory_->give(nlocks);
        throw;
    }
    nlocks_ = nlocks;
    for (size_t i = 0; i < nlocks_; ++i) locks_[i].store(0, std::memory_order_relaxed);
    // every position searched so far and off the path has been searched to its end
    for (Entry* e = slots(); e != slots() + nslots_; ++e)
        if (e->a && !on_path(e->a, e->meta & HIGH)) e->meta |= DONE;
    // at once to the size growing would end at (one pass over the entries, not one a
    // doubling: 0.3 s instead of 0.9, measured after 0.6 s of search): as much as the
    // budget has room for now (another search of the solve that asks later may find
    // none; its share, memory.hpp, keeps it some)
    const size_t have = region_.bytes();
    // the most the new table may be: in place, what it has and the room; else the room
    const size_t most = memory_->room() + (Region::moves ? 0 : have);
    size_t times = 1;
    while (have * times * 2 <= most) times *= 2;
    // (another thread took some meanwhile, or the system refused)
    while (times > 1 && !grow(times)) times /= 2;
    path_.clear();
    std::fill(path_count_.begin(), path_count_.end(), uint16_t{0});
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
