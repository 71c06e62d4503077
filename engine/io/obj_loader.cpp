#include "engine/io/obj_loader.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <glm/geometric.hpp>
#include <limits>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/geometry/mesh_normals.h"
#include "engine/io/bounded_file.h"
#include "engine/io/obj_lines.h"
#include "engine/text/translatable.h"

namespace partlab {

namespace {

struct ObjError {
  size_t line = 0;  // 0 = the file as a whole
  std::string problem;
};

// One face corner as written: 1-based indices into the whole file's lists (negative ones already
// made absolute), 0 = absent (only the normal may be absent). Checked against the final counts
// once the file is read, since a face may refer forward.
struct Corner {
  int64_t position = 0;
  int64_t normal = 0;
};

struct Face {
  size_t line;
  uint32_t first_corner;  // into ObjContent::corners
  uint32_t corner_count;
};

// Everything the statements of a file say, before it becomes a Mesh.
struct ObjContent {
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;
  int64_t texcoords = 0;
  std::vector<Corner> corners;
  std::vector<Face> faces;
  uint64_t triangles = 0;
};

// A Mesh indexes with uint32; a file cannot describe more than this of anything.
constexpr uint64_t kMaxCount = std::numeric_limits<uint32_t>::max() / 3;

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

// Splits off the next whitespace-separated token of `rest`.
std::string_view NextToken(std::string_view& rest) {
  size_t begin = 0;
  while (begin < rest.size() && IsSpace(rest[begin])) ++begin;
  size_t end = begin;
  while (end < rest.size() && !IsSpace(rest[end])) ++end;
  std::string_view token = rest.substr(begin, end - begin);
  rest.remove_prefix(end);
  return token;
}

// Text holds no control bytes besides whitespace; anything else means a binary file.
bool HasBinaryByte(std::string_view line) {
  for (unsigned char c : line)
    if (c < 0x20 && !IsSpace(char(c))) return true;
  return false;
}

// The kinds' names, in the user's language (engine/text/translatable.h).
const char* KindName(char kind) {
  return LookUpText(kind == 'v'   ? N_("vertex")
                    : kind == 't' ? N_("texture coordinate")
                                  : N_("normal"));
}
const char* KindPlural(char kind) {
  return LookUpText(kind == 'v'   ? N_("vertices")
                    : kind == 't' ? N_("texture coordinates")
                                  : N_("normals"));
}

// from_chars does not take the '+' some exporters write before positive numbers.
std::string_view WithoutPlus(std::string_view token) {
  return !token.empty() && token[0] == '+' ? token.substr(1) : token;
}

// Three finite coordinates that fit a float ("v x y z [w]", "vn x y z").
std::optional<ObjError> ReadTriple(std::string_view rest, size_t line, char kind, glm::vec3* out) {
  for (int axis = 0; axis < 3; ++axis) {
    const std::string_view token = NextToken(rest);
    if (token.empty())
      return ObjError{line,
                      FormatText(N_("%s needs 3 coordinates, found %d"), KindName(kind), axis)};
    const std::string_view digits = WithoutPlus(token);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    const std::string text(token);
    // Out of range for a double ("1e999"): from_chars reports it; too large for a float is next.
    if (ec == std::errc::result_out_of_range && end == digits.data() + digits.size())
      return ObjError{line, FormatText(N_("%s coordinate '%s' does not fit a 32-bit float"),
                                       KindName(kind), text.c_str())};
    if (ec != std::errc() || end != digits.data() + digits.size())
      return ObjError{
          line, FormatText(N_("%s coordinate '%s' is not a number"), KindName(kind), text.c_str())};
    if (!std::isfinite(value))
      return ObjError{
          line, FormatText(N_("%s coordinate '%s' is not finite"), KindName(kind), text.c_str())};
    // The mesh stores floats: 1e39 is a finite double but an infinite float. A decimal rounds to
    // FLT_MAX up to half an ulp above it (2^128 - 2^103), so "3.40282347e+38", which is how
    // FLT_MAX is printed with 9 digits, fits (found by fuzzing).
    if (std::fabs(value) >= 0x1.ffffffp+127)
      return ObjError{line, FormatText(N_("%s coordinate '%s' does not fit a 32-bit float"),
                                       KindName(kind), text.c_str())};
    (*out)[axis] = float(value);
  }
  return std::nullopt;
}

// One index of a face corner: 1-based, or negative = relative to the count so far (the format's
// definition). Positive indices may refer forward; they are checked once the file is read.
std::optional<ObjError> ReadIndex(std::string_view text, char kind, int64_t defined, size_t line,
                                  int64_t* out) {
  const std::string_view digits = WithoutPlus(text);
  int64_t index = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
  if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty())
    return ObjError{line, FormatText(N_("face %s index '%s' is not an integer"), KindName(kind),
                                     std::string(text).c_str())};
  if (index == 0)
    return ObjError{line, FormatText(N_("face %s index 0 (OBJ is 1-based)"), KindName(kind))};
  if (index < 0 && index < -defined)  // not -index > defined: -INT64_MIN overflows
    return ObjError{
        line, FormatText(N_("face %s index %lld out of range (%lld %s so far)"), KindName(kind),
                         (long long)index, (long long)defined, KindPlural(kind))};
  *out = index < 0 ? defined + 1 + index : index;
  return std::nullopt;
}

// "v", "v/vt", "v//vn" or "v/vt/vn".
std::optional<ObjError> ReadCorner(std::string_view token, const ObjContent& c, size_t line,
                                   Corner* out) {
  // "2/" or "2/2/": a field announced and not given.
  if (token.back() == '/')
    return ObjError{line,
                    FormatText(N_("face corner '%s' ends with '/'"), std::string(token).c_str())};
  const char kinds[3] = {'v', 't', 'n'};
  const int64_t defined[3] = {int64_t(c.positions.size()), c.texcoords, int64_t(c.normals.size())};
  int64_t index[3] = {0, 0, 0};
  for (int part = 0; part < 3 && !token.empty(); ++part) {
    const size_t slash = token.find('/');
    const std::string_view field = token.substr(0, slash);
    token = slash == std::string_view::npos ? std::string_view() : token.substr(slash + 1);
    if (field.empty()) {
      if (part == 0) return ObjError{line, LookUpText(N_("face corner without a vertex index"))};
      continue;  // "v//vn": no texture coordinate
    }
    if (part == 2 && slash != std::string_view::npos)
      return ObjError{line, LookUpText(N_("face corner with more than 3 indices"))};
    if (auto error = ReadIndex(field, kinds[part], defined[part], line, &index[part])) return error;
  }
  if (!token.empty()) return ObjError{line, LookUpText(N_("face corner with more than 3 indices"))};
  *out = {index[0], index[2]};
  return std::nullopt;
}

// "f c1 c2 c3 ...": at least three corners.
std::optional<ObjError> ReadFace(std::string_view rest, size_t line, ObjContent& c) {
  const size_t first = c.corners.size();
  for (std::string_view token = NextToken(rest); !token.empty(); token = NextToken(rest)) {
    Corner corner;
    if (auto error = ReadCorner(token, c, line, &corner)) return error;
    c.corners.push_back(corner);
  }
  const size_t count = c.corners.size() - first;
  if (count < 3)
    return ObjError{line, FormatText(N_("face has %zu vertices (needs at least 3)"), count)};
  c.triangles += count - 2;
  if (c.corners.size() > kMaxCount || c.triangles > kMaxCount)
    return ObjError{line, LookUpText(N_("more faces than a mesh of 32-bit indices can hold"))};
  c.faces.push_back({line, uint32_t(first), uint32_t(count)});
  return std::nullopt;
}

// One statement. Keywords other than v, vt, vn and f (o, g, s, usemtl, mtllib, l, p, vp, ...) do
// not change the triangles and are skipped.
std::optional<ObjError> ReadStatement(std::string_view text, size_t line, ObjContent& c) {
  if (HasBinaryByte(text))
    return ObjError{line, LookUpText(N_("binary data, not a text OBJ file"))};
  std::string_view rest = text;
  const std::string_view keyword = NextToken(rest);
  if (keyword == "v" || keyword == "vn") {
    glm::vec3 p;
    if (auto error = ReadTriple(rest, line, keyword == "v" ? 'v' : 'n', &p)) return error;
    auto& list = keyword == "v" ? c.positions : c.normals;
    if (list.size() >= kMaxCount)
      return ObjError{line, LookUpText(N_("more vertices than 32-bit indices hold"))};
    list.push_back(p);
  } else if (keyword == "vt") {
    ++c.texcoords;
  } else if (keyword == "f") {
    return ReadFace(rest, line, c);
  }
  return std::nullopt;
}

// Forward references resolved: every index must now name something the file defines.
std::optional<ObjError> CheckIndices(const ObjContent& c) {
  const int64_t positions = int64_t(c.positions.size()), normals = int64_t(c.normals.size());
  for (const Face& face : c.faces)
    for (uint32_t k = 0; k < face.corner_count; ++k) {
      const Corner& corner = c.corners[face.first_corner + k];
      if (corner.position > positions)
        return ObjError{face.line,
                        FormatText(N_("face vertex index %lld out of range (%lld vertices)"),
                                   (long long)corner.position, (long long)positions)};
      if (corner.normal > normals)
        return ObjError{face.line,
                        FormatText(N_("face normal index %lld out of range (%lld normals)"),
                                   (long long)corner.normal, (long long)normals)};
    }
  return std::nullopt;
}

std::optional<ObjError> ReadContent(std::string_view text, ObjContent& c) {
  if (text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos)
    return ObjError{0, LookUpText(N_("empty file"))};
  ObjLines lines(text);
  std::string_view line;
  while (lines.Next(&line))
    if (auto error = ReadStatement(line, lines.line_number(), c)) return error;
  if (lines.too_long())
    return ObjError{lines.line_number(),
                    FormatText(N_("line longer than %zu MiB (not an OBJ statement)"),
                               size_t(kMaxObjLineBytes >> 20))};
  if (auto error = CheckIndices(c)) return error;
  if (c.faces.empty()) return ObjError{0, LookUpText(N_("no faces (not a mesh)"))};
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// From the file's statements to the Mesh the octree and the renderer share.
// ---------------------------------------------------------------------------------------------

// The corners of every triangle in file order: a face c0 c1 ... c(n-1) becomes the fan
// (c0, c1, c2), (c0, c2, c3), ..., (c0, c(n-2), c(n-1)).
std::vector<Corner> TriangleCorners(const ObjContent& c) {
  std::vector<Corner> out;
  out.reserve(3 * c.triangles);
  for (const Face& face : c.faces) {
    const Corner* corner = &c.corners[face.first_corner];
    for (uint32_t k = 1; k + 1 < face.corner_count; ++k) {
      out.push_back(corner[0]);
      out.push_back(corner[k]);
      out.push_back(corner[k + 1]);
    }
  }
  return out;
}

bool EveryCornerHasNormal(const std::vector<Corner>& corners) {
  for (const Corner& corner : corners)
    if (corner.normal == 0) return false;
  return true;
}

// No normals (or not on every corner): positions are the file's vertices, normals are computed.
Mesh MeshWithComputedNormals(ObjContent& c, const std::vector<Corner>& corners) {
  Mesh mesh;
  mesh.positions = std::move(c.positions);
  mesh.indices.reserve(corners.size());
  for (const Corner& corner : corners) mesh.indices.push_back(uint32_t(corner.position - 1));
  ComputeAreaWeightedNormals(mesh);
  return mesh;
}

// The file's own normals: one mesh vertex per distinct (position, normal) pair, since OBJ indexes
// positions and normals separately and the GPU needs one index per vertex.
Mesh MeshWithFileNormals(const ObjContent& c, const std::vector<Corner>& corners) {
  Mesh mesh;
  std::unordered_map<uint64_t, uint32_t> vertex_of_pair;
  mesh.indices.reserve(corners.size());
  for (const Corner& corner : corners) {
    const uint64_t key = (uint64_t(corner.position) << 32) | uint64_t(corner.normal);
    auto [it, inserted] = vertex_of_pair.try_emplace(key, uint32_t(mesh.positions.size()));
    if (inserted) {
      mesh.positions.push_back(c.positions[size_t(corner.position - 1)]);
      const glm::vec3 n = c.normals[size_t(corner.normal - 1)];
      const float length = glm::length(n);
      mesh.normals.push_back(length > 0.0f && std::isfinite(length) ? n / length
                                                                    : glm::vec3(0, 1, 0));
    }
    mesh.indices.push_back(it->second);
  }
  return mesh;
}

std::string Located(const std::string& name, size_t line, const std::string& problem) {
  return line == 0 ? name + ": " + problem : name + ":" + std::to_string(line) + ": " + problem;
}

}  // namespace

LoadResult<Mesh> ParseObj(const std::string& text, const std::string& name, ObjLoadStats* stats) {
  // A UTF-8 byte order mark (some Windows editors write one) would hide the first line's keyword,
  // shifting every vertex index by one: skip it.
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  std::string_view body = text;
  if (body.substr(0, kBom.size()) == kBom) body.remove_prefix(kBom.size());
  ObjContent content;
  if (auto error = ReadContent(body, content))
    return LoadResult<Mesh>::Fail(Located(name, error->line, error->problem));

  const std::vector<Corner> corners = TriangleCorners(content);
  const bool file_normals = EveryCornerHasNormal(corners);
  Mesh mesh = file_normals ? MeshWithFileNormals(content, corners)
                           : MeshWithComputedNormals(content, corners);
  mesh.name = std::filesystem::path(name).stem().string();
  if (stats) {
    stats->degenerate_triangles = CountDegenerateTriangles(mesh);
    stats->normals_computed = !file_normals;
    stats->polygons = 0;
    for (const Face& face : content.faces) stats->polygons += face.corner_count > 3;
  }
  return LoadResult<Mesh>::Ok(std::move(mesh));
}

LoadResult<Mesh> LoadObj(const std::string& path, ObjLoadStats* stats) {
  auto bytes = ReadBoundedFile(path);
  if (!bytes) return LoadResult<Mesh>::Fail(bytes.error());
  const std::vector<uint8_t>& b = bytes.value();
  return ParseObj(std::string(b.begin(), b.end()), path, stats);
}

}  // namespace partlab
