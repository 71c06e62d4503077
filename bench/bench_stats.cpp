#include "bench/bench_stats.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <numeric>
#include <thread>

#include "engine/thread_cpu_clock.h"

namespace partlab::bench {

double Median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  const auto middle = v.begin() + std::ptrdiff_t(v.size() / 2);
  std::nth_element(v.begin(), middle, v.end());
  return *middle;
}

double Mean(const std::vector<double>& v) {
  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

std::string MachineName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

std::string MachineLine() {
  return MachineName() + ", " + std::to_string(std::thread::hardware_concurrency()) +
         " hardware threads";
}

std::string LoadAverage() {
  std::ifstream loadavg("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(loadavg >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}

double ThreadCpuSeconds() {
  return std::chrono::duration<double>(ThreadCpuClock::now().time_since_epoch()).count();
}

double ProcessCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

}  // namespace partlab::bench
