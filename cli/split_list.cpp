// SPDX-License-Identifier: BSD-3-Clause
// Splitting a list written as one text.
#include "cli/split_list.hpp"

#include <utility>

namespace tally::cli {

std::vector<std::string> split_list(const std::string& list, char separator) {
  std::vector<std::string> items;
  std::string item;
  for (const char c : list + separator) {
    if (c != separator) {
      item += c;
    } else if (!item.empty()) {
      items.push_back(std::exchange(item, {}));
    }
  }
  return items;
}

} // namespace tally::cli
