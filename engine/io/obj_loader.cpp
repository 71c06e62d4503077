#include "engine/io/obj_loader.h"

#include <tiny_obj_loader.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <glm/geometric.hpp>
#include <limits>
#include <optional>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/geometry/mesh_normals.h"

namespace partlab {

namespace {

// ---------------------------------------------------------------------------------------------
// The validating pass: one walk over the lines, counting vertices and checking every face index.
// ---------------------------------------------------------------------------------------------

struct ScanError {
  size_t line = 0;  // 0 = the file as a whole
  std::string problem;
};

// A face may refer forward (to a vertex defined later); such indices are checked at the end,
// against the final counts, and reported at the line of the face.
struct ForwardReference {
  size_t line;
  long index;
  char kind;  // 'v', 't' or 'n'
};

struct ObjCounts {
  long positions = 0, texcoords = 0, normals = 0;
  size_t faces = 0;
};

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
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

// Text files hold no control bytes besides whitespace; anything else means a binary file.
bool HasBinaryByte(std::string_view line) {
  for (unsigned char c : line)
    if (c < 0x20 && !IsSpace(static_cast<char>(c))) return true;
  return false;
}

std::string KindName(char kind) {
  return kind == 'v' ? "vertex" : kind == 't' ? "texture coordinate" : "normal";
}

std::string KindPlural(char kind) {
  return kind == 'v' ? "vertices" : kind == 't' ? "texture coordinates" : "normals";
}

// "v x y z [w]": three finite numbers.
std::optional<ScanError> ScanVertex(std::string_view rest, size_t line) {
  for (int axis = 0; axis < 3; ++axis) {
    const std::string_view token = NextToken(rest);
    if (token.empty())
      return ScanError{line, "vertex needs 3 coordinates, found " + std::to_string(axis)};
    double value = 0.0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size())
      return ScanError{line, "vertex coordinate '" + std::string(token) + "' is not a number"};
    if (!std::isfinite(value))
      return ScanError{line, "vertex coordinate '" + std::string(token) + "' is not finite"};
    // The mesh stores floats: 1e39 is a finite double but an infinite float.
    if (std::fabs(value) > double(std::numeric_limits<float>::max()))
      return ScanError{
          line, "vertex coordinate '" + std::string(token) + "' does not fit a 32-bit float"};
  }
  return std::nullopt;
}

// One index of a face corner: 1-based, or negative = relative to the count so far (OBJ spec).
std::optional<ScanError> CheckIndex(std::string_view text, char kind, long defined, size_t line,
                                    std::vector<ForwardReference>& forward) {
  long index = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
  if (ec != std::errc() || end != text.data() + text.size())
    return ScanError{
        line, "face " + KindName(kind) + " index '" + std::string(text) + "' is not an integer"};
  if (index == 0) return ScanError{line, "face " + KindName(kind) + " index 0 (OBJ is 1-based)"};
  if (index < 0 && index < -defined)  // not -index > defined: -LONG_MIN overflows
    return ScanError{line, "face " + KindName(kind) + " index " + std::to_string(index) +
                               " out of range (" + std::to_string(defined) + " " +
                               KindPlural(kind) + " so far)"};
  if (index > defined) forward.push_back({line, index, kind});
  return std::nullopt;
}

// "f v[/vt][/vn] ...": at least three corners, each index in range.
std::optional<ScanError> ScanFace(std::string_view rest, size_t line, const ObjCounts& counts,
                                  std::vector<ForwardReference>& forward) {
  int corners = 0;
  for (std::string_view token = NextToken(rest); !token.empty(); token = NextToken(rest)) {
    ++corners;
    // "2/" or "2/2/": tinyobjloader reads the missing index from the next corner (found by
    // fuzzing: a normal index past the end of the normals).
    if (token.back() == '/')
      return ScanError{line, "face corner '" + std::string(token) + "' ends with '/'"};
    const char kinds[3] = {'v', 't', 'n'};
    const long defined[3] = {counts.positions, counts.texcoords, counts.normals};
    for (int part = 0; part < 3 && !token.empty(); ++part) {
      const size_t slash = token.find('/');
      const std::string_view field = token.substr(0, slash);
      token = slash == std::string_view::npos ? std::string_view() : token.substr(slash + 1);
      if (field.empty()) {
        if (part == 0) return ScanError{line, "face corner without a vertex index"};
        continue;  // "v//vn": no texture coordinate
      }
      if (auto error = CheckIndex(field, kinds[part], defined[part], line, forward)) return error;
    }
  }
  if (corners < 3)
    return ScanError{line, "face has " + std::to_string(corners) + " vertices (needs at least 3)"};
  return std::nullopt;
}

std::optional<ScanError> ScanLine(std::string_view text, size_t line, ObjCounts& counts,
                                  std::vector<ForwardReference>& forward) {
  if (HasBinaryByte(text)) return ScanError{line, "binary data, not a text OBJ file"};
  std::string_view rest = text;
  const std::string_view keyword = NextToken(rest);
  if (keyword == "v") {
    if (auto error = ScanVertex(rest, line)) return error;
    ++counts.positions;
  } else if (keyword == "vt") {
    ++counts.texcoords;
  } else if (keyword == "vn") {
    ++counts.normals;
  } else if (keyword == "f") {
    if (auto error = ScanFace(rest, line, counts, forward)) return error;
    ++counts.faces;
  }
  return std::nullopt;
}

std::optional<ScanError> ValidateObjText(std::string_view text) {
  if (text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos)
    return ScanError{0, "empty file"};
  ObjCounts counts;
  std::vector<ForwardReference> forward;
  size_t line = 0;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    ++line;
    if (auto error = ScanLine(text.substr(begin, end - begin), line, counts, forward)) return error;
    begin = end + 1;
  }
  for (const ForwardReference& ref : forward) {
    const long defined = ref.kind == 'v'   ? counts.positions
                         : ref.kind == 't' ? counts.texcoords
                                           : counts.normals;
    if (ref.index > defined)
      return ScanError{ref.line, "face " + KindName(ref.kind) + " index " +
                                     std::to_string(ref.index) + " out of range (" +
                                     std::to_string(defined) + " " + KindPlural(ref.kind) + ")"};
  }
  if (counts.faces == 0) return ScanError{0, "no faces (not a mesh)"};
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// From tinyobjloader's attribute arrays to the Mesh the octree and the renderer share.
// ---------------------------------------------------------------------------------------------

bool EveryCornerHasNormal(const tinyobj::attrib_t& attrib,
                          const std::vector<tinyobj::shape_t>& shapes) {
  if (attrib.normals.empty()) return false;
  const size_t normals = attrib.normals.size() / 3;
  for (const tinyobj::shape_t& shape : shapes)
    for (const tinyobj::index_t& corner : shape.mesh.indices)
      if (corner.normal_index < 0 || size_t(corner.normal_index) >= normals) return false;
  return true;
}

// The validating pass and tinyobjloader read faces independently; should they ever disagree, an
// index tinyobjloader produced must still never reach past the vertices (fuzzing, issue 10).
bool EveryCornerHasVertex(const tinyobj::attrib_t& attrib,
                          const std::vector<tinyobj::shape_t>& shapes) {
  const size_t vertices = attrib.vertices.size() / 3;
  for (const tinyobj::shape_t& shape : shapes)
    for (const tinyobj::index_t& corner : shape.mesh.indices)
      if (corner.vertex_index < 0 || size_t(corner.vertex_index) >= vertices) return false;
  return true;
}

// No normals in the file: positions are the file's vertices, normals are computed.
Mesh MeshWithComputedNormals(const tinyobj::attrib_t& attrib,
                             const std::vector<tinyobj::shape_t>& shapes) {
  Mesh mesh;
  mesh.positions.resize(attrib.vertices.size() / 3);
  for (size_t i = 0; i < mesh.positions.size(); ++i)
    mesh.positions[i] = {attrib.vertices[3 * i], attrib.vertices[3 * i + 1],
                         attrib.vertices[3 * i + 2]};
  for (const tinyobj::shape_t& shape : shapes)
    for (const tinyobj::index_t& corner : shape.mesh.indices)
      mesh.indices.push_back(static_cast<uint32_t>(corner.vertex_index));
  ComputeAreaWeightedNormals(mesh);
  return mesh;
}

// The file's own normals: one mesh vertex per distinct (position, normal) pair, since OBJ indexes
// positions and normals separately and the GPU needs one index per vertex.
Mesh MeshWithFileNormals(const tinyobj::attrib_t& attrib,
                         const std::vector<tinyobj::shape_t>& shapes) {
  Mesh mesh;
  std::unordered_map<uint64_t, uint32_t> vertex_of_pair;
  for (const tinyobj::shape_t& shape : shapes) {
    for (const tinyobj::index_t& corner : shape.mesh.indices) {
      const uint64_t key =
          (uint64_t(uint32_t(corner.vertex_index)) << 32) | uint32_t(corner.normal_index);
      auto [it, inserted] = vertex_of_pair.try_emplace(key, uint32_t(mesh.positions.size()));
      if (inserted) {
        const float* p = &attrib.vertices[3 * size_t(corner.vertex_index)];
        const float* n = &attrib.normals[3 * size_t(corner.normal_index)];
        mesh.positions.push_back({p[0], p[1], p[2]});
        const glm::vec3 normal(n[0], n[1], n[2]);
        const float length = glm::length(normal);
        mesh.normals.push_back(length > 0.0f ? normal / length : glm::vec3(0, 1, 0));
      }
      mesh.indices.push_back(it->second);
    }
  }
  return mesh;
}

std::string Located(const std::string& name, size_t line, const std::string& problem) {
  return line == 0 ? name + ": " + problem : name + ":" + std::to_string(line) + ": " + problem;
}

}  // namespace

