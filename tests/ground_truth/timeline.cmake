# SPDX-License-Identifier: BSD-3-Clause
# The run's timeline on two ranks whose activity over time is known by construction
# (timeline_phases.c). Behaviours by the rule of model/timeline_behaviour.hpp: activity is the
# useful share of a bucket; ranks wait inside MPI (activity near 0) for 1.5 s = 15 of the ~40
# whole 100 ms buckets, under half of the ~40, so the typical (median) activity stays that of
# the steps, near 1. Every rank is single-threaded: the timeline's sums are Global's times
# exactly (one rate converts both, and each rank's total is rounded once in both).
add_executable(timeline_phases${tally_mpi_suffix} timeline_phases.c)
target_link_libraries(timeline_phases${tally_mpi_suffix} PRIVATE ${tally_mpi_c} tally_build_flags)

tally_preload_test(steady_steps_make_a_stable_timeline_that_sums_to_global
  CHECKS timeline:behaviour:stable timeline:bucket_ns:100000000 timeline:sums:Global timeline:idle_nodes:none
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:timeline_phases${tally_mpi_suffix}> steady)
# The wait opens the run: 15 low buckets, 13 beyond the 2-bucket warm-up (40 / 20).
tally_preload_test(waiting_first_makes_a_cold_start
  CHECKS timeline:behaviour:cold_start timeline:sums:Global
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:timeline_phases${tally_mpi_suffix}> cold_start)
# The wait comes after 1.2 s of steps: 15 low buckets past the warm-up.
tally_preload_test(waiting_midway_makes_a_stall
  CHECKS timeline:behaviour:stall timeline:sums:Global
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:timeline_phases${tally_mpi_suffix}> stall)
# One rank per emulated node; rank 1 works none of the 10 steps (its useful time is the
# microseconds between calls), under half of node 0's 1 s: node #1 is idle, node #0 not.
tally_preload_test(a_node_that_does_no_work_is_listed_idle
  ENV TALLY_RANKS_PER_NODE=1
  CHECKS "timeline:idle_nodes:#1" timeline:sums:Global
  COMMAND ${mpirun} -np 2 $<TARGET_FILE:timeline_phases${tally_mpi_suffix}> idle_rank)
