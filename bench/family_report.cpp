#include "bench/family_report.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <tuple>

#include "bench/bench_stats.h"
#include "engine/broadphase/broad_phase_registry.h"

namespace partlab::bench {
namespace {

// The q-th quantile (0..1) of a sample by the nearest rank, 0 when empty.
double Quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[size_t(q * double(v.size() - 1) + 0.5)];
}

// Per trace, algorithm `name`'s ratio to `reference(trace)`; `worst` gets the trace of the largest.
struct Ratios {
  std::vector<double> values;
  const FamilyTraceResult* worst = nullptr;
};
template <typename Reference>
Ratios RatiosOf(const std::vector<FamilyTraceResult>& traces, const std::string& name,
                const std::map<std::string, double> FamilyTraceResult::*which,
                Reference reference) {
  Ratios r;
  double worst = -1;
  for (const FamilyTraceResult& t : traces) {
    const auto mine = (t.*which).find(name);
    const double ref = reference(t);
    if (mine == (t.*which).end() || ref <= 0) continue;
    const double ratio = mine->second / ref;
    r.values.push_back(ratio);
    if (ratio > worst) worst = ratio, r.worst = &t;
  }
  return r;
}

std::string Distribution(const Ratios& r) {
  if (r.values.empty()) return "-";
  return Fixed(Quantile(r.values, 0.5), 2) + " (" + Fixed(Quantile(r.values, 0.25), 2) + "-" +
         Fixed(Quantile(r.values, 0.75), 2) + ")";
}
std::string Worst(const Ratios& r) {
  return r.values.empty() ? "-" : Fixed(*std::max_element(r.values.begin(), r.values.end()), 2);
}

double MedianOf(const FamilyTraceResult& t, const std::string& name) {
  const auto it = t.median.find(name);
  return it == t.median.end() ? 0.0 : it->second;
}

// Every algorithm that ran on any trace, in first-run order.
std::vector<std::string> AllAlgorithms(const std::vector<FamilyTraceResult>& traces) {
  std::vector<std::string> names;
  for (const FamilyTraceResult& t : traces)
    for (const std::string& n : t.algos)
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  return names;
}

}  // namespace

std::string Fastest(const FamilyTraceResult& t, bool real_only, double* ms) {
  std::string best;
  double best_ms = 0;
  for (const std::string& name : t.algos) {
    const auto it = t.median.find(name);
    if (it == t.median.end() || (real_only && !IsRealEngineAdapter(name))) continue;
    if (best.empty() || it->second < best_ms) best = name, best_ms = it->second;
  }
  if (ms) *ms = best_ms;
  return best;
}

ResultsTable FamilyTable(const std::vector<FamilyTraceResult>& traces, const std::string& set,
                         uint32_t frames, uint32_t rounds) {
  ResultsTable table{
      "family",
      "Broad phases over " + std::to_string(traces.size()) + " traces of the motion family (" +
          set + " seeds; engine/broadphase/motion_family.h), " + std::to_string(frames) +
          " frames each, " + std::to_string(rounds) +
          " runs per trace (alternating order). Per trace, each algorithm's per-step median "
          "(update + pairs, thread CPU ms) over another's: box pruning, the best real engine "
          "(fastest bullet_*/ode_* adapter of that trace) and the fastest algorithm of that trace; "
          "over the traces, the median (25th-75th percentile) of the ratio and its worst, with the "
          "trace that gave it. 'x fastest, mean': the same on per-step means (what trials and "
          "spikes cost). wins = traces where it was the fastest. Every frame's pairs checked "
          "against the reference.",
      {"algorithm", "traces", "x box_pruning", "worst", "x best real", "worst", "x fastest",
       "worst", "worst trace (x fastest)", "x fastest, mean", "worst (mean)", "wins", "over budget",
       "check"},
      {}};
  for (const std::string& name : AllAlgorithms(traces)) {
    const auto pruning = RatiosOf(traces, name, &FamilyTraceResult::median,
                                  [](const auto& t) { return MedianOf(t, "box_pruning"); });
    const auto real = RatiosOf(traces, name, &FamilyTraceResult::median, [](const auto& t) {
      double ms = 0;
      Fastest(t, true, &ms);
      return ms;
    });
    const auto fastest = RatiosOf(traces, name, &FamilyTraceResult::median, [](const auto& t) {
      double ms = 0;
      Fastest(t, false, &ms);
      return ms;
    });
    const auto fastest_mean = RatiosOf(traces, name, &FamilyTraceResult::mean, [](const auto& t) {
      double best = 0;
      for (const auto& [n, ms] : t.mean)
        if (best == 0 || ms < best) best = ms;
      return best;
    });
    size_t ran = 0, wins = 0, over = 0, wrong = 0;
    for (const FamilyTraceResult& t : traces) {
      if (std::find(t.algos.begin(), t.algos.end(), name) == t.algos.end()) continue;
      ++ran;
      over += !t.median.contains(name);
      wins += Fastest(t, false) == name;
      if (const auto it = t.wrong_frames.find(name); it != t.wrong_frames.end())
        wrong += it->second;
    }
    table.AddRow({name, std::to_string(ran), Distribution(pruning), Worst(pruning),
                  Distribution(real), Worst(real), Distribution(fastest), Worst(fastest),
                  fastest.worst ? Describe(fastest.worst->params) : "-", Distribution(fastest_mean),
                  Worst(fastest_mean), std::to_string(wins), std::to_string(over),
                  wrong ? "MISMATCH (" + std::to_string(wrong) + " frames)" : "ok"});
  }
  return table;
}

