// The published tables: CSV and markdown carry the machine, date and command line, CSV cells with
// commas are quoted, and every row has the header's number of cells, as a reader would parse them.
#include "bench/results_writer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace partlab::bench {
namespace {

ResultsTable Sample() {
  ResultsTable t{"", "Two rows.", {"case", "us/ray"}, {}};
  t.AddRow({"bunny", Fixed(1.23456, 2)});
  t.AddRow({"low,10000", "7"});
  return t;
}

TEST(ResultsWriter, CsvStartsWithProvenanceThenAHeaderAndQuotedCells) {
  const Provenance p{"CPU X, 2 hardware threads", "2026-01-02 03:04 UTC", "partlab-bench octree",
                     ""};
  EXPECT_EQ(ToCsv(Sample(), p),
            "# Two rows.\n# machine: CPU X, 2 hardware threads\n# date: 2026-01-02 03:04 UTC\n"
            "# command: partlab-bench octree\ncase,us/ray\nbunny,1.23\n\"low,10000\",7\n");
}

// The commit measured at, for scripts/results.sh --stale: a "# commit:" line and the markdown's
// provenance sentence.
TEST(ResultsWriter, BothFormatsNameTheCommitMeasuredAt) {
  const Provenance p{"CPU X", "today", "partlab-bench octree", "0123456789ab"};
  EXPECT_NE(ToCsv(Sample(), p).find("# command: partlab-bench octree\n# commit: 0123456789ab\n"),
            std::string::npos);
  EXPECT_NE(ToMarkdown(Sample(), "octree", p).find("`partlab-bench octree` at commit 0123456789ab"),
            std::string::npos);
}

TEST(ResultsWriter, MarkdownHasOneSeparatorCellPerColumnAndEveryRow) {
  const Provenance p{"CPU X", "today", "partlab-bench octree --quick", ""};
  const std::string md = ToMarkdown(Sample(), "octree", p);
  EXPECT_NE(md.find("# octree\n"), std::string::npos);
  EXPECT_NE(md.find("`partlab-bench octree --quick`"), std::string::npos);
  EXPECT_NE(md.find("| case | us/ray |\n|---|---|\n| bunny | 1.23 |\n| low,10000 | 7 |\n"),
            std::string::npos)
      << md;
}

TEST(ResultsWriter, WritesOneCsvAndOneMarkdownPerTableNamedBySubcommandAndWhat) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("partlab_results_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  ResultsTable extra{"embree", "Ratios.", {"case", "ratio"}, {{"bunny", "2.00"}}};
  char quick[] = "--quick";
  char* args[] = {quick};
  ASSERT_EQ(WriteResults(dir.string(), "octree", args, {Sample(), extra}), "");
  for (const char* name : {"octree.csv", "octree.md", "octree_embree.csv", "octree_embree.md"})
    EXPECT_TRUE(std::filesystem::exists(dir / name)) << name;
  std::ifstream in(dir / "octree_embree.csv");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("# command: partlab-bench octree --quick\n"), std::string::npos);
  EXPECT_NE(text.str().find("case,ratio\nbunny,2.00\n"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(ResultsWriter, TextAlignsColumns) {
  EXPECT_EQ(ToText(Sample()), "case       us/ray\nbunny        1.23\nlow,10000       7\n");
}

}  // namespace
}  // namespace partlab::bench
