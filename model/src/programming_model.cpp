// SPDX-License-Identifier: BSD-3-Clause
// An OpenACC runtime on an NVIDIA GPU drives the CUDA driver, not the runtime API: its CUPTI
// device tree comes without CUDA runtime calls, so calls counted mean the program's own CUDA.
#include "tally/model/programming_model.hpp"

#include <numeric>

namespace tally::model {

std::optional<std::string> gpu_programming_model(const RegionRaw& raw) {
  const bool cuda = raw.device_counts && raw.device_counts->runtime_calls > 0;
  const std::uint64_t constructs =
      raw.openacc ? std::accumulate(raw.openacc->constructs.begin(), raw.openacc->constructs.end(), std::uint64_t{0})
                  : 0;
  if (constructs > 0 && cuda) return "OpenACC and CUDA";
  if (constructs > 0) return raw.openacc->constructs_on_host == constructs ? "OpenACC, run on the host" : "OpenACC";
  if (cuda) return "CUDA";
  return std::nullopt;
}

} // namespace tally::model
