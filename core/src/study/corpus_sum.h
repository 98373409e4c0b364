/* Private to corpus.c and corpus_summary.c: the summary of a replayed corpus. */
#ifndef FC_CORPUS_SUM_H
#define FC_CORPUS_SUM_H

#include "formicary/corpus.h"

/* Fills out->sum from out->rec[0..nrec). */
void fc_corpus_summarize(fc_corpus *out);

#endif
