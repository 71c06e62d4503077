#include "engine/ai/message_queue.h"

#include <algorithm>

namespace partlab::ai {

const char* MessageNameText(MessageName n) {
  switch (n) {
    case MessageName::kDamage:
      return "damage";
    case MessageName::kDestroy:
      return "destroy";
  }
  return "?";
}

void MessageQueue::Send(const Message& m) {
  // After every message due no later than m: equal times keep the order they were sent in.
  const auto at = std::upper_bound(
      pending_.begin(), pending_.end(), m,
      [](const Message& a, const Message& b) { return a.delivery_time < b.delivery_time; });
  pending_.insert(at, m);
  if (log_.size() < 4096) log_.push_back(m);
}

void MessageQueue::TakeDue(double now, std::vector<Message>& due) {
  due.clear();
  size_t n = 0;
  while (n < pending_.size() && pending_[n].delivery_time <= now) ++n;
  due.assign(pending_.begin(), pending_.begin() + static_cast<long>(n));
  pending_.erase(pending_.begin(), pending_.begin() + static_cast<long>(n));
}

}  // namespace partlab::ai
