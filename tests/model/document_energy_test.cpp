// SPDX-License-Identifier: BSD-3-Clause
// What the energy backend adds to the document (tally.run/3): a region's `energy` and `environment.energy`.
// Written and read back unchanged; documents without them read as energy not looked for; each
// broken value refused with its pointer (as check_schema.py's variants are by the schema); the
// report's joules and average power, by hand.
#include "document_examples.hpp"

#include "tally/model/document_io.hpp"
#include "tally/model/metric_report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tally::model {
namespace {

using example_runs::jacobi_example;
using example_runs::problems_of;
using nlohmann::json;
using ::testing::ElementsAre;

/// The jacobi example with measured energy: one package and its memory, one zone left out.
json jacobi_with_energy() {
  json document = jacobi_example();
  document["environment"]["energy"] = {{"available", true},
                                       {"source", "measured"},
                                       {"sensors", {"intel-rapl:0 (package-0)", "intel-rapl:0:0 (dram)"}},
                                       {"left_out", {"intel-rapl:1 (package-1): energy_uj is not readable"}},
                                       {"sampling_period_ns", 100'000'000}};
  document["regions"][0]["energy"] = {{"source", "measured"},
                                      {"domains_uj", {{"dram", 3'000'000}, {"package", 12'500'000}}}};
  return document;
}

TEST(DocumentEnergy, measured_energy_and_its_sensors_round_trip) {
  const json document = jacobi_with_energy();
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  ASSERT_TRUE(read.environment.energy.has_value());
  EXPECT_TRUE(read.environment.energy->available);
  EXPECT_THAT(read.environment.energy->sensors, ElementsAre("intel-rapl:0 (package-0)", "intel-rapl:0:0 (dram)"));
  EXPECT_EQ(read.environment.energy->sampling_period_ns, 100'000'000u);
  ASSERT_TRUE(read.regions[0].energy.has_value());
  EXPECT_EQ(read.regions[0].energy->source, "measured");
  EXPECT_EQ(read.regions[0].energy->domains_uj.at("package"), 12'500'000u);
  EXPECT_FALSE(read.regions[1].energy.has_value());
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentEnergy, a_version_2_document_with_energy_reads_as_version_3_with_its_energy) {
  // tally 0.1.0 wrote energy under tally.run/2 before the version was raised: the same document.
  json document = jacobi_with_energy();
  document["schema"] = "tally.run/2";
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  ASSERT_TRUE(read.regions[0].energy.has_value());
  EXPECT_EQ(read.regions[0].energy->domains_uj.at("dram"), 3'000'000u);
  json written = json::parse(write_run_document(read));
  EXPECT_EQ(written["schema"], "tally.run/8");
  written["schema"] = "tally.run/2";
  EXPECT_EQ(written, document);
}

TEST(DocumentEnergy, no_sensor_round_trips_with_its_reason) {
  json document = jacobi_example();
  document["environment"]["energy"] = {
      {"available", false}, {"source", "measured"}, {"reason", "no RAPL zone under /sys/class/powercap"}};
  const RunDocument read = std::get<RunDocument>(read_run_document(document, "run.json"));
  ASSERT_TRUE(read.environment.energy.has_value());
  EXPECT_EQ(read.environment.energy->reason, "no RAPL zone under /sys/class/powercap");
  EXPECT_EQ(json::parse(write_run_document(read)), document);
}

TEST(DocumentEnergy, a_document_without_energy_did_not_look_for_it) {
  const RunDocument read = std::get<RunDocument>(read_run_document(jacobi_example(), "run.json"));
  EXPECT_FALSE(read.environment.energy.has_value());
  EXPECT_FALSE(read.regions[0].energy.has_value());
}

TEST(DocumentEnergy, broken_energy_is_refused_with_its_pointer) {
  json without_reason = jacobi_example();
  without_reason["environment"]["energy"] = {{"available", false}, {"source", "measured"}};
  EXPECT_THAT(problems_of(without_reason),
              ElementsAre("run.json: /environment/energy/reason: energy not available without a reason"));
  json unknown_source = jacobi_with_energy();
  unknown_source["regions"][0]["energy"]["source"] = "guessed";
  EXPECT_THAT(problems_of(unknown_source),
              ElementsAre("run.json: /regions/0/energy/source: \"guessed\" is not measured or model"));
  json unknown_domain = jacobi_with_energy();
  unknown_domain["regions"][0]["energy"]["domains_uj"]["fan"] = 1;
  EXPECT_THAT(problems_of(unknown_domain),
              ElementsAre("run.json: /regions/0/energy/domains_uj/fan: unknown energy domain \"fan\""));
  json fraction = jacobi_with_energy();
  fraction["regions"][0]["energy"]["domains_uj"]["package"] = 12.5;
  EXPECT_EQ(problems_of(fraction).size(), 1u);
  json without_domains = jacobi_with_energy();
  without_domains["regions"][0]["energy"].erase("domains_uj");
  EXPECT_EQ(problems_of(without_domains).size(), 1u);
}

TEST(DocumentEnergy, report_shows_joules_and_average_power_by_domain) {
  RunDocument read = std::get<RunDocument>(read_run_document(jacobi_with_energy(), "run.json"));
  read.regions[0].raw.elapsed_ns = 2'500'000'000; // 12.5 J over 2.5 s: 5 W; 3 J: 1.2 W
  const std::string text = metric_report_text(read);
  EXPECT_THAT(text, ::testing::HasSubstr("Energy, package (measured)"));
  EXPECT_THAT(text, ::testing::HasSubstr("12.50 J (5.0 W)"));
  EXPECT_THAT(text, ::testing::HasSubstr("3.00 J (1.2 W)"));
  const nlohmann::ordered_json report = metric_report_json(read);
  EXPECT_DOUBLE_EQ(report["regions"][0]["energy"]["domains"]["package"]["joules"].get<double>(), 12.5);
  EXPECT_DOUBLE_EQ(report["regions"][0]["energy"]["domains"]["dram"]["watts"].get<double>(), 1.2);
  EXPECT_FALSE(report["regions"][1].contains("energy"));
  read.environment.energy = EnergySensors{false, "measured", {}, {}, "no RAPL zone", 0};
  EXPECT_THAT(metric_report_text(read), ::testing::HasSubstr("energy not measured: no RAPL zone\n"));
}

} // namespace
} // namespace tally::model
