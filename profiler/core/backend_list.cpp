// The backends compiled into this libtally.so. A backend compiled out is simply not listed.
#include "core/backends.hpp"

#include <array>

namespace tally::profiler {

namespace counters {
void on_load();
} // namespace counters
#if TALLY_WITH_MPI
namespace mpi {
void on_load();
void on_exit();
} // namespace mpi
#endif
#if TALLY_WITH_OPENMP
namespace openmp {
void on_exit();
} // namespace openmp
#endif
#if TALLY_WITH_CUDA
namespace cuda {
void on_load();
} // namespace cuda
#endif

namespace {
constexpr std::array list {
  Backend{"counters", counters::on_load, nullptr},
#if TALLY_WITH_MPI
      Backend{"mpi", mpi::on_load, mpi::on_exit},
#endif
#if TALLY_WITH_OPENMP
      Backend{"openmp", nullptr, openmp::on_exit},
#endif
#if TALLY_WITH_CUDA
      Backend{"cuda", cuda::on_load, nullptr},
#endif
};
} // namespace

std::span<const Backend> backends() { return list; }

} // namespace tally::profiler
