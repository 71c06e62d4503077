// Published results, written by the bench itself: each table of a subcommand goes into
// DIR/<subcommand>[_<what>].csv and .md, both saying on which machine, when, and with which command
// line it was measured, so no measured number is ever typed into the docs by hand
// (scripts/results.sh regenerates docs/results/ with every subcommand).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace partlab::bench {

// Where and how a run was made.
struct Provenance {
  std::string machine;  // "AMD EPYC, 2 hardware threads, load average 1.02 0.80 0.61"
  std::string date;     // "2026-11-24 15:02 UTC"
  std::string command;  // "partlab-bench octree --only bunny"
  std::string commit;   // "3f2a9c1d0b7e" (SourceCommit); "" when not known
};
// The commit measured at: $PARTLAB_RESULTS_COMMIT when set (scripts/results.sh sets it), else
// `git describe --always --dirty` in the source tree (DataDirectory()); "" when neither answers.
// scripts/results.sh --stale compares it with the last commit that changed what a table times.
std::string SourceCommit();
Provenance CurrentProvenance(std::string_view subcommand, std::span<char*> args);

// One table: a header row and rows of cells, already formatted.
struct ResultsTable {
  std::string what;   // "" for the subcommand's main table, else the file suffix ("embree")
  std::string title;  // one sentence: what the rows are, the units
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  void AddRow(std::vector<std::string> cells) { rows.push_back(std::move(cells)); }
};

// A number with `decimals` digits after the point ("12.35").
std::string Fixed(double value, int decimals);

// The table as CSV (provenance in leading "# " lines) and as markdown (a heading, a provenance
// line and a pipe table).
std::string ToCsv(const ResultsTable& table, const Provenance& p);
std::string ToMarkdown(const ResultsTable& table, std::string_view subcommand, const Provenance& p);

// The table as aligned plain text for the terminal (numbers right-aligned).
std::string ToText(const ResultsTable& table);

// Writes every table into `dir` (created if missing). Returns "" or one error line naming the file.
std::string WriteResults(const std::string& dir, std::string_view subcommand, std::span<char*> args,
                         const std::vector<ResultsTable>& tables);

}  // namespace partlab::bench