ResultsTable FamilyTracesTable(const std::vector<FamilyTraceResult>& traces) {
  ResultsTable table{
      "family_traces",
      "Each trace of the family run: its parameters, its fastest algorithm and the "
      "per-step medians (thread CPU ms) of box_pruning, sabsp, auto and the best real "
      "engine; '-' = not run or over budget.",
      {"trace", "fastest", "fastest ms", "box_pruning ms", "sabsp ms", "auto ms", "auto x fastest",
       "best real", "best real ms"},
      {}};
  for (const FamilyTraceResult& t : traces) {
    double fastest_ms = 0, real_ms = 0;
    const std::string fastest = Fastest(t, false, &fastest_ms);
    const std::string real = Fastest(t, true, &real_ms);
    auto ms = [&](const char* name) {
      const double v = MedianOf(t, name);
      return v > 0 ? Fixed(v, 4) : std::string("-");
    };
    const double automs = MedianOf(t, "auto");
    table.AddRow({Describe(t.params), fastest.empty() ? "-" : fastest, Fixed(fastest_ms, 4),
                  ms("box_pruning"), ms("sabsp"), ms("auto"),
                  automs > 0 && fastest_ms > 0 ? Fixed(automs / fastest_ms, 2) : "-",
                  real.empty() ? "-" : real, real.empty() ? "-" : Fixed(real_ms, 4)});
  }
  return table;
}

namespace {

// The map's cells grouped by (box count, size spread, speed): the traces of each cell.
using CellKey = std::tuple<uint32_t, int, int>;
std::map<CellKey, std::vector<const FamilyTraceResult*>> Cells(
    const std::vector<FamilyTraceResult>& traces) {
  std::map<CellKey, std::vector<const FamilyTraceResult*>> cells;
  for (const FamilyTraceResult& t : traces)
    cells[{t.params.boxes, int(t.params.sizes), int(t.params.speed)}].push_back(&t);
  return cells;
}

// A cell's winner (lowest median over its traces of the per-step medians) and runner-up ratio.
std::pair<std::string, double> CellWinner(const std::vector<const FamilyTraceResult*>& traces) {
  std::map<std::string, std::vector<double>> per_algo;
  for (const FamilyTraceResult* t : traces)
    for (const auto& [name, ms] : t->median)
      if (name != "auto") per_algo[name].push_back(ms);  // a chooser among the others
  std::vector<std::pair<double, std::string>> ranked;
  for (const auto& [name, v] : per_algo)
    if (v.size() == traces.size()) ranked.push_back({Median(v), name});
  std::sort(ranked.begin(), ranked.end());
  if (ranked.empty()) return {"-", 0};
  return {ranked[0].second,
          ranked.size() > 1 && ranked[0].first > 0 ? ranked[1].first / ranked[0].first : 0.0};
}

}  // namespace

