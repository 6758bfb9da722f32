// SPDX-License-Identifier: BSD-3-Clause
// Sparkline drawing: the values spread evenly over the width, a margin for the stroke and the mark.
#include "pages/sparkline.hpp"

#include "pages/svg_path.hpp"
#include "tally/model/xml_escape.hpp"

#include <algorithm>

namespace tally::pages {

std::string render_sparkline(std::span<const double> values, const std::string& title) {
  if (values.empty()) return "";
  constexpr double margin = 3;
  const auto range = std::minmax_element(values.begin(), values.end());
  const double low = *range.first;
  const double span = *range.second - low;
  const double step = values.size() > 1 ? (sparkline_width - 2 * margin) / static_cast<double>(values.size() - 1) : 0;
  const auto y_of = [&](double value) {
    const double share = span > 0 ? (value - low) / span : 0.5;
    return margin + (1 - share) * (sparkline_height - 2 * margin);
  };
  RelativePath line;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double x = margin + step * static_cast<double>(i);
    if (i == 0)
      line.move_to(x, y_of(values[i]));
    else
      line.line_to(x, y_of(values[i]));
  }
  RelativePath last;
  last.move_to(margin + step * static_cast<double>(values.size() - 1), y_of(values.back()));
  last.append_closed("h0");
  const std::string size = std::to_string(sparkline_width) + "\" height=\"" + std::to_string(sparkline_height);
  return "<svg class=\"sparkline\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"" + size +
         "\" viewBox=\"0 0 " + std::to_string(sparkline_width) + " " + std::to_string(sparkline_height) + "\"><title>" +
         model::xml_escape(title) + "</title><path class=\"spark-line\" d=\"" + line.data() +
         "\"/><path class=\"spark-last\" d=\"" + last.data() + "\"/></svg>";
}

} // namespace tally::pages
