// SPDX-License-Identifier: BSD-3-Clause
// Reading the gate's configuration and waiver files: TOML (toml++) or JSON (nlohmann), one
// meaning, checked key by key; problems are `file: /json/pointer: problem` lines.
#pragma once

#include "gate/rules.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace tally::gate {

/// Reads `[defaults]`, `[[rules]]` and `[[waivers]]` of a configuration file into `config`.
/// A file ending in `.json` is JSON, anything else TOML. Returns the problems (empty on success);
/// with problems, `config` is left unchanged.
std::vector<std::string> read_gate_file(const std::filesystem::path& file, GateConfig& config);

/// Reads the same format from text already in memory (`name` is the file named in messages).
std::vector<std::string> read_gate_text(const std::string& text, bool json, const std::string& name,
                                        GateConfig& config);

} // namespace tally::gate
