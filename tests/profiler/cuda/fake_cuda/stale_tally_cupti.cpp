// SPDX-License-Identifier: BSD-3-Clause
// A stale libtally_cupti.so: what the library of a tally build from before the interface had a
// version hands libtally.so at cuInit (four function pointers, no version, no size). Any call of
// them aborts the program: libtally.so must refuse them unread.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

namespace {

[[noreturn]] void called(const char* function) {
  std::fprintf(stderr, "stale_tally_cupti: libtally.so called %s of a library it should have refused\n", function);
  std::abort();
}

int start(const void*, char*, std::size_t) { called("start"); }
void flush(int) { called("flush"); }
void stop() { called("stop"); }
std::uint64_t dropped_records() { called("dropped_records"); }

/// The layout of TallyCuptiFunctions before it carried a version.
struct UnversionedFunctions {
  int (*start)(const void* sink, char* error, std::size_t error_size);
  void (*flush)(int forced);
  void (*stop)();
  std::uint64_t (*dropped_records)();
};

} // namespace

extern "C" int InitializeInjection() {
  static const UnversionedFunctions functions{start, flush, stop, dropped_records};
  if (void* attach = dlsym(RTLD_DEFAULT, "tally_cupti_attach")) {
    reinterpret_cast<int (*)(const UnversionedFunctions*)>(attach)(&functions);
  }
  return 1;
}
