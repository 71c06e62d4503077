// docs/parameters.md holds the parameter tables as the rows generate them (param_markdown.h): a
// row changed without the documentation fails here, with the table to paste written beside the
// test binary.
#include <gtest/gtest.h>
#include "test_paths.h"

#include <fstream>
#include <sstream>
#include <string>

#include "engine/broadphase/sabsp/bsp_param_table.h"
#include "engine/octree/octree_param_table.h"
#include "engine/params/param_markdown.h"

namespace partlab {
namespace {

// The text between "<!-- table NAME -->" and "<!-- end table NAME -->" in `doc`.
std::string Between(const std::string& doc, const std::string& name) {
  const std::string open = "<!-- table " + name + " -->\n",
                    close = "<!-- end table " + name + " -->";
  const size_t a = doc.find(open), b = doc.find(close);
  if (a == std::string::npos || b == std::string::npos || b < a) return "(no table " + name + ")";
  return doc.substr(a + open.size(), b - a - open.size());
}

// The table NAME of docs/parameters.md against `want`; on a difference, NAME_parameters.md (in the
// test's working directory) holds the table to paste between the markers.
void ExpectTable(const std::string& name, const std::string& want) {
  std::ifstream in(PARTLAB_SOURCE_DIR "/docs/parameters.md");
  ASSERT_TRUE(in) << "docs/parameters.md is missing";
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string have = Between(doc.str(), name);
  if (have != want) std::ofstream(name + "_parameters.md") << want;
  EXPECT_EQ(have, want) << "docs/parameters.md's " << name << " table differs from the rows: "
                        << "paste " << name << "_parameters.md between its markers";
}

TEST(ParamDoc, TheTablesAreTheRows) {
  ExpectTable("bsp", MarkdownTable([](auto&& visit) { bsp_params::ForEachRow(visit); }));
  ExpectTable("octree", MarkdownTable([](auto&& visit) { octree_params::ForEachRow(visit); }));
}

}  // namespace
}  // namespace partlab
