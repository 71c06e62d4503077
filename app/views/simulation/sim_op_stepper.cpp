#include "app/views/simulation/sim_op_stepper.h"

#include "app/i18n/translate.h"

namespace partlab {

const std::string& OpStepper::Advance(SemiAdjustingBsp& bsp) {
  if (!peeked_) {
    applied_.reset();
    peeked_ = bsp.PeekNextOp();
    message_ = peeked_ ? Formatted(_("next: %s on node %d (%s)"), BspOpName(peeked_->op),
                                   peeked_->node, peeked_->reason.shown.c_str())
                       : std::string(_("no operation pending: step the physics (S) so that the "
                                       "scheduler verifies the tree"));
    return message_;
  }
  const PendingOp shown = *peeked_;
  peeked_.reset();
  applied_ = bsp.ApplyNextOp();
  if (!applied_) {
    message_ = Formatted(_("the %s on node %d went stale before it was applied"),
                         BspOpName(shown.op), shown.node);
    return message_;
  }
  message_ = Formatted(
      applied_->ok ? _("applied %s on node %d (%s): %s") : _("failed %s on node %d (%s): %s"),
      BspOpName(applied_->op), applied_->node, applied_->reason_shown.c_str(),
      applied_->outcome_shown.c_str());
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
