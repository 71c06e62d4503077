#include "engine/lessons/lesson_file.h"

#include <toml++/toml.h>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>

#include "engine/text/translatable.h"

namespace partlab {

namespace {

// A lesson file is small text written by hand; anything this large is not one.
constexpr std::uintmax_t kMaxLessonBytes = 1 << 20;
// Each step builds a view and each command runs in it: a lesson of thousands would keep the app
// busy for minutes. The shipped ones have at most 6 steps and 8 commands a list.
constexpr size_t kMaxLessonSteps = 100;
constexpr size_t kMaxStepCommands = 64;
// A chart shown beside a step is a few hundred kilobytes; a larger file is not one.
constexpr std::uintmax_t kMaxImageBytes = 8u << 20;

// A problem's text on one line: toml++'s messages quote the character they stopped at, and a key
// may be a quoted string, so either can hold a line break (the lesson fuzzer found the first).
// Control characters are written as escapes.
std::string OneLine(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
      out += hex;
    } else {
      out += c;
    }
  }
  return out;
}

// The first problem found, as "FILE:LINE: problem"; reading stops there.
class LessonReader {
 public:
  explicit LessonReader(const std::string& path) : path_(path) {}

  bool Fail(const toml::node& at, const std::string& problem) {
    return Fail(int(at.source().begin.line), problem);
  }
  bool Fail(int line, const std::string& problem) {
    if (error_.empty()) error_ = path_ + ":" + std::to_string(line) + ": " + OneLine(problem);
    return false;
  }
  const std::string& error() const { return error_; }
  // The lesson file's folder: what a step's image path is relative to.
  std::filesystem::path folder() const { return std::filesystem::path(path_).parent_path(); }

  // Every key of `table` must be one of `known`: a misspelt key would otherwise be silently
  // ignored and the step shown without what the teacher wrote.
  bool OnlyKnownKeys(const toml::table& table, std::initializer_list<std::string_view> known,
                     const std::string& where) {
    for (const auto& [key, node] : table) {
      bool found = false;
      for (std::string_view k : known) found = found || key.str() == k;
      if (!found)
        return Fail(node, FormatText(N_("unknown key '%s' in %s"), std::string(key.str()).c_str(),
                                     LookUpText(where.c_str())));
    }
    return true;
  }

  // A string value; `required` makes a missing key an error at `table_line`.
  bool String(const toml::table& table, std::string_view key, bool required, int table_line,
              const std::string& where, std::string& out) {
    const toml::node* node = table.get(key);
    if (!node) {
      if (!required) return true;
      return Fail(table_line, FormatText(N_("%s has no %s"), LookUpText(where.c_str()),
                                         std::string(key).c_str()));
    }
    const auto* value = node->as_string();
    if (!value) return Fail(*node, FormatText(N_("%s must be a string"), std::string(key).c_str()));
    out = value->get();
    if (required && out.empty())
      return Fail(*node, FormatText(N_("%s is empty"), std::string(key).c_str()));
    return true;
  }

  // An array of strings, e.g. flags = ["--preset", "ray"].
  bool Strings(const toml::table& table, std::string_view key, std::vector<std::string>& out,
               std::vector<int>* lines = nullptr) {
    const toml::node* node = table.get(key);
    if (!node) return true;
    const auto* array = node->as_array();
    if (!array)
      return Fail(*node,
                  FormatText(N_("%s must be an array of strings"), std::string(key).c_str()));
    for (const toml::node& item : *array) {
      const auto* value = item.as_string();
      if (!value)
        return Fail(item,
                    FormatText(N_("%s must be an array of strings"), std::string(key).c_str()));
      out.push_back(value->get());
      if (lines) lines->push_back(int(item.source().begin.line));
    }
    return true;
  }

  // A finite number (TOML integers are accepted where a float is meant: yaw = 30).
  bool Number(const toml::table& table, std::string_view key, float& out) {
    const toml::node* node = table.get(key);
    if (!node) return true;
    return NumberNode(*node, std::string(key), out);
  }
  bool NumberNode(const toml::node& node, const std::string& what, float& out) {
    const std::optional<double> value = node.value<double>();
    if (!node.is_number() || !value)
      return Fail(node, FormatText(N_("%s must be a number"), LookUpText(what.c_str())));
    if (!std::isfinite(*value))
      return Fail(node, FormatText(N_("%s must be finite"), LookUpText(what.c_str())));
    out = float(*value);
    return true;
  }

