// A broad phase from a shared library (include/partlab/plugin.h) as one of ours: loaded, checked,
// registered by name (broad_phase_registry.h), and then listed, benched and compared with brute
// force like every other broad phase.
//
// The plugin runs in-process; what it returns is checked before it reaches our state: a pair
// naming an id that is not a present box, or a box with itself, is kept out of the pairs and
// reported by LastContractViolation() (the benches count that frame as wrong). A pair reported
// twice has valid ids and is passed on: the comparison with brute force reports it as extra.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/broadphase/broad_phase.h"
#include "partlab/plugin.h"

namespace partlab {

class PluginBroadPhase final : public BroadPhase {
 public:
  // `table` has passed LoadBroadPhasePlugin's checks; `state` is what its create returned.
  PluginBroadPhase(const partlab_broad_phase_plugin& table, void* state);
  ~PluginBroadPhase() override;
  PluginBroadPhase(const PluginBroadPhase&) = delete;
  PluginBroadPhase& operator=(const PluginBroadPhase&) = delete;

  std::string_view Name() const override { return table_.name; }
  void Add(BoxId id, const Aabb& box) override;
  void Remove(BoxId id) override;
  void Move(BoxId id, const Aabb& box) override;
  void Update() override;
  void FindPairs(std::vector<BoxPair>& out) override;
  size_t MemoryBytes() const override;
  void DrawOverlay(DebugDraw& draw) const override;
  std::string_view LastContractViolation() const override { return violation_; }

  // The plugin's parameters (none when it exposes none), for the panel's rows.
  uint32_t ParamCount() const;
  bool GetParam(uint32_t i, partlab_param& out) const;
  bool SetParam(uint32_t i, double value);

 private:
  static void OnPair(void* ctx, uint32_t a, uint32_t b);
  void Violation(const char* what, uint32_t a, uint32_t b);

  const partlab_broad_phase_plugin& table_;
  void* state_;
  std::vector<uint8_t> present_;         // per id: whether the plugin holds that box now
  std::vector<BoxPair>* out_ = nullptr;  // FindPairs's output while the plugin enumerates
  std::string violation_;                // the first broken promise of the last FindPairs
};

// Loads the broad-phase plugin at `path` and registers it under its own name. Returns "" or one
// line naming the file ("libgrid.so: plugin ABI version 1, this Partition Lab speaks 2").
std::string LoadBroadPhasePlugin(const std::string& path);

// The file the plugin registered as `name` was loaded from ("" for ours): what a replay command
// passes to --plugin.
std::string BroadPhasePluginPath(std::string_view name);

// The checks LoadBroadPhasePlugin makes on a table, for the tests: "" or the problem.
std::string CheckBroadPhaseTable(const partlab_broad_phase_plugin* table);

}  // namespace partlab
