// The tables of `partlab-bench broadphase --family`: how every broad phase fares across a family
// of generated motions (engine/broadphase/motion_family.h) it was not tuned on.
//
// Each trace gives every algorithm a per-step median and mean (thread CPU time). Per trace, an
// algorithm's ratio to box pruning, to the best real engine (the fastest bullet_*/ode_* adapter of
// that trace) and to the fastest algorithm of the trace (all of ours and the engines'); over the
// traces, the distribution of each ratio: median, quartiles and the worst, with the trace that
// gave the worst. The winner map names the fastest algorithm per size spread and speed profile.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "bench/results_writer.h"
#include "engine/broadphase/motion_family.h"

namespace partlab::bench {

struct FamilyTraceResult {
  MotionFamilyParams params;
  std::vector<std::string> algos;              // in the order they ran
  std::map<std::string, double> median, mean;  // per-step total, ms; absent: over budget
  std::map<std::string, size_t> wrong_frames;  // frames whose pairs differed from the reference
};

// The fastest algorithm of a trace by per-step median ("" when none finished); `real_only`: the
// fastest bullet_*/ode_* adapter instead. Its median goes into *ms.
std::string Fastest(const FamilyTraceResult& t, bool real_only, double* ms = nullptr);

// One row per algorithm: its ratio distributions over the traces (see the header comment).
ResultsTable FamilyTable(const std::vector<FamilyTraceResult>& traces, const std::string& set,
                         uint32_t frames, uint32_t rounds);
// One row per trace: its parameters, the fastest algorithm, and box_pruning, sabsp, auto and the
// best real engine beside it.
ResultsTable FamilyTracesTable(const std::vector<FamilyTraceResult>& traces);
// The winner map's cells: size spread x speed profile x box count, the fastest algorithm of the
// cell's traces by the median of their per-step medians, and the runner-up's ratio to it.
ResultsTable WinnerMapTable(const std::vector<FamilyTraceResult>& cells);
// The winner map as a picture: a gnuplot script DIR/broadphase_family_map.gp drawing
// DIR/broadphase_family_map.png (one panel per box count, each cell coloured by its winner and
// labelled with its name), run through gnuplot when installed. Returns "" or the problem.
std::string PlotWinnerMap(const std::string& dir, const std::vector<FamilyTraceResult>& cells);

}  // namespace partlab::bench
