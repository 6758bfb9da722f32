// SPDX-License-Identifier: BSD-3-Clause
/* A fake libnvidia-ml.so.1: the five NVML functions tally calls, with devices whose total energy
 * counters advance at known powers. FAKE_NVML_WATTS lists one device per comma-separated entry: a
 * power in watts, from nvmlInit_v2 on, or "unsupported" (a GPU before Volta, which has no total
 * energy counter). Counters start at 5,000,000 mJ, as a driver loaded long before the run would
 * have them. fake_nvml_add_millijoules lets a test advance a counter by hand. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DEVICES 8
#define NVML_SUCCESS 0
#define NVML_ERROR_NOT_SUPPORTED 3
#define NVML_ERROR_INVALID_ARGUMENT 2

static int device_count;
static double watts[MAX_DEVICES];
static int unsupported[MAX_DEVICES];
static unsigned long long added_mj[MAX_DEVICES];
static double initialised_at;

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

int nvmlInit_v2(void) {
  const char* list = getenv("FAKE_NVML_WATTS");
  char copy[256] = "";
  strncpy(copy, list ? list : "", sizeof copy - 1);
  device_count = 0;
  for (char* item = strtok(copy, ","); item && device_count < MAX_DEVICES; item = strtok(NULL, ",")) {
    unsupported[device_count] = strcmp(item, "unsupported") == 0;
    watts[device_count] = unsupported[device_count] ? 0.0 : atof(item);
    ++device_count;
  }
  initialised_at = seconds_now();
  return NVML_SUCCESS;
}

int nvmlShutdown(void) { return NVML_SUCCESS; }

int nvmlDeviceGetCount_v2(unsigned int* count) {
  *count = (unsigned int)device_count;
  return NVML_SUCCESS;
}

/* A handle is the device's index plus one, as a pointer. */
int nvmlDeviceGetHandleByIndex_v2(unsigned int index, void** device) {
  if ((int)index >= device_count) return NVML_ERROR_INVALID_ARGUMENT;
  *device = (void*)(size_t)(index + 1);
  return NVML_SUCCESS;
}

int nvmlDeviceGetTotalEnergyConsumption(void* device, unsigned long long* millijoules) {
  const size_t index = (size_t)device - 1;
  if (unsupported[index]) return NVML_ERROR_NOT_SUPPORTED;
  *millijoules =
      5000000ull + added_mj[index] + (unsigned long long)(watts[index] * (seconds_now() - initialised_at) * 1e3);
  return NVML_SUCCESS;
}

/* Not NVML: advances device `index`'s counter by `millijoules`. */
void fake_nvml_add_millijoules(unsigned int index, unsigned long long millijoules) { added_mj[index] += millijoules; }
