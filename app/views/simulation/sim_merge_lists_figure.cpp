// Figure 4.4's window (sim_merge_lists.h): drawn apart from the check, which needs no ImGui.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/i18n/translate.h"
#include "app/panels/figure_area.h"
#include "app/views/simulation/sim_merge_lists.h"

namespace partlab {

void DrawMergeLists(std::span<const MergeStage> stages, const FigureArea& area) {
  if (stages.empty()) return;
  if (BeginFigureWindow("##merge_lists", area, FigureCorner::kTopRight)) {
    ImGui::TextUnformatted(_("Merge: sorted lists combined bottom-up (4.3, Figure 4.4)"));
    int deepest = 0;
    for (const MergeStage& s : stages) deepest = std::max(deepest, s.depth);
    char line[512];
    for (int depth = deepest; depth >= 0; --depth)
      for (const MergeStage& s : stages) {
        if (s.depth != depth) continue;
        int used = 0;
        line[0] = '\0';
        for (const LeafEntry& e : s.list) {
          if (used >= int(sizeof line) - 8) break;
          used += std::snprintf(line + used, sizeof line - size_t(used), " %u", unsigned(e.id));
        }
        ImGui::Text(s.leaf ? _("Level %d, leaf %u:%s") : _("Level %d, node %u:%s"), depth,
                    unsigned(s.node), line);
      }
  }
  EndFigureWindow(area);
}

}  // namespace partlab
