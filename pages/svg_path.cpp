// SPDX-License-Identifier: BSD-3-Clause
// Relative path data: the difference of rounded positions, so the rounding never accumulates.
#include "pages/svg_path.hpp"

#include <cmath>

namespace tally::pages {
namespace {

/// A coordinate pair as SVG path data: a minus sign separates the numbers, a space otherwise.
std::string pair_of(long dx, long dy) { return std::to_string(dx) + (dy < 0 ? "" : " ") + std::to_string(dy); }

long whole(double value) { return std::isfinite(value) ? std::lround(value) : 0; }

} // namespace

void RelativePath::move_to(double x, double y) { step('m', x, y); }

void RelativePath::line_to(double x, double y) { step('l', x, y); }

void RelativePath::vertical_to(double y) {
  const long to = whole(y);
  data_ += "v" + std::to_string(to - y_);
  y_ = to;
}

void RelativePath::horizontal_to(double x) {
  const long to = whole(x);
  data_ += "h" + std::to_string(to - x_);
  x_ = to;
}

void RelativePath::step(char command, double x, double y) {
  const long to_x = whole(x), to_y = whole(y);
  data_ += command + pair_of(to_x - x_, to_y - y_);
  x_ = to_x;
  y_ = to_y;
}

} // namespace tally::pages
