// What every partlab-bench subcommand reports beside its timings, written once: the median and
// mean of a sample, the machine it ran on and how loaded it was, and the calling thread's CPU time
// (engine/thread_cpu_clock.h), which a shared machine's other processes do not inflate.
#pragma once

#include <string>
#include <vector>

namespace partlab::bench {

// The middle element of the sorted sample (the upper one of the two middles for an even count),
// 0 for an empty sample. Takes a copy: it reorders it.
double Median(std::vector<double> v);

// The arithmetic mean, 0 for an empty sample.
double Mean(const std::vector<double>& v);

// The CPU's model name from /proc/cpuinfo ("unknown CPU" elsewhere).
std::string MachineName();

// "AMD EPYC, 2 hardware threads".
std::string MachineLine();

// The 1, 5 and 15 minute load averages ("0.52 0.61 0.40"): timings on a shared machine mean
// little without them.
std::string LoadAverage();

// The calling thread's CPU time in seconds, from an arbitrary origin (ThreadCpuClock).
double ThreadCpuSeconds();

// The whole process's CPU time in seconds (every thread's, CLOCK_PROCESS_CPUTIME_ID), from an
// arbitrary origin: for work a library may hand to threads of its own.
double ProcessCpuSeconds();

}  // namespace partlab::bench
