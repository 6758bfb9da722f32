// SPDX-License-Identifier: BSD-3-Clause
// Which GPU programming model a region's work went through, as its raw aggregates show it: the
// report and the site name it beside the region.
#pragma once

#include "tally/model/region_raw.hpp"

#include <optional>
#include <string>

namespace tally::model {

/// "CUDA" or "HIP" (that runtime's calls counted; "CUDA" where the document does not say whose),
/// "OpenACC" (constructs counted; "OpenACC, run on the host" when the runtime ran every one on the
/// host), "OpenACC and CUDA" or "OpenACC and HIP" (both); nullopt for a region of neither, and for a
/// device tree whose calls were not counted (an imported TALP run): its model is not known.
std::optional<std::string> gpu_programming_model(const RegionRaw& raw);

} // namespace tally::model
