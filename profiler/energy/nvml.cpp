// SPDX-License-Identifier: BSD-3-Clause
// NVML through dlsym (nvml.hpp). nvml.h is not among the CUDA toolkit's headers everywhere, and
// the library is never linked, so the functions used are declared here with NVML's C ABI.
#include "energy/nvml.hpp"

#include <dlfcn.h>

namespace tally::profiler::energy {
namespace {

// From nvml.h: nvmlReturn_t is an enum whose success is 0; nvmlDevice_t an opaque pointer.
using NvmlReturn = int;
using NvmlDevice = void*;
constexpr NvmlReturn nvml_success = 0;
constexpr NvmlReturn nvml_error_not_supported = 3;

/// nvmlFieldValue_t: one field asked for and its answer.
struct FieldValue {
  unsigned int field_id;
  unsigned int scope_id;
  long long timestamp;
  long long latency_us;
  int value_type; // nvmlValueType_t: which member of `value` holds the answer
  NvmlReturn status;
  union {
    double as_double;
    unsigned int as_uint;
    unsigned long as_ulong;
    unsigned long long as_ulonglong;
    long long as_longlong;
    int as_int;
    unsigned short as_ushort;
  } value;
};
static_assert(sizeof(FieldValue) == 40, "nvmlFieldValue_t is 40 bytes");

constexpr unsigned int field_power_instant = 186; // NVML_FI_DEV_POWER_INSTANT, milliwatts

double field_number(const FieldValue& field) {
  switch (field.value_type) {
  case 0: return field.value.as_double;
  case 1: return field.value.as_uint;
  case 2: return static_cast<double>(field.value.as_ulong);
  case 3: return static_cast<double>(field.value.as_ulonglong);
  case 4: return static_cast<double>(field.value.as_longlong);
  case 5: return field.value.as_int;
  default: return field.value.as_ushort;
  }
}

} // namespace

struct GpuMeter::Functions {
  NvmlReturn (*init)();                                        // nvmlInit_v2
  NvmlReturn (*count)(unsigned int*);                          // nvmlDeviceGetCount_v2
  NvmlReturn (*handle)(unsigned int, NvmlDevice*);             // nvmlDeviceGetHandleByIndex_v2
  NvmlReturn (*total_energy)(NvmlDevice, unsigned long long*); // nvmlDeviceGetTotalEnergyConsumption (mJ)
  NvmlReturn (*shutdown)();                                    // nvmlShutdown
  NvmlReturn (*field_values)(NvmlDevice, int, FieldValue*);    // nvmlDeviceGetFieldValues: optional
};

namespace {

template <typename Function> bool resolve(void* library, const char* name, Function& out) {
  out = reinterpret_cast<Function>(dlsym(library, name));
  return out != nullptr;
}

} // namespace

GpuMeter::GpuMeter(const std::string& library) {
  // RTLD_LOCAL: NVML's symbols stay out of the program's namespace.
  library_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
}

GpuMeter::~GpuMeter() {
  close();
  if (library_) dlclose(library_);
}

std::vector<std::string> GpuMeter::open() {
  if (!library_) return {"no GPU energy: the NVML library cannot be loaded (no NVIDIA driver)"};
  functions_ = std::make_unique<Functions>();
  Functions* f = functions_.get();
  if (!resolve(library_, "nvmlInit_v2", f->init) || !resolve(library_, "nvmlDeviceGetCount_v2", f->count) ||
      !resolve(library_, "nvmlDeviceGetHandleByIndex_v2", f->handle) ||
      !resolve(library_, "nvmlDeviceGetTotalEnergyConsumption", f->total_energy) ||
      !resolve(library_, "nvmlShutdown", f->shutdown))
    return {"no GPU energy: the NVML library lacks a function tally needs (older than NVML 9)"};
  gives_power_ = resolve(library_, "nvmlDeviceGetFieldValues", f->field_values);
  if (const NvmlReturn status = f->init(); status != nvml_success)
    return {"no GPU energy: nvmlInit failed (NVML error " + std::to_string(status) + ")"};
  initialised_ = true;
  unsigned int count = 0;
  if (const NvmlReturn status = f->count(&count); status != nvml_success)
    return {"no GPU energy: NVML cannot count the devices (NVML error " + std::to_string(status) + ")"};
  if (count == 0) return {"no GPU energy: NVML sees no device"};
  std::vector<std::string> problems;
  for (unsigned int index = 0; index < count; ++index) {
    const std::string label = "nvml:" + std::to_string(index) + " (gpu)";
    NvmlDevice device = nullptr;
    unsigned long long millijoules = 0;
    NvmlReturn status = f->handle(index, &device);
    if (status == nvml_success) status = f->total_energy(device, &millijoules);
    if (status == nvml_error_not_supported) {
      problems.push_back(label + ": no total energy counter (NVML has one from Volta on)");
    } else if (status != nvml_success) {
      problems.push_back(label + ": its energy cannot be read (NVML error " + std::to_string(status) + ")");
    } else {
      devices_.push_back(device);
      labels_.push_back(label);
    }
  }
  last_mj_.assign(devices_.size(), 0);
  total_mj_.assign(devices_.size(), 0);
  read_once_.assign(devices_.size(), false);
  return problems;
}

void GpuMeter::read() {
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    unsigned long long now = 0;
    if (functions_->total_energy(devices_[i], &now) != nvml_success) {
      ++failed_reads_;
      continue;
    }
    // The counter counts from the driver's load and never wraps in practice (64 bits of mJ); a
    // smaller value is a driver reload, whose energy before it is unknown.
    if (read_once_[i] && now >= last_mj_[i]) total_mj_[i] += now - last_mj_[i];
    last_mj_[i] = now;
    read_once_[i] = true;
  }
}

std::uint64_t GpuMeter::total_uj() const {
  std::uint64_t sum = 0;
  for (const std::uint64_t millijoules : total_mj_)
    sum += millijoules * 1000;
  return sum;
}

std::optional<double> GpuMeter::power_w() {
  double milliwatts = 0;
  for (void* device : devices_) {
    FieldValue field{};
    field.field_id = field_power_instant;
    if (!gives_power_ || functions_->field_values(device, 1, &field) != nvml_success || field.status != nvml_success) {
      gives_power_ = false;
      return std::nullopt;
    }
    milliwatts += field_number(field);
  }
  return milliwatts * 1e-3;
}

void GpuMeter::close() {
  if (initialised_) functions_->shutdown();
  initialised_ = false;
}

} // namespace tally::profiler::energy
