// SPDX-License-Identifier: BSD-3-Clause
// An OpenACC runtime on an NVIDIA GPU drives the CUDA driver, not the runtime API: its CUPTI
// device tree comes without CUDA runtime calls, so calls counted mean the program's own CUDA.
#include "tally/model/programming_model.hpp"

#include <numeric>

namespace tally::model {

std::optional<std::string> gpu_programming_model(const RegionRaw& raw) {
  const bool calls = raw.device_counts && raw.device_counts->runtime_calls > 0;
  // A runtime not said (documents before tally.run/8, TALP imports) keeps the name it had: CUDA.
  const std::string runtime = calls && raw.device_counts->runtime == DeviceRuntime::hip ? "HIP" : "CUDA";
  const std::uint64_t constructs =
      raw.openacc ? std::accumulate(raw.openacc->constructs.begin(), raw.openacc->constructs.end(), std::uint64_t{0})
                  : 0;
  if (constructs > 0 && calls) return "OpenACC and " + runtime;
  if (constructs > 0) return raw.openacc->constructs_on_host == constructs ? "OpenACC, run on the host" : "OpenACC";
  if (calls) return runtime;
  return std::nullopt;
}

} // namespace tally::model
