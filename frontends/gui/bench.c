/* FORMICARY_GUI_BENCH=N: N full redraws of the position at ply FORMICARY_GUI_BENCH_PLY (default
 * 0; bots play on until then), timed by the wall clock and by the thread's CPU clock (less
 * sensitive to a loaded machine); min, median and max per frame go to stderr. With
 * FORMICARY_GUI_BENCH_EXIT=1 the program then quits. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gui_int.h"

static double gui_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int gui_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* min / median / max of n values (sorts them). */
static void gui_stats(double *v, int n, double out[3])
{
    qsort(v, (size_t)n, sizeof *v, gui_cmp_double);
    out[0] = v[0];
    out[1] = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    out[2] = v[n - 1];
}

bool gui_bench_due(const gui *g)
{
    const char *b = getenv("FORMICARY_GUI_BENCH"), *p = getenv("FORMICARY_GUI_BENCH_PLY");
    if (!b || atoi(b) <= 0 || g->benched)
        return false;
    return fc_match_ply(*g->m) >= (size_t)(p ? atol(p) : 0) || fc_match_to_move(*g->m) == FC_NOBODY;
}

/* Runs the benchmark; returns true when the program should quit afterwards. */
bool gui_bench(gui *g)
{
    int n = atoi(getenv("FORMICARY_GUI_BENCH"));
    const char *ex = getenv("FORMICARY_GUI_BENCH_EXIT");
    g->benched = true;
    if (n > 100000)
        n = 100000;
    double *wall = malloc((size_t)n * sizeof *wall), *cpu = malloc((size_t)n * sizeof *cpu),
           *full = malloc((size_t)n * sizeof *full);
    if (!wall || !cpu || !full) {
        free(wall);
        free(cpu);
        free(full);
        return false;
    }
    for (int i = 0; i < n; i++) {
        double t0 = gui_now_ms(), c0 = gui_cpu_ms();
        gui_draw(g);
        double t1 = gui_now_ms(), c1 = gui_cpu_ms();
        SDL_RenderPresent(g->ren);
        wall[i] = t1 - t0;
        cpu[i] = c1 - c0;
        full[i] = gui_now_ms() - t0;
    }
    double w[3], c[3], f[3];
    gui_stats(wall, n, w);
    gui_stats(cpu, n, c);
    gui_stats(full, n, f);
    SDL_RendererInfo ri;
    SDL_GetRendererInfo(g->ren, &ri);
    fprintf(stderr,
            "gui-bench: %s, ply %zu, %d cells, %d pieces, %dx%d, renderer %s, %d frames (min/median/max ms): "
            "draw %.2f/%.2f/%.2f, draw CPU %.2f/%.2f/%.2f, draw+present %.2f/%.2f/%.2f\n",
            g->game_name, fc_match_ply(*g->m), g->view->ncells, g->view->npieces, g->w, g->h, ri.name, n, w[0], w[1],
            w[2], c[0], c[1], c[2], f[0], f[1], f[2]);
    free(wall);
    free(cpu);
    free(full);
    return ex && atoi(ex) == 1;
}
