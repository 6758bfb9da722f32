// SPDX-License-Identifier: BSD-3-Clause
/* A fake libnvidia-ml.so.1: the NVML functions tally calls, with devices whose total energy
 * counters advance at known powers. FAKE_NVML_WATTS lists one device per comma-separated entry: a
 * power in watts, from nvmlInit_v2 on, or "unsupported" (a GPU before Volta, which has no total
 * energy counter). Counters start at 5,000,000 mJ, as a driver loaded long before the run would
 * have them. fake_nvml_add_millijoules lets a test advance a counter by hand. FAKE_NVML_READ_US
 * makes each reading of a counter keep the CPU busy that many microseconds, as a real driver's
 * does (milliseconds on some). nvmlDeviceGetFieldValues answers the instantaneous power field with
 * the device's power, unless FAKE_NVML_NO_POWER is set (a driver without that field). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_DEVICES 8
#define NVML_SUCCESS 0
#define NVML_ERROR_NOT_SUPPORTED 3
#define NVML_ERROR_INVALID_ARGUMENT 2
#define FIELD_POWER_INSTANT 186 /* NVML_FI_DEV_POWER_INSTANT, milliwatts */
#define VALUE_TYPE_UNSIGNED_INT 1

/* nvmlFieldValue_t */
typedef struct {
  unsigned int field_id;
  unsigned int scope_id;
  long long timestamp;
  long long latency_us;
  int value_type;
  int status;
  union {
    double as_double;
    unsigned int as_uint;
    unsigned long long as_ulonglong;
  } value;
} field_value;

static int device_count;
static double watts[MAX_DEVICES];
static int unsupported[MAX_DEVICES];
static unsigned long long added_mj[MAX_DEVICES];
static double initialised_at;

static double seconds_on(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static double seconds_now(void) { return seconds_on(CLOCK_MONOTONIC); }

static void spend_reading_cpu(void) {
  const char* micros = getenv("FAKE_NVML_READ_US");
  const double until = seconds_on(CLOCK_THREAD_CPUTIME_ID) + (micros ? atof(micros) : 0.0) * 1e-6;
  while (seconds_on(CLOCK_THREAD_CPUTIME_ID) < until) {
  }
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
  spend_reading_cpu();
  *millijoules =
      5000000ull + added_mj[index] + (unsigned long long)(watts[index] * (seconds_now() - initialised_at) * 1e3);
  return NVML_SUCCESS;
}

/* Not NVML: advances device `index`'s counter by `millijoules`. */
void fake_nvml_add_millijoules(unsigned int index, unsigned long long millijoules) { added_mj[index] += millijoules; }

int nvmlDeviceGetFieldValues(void* device, int count, field_value* values) {
  const size_t index = (size_t)device - 1;
  for (int i = 0; i < count; ++i) {
    values[i].status = NVML_ERROR_NOT_SUPPORTED;
    if (values[i].field_id != FIELD_POWER_INSTANT || unsupported[index] || getenv("FAKE_NVML_NO_POWER")) continue;
    values[i].value_type = VALUE_TYPE_UNSIGNED_INT;
    values[i].value.as_uint = (unsigned int)(watts[index] * 1e3);
    values[i].status = NVML_SUCCESS;
  }
  return NVML_SUCCESS;
}
