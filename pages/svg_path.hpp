// SPDX-License-Identifier: BSD-3-Clause
// SVG path data in whole pixels, each point written relative to the one before: the charts of a
// long history are mostly these numbers, and the step between neighbouring commits is 1-2 digits.
#pragma once

#include <string>
#include <string_view>

namespace tally::pages {

class RelativePath {
public:
  /// Starts a subpath at (x, y), rounded to whole units.
  void move_to(double x, double y);
  /// A straight segment to (x, y), rounded to whole units.
  void line_to(double x, double y);
  /// A vertical segment to y, rounded to whole units.
  void vertical_to(double y);
  /// A horizontal segment to x, rounded to whole units.
  void horizontal_to(double x);
  /// Appends a closed shape or a zero-length stroke drawn relative to the current point; it must
  /// end where it started (with "z", or like "h0"), so the next point stays relative to this one.
  void append_closed(std::string_view relative_shape) { data_ += relative_shape; }
  /// The path's "d" attribute; its first "m" counts as absolute (SVG 1.1, 8.3.2).
  const std::string& data() const { return data_; }
  bool empty() const { return data_.empty(); }

private:
  void step(char command, double x, double y);
  std::string data_;
  long x_ = 0, y_ = 0;
};

} // namespace tally::pages
