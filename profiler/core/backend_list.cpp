// SPDX-License-Identifier: BSD-3-Clause
// The backends compiled into this libtally.so, one line each, in the order the core calls them.
// tally_add_backend() defines TALLY_WITH_<NAME> for the backends it builds; one compiled out is
// simply not listed. Adding a backend: its folder, one line here, one tally_add_backend() call.
#include "core/backend.hpp"

#include <array>

namespace tally::profiler {

// Each backend defines its descriptor in its own folder; the core includes none of their headers.
namespace counters {
extern const Backend backend;
}
namespace mpi {
extern const Backend backend;
}
namespace openmp {
extern const Backend backend;
}
namespace cuda {
extern const Backend backend;
}
namespace openacc {
extern const Backend backend;
}
namespace rocm {
extern const Backend backend;
}
namespace energy {
extern const Backend backend;
}

namespace {

// One line per backend, kept as written (the preprocessor lines confuse the formatter).
// clang-format off
constexpr std::array list{
#if TALLY_WITH_COUNTERS
    &counters::backend,
#endif
#if TALLY_WITH_MPI
    &mpi::backend,
#endif
#if TALLY_WITH_OPENMP
    &openmp::backend,
#endif
#if TALLY_WITH_CUDA
    &cuda::backend,
#endif
#if TALLY_WITH_OPENACC
    &openacc::backend,
#endif
#if TALLY_WITH_ROCM
    &rocm::backend,
#endif
#if TALLY_WITH_ENERGY
    &energy::backend,
#endif
};
// clang-format on
static_assert(list.size() <= max_backends, "the core keeps one bit per backend in a 32-bit mask");

} // namespace

std::span<const Backend* const> backend_list() { return list; }

} // namespace tally::profiler
