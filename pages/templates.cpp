// SPDX-License-Identifier: BSD-3-Clause
// Loading and rendering templates.
#include "pages/templates.hpp"

#include "pages/site_output.hpp"

#include "tally/model/xml_escape.hpp"

#include <stdexcept>
#include <utility>

namespace tally::pages {

Templates::Templates(const std::filesystem::path& folder) : folder_(folder) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.path().extension() != ".mustache") continue;
    const std::string source = read_text_file(entry.path());
    kainjow::mustache::mustache check(source);
    if (!check.is_valid()) throw std::runtime_error(entry.path().string() + ": " + check.error_message());
    sources_[entry.path().stem().string()] = source;
  }
  if (error) throw std::runtime_error(folder.string() + ": cannot read templates: " + error.message());
  for (const char* required :
       {"header", "footer", "timeline", "scaling_table", "branches", "index", "commit", "region", "run"}) {
    if (!sources_.count(required)) {
      throw std::runtime_error(folder.string() + ": template " + required + ".mustache is missing");
    }
  }
}

std::string Templates::render(const std::string& name, TemplateData data) const {
  for (const char* partial : {"header", "footer", "timeline", "scaling_table"}) {
    const std::string& source = sources_.at(partial);
    data.set(partial, kainjow::mustache::partial([&source] { return source; }));
  }
  kainjow::mustache::mustache page(sources_.at(name));
  // Stricter than mustache's own escaping: controls and bytes that are not UTF-8 become U+FFFD too.
  page.set_custom_escape([](const std::string& text) { return model::xml_escape(text); });
  return page.render(data);
}

// kainjow hands out its values as const only; the entries below are plain members of `data`, made
// here and not const objects, so writing them through const_cast is defined.
void set_moved(TemplateData& data, const std::string& name, TemplateData&& value) {
  data.set(name, TemplateData(false)); // a placeholder without children, replaced in place
  *const_cast<TemplateData*>(data.get(name)) = std::move(value);
}

void set_moved(TemplateData& data, const std::string& name, TemplateList&& items) {
  TemplateData list(TemplateData::type::list);
  const_cast<TemplateList&>(list.list_value()) = std::move(items);
  set_moved(data, name, std::move(list));
}

std::filesystem::path default_templates_folder() {
  std::error_code error;
  const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path installed = executable.parent_path() / TALLY_RELATIVE_TEMPLATES;
  if (std::filesystem::exists(installed / "index.mustache", error)) return installed;
  return TALLY_SOURCE_TEMPLATES;
}

} // namespace tally::pages
