/* Private: the event log a match collects from game callbacks (fc_host.emit). */
#ifndef FC_EVENTS_H
#define FC_EVENTS_H

#include <stddef.h>

#include "formicary/match.h"

typedef struct fc_events {
    fc_match_event *v;
    size_t n, cap;
    size_t ply; /* stamped on new events */
} fc_events;

void fc_events_push(fc_events *ev, uint32_t audience, const char *text);
void fc_events_truncate(fc_events *ev, size_t n);
void fc_events_free(fc_events *ev);

#endif
