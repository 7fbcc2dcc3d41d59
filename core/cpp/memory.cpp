#include "memory.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace sc {

Memory::Memory(size_t cap, std::shared_ptr<Memory> parent)
    : cap_(cap), parent_(std::move(parent)) {}

bool Memory::take(size_t n) {
    size_t u = used_.load(std::memory_order_relaxed);
    const size_t cap = this->cap();
    do {
        if (n > cap || u > cap - n) {
            mark_full();
            return false;
        }
    } while (!used_.compare_exchange_weak(u, u + n, std::memory_order_relaxed));
    if (parent_ && !parent_->take(n)) {  // (the parent has marked itself full)
        used_.fetch_sub(n, std::memory_order_relaxed);
        full_.store(true, std::memory_order_relaxed);
        return false;
    }
    size_t peak = peak_.load(std::memory_order_relaxed);
    while (u + n > peak && !peak_.compare_exchange_weak(peak, u + n, std::memory_order_relaxed)) {
    }
    return true;
}

void Memory::force(size_t n) {
    add(n);
    if (used() > cap()) mark_full();
    if (parent_) parent_->force(n);
}

void Memory::add(size_t n) {
    const size_t now = used_.fetch_add(n, std::memory_order_relaxed) + n;
    size_t peak = peak_.load(std::memory_order_relaxed);
    while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
}

void Memory::give(size_t n) {
    used_.fetch_sub(n, std::memory_order_relaxed);
    if (parent_) parent_->give(n);
}

size_t Memory::room() const {
    const size_t u = used();
    const size_t cap = this->cap();
    size_t r = u >= cap ? 0 : cap - u;
    if (parent_) r = std::min(r, parent_->room());
    return r;
}

void Memory::mark_full() {
    full_.store(true, std::memory_order_relaxed);
    if (parent_) parent_->mark_full();
}

#ifdef __linux__
// An anonymous mapping: zero pages, resident only once written, and mremap grows it
// by moving page tables, not bytes.
Region::Region(size_t bytes) : bytes_(bytes) {
    data_ = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data_ == MAP_FAILED) {
        data_ = nullptr;
        throw std::bad_alloc();
    }
}

Region::~Region() {
    if (data_) munmap(data_, bytes_);
}

void Region::grow(size_t bytes) {
#ifdef SC_REGION_COPIES
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    std::memcpy(p, data_, bytes_);
    munmap(data_, bytes_);
#else
    void* p = mremap(data_, bytes_, bytes, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) throw std::bad_alloc();
#endif
    data_ = p;
    bytes_ = bytes;
}
#else
Region::Region(size_t bytes) : bytes_(bytes) {
    data_ = std::calloc(bytes, 1);
    if (!data_) throw std::bad_alloc();
}

Region::~Region() { std::free(data_); }

void Region::grow(size_t bytes) {
    void* p = std::realloc(data_, bytes);
    if (!p) throw std::bad_alloc();
    std::memset(static_cast<char*>(p) + bytes_, 0, bytes - bytes_);
    data_ = p;
    bytes_ = bytes;
}
#endif

}  // namespace sc
