// SPDX-License-Identifier: BSD-3-Clause
// The site's mustache templates (kainjow mustache), read from the templates folder. Every value
// reaches HTML through {{ }} (escaped); only the generator's own SVG uses {{{ }}}.
#pragma once

#include <kainjow/mustache.hpp>

#include <filesystem>
#include <map>
#include <string>

namespace tally::pages {

using TemplateData = kainjow::mustache::data;
using TemplateList = kainjow::mustache::list;

class Templates {
public:
  /// Reads every *.mustache file of `folder`. Throws std::runtime_error naming a missing or
  /// malformed template.
  explicit Templates(const std::filesystem::path& folder);

  /// Renders template `name` (file name without .mustache) with `data`; the partials "header",
  /// "footer", "timeline" (a run's) and "scaling_table" (a region's) are available to every template.
  std::string render(const std::string& name, TemplateData data) const;

  const std::filesystem::path& folder() const { return folder_; }

private:
  std::filesystem::path folder_;
  std::map<std::string, std::string> sources_;
};

/// Sets `name` in `data` to `value` without copying it. kainjow's set() and list conversion copy
/// whole subtrees, so a page's nested lists (regions, rows, cells) were copied once per level:
/// most of the time of rendering run pages.
void set_moved(TemplateData& data, const std::string& name, TemplateData&& value);

/// `set_moved` for a list.
void set_moved(TemplateData& data, const std::string& name, TemplateList&& items);

/// The templates folder: the option if given, else next to an installed tally, else the source tree.
std::filesystem::path default_templates_folder();

} // namespace tally::pages
