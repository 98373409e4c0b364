/* Distributed simulation over MPI (docs/distributed.md). Under `mpirun -n N formicary sim ...`
 * every rank parses the same command line and builds the same rule sets; the games are then
 * spread over the ranks with dynamic load balancing and every rank ends with all results, so
 * rank 0 writes exactly what one process would. Without MPI (or not launched by mpirun) these
 * are thin wrappers around fc_sim_run. */
#ifndef FC_CLI_SIM_MPI_H
#define FC_CLI_SIM_MPI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "formicary/sim.h"

/* Starts MPI when the program was launched by mpirun (Open MPI or a PMI launcher); a no-op
 * otherwise. Returns 0, or an error message was printed. */
int cli_mpi_begin(void);
/* Ends MPI; with FORMICARY_MPI_STATS set in the environment each rank first says on stderr how
 * many games it played (tests/install/mpi_test.sh checks that the games were spread). */
void cli_mpi_end(void);
/* This process's rank (0 without MPI) and the number of ranks (1 without MPI). */
int cli_mpi_rank(void);
int cli_mpi_size(void);
/* Every rank's setup result combined: CLI_EXIT_OK only if all ranks set up fine, so a rank
 * that could not load the game does not leave the others waiting. */
int cli_mpi_agree(int rc);
/* Rank 0's v on every rank (v itself without MPI): decisions only rank 0 can make. */
int cli_mpi_bcast_int(int v);
double cli_mpi_bcast_double(double v);
/* Every rank's batch of a runner (items first..first+count-1 of `size` bytes each) compared, a
 * collective: 0 when all agree, else an error on every rank (a study that decided otherwise on
 * some rank: its results must not be mixed). 0 without MPI. */
int cli_mpi_same_batch(int first, int count, size_t size, fc_error *err);
/* Whether n bytes at p hash alike on every rank (a collective; true without MPI): a study's
 * result checked before rank 0 reports it. */
bool cli_mpi_same(const void *p, size_t n);
/* A journal of finished games for --resume FILE: one text line per game, appended (and
 * flushed) as games finish, keyed by a hash of the design (game, rule set, variant, seed,
 * agents), so a run stopped by a dead rank or a crash continues with the games not written
 * yet and still gives the same output. Only rank 0 opens it. */
typedef struct cli_journal cli_journal;
cli_journal *cli_journal_open(const char *path);
void cli_journal_close(cli_journal *j);
/* Where the warning about a cut last line goes (stderr by default; NULL: nowhere). */
void cli_journal_set_warnings(cli_journal *j, FILE *f);
/* sim_journal.c. One line (with or without its "\n") checked against the run c: every field
 * in range for c's seats and limits and consistent with the others. NULL with *key and *g set,
 * or `why` (n bytes) filled with the reason and returned. */
const char *cli_journal_parse(const char *line, const fc_sim_config *c, uint64_t *key, fc_sim_game *g, char *why,
                              size_t n);
/* Fills out[] and have[] with this design's games in [first, first+count); the count, or a
 * negative code with err naming "--resume FILE:LINE: reason". A last line cut short is dropped
 * from the file (with a warning) so appending starts on a fresh line. */
int cli_journal_load(cli_journal *j, uint64_t key, const fc_sim_config *c, int first, int count, fc_sim_game *out,
                     bool *have, fc_error *err);
/* Appends games g[0..n) and flushes; a write error (a full disk) is returned, err set. */
int cli_journal_append(cli_journal *j, uint64_t key, const fc_sim_config *c, const fc_sim_game *g, int n,
                       fc_error *err);
/* fc_sim_run over all ranks: rank 0 hands out chunks of c->threads game indices on request
 * and plays chunks itself; the results (or the error of the lowest failing game) reach every
 * rank. */
/* With a journal (j, key): games of this design found in it are taken from it, the others are
 * played and appended. */
int cli_sim_run(const fc_sim_config *c, int first, int count, fc_sim_game *out, cli_journal *j, uint64_t key,
                fc_error *err);
/* cli_sim_run without a journal, in the shape of the studies' play hooks (fc_ladder_config.play,
 * fc_luck_config.play, fc_check_config.play, fc_sens_config.play_sim): a study run on every
 * rank with the same arguments calls it in the same order everywhere, so its games are spread
 * over the ranks and every rank computes the same result. */
int cli_mpi_play(void *ud, const fc_sim_config *cfg, int first, int count, fc_sim_game *out, fc_error *err);
/* spread_mpi.c, an fc_spread_fn (sim.h) over the ranks: rank 0 hands out chunks of `chunk` item
 * indices on request and runs chunks itself on a second thread; every rank ends with every
 * result (or the error of the chunk holding the lowest failing item). Without MPI, or on one
 * rank, batch(batch_ud, 0, count, out, err). */
int cli_mpi_spread(void *ud, int count, int chunk, size_t size, void *out, fc_spread_batch batch, void *batch_ud,
                   fc_error *err);

#ifdef FC_HAVE_MPI
#include <pthread.h>

/* The two runners' shared parts (sim_mpi.c, spread_mpi.c). Rank 0 of a run: starts local(run)
 * on a second thread, which runs chunks and clears *busy (under lock) when none is left, and
 * serve(run) answers the other ranks on this thread (MPI stays on the main thread) until all
 * were sent home and *busy is false; then joins. Without a thread, rank 0 only serves. */
void cli_mpi_serve_local(pthread_mutex_t *lock, bool *busy, void *(*local)(void *), void (*serve)(void *), void *run);
/* Before this rank runs a chunk of n items: counts them (FORMICARY_MPI_STATS) and, when the
 * environment's FORMICARY_MPI_FAIL_RANK names this rank (a test's injected failure), fails
 * it: non-zero with e set. */
int cli_mpi_chunk_begin(long n, fc_error *e);
/* A failure on a rank other than 0, as rank 0 will report it: "rank R on HOST: " first. */
void cli_mpi_name_rank(fc_error *e);
#endif

#endif
