#include "app/views/simulation/sim_op_stepper.h"

namespace partlab {

const std::string& OpStepper::Advance(SemiAdjustingBsp& bsp) {
  if (!peeked_) {
    applied_.reset();
    peeked_ = bsp.PeekNextOp();
    message_ = peeked_ ? std::string("next: ") + BspOpName(peeked_->op) + " on node " +
                             std::to_string(peeked_->node) + " (" + peeked_->reason + ")"
                       : std::string(
                             "no operation pending: step the physics (S) so that the "
                             "scheduler verifies the tree");
    return message_;
  }
  const PendingOp shown = *peeked_;
  peeked_.reset();
  applied_ = bsp.ApplyNextOp();
  if (!applied_) {
    message_ = std::string("the ") + BspOpName(shown.op) + " on node " +
               std::to_string(shown.node) + " went stale before it was applied";
    return message_;
  }
  message_ = std::string(applied_->ok ? "applied " : "failed ") + BspOpName(applied_->op) +
             " on node " + std::to_string(applied_->node) + " (" + applied_->reason +
             "): " + applied_->outcome;
  return message_;
}

void OpStepper::Reset() {
  peeked_.reset();
  applied_.reset();
  message_.clear();
}

OpStepper::Highlight OpStepper::highlight() const {
  if (peeked_) return Highlight::kBefore;
  if (applied_) return Highlight::kAfter;
  return Highlight::kNone;
}

NodeId OpStepper::highlighted_node() const {
  if (peeked_) return peeked_->node;
  if (applied_) return applied_->result_node != kNoNode ? applied_->result_node : applied_->node;
  return kNoNode;
}

}  // namespace partlab
