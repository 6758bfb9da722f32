// SPDX-License-Identifier: BSD-3-Clause
/* The seven use cases of the TALP GPU metrics paper as per-rank scripts of 2 ranks with one GPU
 * each, in milliseconds: played on a GPU by gpu_cases.cu (one rank), replayed on the fake CUDA
 * runtime by tests/profiler/cuda/fake_cuda/paper_program.c, and simulated exactly by
 * tests/profiler/core/paper_use_cases_test.cpp, where the arithmetic is written. */
#ifndef TALLY_BENCH_GPU_PAPER_TIMELINES_H
#define TALLY_BENCH_GPU_PAPER_TIMELINES_H

#include <string.h>

/// What a rank does next. Every device operation goes to its one GPU's stream 0, queued behind
/// what the stream holds.
enum paper_action {
  paper_end,        ///< the script is over
  paper_cpu,        ///< CPU work of `ms` (useful time)
  paper_runtime,    ///< a runtime call of `ms` that queues no device work (an allocation, pinning)
  paper_launch,     ///< queues a kernel of `ms`, `times` back to back; returns at once
  paper_copy,       ///< `times` synchronous copies of `ms`: the host waits in the runtime for each
  paper_copy_async, ///< queues `times` copies of `ms`; returns at once
  paper_sync,       ///< waits in the runtime until the GPU has finished everything queued
  paper_barrier     ///< MPI_Barrier with the other rank
};

struct paper_step {
  enum paper_action action;
  double ms;
  int times;
};

/* Use case 1, loaded GPUs: an allocation of 20, four kernels of 205 waited for, CPU 160. */
static const struct paper_step paper_use_case_1[] = {{paper_runtime, 20, 1}, {paper_launch, 205, 4}, {paper_sync, 0, 1},
                                                     {paper_cpu, 160, 1},    {paper_barrier, 0, 1},  {paper_end, 0, 0}};

/* Use case 2, loaded CPUs: a kernel of 50 waited for, a copy of 10, CPU 940. */
static const struct paper_step paper_use_case_2[] = {{paper_launch, 50, 1}, {paper_sync, 0, 1},    {paper_copy, 10, 1},
                                                     {paper_cpu, 940, 1},   {paper_barrier, 0, 1}, {paper_end, 0, 0}};

/* Use case 3, imbalanced GPUs: copy in, a kernel of 800 (rank 0) or 80 (rank 1), copy out, CPU 160. */
static const struct paper_step paper_use_case_3_rank_0[] = {
    {paper_copy, 10, 1}, {paper_launch, 800, 1}, {paper_sync, 0, 1}, {paper_copy, 10, 1},
    {paper_cpu, 160, 1}, {paper_barrier, 0, 1},  {paper_end, 0, 0}};
static const struct paper_step paper_use_case_3_rank_1[] = {
    {paper_copy, 10, 1}, {paper_launch, 80, 1}, {paper_sync, 0, 1}, {paper_copy, 10, 1},
    {paper_cpu, 160, 1}, {paper_barrier, 0, 1}, {paper_end, 0, 0}};

/* Use case 4, imbalanced CPUs and GPUs: rank 1 does a tenth of rank 0's work, on both. */
static const struct paper_step paper_use_case_4_rank_0[] = {{paper_runtime, 20, 1}, {paper_launch, 330, 1},
                                                            {paper_sync, 0, 1},     {paper_cpu, 650, 1},
                                                            {paper_barrier, 0, 1},  {paper_end, 0, 0}};
static const struct paper_step paper_use_case_4_rank_1[] = {{paper_runtime, 2, 1}, {paper_launch, 33, 1},
                                                            {paper_sync, 0, 1},    {paper_cpu, 65, 1},
                                                            {paper_barrier, 0, 1}, {paper_end, 0, 0}};

/* Use case 5, imbalanced CPU load: the same GPU work, CPU 670 and 70. */
static const struct paper_step paper_use_case_5_rank_0[] = {
    {paper_copy, 10, 1}, {paper_launch, 310, 1}, {paper_sync, 0, 1}, {paper_copy, 10, 1},
    {paper_cpu, 670, 1}, {paper_barrier, 0, 1},  {paper_end, 0, 0}};