LoadResult<Mesh> ParseObj(const std::string& text, const std::string& name, ObjLoadStats* stats) {
  // A UTF-8 byte order mark (some Windows editors write one) would hide the first line's keyword
  // from both passes, shifting every vertex index by one: drop it.
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (std::string_view(text).substr(0, kBom.size()) == kBom)
    return ParseObj(text.substr(kBom.size()), name, stats);
  if (auto error = ValidateObjText(text))
    return LoadResult<Mesh>::Fail(Located(name, error->line, error->problem));

  tinyobj::ObjReaderConfig config;
  config.triangulate = true;
  config.vertex_color = false;
  tinyobj::ObjReader reader;
  if (!reader.ParseFromString(text, "", config)) {
    // tinyobjloader's own message usually carries "line N"; keep its first line only.
    std::string message = reader.Error();
    message = message.substr(0, message.find('\n'));
    return LoadResult<Mesh>::Fail(Located(name, 0, message.empty() ? "parse error" : message));
  }

  if (!EveryCornerHasVertex(reader.GetAttrib(), reader.GetShapes()))
    return LoadResult<Mesh>::Fail(
        Located(name, 0, "a face refers to a vertex that does not exist"));
  const bool file_normals = EveryCornerHasNormal(reader.GetAttrib(), reader.GetShapes());
  Mesh mesh = file_normals ? MeshWithFileNormals(reader.GetAttrib(), reader.GetShapes())
                           : MeshWithComputedNormals(reader.GetAttrib(), reader.GetShapes());
  mesh.name = std::filesystem::path(name).stem().string();
  if (stats) {
    stats->degenerate_triangles = CountDegenerateTriangles(mesh);
    stats->normals_computed = !file_normals;
  }
  return LoadResult<Mesh>::Ok(std::move(mesh));
}

LoadResult<Mesh> LoadObj(const std::string& path, ObjLoadStats* stats) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return LoadResult<Mesh>::Fail(path + ": cannot open");
  if (std::filesystem::is_directory(path))
    return LoadResult<Mesh>::Fail(path + ": is a directory, not an OBJ file");
  std::ostringstream contents;
  contents << in.rdbuf();
  return ParseObj(contents.str(), path, stats);
}

}  // namespace partlab
