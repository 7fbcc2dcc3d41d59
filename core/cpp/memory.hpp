// One memory budget, shared by every table and memo of the searches it is given to: a
// solve runs several searches (the main one, the one under the loosest rules, probes,
// streamliners, a helper thread), and a cap per search let their tables add up past
// what the solve promised. A table asks before it grows (``take``) and gives back what
// it lets go; a refusal only means it stops growing and forgets positions instead,
// which costs speed, never an answer (see table.hpp). Budgets nest: a search's own
// share is a budget whose ``parent`` is the solve's, and a taking counts in both, so
// that the shares of one solve together keep within the solve's budget at every moment.
// Threads may ask at once (a helper's memo is made on its own thread; several solves
// of one process may draw from one budget).
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <utility>

namespace sc {

class Memory {
  public:
    explicit Memory(size_t cap, std::shared_ptr<Memory> parent = nullptr);

    // Takes ``n`` bytes if this budget and every one above it has room for them (all or
    // nothing); otherwise takes nothing, marks them full and returns false.
    bool take(size_t n);
    // Takes ``n`` bytes even past the cap (marked full then): the least a search needs
    // to run at all (a table of 64 KB), which a search cannot do without.
    void force(size_t n);
    // Gives back ``n`` bytes taken before.
    void give(size_t n);
    // What ``take`` could give now: the least room of this budget and those above it.
    size_t room() const;

    size_t cap() const { return cap_.load(std::memory_order_relaxed); }
    // A new cap (a share that grows when another search of the solve is let go); what
    // is held past a smaller one stays held, and nothing more is given until it fits.
    void set_cap(size_t cap) { cap_.store(cap, std::memory_order_relaxed); }
    size_t used() const { return used_.load(std::memory_order_relaxed); }
    // the most held at once so far
    size_t peak() const { return peak_.load(std::memory_order_relaxed); }
    // whether a taking was ever refused (here or below): a search wanted more than it got
    bool full() const { return full_.load(std::memory_order_relaxed); }

  private:
    void add(size_t n);  // counts ``n`` taken (and raises the peak)
    void mark_full();    // here and in every budget above
    std::atomic<size_t> cap_;
    const std::shared_ptr<Memory> parent_;
    std::atomic<size_t> used_{0};
    std::atomic<size_t> peak_{0};
    std::atomic<bool> full_{false};
};

// Zeroed bytes in one mapping of their own, which can grow in place: where the system
// can move pages without copying them (Linux's mremap) growing needs no second copy, so
// a table grows to the whole of its budget, not two thirds of it (``moves`` says
// whether growing may copy, and so hold the old bytes and the new at once).
class Region {
  public:
    explicit Region(size_t bytes);
    ~Region();
    Region(const Region&) = delete;
    Region& operator=(const Region&) = delete;
    void* data() const { return data_; }
    size_t bytes() const { return bytes_; }
    // to ``bytes`` (more than now): the old bytes keep their places, the new are zero
    void grow(size_t bytes);
    static constexpr bool moves =
#ifdef __linux__
        false;
#else
        true;
#endif

  private:
    void* data_ = nullptr;
    size_t bytes_ = 0;
};

// Bytes held of a budget, given back when it goes (a search's memo).
class Held {
  public:
    Held() = default;
    Held(std::shared_ptr<Memory> memory, size_t n) : memory_(std::move(memory)), n_(n) {}
    ~Held() {
        if (memory_) memory_->give(n_);
    }
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    Held(Held&& o) noexcept : memory_(std::move(o.memory_)), n_(o.n_) { o.memory_.reset(); }
    Held& operator=(Held&& o) noexcept {
        if (this != &o) {
            if (memory_) memory_->give(n_);
            memory_ = std::move(o.memory_);
            n_ = o.n_;
            o.memory_.reset();
        }
        return *this;
    }

  private:
    std::shared_ptr<Memory> memory_;
    size_t n_ = 0;
};

}  // namespace sc
