#include "engine/plugins/broad_phase_plugin.h"

#include <cmath>
#include <map>
#include <memory>

#include "engine/broadphase/broad_phase_registry.h"
#include "engine/debug_draw.h"
#include "engine/plugins/shared_library.h"
#include "engine/text/translatable.h"

namespace partlab {
namespace {

// Each loaded plugin's file by its registered name (plugins are loaded once, at start).
std::map<std::string, std::string, std::less<>>& PluginPaths() {
  static std::map<std::string, std::string, std::less<>> paths;
  return paths;
}

partlab_box ToPlugin(const Aabb& b) {
  return {{b.min.x, b.min.y, b.min.z}, {b.max.x, b.max.y, b.max.z}};
}

// The plugin's drawing, in the overlay's plugin colour; a box or line with a non-finite
// coordinate is skipped (the renderer must never see NaN from a plugin).
struct DrawContext {
  DebugDraw& draw;
  Color color{0.95f, 0.55f, 0.95f, 1.0f};
};
bool Finite(const float* v, int n) {
  for (int i = 0; i < n; ++i)
    if (!std::isfinite(v[i])) return false;
  return true;
}
void OnLine(void* ctx, const float* from, const float* to) {
  auto* c = static_cast<DrawContext*>(ctx);
  if (from && to && Finite(from, 3) && Finite(to, 3))
    c->draw.Line({from[0], from[1], from[2]}, {to[0], to[1], to[2]}, c->color);
}
void OnBox(void* ctx, const partlab_box* b) {
  auto* c = static_cast<DrawContext*>(ctx);
  if (b && Finite(b->min, 3) && Finite(b->max, 3))
    c->draw.BoxEdges({{b->min[0], b->min[1], b->min[2]}, {b->max[0], b->max[1], b->max[2]}},
                     c->color);
}

}  // namespace

PluginBroadPhase::PluginBroadPhase(const partlab_broad_phase_plugin& table, void* state)
    : table_(table), state_(state) {}

PluginBroadPhase::~PluginBroadPhase() {
  table_.destroy(state_);
}

void PluginBroadPhase::Add(BoxId id, const Aabb& box) {
  if (id >= present_.size()) present_.resize(size_t(id) + 1, 0);
  present_[id] = 1;
  const partlab_box b = ToPlugin(box);
  table_.add(state_, id, &b);
}

void PluginBroadPhase::Remove(BoxId id) {
  if (id < present_.size()) present_[id] = 0;
  table_.remove(state_, id);
}

void PluginBroadPhase::Move(BoxId id, const Aabb& box) {
  const partlab_box b = ToPlugin(box);
  table_.move(state_, id, &b);
}

void PluginBroadPhase::Update() {
  if (table_.update) table_.update(state_);
}

void PluginBroadPhase::Violation(const char* what, uint32_t a, uint32_t b) {
  if (!violation_.empty()) return;  // the first is the one to look at
  violation_ = FormatText(N_("%s reported pair (%u, %u): %s"), table_.name, a, b, LookUpText(what));
}

// Checks one pair as the plugin reports it: only pairs of two different present boxes get in.
void PluginBroadPhase::OnPair(void* ctx, uint32_t a, uint32_t b) {
  auto* self = static_cast<PluginBroadPhase*>(ctx);
  if (!self->out_) return;  // called outside find_pairs (a stored callback): ignored
  const auto present = [self](uint32_t id) {
    return id < self->present_.size() && self->present_[id];
  };
  if (!present(a) || !present(b))
    self->Violation(N_("an id that is not a present box"), a, b);
  else if (a == b)
    self->Violation(N_("a box paired with itself"), a, b);
  else
    self->out_->push_back(MakePair(a, b));
}

void PluginBroadPhase::FindPairs(std::vector<BoxPair>& out) {
  violation_.clear();
  out_ = &out;
  table_.find_pairs(state_, &PluginBroadPhase::OnPair, this);
  out_ = nullptr;
}

size_t PluginBroadPhase::MemoryBytes() const {
  return present_.capacity() + (table_.memory_bytes ? table_.memory_bytes(state_) : 0);
}

void PluginBroadPhase::DrawOverlay(DebugDraw& draw) const {
  if (!table_.draw) return;
  DrawContext ctx{draw};
  table_.draw(state_, &OnLine, &OnBox, &ctx);
}

uint32_t PluginBroadPhase::ParamCount() const {
  return table_.get_param ? table_.param_count : 0;
}

bool PluginBroadPhase::GetParam(uint32_t i, partlab_param& out) const {
  out = {};
  if (i >= ParamCount() || table_.get_param(state_, i, &out) != 0) return false;
  // A parameter row needs a name and finite numbers with lo <= value <= hi.
  return out.name && std::isfinite(out.value) && std::isfinite(out.lo) && std::isfinite(out.hi) &&
         out.lo <= out.value && out.value <= out.hi;
}

bool PluginBroadPhase::SetParam(uint32_t i, double value) {
  partlab_param p{};
  if (!table_.set_param || !GetParam(i, p) || !(value >= p.lo && value <= p.hi)) return false;
  return table_.set_param(state_, i, value) == 0;
}

std::string CheckBroadPhaseTable(const partlab_broad_phase_plugin* t) {
  if (!t) return LookUpText(N_("the entry point returned no table"));
  if (std::string abi = CheckAbi(t->abi_version, t->struct_size, sizeof(*t), t->name); !abi.empty())
    return abi;
  // The members' names are the C ABI's (partlab/plugin.h): they stay as written.
  const std::pair<const char*, bool> required[] = {
      {"create", t->create != nullptr}, {"destroy", t->destroy != nullptr},
      {"add", t->add != nullptr},       {"remove", t->remove != nullptr},
      {"move", t->move != nullptr},     {"find_pairs", t->find_pairs != nullptr}};
  for (const auto& [member, set] : required)
    if (!set) return FormatText(N_("plugin '%s': required function '%s' is null"), t->name, member);
  if (t->param_count > 0 && !t->get_param)
    return FormatText(N_("plugin '%s': declares parameters but has no get_param"), t->name);
  return "";
}

std::string LoadBroadPhasePlugin(const std::string& path) {
  auto lib = OpenSharedLibrary(path);
  if (!lib) return lib.error();
  auto entry = FindSymbol(lib.value(), PARTLAB_BROAD_PHASE_ENTRY);
  if (!entry) {
    CloseSharedLibrary(lib.value());
    return entry.error();
  }
  // The one cast the C ABI needs: the symbol is a function of the documented type.
  const auto get_table = reinterpret_cast<partlab_broad_phase_entry_fn>(entry.value());
  const partlab_broad_phase_plugin* table = get_table();
  std::string bad = CheckBroadPhaseTable(table);
  if (bad.empty()) {  // one instance made and destroyed now, so a failing create shows at load
    if (void* probe = table->create())
      table->destroy(probe);
    else
      bad = LookUpText(N_("create returned null"));
  }
  if (!bad.empty()) {
    CloseSharedLibrary(lib.value());
    return path + ": " + bad;
  }
  // A fresh one per MakeBroadPhase; create may fail, and then there is no broad phase to give.
  auto make = [table]() -> std::unique_ptr<BroadPhase> {
    void* state = table->create();
    return state ? std::make_unique<PluginBroadPhase>(*table, state) : nullptr;
  };
  const std::string description =
      "Plugin " + path + (table->description ? std::string(": ") + table->description : "");
  if (const std::string taken = RegisterBroadPhase(table->name, description, make);
      !taken.empty()) {
    CloseSharedLibrary(lib.value());
    return path + ": " + taken;
  }
  PluginPaths()[table->name] = path;
  return "";
}

std::string BroadPhasePluginPath(std::string_view name) {
  const auto found = PluginPaths().find(name);
  return found == PluginPaths().end() ? "" : found->second;
}

}  // namespace partlab
