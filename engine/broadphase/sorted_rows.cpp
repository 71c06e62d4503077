#include "engine/broadphase/sorted_rows.h"

#include <limits>

namespace partlab {

void SortedRows::Clear() {
  for (auto* column : {&min_x, &max_x, &min_y, &max_y, &min_z, &max_z}) column->clear();
  ids.clear();
}

void SortedRows::Append(BoxId id, const Aabb& box) {
  min_x.push_back(box.min.x), max_x.push_back(box.max.x);
  min_y.push_back(box.min.y), max_y.push_back(box.max.y);
  min_z.push_back(box.min.z), max_z.push_back(box.max.z);
  ids.push_back(id);
}

void SortedRows::AppendRow(const SortedRows& from, size_t row) {
  min_x.push_back(from.min_x[row]), max_x.push_back(from.max_x[row]);
  min_y.push_back(from.min_y[row]), max_y.push_back(from.max_y[row]);
  min_z.push_back(from.min_z[row]), max_z.push_back(from.max_z[row]);
  ids.push_back(from.ids[row]);
}

void SortedRows::Pad() {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  for (size_t k = 0; k < kSentinelRows; ++k)
    Append(0, Aabb{{kInf, kInf, kInf}, {-kInf, -kInf, -kInf}});
}

SweepColumns SortedRows::Columns() const {
  return {min_x.data(), max_x.data(), min_y.data(), max_y.data(), min_z.data(), max_z.data()};
}

size_t SortedRows::MemoryBytes() const {
  size_t bytes = ids.capacity() * sizeof(BoxId);
  for (const auto* column : {&min_x, &max_x, &min_y, &max_y, &min_z, &max_z})
    bytes += column->capacity() * sizeof(float);
  return bytes;
}

}  // namespace partlab
