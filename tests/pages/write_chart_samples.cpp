// SPDX-License-Identifier: BSD-3-Clause
// Writes sample evolution and time–energy charts into a folder, for the XML well-formedness check in python3.
#include "chart_samples.hpp"

#include "pages/pareto_chart.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: write_chart_samples <folder>\n";
    return 2;
  }
  using namespace tally::pages::samples;
  const std::string folder = argv[1];
  std::filesystem::create_directories(folder);
  const auto write = [&](const std::string& name, const SampleChart& chart) {
    std::ofstream(folder + "/" + name + ".svg") << render(chart);
  };
  write("hostile", hostile_chart());
  write("long_history", long_history_chart());
  write("many_configurations", many_configurations_chart());
  write("gaps_and_long_labels", gaps_and_long_labels_chart());
  write("empty", SampleChart{});
  std::ofstream(folder + "/pareto_hostile.svg") << tally::pages::render_pareto_chart(
      {{"<script>alert(1)</script>", 10, 900}, {"rank\"s' & <nodes>", 20, 400}, {"dominated ]]>", 30, 950}},
      {.title = "</text></svg><script>x()</script>", .source = "measured"});
  return std::ifstream(folder + "/empty.svg") ? 0 : 1;
}
