/* The alpha-beta agent's transposition table: one array of two-word entries shared by every
 * thread of a search and kept between decisions (a generation counter ages old entries).
 *
 * An entry is written as (key ^ data, data) with relaxed atomics and accepted on reading only
 * when the two words still agree with the key, so a read that races with another thread's
 * write is a miss, never a wrong move (Hyatt and Mann, "A lock-less transposition table
 * implementation for parallel search chess engines", 2002). Replacement: a slot is taken by a
 * deeper search of any position, by any search of its own position, and by anything once its
 * entry is from an older generation. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ab.h"

#define AB_TT_HUGE ((size_t)2 << 20) /* a huge page on x86-64 Linux */

/* The table's memory, zeroed. Each node's probe lands on a random entry, so with 4 KB pages
 * nearly every probe also misses the TLB (a page walk, slow under virtualisation): a table of
 * 2 MB or more is aligned to huge pages and asks the kernel for them (transparent huge pages,
 * where the kernel offers them on request; elsewhere the advice is ignored). */
static ab_entry *tt_alloc(uint64_t n)
{
    size_t bytes = (size_t)n * sizeof(ab_entry);
    if (bytes < AB_TT_HUGE)
        return calloc(n, sizeof(ab_entry));
    void *p = NULL;
    if (posix_memalign(&p, AB_TT_HUGE, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE); /* before the pages are touched */
#endif
    return memset(p, 0, bytes);
}

int fc_ab_tt_resize(ab_tt *t, uint64_t mb, fc_error *err)
{
    uint64_t want = mb * 1024 * 1024 / sizeof(ab_entry), n = 1;
    while (n * 2 <= want)
        n *= 2;
    if (t->e && t->mask + 1 == n)
        return 0;
    fc_ab_tt_free(t);
    t->e = tt_alloc(n);
    if (!t->e)
        return fc_error_set(err, FC_ENOMEM, "agent ab: hash: cannot allocate %llu MB", (unsigned long long)mb);
    t->mask = n - 1;
    return 0;
}

void fc_ab_tt_free(ab_tt *t)
{
    free(t->e);
    t->e = NULL;
    t->mask = 0;
}

void fc_ab_tt_clear(ab_tt *t)
{
    if (t->e)
        memset(t->e, 0, (t->mask + 1) * sizeof *t->e);
    t->gen = 0;
}

/* data: move (bits 0..31), score + 32768 (32..47, never 0: a real entry's data is not 0),
 * depth (48..54), has a move (55), bound (56..57), generation (58..63) */
static inline uint64_t tt_pack(bool has_move, fc_decision move, int score, int depth, int bound, int gen)
{
    return (uint64_t)move | ((uint64_t)(uint16_t)(score + 32768) << 32) | ((uint64_t)(depth & 127) << 48) |
           ((uint64_t)has_move << 55) | ((uint64_t)(bound & 3) << 56) | ((uint64_t)(gen & 63) << 58);
}

bool fc_ab_tt_probe(const ab_tt *t, uint64_t key, ab_probe *out)
{
    ab_entry *e = &t->e[key & t->mask];
    uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
    if ((check ^ data) != key || data == 0)
        return false;
    out->move = (fc_decision)(data & 0xFFFFFFFFu);
    out->score = (int)((data >> 32) & 0xFFFF) - 32768;
    out->depth = (int)((data >> 48) & 127);
    out->has_move = (data >> 55) & 1u;
    out->bound = (int)((data >> 56) & 3);
    return true;
}

void fc_ab_tt_store(ab_tt *t, uint64_t key, bool has_move, fc_decision move, int score, int depth, int bound)
{
    ab_entry *e = &t->e[key & t->mask];
    uint64_t old = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t old_key = atomic_load_explicit(&e->check, memory_order_relaxed) ^ old;
    int old_depth = (int)((old >> 48) & 127), old_gen = (int)((old >> 58) & 63);
    if (old != 0 && old_key != key && old_gen == (t->gen & 63) && old_depth > depth)
        return; /* keep the deeper result of another position from this search */
    if (old != 0 && old_key == key && !has_move && ((old >> 55) & 1u)) {
        has_move = true; /* keep the known best move */
        move = (fc_decision)(old & 0xFFFFFFFFu);
    }
    uint64_t data = tt_pack(has_move, move, score, depth, bound, t->gen);
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
}
