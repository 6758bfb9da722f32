// SPDX-License-Identifier: BSD-3-Clause
// Lists written as one text: "1,2,4" on the command line, "a:b" in PATH and the ELF search paths.
#pragma once

#include <string>
#include <vector>

namespace tally::cli {

/// "1,,2" with ',' -> {"1", "2"}: empty items are dropped.
std::vector<std::string> split_list(const std::string& list, char separator);

} // namespace tally::cli
