/* A game's rules reference (fc_plugin.rules_text, API minor 3): Markdown whose rules carry
 * bold ids ("**R-12 Title.** …", "- **S-03** …"), grouped under headings, ending with a section
 * "## Notation and glossary". These functions find one rule or topic in it for front ends
 * (`formicary rules GAME --text ID`, the tty's rules key). They allocate nothing; spans point
 * into the text. */
#ifndef FORMICARY_RULES_TEXT_H
#define FORMICARY_RULES_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "formicary/game.h"

/* A part of a rules text: len bytes from start (no terminating NUL of its own). */
typedef struct fc_rules_span {
    const char *start;
    size_t len;
} fc_rules_span;

/* The plugin's rules text, or NULL when it has none (or was built against API minor < 3). */
const char *fc_plugin_rules_text(const fc_plugin *p);

/* Finds `query` in a rules text and returns 0 with the span, or FC_EUNKNOWN:
 *  - a rule id ("R-12", "r12", "S-3" = "S-03", "AB-4"): the rule, from the line that
 *    defines it (its bold id at the start of a line or list item) to the next rule or heading;
 *  - otherwise a topic (case-insensitive; every word must match): a heading ("births",
 *    "Phase 3 — Workers", "glossary") with its section up to the next heading of the same or a
 *    higher level; failing that, the first rule whose bold title contains the words, then the
 *    first rule whose text does. */
int fc_rules_text_find(const char *text, const char *query, fc_rules_span *out);

/* The glossary: the section whose heading contains "glossary" (0 or FC_EUNKNOWN). */
int fc_rules_text_glossary(const char *text, fc_rules_span *out);

/* For a query fc_rules_text_find did not find: writes the closest rule id or heading word to
 * buf ("R-68", "Births") and returns 0, or returns FC_EUNKNOWN when nothing is close. An id
 * with a known prefix suggests the nearest id of that prefix. */
int fc_rules_text_suggest(const char *text, const char *query, char *buf, size_t n);

/* Rule ids defined in the text, in order: calls fn(id, ctx) for each as written ("R-12",
 * "E-1"); returns the count. */
int fc_rules_text_ids(const char *text, void (*fn)(const char *id, void *ctx), void *ctx);

/* Whether the source line s[0..len) starts a logical line of its own (blank, a heading, a table
 * row, a quote, a list item "- ", "* ", "+ " or "1. ") rather than continuing the paragraph or
 * list item before it, which the source wraps at 100 columns: front ends join continuations
 * before wrapping the text to their own width. */
bool fc_rules_text_line_starts(const char *s, size_t len);

#endif
