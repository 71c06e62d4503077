// Building a potentially visible set in slices (section 3.2.3.4: "O cálculo de construção da PVS
// costuma ser caro, dependendo especialmente da precisão que se deseja obter e do número de
// células do cenário"). A build is a sequence of units of work (a pair of cells, a source cell),
// each made of bounded steps (one sample point against a cell's points, one portal added to a
// chain); the caller runs as many steps as fit in its time budget, shows the progress in units,
// and may cancel. A step is small whatever the level, so a slice never overruns by much.
// The app runs a slice per frame, so the view keeps drawing while a large level's table is made;
// the bench runs to the end and prints the progress of a long build. Run in one go or in slices,
// the same units run in the same order: the table is the same.
#pragma once

#include <cstddef>

#include "engine/visibility/potentially_visible_set.h"

namespace partlab {

class PvsBuild {
 public:
  virtual ~PvsBuild() = default;

  // Runs steps until `seconds` have passed (at least one step) or the build is done or
  // cancelled. Returns done().
  bool AdvanceFor(double seconds);
  // Runs every remaining unit (the one-shot build).
  void RunToEnd();
  // Stops the build: no further unit runs; the table stays incomplete and is not to be used.
  void Cancel() { cancelled_ = true; }

  bool done() const { return done_units_ == total_units_; }
  bool cancelled() const { return cancelled_; }
  size_t done_units() const { return done_units_; }
  size_t total_units() const { return total_units_; }
  double progress() const {
    return total_units_ ? double(done_units_) / double(total_units_) : 1.0;
  }
  double seconds() const { return table_.seconds_; }  // time spent in units so far

  const PotentiallyVisibleSet& table() const { return table_; }
  // The finished table (empty when the build is not done).
  PotentiallyVisibleSet Take();

 protected:
  void Start(size_t cells, size_t total_units);
  // One bounded step of the next unit; true when it finished that unit.
  virtual bool Step() = 0;

  void MarkVisible(size_t a, size_t b) { table_.Set(a, b); }
  bool Marked(size_t a, size_t b) const { return table_.Visible(a, b); }
  void CountPoints(size_t n) { table_.points_ += n; }
  void CountSegments(size_t n) { table_.segments_ += n; }

 private:
  PotentiallyVisibleSet table_;
  size_t done_units_ = 0, total_units_ = 0;
  bool cancelled_ = false;
};

}  // namespace partlab
