// SPDX-License-Identifier: BSD-3-Clause
// The summary a DLB TALP file holds for each region (every process reduced into one record), read
// into the raw aggregates of a tally region. TALP's summary layout changed twice between DLB 3.4
// and 3.7; see analysis/ingest/talp/README.md for the layouts and what is exact and what is estimated.
#pragma once

#include "analysis/ingest/talp/talp_document.hpp"
#include "analysis/ingest/talp/talp_fields.hpp"

#include "tally/model/run_document.hpp"

#include <optional>
#include <string>

namespace tally::analysis::ingest::talp {

enum class Layout {
  pop_raw,           ///< DLB 3.4: "popRaw" records, useful times of an MPI-only model, no MPI time
  useful_normalised, ///< DLB 3.5: "Application" records with maxUsefulNormdProc / maxUsefulNormdNode
  mpi_normalised,    ///< DLB 3.6, 3.7: "Application" records with minMpiNormdProc / minMpiNormdNode, GPUs
};

/// One region as its summary describes it. `region.raw` is complete and consistent: where the
/// summary has no exact maximum over processes or busiest node, it holds the estimates.
struct RegionSummary {
  model::Region region;
  std::string talp_name;     ///< the name in the TALP file ("MPI Execution" became "Global")
  bool visits_known = false; ///< the summary counted visits (DLB 3.4 does not)
  bool mpi_known = false;    ///< the summary holds MPI time (DLB 3.4 does not)
  std::uint64_t gpus = 0;    ///< numGpus of the region, 0 before DLB 3.6
};

/// Reads one summary record; `name` is its key (ignored for pop_raw, whose records carry a
/// "name"). Problems go to `reader`; nullopt when the record is unusable.
std::optional<RegionSummary> read_region_summary(const Element& summary, const Pointer& at, const std::string& name,
                                                 Layout layout, FieldReader& reader);

/// Sum over processes of the outside-MPI time C_i, rounded up: (U + W + O) / t.
std::uint64_t outside_mpi_sum(const model::RegionRaw& raw);

/// The smallest outside-MPI maximum consistent with `raw`: the average, rounded up.
std::uint64_t outside_mpi_floor(const model::RegionRaw& raw);

} // namespace tally::analysis::ingest::talp
