#include "bench/pair_set_reference.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "engine/broadphase/frame_driver.h"

namespace partlab::bench {
namespace {

std::string PairText(const BoxPair& p) {
  char text[32];
  std::snprintf(text, sizeof text, "(%u, %u)", unsigned(p.a), unsigned(p.b));
  return text;
}

// "2 missing, first (3, 17)".
std::string Part(size_t count, const char* what, const BoxPair& first) {
  return std::to_string(count) + " " + what + ", first " + PairText(first);
}

}  // namespace

void PairSetReference::Record(std::vector<BoxPair>& pairs) {
  std::sort(pairs.begin(), pairs.end());
  count_.push_back(pairs.size());
  checksum_.push_back(PairSetChecksum(pairs));
  // Frames are stored exactly in order, up to the first one that does not fit: from there on the
  // checksum alone, so that "exact" is one prefix of the frames.
  if (exact_frames_ + 1 == count_.size() && pairs_.size() + pairs.size() <= budget_pairs_) {
    pairs_.insert(pairs_.end(), pairs.begin(), pairs.end());
    start_.push_back(pairs_.size());
    ++exact_frames_;
  }
}

std::string PairSetReference::Compare(size_t frame, std::vector<BoxPair>& pairs) const {
  if (frame >= count_.size()) return "no reference for this frame";
  std::sort(pairs.begin(), pairs.end());
  if (exact(frame)) return PairSetDifference(Exact(frame), pairs);
  if (pairs.size() != count_[frame] || PairSetChecksum(pairs) != checksum_[frame])
    return std::to_string(pairs.size()) + " pairs instead of " + std::to_string(count_[frame]) +
           " or a different set (checksum; this frame was past the memory budget of exact sets)";
  if (const auto dup = std::adjacent_find(pairs.begin(), pairs.end()); dup != pairs.end())
    return "pair " + PairText(*dup) + " reported twice";
  return "";
}

std::string PairSetReference::Describe() const {
  if (all_exact()) return "exact pair sets";
  if (exact_frames_ == 0) return "checksums and counts (exact sets past the memory budget)";
  return "exact pair sets for frames 0-" + std::to_string(exact_frames_ - 1) +
         ", checksums and counts after (memory budget)";
}

std::string PairSetDifference(std::span<const BoxPair> expected, std::span<const BoxPair> got) {
  std::vector<BoxPair> missing, extra;
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  std::string text;
  if (!missing.empty()) text = Part(missing.size(), "missing", missing[0]);
  auto append = [&text](const std::string& part) {
    if (!text.empty()) text += "; ";
    text += part;
  };
  if (!extra.empty()) append(Part(extra.size(), "extra", extra[0]));
  // A pair reported twice shows as one extra copy above; say what it is.
  if (const auto dup = std::adjacent_find(got.begin(), got.end()); dup != got.end())
    append("pair " + PairText(*dup) + " reported twice");
  return text;
}

std::string MismatchLine(std::string_view bench, std::string_view algorithm, std::string_view scene,
                         size_t frame, std::string_view difference) {
  return std::string(bench) + ": WRONG PAIRS: " + std::string(algorithm) + " on " +
         std::string(scene) + ", frame " + std::to_string(frame) + ": " + std::string(difference);
}

}  // namespace partlab::bench