static const struct paper_step paper_use_case_5_rank_1[] = {
    {paper_copy, 10, 1}, {paper_launch, 310, 1}, {paper_sync, 0, 1}, {paper_copy, 10, 1},
    {paper_cpu, 70, 1},  {paper_barrier, 0, 1},  {paper_end, 0, 0}};

/* Use case 6, large host-device data movement: a setup phase where rank 1 pins its buffers and
 * fills them, a kernel of 310, CPU work, ten copies of 55: rank 0 waits for them in the runtime
 * (queued, then one wait: ten waits would add ten wake-ups to the step), rank 1 goes on to MPI. */
static const struct paper_step paper_use_case_6_rank_0[] = {
    {paper_runtime, 6, 1},      {paper_barrier, 0, 1}, {paper_launch, 310, 1}, {paper_sync, 0, 1}, {paper_cpu, 60, 1},
    {paper_copy_async, 55, 10}, {paper_sync, 0, 1},    {paper_barrier, 0, 1},  {paper_end, 0, 0}};
static const struct paper_step paper_use_case_6_rank_1[] = {
    {paper_runtime, 38, 1},     {paper_cpu, 42, 1},    {paper_barrier, 0, 1},
    {paper_launch, 310, 1},     {paper_sync, 0, 1},    {paper_cpu, 18, 1},
    {paper_copy_async, 55, 10}, {paper_barrier, 0, 1}, {paper_end, 0, 0}};

/* Use case 7, CPU-GPU overlap, and the same work without it: a kernel of 200, CPU 500, a copy of
 * 100. Serial: the host waits for the kernel before its CPU work. Overlapped: it works while the
 * kernel runs. */
static const struct paper_step paper_use_case_7_serial[] = {{paper_launch, 200, 1}, {paper_sync, 0, 1},
                                                            {paper_cpu, 500, 1},    {paper_copy, 100, 1},
                                                            {paper_barrier, 0, 1},  {paper_end, 0, 0}};
static const struct paper_step paper_use_case_7[] = {
    {paper_launch, 200, 1}, {paper_cpu, 500, 1}, {paper_copy, 100, 1}, {paper_barrier, 0, 1}, {paper_end, 0, 0}};

struct paper_use_case {
  const char* name;
  const struct paper_step* ranks[2];
};

/// Every case by the name paper_program takes.
static const struct paper_use_case paper_use_cases[] = {
    {"1", {paper_use_case_1, paper_use_case_1}},
    {"2", {paper_use_case_2, paper_use_case_2}},
    {"3", {paper_use_case_3_rank_0, paper_use_case_3_rank_1}},
    {"4", {paper_use_case_4_rank_0, paper_use_case_4_rank_1}},
    {"5", {paper_use_case_5_rank_0, paper_use_case_5_rank_1}},
    {"6", {paper_use_case_6_rank_0, paper_use_case_6_rank_1}},
    {"7_serial", {paper_use_case_7_serial, paper_use_case_7_serial}},
    {"7", {paper_use_case_7, paper_use_case_7}},
};

/// The script of the case named by the `length` characters at `name` for rank `rank`; NULL if none.
static inline const struct paper_step* paper_script_named(const char* name, size_t length, int rank) {
  for (size_t i = 0; i < sizeof paper_use_cases / sizeof paper_use_cases[0]; ++i)
    if (strlen(paper_use_cases[i].name) == length && strncmp(paper_use_cases[i].name, name, length) == 0)
      return paper_use_cases[i].ranks[rank];
  return NULL;
}

/// Rank `rank`'s script for `cases`: the one case named, or with two ("1,2") rank 0 plays the first
/// case's rank 0 and rank 1 the second case's rank 1. NULL for a name no case has.
static inline const struct paper_step* paper_script_of(const char* cases, int rank) {
  const char* comma = strchr(cases, ',');
  if (!comma) return paper_script_named(cases, strlen(cases), rank);
  return rank == 0 ? paper_script_named(cases, (size_t)(comma - cases), 0)
                   : paper_script_named(comma + 1, strlen(comma + 1), 1);
}

#endif /* TALLY_BENCH_GPU_PAPER_TIMELINES_H */
