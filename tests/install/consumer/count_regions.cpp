// SPDX-License-Identifier: BSD-3-Clause
// Reads a run document with the installed tally::model and prints its region names.
#include <tally/model/document_io.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const auto result = tally::model::load_run_document(argv[1]);
  if (const auto* problems = std::get_if<tally::model::Problems>(&result)) {
    for (const auto& problem : *problems)
      std::cerr << tally::model::to_string(problem) << '\n';
    return 1;
  }
  for (const auto& region : std::get<tally::model::RunDocument>(result).regions)
    std::cout << region.name << '\n';
  return 0;
}
