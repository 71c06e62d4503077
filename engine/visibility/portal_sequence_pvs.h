// A conservative PVS beside the chapter's point sampling (section 3.2.3.4: "Existem várias formas
// de se realizar este cálculo, sendo os mais utilizados os algoritmos de point sampling e o de
// shadow volume"): from-region visibility through portal sequences, as in Teller and Séquin's
// cell-to-cell visibility. A cell "apenas poderá ver outra através de um portal", so a line of
// sight from cell A to cell B passes through a chain of portals; seen from above (the floor plan,
// x and z) it is a line crossing each portal's segment, in order, from the cell it leaves into the
// next. Such a line exists exactly when one line has every portal's left end on its left and every
// right end on its right (left and right as one walks through the portal): a small linear
// feasibility problem in the plane, decided here by its candidate lines through two ends.
//
// Heights are ignored: a sight line in 3-D seen from above is such a line in the plan, so every
// cell some 3-D segment reaches is kept (conservative: nothing visible is ever excluded), but a
// cell seen in the plan only over a sill no real line clears is kept too. Not a shadow volume:
// the walls here are split into many pieces around every opening, and a shadow volume hides only
// what one occluder hides by itself; fusing the shadows of the pieces is the hard part, which the
// portal formulation avoids by asking where sight can go instead of where it cannot.
#pragma once

#include <glm/vec2.hpp>
#include <span>
#include <vector>

#include "engine/visibility/pvs_build.h"

namespace partlab {

// Whether some line in the plane has each left[i] on its left or on it and each right[i] on its
// right or on it, `tolerance` units allowed either way. The same count of points in both.
bool StabbingLineExists(std::span<const glm::dvec2> left, std::span<const glm::dvec2> right,
                        double tolerance = 1e-4);

// One unit is one source cell: a depth-first walk over the portal sequences leaving it, each
// extended while a line still stabs it (a cell is never entered twice on one line: cells are
// convex); one step adds one portal to the current chain. Cost: per source, the stabbable portal
// sequences times the candidate lines each keeps (a few per portal), each checked against the
// portals so far. A chain longer than kMaxChain portals (a hostile level: one straight corridor
// of thousands of aligned doors) stops the exact test: its source's row then holds every cell,
// which stays conservative and keeps a step's cost bounded.
class PortalSequenceBuild final : public PvsBuild {
 public:
  static constexpr size_t kMaxChain = 64;
  explicit PortalSequenceBuild(const IndoorLevel& level, double tolerance = 1e-4);
  size_t sequences() const { return sequences_; }    // portal sequences found stabbable
  size_t chains_cut() const { return chains_cut_; }  // times kMaxChain stopped the exact test

 private:
  struct Line {
    glm::dvec2 o, u;  // a point and a unit direction
  };
  struct Frame {
    uint32_t cell;
    uint32_t next_link;  // the next of the cell's portals to try
  };
  bool Step() override;
  void Enter(uint32_t cell);  // pushes a frame for `cell`, reached by the chain so far
  bool Satisfies(const Line& line, size_t portals) const;
  bool Known(const std::vector<Line>& lines, const Line& line) const;
  void Extend(size_t depth);  // candidates_[depth + 1] from candidates_[depth] and portal depth

  const IndoorLevel& level_;
  double tolerance_;
  uint32_t source_ = 0;
  size_t sequences_ = 0, chains_cut_ = 0;
  std::vector<Frame> chain_;  // the depth-first walk's stack: the source, then a cell per portal
  std::vector<uint8_t> on_path_;
  std::vector<glm::dvec2> left_, right_;       // per depth: the portal crossed there
  std::vector<std::vector<Line>> candidates_;  // per depth: lines stabbing portals 0..depth-1
};

// The whole table in one go.
PotentiallyVisibleSet PortalSequencePvs(const IndoorLevel& level);

}  // namespace partlab
