// SPDX-License-Identifier: BSD-3-Clause
// A fake powercap tree in a temporary folder, for the tests of the energy reader: zones are
// folders with the three files Linux gives them, written by the test.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace tally::profiler::energy {

class FakePowercap : public ::testing::Test {
protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() / ("tally_powercap_" + std::to_string(::getpid()));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  /// A zone folder at `path` (relative to the root) with its three files.
  std::filesystem::path zone(const std::string& path, const std::string& name, const std::string& energy,
                             const std::string& range = "262143328850") {
    const std::filesystem::path folder = root_ / path;
    std::filesystem::create_directories(folder);
    write(folder / "name", name);
    write(folder / "energy_uj", energy);
    write(folder / "max_energy_range_uj", range);
    return folder;
  }
  static void write(const std::filesystem::path& file, const std::string& text) { std::ofstream(file) << text << "\n"; }
  /// Root reads files whatever their mode: a counter that cannot be opened is one that is not there.
  static void make_unreadable(const std::filesystem::path& folder) {
    std::filesystem::remove(folder / "energy_uj");
    std::filesystem::create_symlink(folder / "gone", folder / "energy_uj");
  }

  std::filesystem::path root_;
};

} // namespace tally::profiler::energy
