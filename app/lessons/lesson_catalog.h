// Where lessons are found: assets/lessons/ in the data folder (the source tree's through the build
// tree's links, or the installed share/partlab/assets/lessons), or a .toml path given directly.
#pragma once

#include <string>
#include <vector>

namespace partlab {

// DataDirectory's assets/lessons.
std::string LessonDirectory();

// `--lesson NAME`: a name ("octree_ordered_traversal") is LessonDirectory()/NAME.toml; anything
// ending in .toml or holding a '/' is taken as a path.
std::string LessonPath(const std::string& name_or_path);

// The names of the shipped lessons (file stems), sorted.
std::vector<std::string> LessonNames();

}  // namespace partlab
