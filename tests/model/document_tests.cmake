# SPDX-License-Identifier: BSD-3-Clause
# Tests of reading and writing run documents, against the example runs and the JSON Schema.
target_sources(model_tests PRIVATE document_io_test.cpp document_counts_test.cpp document_timeline_test.cpp document_energy_test.cpp document_frequency_test.cpp document_ab_study_test.cpp document_job_test.cpp document_openacc_test.cpp document_device_runtime_test.cpp document_migration_test.cpp
                                   document_schema_agreement_test.cpp document_fuzz_test.cpp document_limits_test.cpp)
target_compile_definitions(model_tests PRIVATE TALLY_EXAMPLES_DIR="${PROJECT_SOURCE_DIR}/examples/runs"
                                               TALLY_RUN_SCHEMA="${PROJECT_SOURCE_DIR}/schemas/run.v8.schema.json"
                                               TALLY_RUN_V1_EXAMPLES="${CMAKE_CURRENT_SOURCE_DIR}/data/run_v1")
