# SPDX-License-Identifier: BSD-3-Clause
# Tests of the metric formulas (run metrics, scalability, properties, paper values).
target_sources(model_tests PRIVATE
  run_metrics_test.cpp
  scalability_test.cpp
  metric_properties_test.cpp
  gpu_paper_cases_test.cpp)
