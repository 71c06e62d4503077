// The octree view's picture of the scene (octree_picture.h): the triangles' colours, the cells'
// merged lines, the cached picture and the overlay's panel section.
#include "app/views/octree/octree_picture.h"
#include "app/i18n/translate.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "app/panels/tooltip.h"

namespace partlab::octree_view {

namespace op = octree_params;

OctreePicture::OctreePicture()
    : tint_mesh_(std::make_unique<HeatmapMesh>()),
      cell_lines_(std::make_unique<StaticLines>()),
      scene_cache_(std::make_unique<SceneCache>()) {}

void OctreePicture::NewTree(const Octree& tree, std::span<const Triangle> triangles, bool tint,
                            bool highlight_root) {
  ++rebuilds_;
  UploadColours(tree, triangles, tint, highlight_root);
}

void OctreePicture::RefreshColours(const Octree& tree, std::span<const Triangle> triangles,
                                   bool tint, bool highlight_root) {
  if (tint_uploaded_ != tint ||
      (tint_uploaded_ && (uploaded_depth_colours_ != overlay_.tint_by_depth ||
                          uploaded_root_highlight_ != highlight_root)))
    UploadColours(tree, triangles, tint, highlight_root);
}

// Soups always go through the per-triangle mesh (they have no MeshBuffer); the model only when
// tinted by depth. Depth colours are the cells' (OctreeDepthColor), so the legend serves both.
void OctreePicture::UploadColours(const Octree& tree, std::span<const Triangle> triangles,
                                  bool tint, bool highlight_root) {
  tint_uploaded_ = tint;
  uploaded_depth_colours_ = overlay_.tint_by_depth;
  uploaded_root_highlight_ = highlight_root;
  if (!tint_uploaded_) return;
  const auto depths = tree.triangle_depths();
  std::vector<uint32_t> colours(depths.size());
  const uint32_t plain = PackRgba({0.80f, 0.52f, 0.30f, 1.0f});
  const uint32_t root = PackRgba({0.95f, 0.18f, 0.12f, 1.0f});
  const uint32_t below_root = PackRgba({0.55f, 0.58f, 0.64f, 1.0f});
  for (size_t i = 0; i < depths.size(); ++i)
    colours[i] = highlight_root            ? (depths[i] == 1 ? root : below_root)
                 : !overlay_.tint_by_depth ? plain
                 : depths[i] == 0          ? PackRgba({0.5f, 0.5f, 0.5f, 1.0f})
                                           : PackRgba(OctreeDepthColor(depths[i]));
  tint_mesh_->Upload(triangles, colours);
}

// Every cell's twelve edges through the engine's overlay function, recorded into one GPU buffer
// when the tree or the filter changes: the same picture as DrawOctreeCells, one draw call a frame.
void OctreePicture::UpdateCellLines(const Octree& tree, const CurrentModel& model,
                                    bool model_source) {
  if (tree.empty() || (cells_tree_ == &tree && cells_depth_ == overlay_.depth_shown &&
                       cells_hide_empty_ == overlay_.hide_empty))
    return;
  cells_tree_ = &tree;
  cells_depth_ = overlay_.depth_shown;
  cells_hide_empty_ = overlay_.hide_empty;
  cell_recorder_.Clear();
  // Snap to the deepest cells' corners: shared edges of neighbouring cells are drawn once.
  const OctreeNode& root = tree.nodes()[0];
  cell_recorder_.SetGrid(root.center - glm::vec3(root.half),
                         2.0f * root.half / float(1u << (tree.stats().max_depth - 1)));
  DrawOctreeCells(tree, {overlay_.depth_shown, overlay_.hide_empty}, cell_recorder_);
  cell_recorder_.Finish();
  // The model's coarse copy is what moving frames draw under the cells (a soup is drawn whole).
  if (model_source)
    cells_outside_.SetMesh(model.mesh_in_motion());
  else
    cells_outside_.ClearMesh();
  const uint32_t points = (1u << (tree.stats().max_depth - 1)) + 1;
  cell_lines_->Upload(cell_recorder_.vertices(), cells_outside_.Clip(cell_recorder_, points));
}

// Everything the mesh-and-cells picture depends on.
uint64_t OctreePicture::SceneKey(const RenderContext& ctx, const CurrentModel& model) const {
  struct {
    glm::mat4 view, projection;
    glm::vec2 size;
    glm::vec3 material;
    float shininess;
    int ints[11];
  } k{};
  k.view = ctx.matrices.view;
  k.projection = ctx.matrices.projection;
  k.size = ctx.framebuffer_size;
  k.material = ctx.style.material;
  k.shininess = ctx.style.shininess;
  const int ints[11] = {ctx.style.lighting,       ctx.style.wireframe, overlay_.show_mesh,
                        overlay_.show_cells,      tint_uploaded_,      uploaded_depth_colours_,
                        uploaded_root_highlight_, model.generation(),  rebuilds_,
                        overlay_.depth_shown,     overlay_.hide_empty};
  std::copy(std::begin(ints), std::end(ints), k.ints);
  return HashBytes(&k, sizeof k);
}

void OctreePicture::Draw(const RenderContext& ctx, const Octree& tree, const CurrentModel& model,
                         bool model_source) {
  if (overlay_.show_cells) UpdateCellLines(tree, model, model_source);
  ++scene_frames_;
  const int w = int(ctx.framebuffer_size.x), h = int(ctx.framebuffer_size.y);
  const uint64_t key = scene_cache_->usable() ? SceneKey(ctx, model) : 0;
  // While the picture changes every frame (the camera turning) the cache would only add its copy:
  // draw directly, and fill the cache once the same picture is asked for twice in a row.
  const bool still = key == previous_key_;
  previous_key_ = key;
  if (scene_cache_->Holds(key, w, h)) {
    scene_cache_->Composite();
  } else if (scene_cache_->usable() && still) {
    scene_cache_->Begin(key, w, h);
    DrawMeshAndCells(ctx, model, false);
    scene_cache_->End();
    scene_cache_->Composite();
    ++scene_redraws_;
  } else {
    DrawMeshAndCells(ctx, model, !still);
    ++scene_redraws_;
  }
}

void OctreePicture::DrawMeshAndCells(const RenderContext& ctx, const CurrentModel& model,
                                     bool moving) {
  const OctreeOverlay& o = overlay_;
  // Only under the cells: they are what costs (about 47,000 lines), and they hide the mesh's
  // detail; a bare mesh turns fast enough drawn whole.
  const bool coarse = o.show_mesh && moving && o.coarse_in_motion && o.show_cells &&
                      scene_cache_->usable() && !tint_uploaded_;
  if (o.show_mesh) {
    motion_redraws_ += coarse;
    if (tint_uploaded_)
      tint_mesh_->Draw(ctx.matrices.view, ctx.matrices.projection);
    else
      ctx.renderer.DrawMesh(coarse ? model.gpu_in_motion() : model.gpu(), glm::mat4(1.0f),
                            ctx.matrices, ctx.style);
  }
  // On llvmpipe this draw call only bins the mesh; a flush hands it to the rasteriser threads now,
  // so they shade the dragon while this thread sets up and bins the ~47,000 cell lines, instead of
  // both waiting for the frame's end (the main loop's flush). Costs one extra tile load/store.
  if (o.show_mesh && o.show_cells) ctx.renderer.SubmitQueued();
  // Over the opaque coarse mesh, seen from outside it, the cells' stretches inside it are all
  // hidden: leave them out rather than have the rasteriser reject them pixel by pixel.
  const bool outside =
      coarse && !ctx.style.wireframe && cells_outside_.HiddenFrom(ctx.camera.Eye());
  outside_redraws_ += outside;
  if (o.show_cells) cell_lines_->Draw(ctx.matrices.projection * ctx.matrices.view, outside);
}

// How many frames were drawn and how many composited the cached picture.
std::string OctreePicture::MeasuredRunReport(const CurrentModel& model) const {
  char text[512];
  std::snprintf(
      text, sizeof text,
      "partlab: octree view: %d of %d frames drew the mesh and cells (%d of them with the "
      "%zu-triangle mesh of a moving camera, %d of those with the cells outside it), the "
      "others composited the scene cache; %zu cell edges drawn as %zu lines (%zu outside the "
      "mesh)",
      scene_redraws_, scene_frames_, motion_redraws_, model.triangles_in_motion(), outside_redraws_,
      cell_recorder_.segments_recorded(), cell_lines_->line_count(),
      cell_lines_->outside_line_count());
  return text;
}

void OctreePicture::Gui(int max_depth, const CurrentModel& model, ClampNote& note) {
  OctreeOverlay& o = overlay_;
  ImGui::Checkbox(_("Mesh"), &o.show_mesh);
  Tip(
      _("Draw the scene's triangles, the T = V0 + uE1 + vE2 of equation 2 (1.1 Detecção de "
        "colisão)."));
  ImGui::SameLine();
  ImGui::Checkbox(_("Cells"), &o.show_cells);
  Tip(
      _("Draw every cell as a wireframe cube coloured by its depth (legend at the bottom), the "
        "subdivision of 1.2 Octree."));
  ImGui::SameLine();
  ImGui::Checkbox(_("Hide empty"), &o.hide_empty);
  Tip(
      _("Skip cells with no triangle in their subtree: they exist only as the octant a ray crosses "
        "(1.2 Octree)."));
  ClampedSliderInt(_(op::kDepthShown.label), &o.depth_shown,
                   {1, max_depth, _("the root is depth 1"), _("the octree's max depth")}, note);
  Tip(_(op::kDepthShown.tip));
  if (o.show_cells) {
    ImGui::TextDisabled(_("%zu cell edges merged into %zu lines"),
                        cell_recorder_.segments_recorded(), cell_lines_->line_count());
    Tip(_(
        "Shared and continuing edges of neighbouring cells are drawn as one line: fewer lines keep "
        "the overlay fast on a software renderer."));
    if (cell_lines_->outside_line_count() > 0 && o.coarse_in_motion) {
      ImGui::TextDisabled(_("%zu pieces outside the mesh, while turning"),
                          cell_lines_->outside_line_count());
      Tip(
          _("While the camera moves, the lines are cut where they enter the closed mesh drawn "
            "under them: from outside it those stretches are hidden anyway, and a software "
            "renderer no longer fills their pixels."));
    }
  }
  if (model.triangles_in_motion() < model.displayed_triangles()) {
    ImGui::Checkbox(_("Coarser mesh while the camera moves"), &o.coarse_in_motion);
    Tip(
        _("Software rendering: while the camera turns with the cells shown, the model is drawn "
          "from a copy with a sixth of the triangles, and the cell edges inside it (hidden from a "
          "camera outside) are left out, so the frame rate keeps up; the still picture uses the "
          "display mesh and every edge."));
  }
  ImGui::Checkbox(_("Colour triangles by cell depth"), &o.tint_by_depth);
  Tip(
      _("Each triangle takes the colour of the depth of the cell that holds it: big or badly "
        "placed triangles stay shallow and are tested by many rays (3.1 Profundidade da Octree)."));
}

}  // namespace partlab::octree_view