 private:
  const std::string& path_;
  std::string error_;
};

bool ReadCamera(LessonReader& reader, const toml::node& node, LessonCamera& camera) {
  const auto* table = node.as_table();
  if (!table)
    return reader.Fail(node,
                       LookUpText(N_("camera must be a table { yaw, pitch, distance, target }")));
  if (!reader.OnlyKnownKeys(*table, {"yaw", "pitch", "distance", "target"}, "camera")) return false;
  camera.set = true;
  camera.frame = !table->contains("distance") && !table->contains("target");
  if (!reader.Number(*table, "yaw", camera.yaw_degrees) ||
      !reader.Number(*table, "pitch", camera.pitch_degrees) ||
      !reader.Number(*table, "distance", camera.distance))
    return false;
  // A camera at or behind its target sees nothing; the pitch past a pole flips the view.
  if (camera.distance <= 0)
    return reader.Fail(node, LookUpText(N_("camera distance must be positive")));
  if (std::abs(camera.pitch_degrees) >= 89.5f)
    return reader.Fail(node, LookUpText(N_("camera pitch must be within (-89.5, 89.5) degrees")));
  if (const toml::node* target = table->get("target")) {
    const auto* array = target->as_array();
    if (!array || array->size() != 3)
      return reader.Fail(*target,
                         LookUpText(N_("camera target must be an array of three numbers")));
    for (size_t k = 0; k < 3; ++k)
      if (!reader.NumberNode(*array->get(k), N_("camera target"), camera.target[k])) return false;
  }
  return true;
}

// actions = ["steps 120", "shoot-ray ..."]: each entry one command with its own line.
bool ReadCommands(LessonReader& reader, const toml::table& table, std::string_view key,
                  std::vector<LessonCommand>& out) {
  std::vector<std::string> texts;
  std::vector<int> lines;
  if (!reader.Strings(table, key, texts, &lines)) return false;
  if (texts.size() > kMaxStepCommands)
    return reader.Fail(lines[kMaxStepCommands],
                       FormatText(N_("more than %zu commands in %s"), size_t(kMaxStepCommands),
                                  std::string(key).c_str()));
  for (size_t i = 0; i < texts.size(); ++i) {
    out.push_back(SplitLessonCommand(texts[i], lines[i]));
    if (out.back().verb.empty())
      return reader.Fail(lines[i], FormatText(N_("empty command in %s"), std::string(key).c_str()));
  }
  return true;
}

// image = "../../docs/results/octree_runtime_low.png": a PNG beside the lesson file, named
// relatively (the installed lessons and their charts keep the source tree's layout) and present
// when the lesson is opened, so a missing chart is reported before any step is shown. The
// picture's own size is bounded where it is decoded (app/render/image_texture.h).
bool ReadImagePath(LessonReader& reader, const toml::node& node, LessonStep& step) {
  const std::filesystem::path written(step.image);
  if (written.is_absolute())
    return reader.Fail(node, LookUpText(N_("image must be a path relative to the lesson file")));
  if (written.extension() != ".png")
    return reader.Fail(node, LookUpText(N_("image must be a .png file")));
  const std::filesystem::path path = reader.folder() / written;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return reader.Fail(node, FormatText(N_("image '%s' not found (looked for %s)"),
                                        step.image.c_str(), path.string().c_str()));
  if (std::filesystem::file_size(path, ec) > kMaxImageBytes)
    return reader.Fail(node, FormatText(N_("image '%s' is over 8 MiB"), step.image.c_str()));
  step.image_path = path.string();
  return true;
}

