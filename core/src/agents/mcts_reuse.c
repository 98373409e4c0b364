/* Tree reuse (mcts:reuse=1). The decisions played since this tree's last search (its own choice, then others' decisions
 * and chance outcomes) lead from its root to a node whose subtree already holds statistics
 * for the position now: that subtree becomes the new tree. Only decisions the searching seat
 * saw may be followed (a hidden choice or a private draw ends reuse), so the kept statistics
 * never depend on hidden information; the last search is recognised by a hash of the match's
 * seed and the decisions before it, so an undo, another match or another seat starts afresh. */
#include <stdlib.h>
#include <string.h>

#include "mcts.h"

uint64_t fc_mcts_history_key(const fc_match *m, size_t ply)
{
    uint64_t k = fc_match_seed(m) ^ 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < ply; i++) {
        const fc_history_entry *e = fc_match_history(m, i);
        k = (k ^ (uint64_t)e->decision ^ ((uint64_t)(uint32_t)e->seat << 32)) * 0xbf58476d1ce4e5b9u;
        k ^= k >> 29;
    }
    return k;
}

/* The child of node for decision d chosen by seat (FC_CHANCE for an outcome), or MCTS_NONE. */
static int32_t mcts_child(const mcts_tree *t, int32_t node, fc_decision d, int seat)
{
    for (int32_t c = t->nodes[node].child; c != MCTS_NONE; c = t->nodes[c].sibling)
        if (t->nodes[c].d == d && t->nodes[c].seat == seat)
            return c;
    return MCTS_NONE;
}

/* Copies the subtree under `root` to the front of the spare pool (breadth first, the order of
 * each sibling list kept) and swaps the pools. A copied node's `child` still holds its old
 * first child until the node is processed. */
static int mcts_keep_subtree(mcts_tree *t, int32_t root)
{
    if (t->capspare < t->nnodes) {
        mcts_node *v = realloc(t->spare, (size_t)t->nnodes * sizeof *v);
        if (!v)
            return FC_ENOMEM;
        t->spare = v;
        t->capspare = t->nnodes;
    }
    mcts_node *out = t->spare;
    int32_t n = 1;
    out[0] = t->nodes[root];
    out[0].sibling = MCTS_NONE;
    for (int32_t head = 0; head < n; head++) {
        int32_t c = out[head].child, prev = MCTS_NONE;
        out[head].child = MCTS_NONE;
        for (; c != MCTS_NONE; c = t->nodes[c].sibling) {
            out[n] = t->nodes[c];
            out[n].sibling = MCTS_NONE;
            if (prev == MCTS_NONE)
                out[head].child = n;
            else
                out[prev].sibling = n;
            prev = n++;
        }
    }
    mcts_node *old = t->nodes;
    int32_t oldcap = t->capnodes;
    t->nodes = out;
    t->capnodes = t->capspare;
    t->spare = old;
    t->capspare = oldcap;
    t->nnodes = n;
    return 0;
}

/* Prepares tree t for a search of seat `who` at the match's current ply: keeps the subtree of
 * the decisions since its last search when it can (t->reused), else starts a new tree. */
int fc_mcts_reuse(mcts_tree *t, const fc_match *m, int who, bool allow)
{
    size_t ply = fc_match_ply(m);
    t->reused = 0;
    if (!allow || t->nnodes == 0 || t->last_who != who || t->last_ply >= ply ||
        fc_mcts_history_key(m, t->last_ply) != t->last_key)
        return 0;
    int32_t node = 0;
    for (size_t i = t->last_ply; i < ply && node != MCTS_NONE; i++) {
        const fc_history_entry *e = fc_match_history(m, i);
        if (!(e->audience >> who & 1u))
            return 0; /* a decision this seat did not see */
        node = mcts_child(t, node, e->decision, e->seat == FC_CHANCE ? FC_CHANCE : e->seat);
    }
    if (node == MCTS_NONE || t->nodes[node].child == MCTS_NONE)
        return 0;
    if (mcts_keep_subtree(t, node) != 0)
        return FC_ENOMEM;
    t->nodes[0].seat = who;
    t->reused = 1;
    return 0;
}
