# SPDX-License-Identifier: BSD-3-Clause
# Tests of the metric formulas (run metrics, scalability, properties). The TALP GPU paper's
# values are checked from its timelines in tests/profiler/core/paper_use_cases_test.cpp.
target_sources(model_tests PRIVATE
  run_metrics_test.cpp
  scalability_test.cpp
  energy_estimate_test.cpp
  energy_to_solution_test.cpp
  metric_properties_test.cpp)
