// Operation stepping for teaching: with the BSP's scheduler in stepping mode
// (it verifies and queues events, 5.2, but applies none), each press of the key advances one
// stage: first "show" the next operation on its node (highlighted as *before*, with the reason it
// was scheduled, e.g. "split: 212 > 128"), then "apply" it (the node holding the result is
// highlighted as *after*, with what the operation did). GL-free, unit-tested.
#pragma once

#include <optional>
#include <string>

#include "engine/broadphase/sabsp/semi_adjusting_bsp.h"

namespace partlab {

class OpStepper {
 public:
  enum class Highlight { kNone, kBefore, kAfter };

  // One key press. Returns the message to show (also kept in message()).
  const std::string& Advance(SemiAdjustingBsp& bsp);
  // Forget the shown operation (after a physics step the scheduler re-verifies the tree).
  void Reset();

  Highlight highlight() const;
  NodeId highlighted_node() const;  // kNoNode when nothing is highlighted
  bool showing_next() const { return peeked_.has_value(); }
  const std::optional<OpRecord>& last_applied() const { return applied_; }
  const std::string& message() const { return message_; }

 private:
  std::optional<PendingOp> peeked_;
  std::optional<OpRecord> applied_;
  std::string message_;
};

}  // namespace partlab
