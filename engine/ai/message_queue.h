// The messages of section 3.4.2: "game objects are driven by events, which needs a message system
// with a log and a delivery time", as in {name: damage; from: dragon; to: knight;
// delivery_time: 123.15; data: 10}. SendMsg delivers at the next delivery; SendDelayedMsg later.
#pragma once

#include <cstdint>
#include <vector>

namespace partlab::ai {

enum class MessageName : std::uint8_t { kDamage, kDestroy };
const char* MessageNameText(MessageName n);

struct Message {
  MessageName name;
  int from = -1;
  int to = -1;
  double delivery_time = 0;
  double data = 0;
};

class MessageQueue {
 public:
  void Send(const Message& m);
  // Removes and returns (into `due`) the messages whose time has come, in delivery order (ties in
  // the order sent). `due` is cleared first; both vectors keep their capacity.
  void TakeDue(double now, std::vector<Message>& due);
  int Pending() const { return static_cast<int>(pending_.size()); }
  const std::vector<Message>& log() const { return log_; }  // every message sent, in order
  void Clear() {
    pending_.clear();
    log_.clear();
  }

 private:
  std::vector<Message> pending_;  // kept sorted by delivery time, stable
  std::vector<Message> log_;
};

}  // namespace partlab::ai
