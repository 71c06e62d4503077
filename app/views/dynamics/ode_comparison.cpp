#include "app/views/dynamics/ode_comparison.h"

#include <imgui.h>

#include "app/i18n/translate.h"
#include "app/panels/tooltip.h"
#include "engine/geometry/aabb.h"

namespace partlab {

// Shifted along the horizontal axis where the scene is narrower, by its width plus a gap.
void OdeComparison::Start(const dynamics::SceneFile& scene, OrbitCamera& camera) {
  mirror_ = std::make_unique<dynamics::OdeMirror>(scene);
  Aabb box;
  for (const dynamics::BodyDesc& d : scene.bodies) {
    if (d.shape == dynamics::Shape::kPlane) continue;
    const float r =
        d.shape == dynamics::Shape::kSphere ? float(d.radius) : float(glm::length(d.half));
    box.Grow(Aabb::FromCenterHalf(glm::vec3(d.position), glm::vec3(r)));
  }
  if (box.IsEmpty()) box = Aabb{{-1, 0, -1}, {1, 1, 1}};
  const glm::vec3 size = box.Extent();
  shift_ = size.z <= size.x ? glm::vec3(0, 0, size.z + 1.5f) : glm::vec3(size.x + 1.5f, 0, 0);
  mirror_->Poses(positions_, orientations_);
  kinetic_ = mirror_->KineticEnergy();
  box.Grow(box.max + shift_);
  camera.Frame(box, 16.0f / 9.0f);
}

void OdeComparison::Step() {
  if (!Running()) return;
  mirror_->Step();
  mirror_->Poses(positions_, orientations_);
  kinetic_ = mirror_->KineticEnergy();
}

bool OdeComparison::Checkbox() {
  bool turned_on = false;
  if (ImGui::Checkbox(_("ODE beside it"), &beside_)) {
    turned_on = beside_;
    if (!beside_) mirror_.reset();
  }
  Tip(
      _("The same scene file on ODE (dHashSpace + dCollide + dWorldQuickStep), stepped with ours "
        "and drawn lighter beside them. Both restart from the file."));
  return turned_on;
}

void OdeComparison::KineticLine(double ours) const {
  if (Running()) ImGui::TextWrapped(_("kinetic energy: ours %.4g J, ODE %.4g J"), ours, kinetic_);
}

}  // namespace partlab
