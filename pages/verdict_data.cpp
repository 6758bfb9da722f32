// SPDX-License-Identifier: BSD-3-Clause
// Verdict template data.
#include "pages/verdict_data.hpp"

#include "pages/page_data.hpp"

#include <string>
#include <utility>

namespace tally::pages {

const gate::CommitVerdict* verdict_at(const BranchVerdicts& verdicts, std::size_t position) {
  return position < verdicts.size() && verdicts[position] ? &*verdicts[position] : nullptr;
}

TemplateData verdict_data(const BranchVerdicts& verdicts, const analysis::history::CommitAxis& axis,
                          std::size_t position) {
  const gate::CommitVerdict* gated = verdict_at(verdicts, position);
  if (!gated) return TemplateData(false);
  const gate::CommitVerdict& verdict = *gated;
  const std::string word(gate::to_string(verdict.overall));
  TemplateData out;
  out.set("word", word);
  out.set("class", "verdict-" + word);
  out.set("parent", commit_data(axis.commits[verdict.baseline]));
  TemplateList findings;
  for (const gate::Finding& finding : verdict.findings) {
    TemplateData item;
    item.set("verdict", std::string(gate::to_string(finding.verdict)));
    item.set("summary", finding.summary);
    findings.push_back(std::move(item));
  }
  out.set("has_findings", !findings.empty());
  set_moved(out, "findings", std::move(findings));
  return out;
}

} // namespace tally::pages