bool ReadStep(LessonReader& reader, const toml::node& node, LessonStep& step) {
  const auto* table = node.as_table();
  if (!table) return reader.Fail(node, LookUpText(N_("step must be a table ([[step]])")));
  step.line = int(node.source().begin.line);
  const std::string where = FormatText(N_("step %d"), step.line);
  if (!reader.OnlyKnownKeys(
          *table,
          {"title", "view", "flags", "camera", "actions", "checks", "section", "caption", "quote",
           "figures", "image", "title_pt", "caption_pt", "section_pt"},
          N_("a step")))
    return false;
  if (!reader.String(*table, "title", true, step.line, N_("the step"), step.title) ||
      !reader.String(*table, "view", true, step.line, N_("the step"), step.view) ||
      !reader.String(*table, "caption", true, step.line, N_("the step"), step.caption) ||
      !reader.String(*table, "section", false, step.line, N_("the step"), step.section) ||
      !reader.String(*table, "quote", false, step.line, N_("the step"), step.quote) ||
      !reader.String(*table, "title_pt", false, step.line, N_("the step"), step.title_pt) ||
      !reader.String(*table, "caption_pt", false, step.line, N_("the step"), step.caption_pt) ||
      !reader.String(*table, "section_pt", false, step.line, N_("the step"), step.section_pt) ||
      !reader.String(*table, "image", false, step.line, N_("the step"), step.image) ||
      !reader.Strings(*table, "flags", step.flags) ||
      !reader.Strings(*table, "figures", step.figures) ||
      !ReadCommands(reader, *table, "actions", step.actions) ||
      !ReadCommands(reader, *table, "checks", step.checks))
    return false;
  if (const toml::node* camera = table->get("camera"))
    if (!ReadCamera(reader, *camera, step.camera)) return false;
  if (!step.image.empty()) return ReadImagePath(reader, *table->get("image"), step);
  return true;
}

bool ReadLesson(LessonReader& reader, const toml::table& root, Lesson& lesson) {
  if (!reader.OnlyKnownKeys(root, {"title", "source", "summary", "title_pt", "summary_pt", "step"},
                            N_("the lesson")))
    return false;
  if (!reader.String(root, "title", true, 1, N_("the lesson"), lesson.title) ||
      !reader.String(root, "source", false, 1, N_("the lesson"), lesson.source) ||
      !reader.String(root, "summary", false, 1, N_("the lesson"), lesson.summary) ||
      !reader.String(root, "title_pt", false, 1, N_("the lesson"), lesson.title_pt) ||
      !reader.String(root, "summary_pt", false, 1, N_("the lesson"), lesson.summary_pt))
    return false;
  const toml::node* steps = root.get("step");
  if (!steps) return reader.Fail(1, LookUpText(N_("the lesson has no [[step]]")));
  const auto* array = steps->as_array();
  if (!array)
    return reader.Fail(*steps, LookUpText(N_("step must be an array of tables ([[step]])")));
  for (const toml::node& node : *array) {
    if (lesson.steps.size() == kMaxLessonSteps)
      return reader.Fail(node, FormatText(N_("more than %zu steps"), size_t(kMaxLessonSteps)));
    lesson.steps.emplace_back();
    if (!ReadStep(reader, node, lesson.steps.back())) return false;
  }
  if (lesson.steps.empty())
    return reader.Fail(*steps, LookUpText(N_("the lesson has no [[step]]")));
  return true;
}

}  // namespace

LessonCommand SplitLessonCommand(std::string_view text, int line) {
  LessonCommand command;
  command.line = line;
  std::istringstream words{std::string(text)};
  std::string word;
  if (words >> word) command.verb = word;
  while (words >> word) command.args.push_back(word);
  return command;
}

LoadResult<Lesson> ParseLessonText(std::string_view text, const std::string& path) {
  toml::table root;
  try {
    root = toml::parse(text, path);
  } catch (const toml::parse_error& error) {
    return LoadResult<Lesson>::Fail(path + ":" + std::to_string(error.source().begin.line) + ": " +
                                    OneLine(std::string(error.description())));
  }
  LessonReader reader(path);
  Lesson lesson;
  lesson.file = path;
  lesson.name = std::filesystem::path(path).stem().string();
  if (!ReadLesson(reader, root, lesson)) return LoadResult<Lesson>::Fail(reader.error());
  return LoadResult<Lesson>::Ok(std::move(lesson));
}

LoadResult<Lesson> ReadLessonFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return LoadResult<Lesson>::Fail(path + ": " +
                                    LookUpText(N_("not a lesson file (no such regular file)")));
  if (std::filesystem::file_size(path, ec) > kMaxLessonBytes)
    return LoadResult<Lesson>::Fail(path + ": " +
                                    LookUpText(N_("too large for a lesson file (over 1 MiB)")));
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) return LoadResult<Lesson>::Fail(path + ": " + LookUpText(N_("cannot be read")));
  return ParseLessonText(text.str(), path);
}

}  // namespace partlab
