/* Shared by the games' position tests: a position text must read the same with CRLF line ends
 * and no final newline, and every prefix of it and every few corrupted bytes must be refused
 * (or read) without a crash, each refusal naming a line or the game's check, a corrupted one
 * the game. Include after <cmocka.h>. */
#ifndef FC_TEST_POSITION_CHECKS_H
#define FC_TEST_POSITION_CHECKS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "formicary/match.h"
#include "formicary/rng.h"

static inline fc_match *pcx_read(const fc_rules *rules, const char *text)
{
    fc_error err;
    fc_match *m = fc_match_new_from_position(rules, 1, text, &err);
    if (!m)
        fail_msg("position refused: %s\n%s", err.msg, text);
    return m;
}

/* text with CRLF line ends and its final newline dropped reads as text does. */
static inline void pcx_crlf(const fc_rules *rules, const char *text)
{
    size_t n = strlen(text);
    char *crlf = calloc(1, 2 * n + 1);
    assert_non_null(crlf);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\n')
            crlf[k++] = '\r';
        crlf[k++] = text[i];
    }
    while (k && (crlf[k - 1] == '\n' || crlf[k - 1] == '\r'))
        crlf[--k] = '\0';
    fc_match *a = pcx_read(rules, text), *b = pcx_read(rules, crlf);
    assert_memory_equal(fc_match_state(a), fc_match_state(b), fc_match_game(a)->state_size);
    fc_match_free(a);
    fc_match_free(b);
    free(crlf);
}

/* Every prefix of text (most refused, naming a line or the check) and 2,000 texts with three
 * bytes from junk each (a refusal names the game); a sample of both under valgrind. */
static inline void pcx_prefixes_and_corruption(const fc_rules *rules, const char *text, const char *junk,
                                               const char *game)
{
    size_t n = strlen(text), nj = strlen(junk);
    char *cut = calloc(1, n + 1);
    assert_non_null(cut);
    fc_error err;
    int refused_n = 0;
    bool slow = getenv("FC_UNDER_VALGRIND") || getenv("FC_UNDER_SANITIZER");
    for (size_t len = 0; len < n; len += slow ? 13 : 1) {
        memcpy(cut, text, len);
        cut[len] = '\0';
        fc_match *m = fc_match_new_from_position(rules, 1, cut, &err);
        if (m) {
            fc_match_free(m);
            continue;
        }
        refused_n++;
        assert_true(strstr(err.msg, "line ") || strstr(err.msg, "fails the game's check"));
    }
    assert_true(refused_n > (int)n / (slow ? 26 : 2));
    fc_rng rng;
    fc_rng_seed(&rng, 5, 0);
    for (int t = 0; t < (slow ? 150 : 2000); t++) {
        memcpy(cut, text, n + 1);
        for (int j = 0; j < 3; j++)
            cut[fc_rng_below(&rng, (uint32_t)n)] = junk[fc_rng_below(&rng, (uint32_t)nj)];
        fc_match *m = fc_match_new_from_position(rules, 1, cut, &err);
        if (m)
            fc_match_free(m);
        else
            assert_non_null(strstr(err.msg, game));
    }
    free(cut);
}

#endif