ResultsTable WinnerMapTable(const std::vector<FamilyTraceResult>& traces) {
  ResultsTable table{"family_map",
                     "The fastest broad phase per box-size spread, speed profile and box count "
                     "(the other parameters drawn from held-out seeds, one trace per seed): the "
                     "lowest median over the cell's traces of the per-step median (thread CPU ms), "
                     "and the runner-up's time over the winner's; auto, a chooser among the "
                     "others, left out.",
                     {"boxes", "sizes", "speed", "traces", "winner", "runner-up x winner"},
                     {}};
  for (const auto& [key, cell] : Cells(traces)) {
    const auto [winner, next] = CellWinner(cell);
    table.AddRow({std::to_string(std::get<0>(key)),
                  std::string(SizeSpreadName(SizeSpread(std::get<1>(key)))),
                  std::string(SpeedProfileName(SpeedProfile(std::get<2>(key)))),
                  std::to_string(cell.size()), winner, next > 0 ? Fixed(next, 2) : "-"});
  }
  return table;
}

std::string PlotWinnerMap(const std::string& dir, const std::vector<FamilyTraceResult>& traces) {
  const auto cells = Cells(traces);
  std::set<uint32_t> counts;
  std::vector<std::string> winners;
  for (const auto& [key, cell] : cells) {
    counts.insert(std::get<0>(key));
    const std::string w = CellWinner(cell).first;
    if (std::find(winners.begin(), winners.end(), w) == winners.end()) winners.push_back(w);
  }
  static const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                   "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"};
  const std::string gp_path = dir + "/broadphase_family_map.gp";
  std::ofstream gp(gp_path);
  if (!gp) return gp_path + ": cannot write";
  gp << "# The winner map of partlab-bench broadphase --family (broadphase_family_map.csv).\n"
     << "set terminal pngcairo size " << 680 * counts.size() << ",540 noenhanced\n"
     << "set output 'broadphase_family_map.png'\n"
     << "set multiplot layout 1," << counts.size()
     << " title 'Fastest broad phase per box-size spread and speed (held-out traces)'\n"
     << "set xrange [-0.5:4.5]\nset yrange [-0.5:2.5]\nunset key\n"
     << "set xtics (";
  for (int s = 0; s < 5; ++s)
    gp << (s ? ", " : "") << "'" << SpeedProfileName(kAllSpeedProfiles[s]) << "' " << s;
  gp << ")\nset ytics (";
  for (int s = 0; s < 3; ++s)
    gp << (s ? ", " : "") << "'" << SizeSpreadName(kAllSizeSpreads[s]) << "' " << s;
  gp << ")\nset xlabel 'speed profile'\nset ylabel 'box sizes'\n";
  for (uint32_t boxes : counts) {
    gp << "set title '" << boxes << " boxes'\n$cells" << boxes << " << EOD\n";
    for (const auto& [key, cell] : cells) {
      if (std::get<0>(key) != boxes) continue;
      const auto [winner, next] = CellWinner(cell);
      const size_t colour =
          size_t(std::find(winners.begin(), winners.end(), winner) - winners.begin());
      gp << std::get<2>(key) << ' ' << std::get<1>(key) << ' '
         << std::stoul(kColours[colour % 10] + 1, nullptr, 16) << " \"" << winner << "\" \""
         << (next > 0 ? "next " + Fixed(next, 2) + "x" : "") << "\"\n";
    }
    gp << "EOD\nplot $cells" << boxes
       << " using 1:2:(0.48):(0.48):3 with boxxyerror fs solid 0.55 lc rgb variable, "
       << "'' using 1:($2+0.1):4 with labels font ',10', "
       << "'' using 1:($2-0.15):5 with labels font ',9'\n";
  }
  gp << "unset multiplot\n";
  gp.close();
  if (std::system(("cd '" + dir + "' && gnuplot broadphase_family_map.gp 2>/dev/null").c_str()) !=
      0)
    return "gnuplot failed or is missing; broadphase_family_map.png not written";
  return "";
}

}  // namespace partlab::bench
