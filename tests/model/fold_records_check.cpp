// SPDX-License-Identifier: BSD-3-Clause
// Folds the per-process records of each case of a JSON file with model::RegionFold and compares the
// result with the raw fields the case expects: how the Python run generators are held to the fold.
#include "tally/model/document_io.hpp"
#include "tally/model/region_fold.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace tally::model {

// Field names as in region_fold.hpp; a generator may leave out what its processes never measure.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ProcessRecord, visits, threads, elapsed_ns, useful_ns, mpi_ns,
                                                offload_ns, omp_load_imbalance_ns, omp_scheduling_ns,
                                                omp_serialization_ns, useful_instructions, useful_cycles, node, counts)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MeasuredGroups, counters, openmp, offload, mpi, openacc)

namespace {

/// The raw fields as a run document writes them, so that the comparison is about values, not spelling.
nlohmann::json written_raw(const RegionRaw& raw) {
  RunDocument document;
  document.regions.push_back({"region", 0, raw, {}, {}});
  return nlohmann::json::parse(to_json(document)["regions"][0]["raw"].dump());
}

/// Whether the case's raw fields, but for the device times (not part of the fold), are the fold's.
bool check_case(const nlohmann::json& test_case) {
  RegionFold fold;
  for (const nlohmann::json& record : test_case.at("records"))
    fold.add(record.get<ProcessRecord>());
  const nlohmann::json folded = written_raw(fold.finish(test_case.at("measured").get<MeasuredGroups>()));
  nlohmann::json expected = test_case.at("raw");
  if (expected.contains("device")) {
    for (const char* time : {"devices", "kernel_ns", "kernel_max_ns", "memory_ns", "active_max_ns"})
      expected["device"].erase(time);
    if (expected["device"].empty()) expected.erase("device");
  }
  if (folded == expected) return true;
  std::cerr << test_case.at("name").get<std::string>() << ": the generator's raw fields differ from the fold's\n"
            << "  patch from the generator's to the fold's: " << nlohmann::json::diff(expected, folded) << "\n";
  return false;
}

} // namespace
} // namespace tally::model

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fold_records_check CASES.json\n";
    return 2;
  }
  std::ifstream input(argv[1]);
  const nlohmann::json cases = nlohmann::json::parse(input, nullptr, false);
  if (!cases.is_array() || cases.empty()) {
    std::cerr << argv[1] << ": expected a non-empty array of cases\n";
    return 2;
  }
  int failed = 0;
  try {
    for (const nlohmann::json& test_case : cases)
      failed += tally::model::check_case(test_case) ? 0 : 1;
  } catch (const nlohmann::json::exception& error) {
    std::cerr << argv[1] << ": malformed case: " << error.what() << "\n";
    return 2;
  }
  std::cout << cases.size() - static_cast<std::size_t>(failed) << " of " << cases.size()
            << " cases fold as the generators say\n";
  return failed == 0 ? 0 : 1;
}
