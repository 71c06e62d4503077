// What the observer of the Visibility view "sends to the pipeline" in the model modes (3.2.3.1,
// 3.2.3.2): the model's triangles a technique kept, on the GPU, or the whole model when culling is
// off; and the faint ghosts of the triangles a technique dropped, drawn in the god view.
#pragma once

#include <cstdint>
#include <vector>

#include "app/render/mesh_buffer.h"
#include "engine/debug_draw.h"
#include "engine/geometry/mesh.h"

namespace partlab {

struct ObserverMesh {
  Mesh mesh;  // the model's vertices, and the indices of the triangles kept
  MeshBuffer gpu;
  bool full_model = false;  // culling switched off: the app's own buffer of the model

  // A new model: its vertices, no triangle yet.
  void SetModel(const Mesh& model) {
    mesh.positions = model.positions;
    mesh.normals = model.normals;
  }
  // The triangles to send: with keep_when_set, those flagged 1 (the octree's accepted ones),
  // otherwise those flagged 0 (backfaces are flagged 1). Uploaded each frame the observer is
  // computed (a few MB at most for the models the testbed ships).
  void Upload(const Mesh& model, const std::vector<uint8_t>& flags, bool keep_when_set) {
    mesh.indices.clear();
    for (size_t t = 0; t < model.TriangleCount(); ++t) {
      const bool keep = keep_when_set ? flags[t] != 0 : flags[t] == 0;
      if (!keep) continue;
      mesh.indices.insert(mesh.indices.end(), model.indices.begin() + 3 * t,
                          model.indices.begin() + 3 * t + 3);
    }
    gpu.Upload(mesh);
  }
};

// Every triangle t of `mesh` whose flags[t] is `value`, filled in `colour`.
inline void DrawFlaggedTriangles(const Mesh& mesh, const std::vector<uint8_t>& flags, uint8_t value,
                                 const Color& colour, DebugDraw& draw) {
  for (size_t t = 0; t < flags.size(); ++t) {
    if ((flags[t] != 0) != (value != 0)) continue;
    const glm::vec3 v[3] = {mesh.positions[mesh.indices[3 * t]],
                            mesh.positions[mesh.indices[3 * t + 1]],
                            mesh.positions[mesh.indices[3 * t + 2]]};
    draw.Polygon(v, colour);
  }
}

}  // namespace partlab
