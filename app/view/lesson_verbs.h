// A view's lesson verbs (docs/lessons.md) as one table: a row per verb with its usage, whether it
// is an action or a check, what its words must be, and its handler. The dispatcher and the word
// checks are written once here, so a view's verbs file holds only what each verb does:
//
//   std::span<const LessonVerbRow<OctreeView>> OctreeView::LessonVerbTable() {
//     static const LessonVerbRow<OctreeView> kVerbs[] = {
//         {{"depth", "depth N: rebuild with maximum depth N", kAction, Words(1, 1, kInteger)},
//          [](OctreeView& v, const LessonCommand& c) { ... return ""; }},
//         {{"ray-hits", "ray-hits: the current ray hits a triangle", kCheck, kNoWords},
//          &Call<OctreeView, &OctreeView::CheckRayHits>},
//     };
//     return kVerbs;
//   }
//
// The rows' specs (verb, usage, kind, words) are what the lesson loader checks a file against
// before any view is built and what `partlab --lesson-verbs` prints (ViewEntry::lesson_verbs).
// A handler returns "" on success, otherwise one line saying what went wrong (the player prefixes
// the lesson file and line). GL-free: the Simulation view's verbs are tested without a window.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "engine/lessons/lesson.h"

namespace partlab {

enum class VerbKind { kAction, kCheck };
inline constexpr VerbKind kAction = VerbKind::kAction;
inline constexpr VerbKind kCheck = VerbKind::kCheck;

// What every word of a command must be before its handler runs (ranges are the handler's).
enum class WordKind { kAny, kInteger, kNumber, kSwitch };
inline constexpr WordKind kAnyWord = WordKind::kAny;
inline constexpr WordKind kInteger = WordKind::kInteger;  // a whole number
inline constexpr WordKind kNumber = WordKind::kNumber;    // a finite number
inline constexpr WordKind kSwitch = WordKind::kSwitch;    // on or off

// How many words a command takes (`max` kManyWords: no limit) and of which kind.
struct VerbWords {
  int min = 0;
  int max = 0;
  WordKind kind = WordKind::kAny;
};
inline constexpr int kManyWords = -1;
inline constexpr VerbWords kNoWords{0, 0};
constexpr VerbWords Words(int min, int max, WordKind kind = WordKind::kAny) {
  return {min, max, kind};
}

// A verb as the loader and the documentation know it.
struct LessonVerbSpec {
  const char* verb;
  const char* usage;  // e.g. "shoot-ray OX OY OZ DX DY DZ: ..."
  VerbKind kind;
  VerbWords words;
  bool is_check() const { return kind == VerbKind::kCheck; }
};

// A verb and what it does to `Self` (a view, or what a view lends its verbs).
template <class Self>
struct LessonVerbRow {
  LessonVerbSpec spec;
  std::string (*run)(Self& self, const LessonCommand& command);
};

// A row's handler from a member function of Self (or anything std::invoke calls with Self&),
// taking the command or nothing.
template <class Self, auto F>
std::string Call(Self& self, const LessonCommand& command) {
  if constexpr (std::is_invocable_v<decltype(F), Self&, const LessonCommand&>)
    return std::invoke(F, self, command);
  else
    return std::invoke(F, self);
}

// "" when the command's words fit the spec, else one line: "depth: expects depth N: ... (got 2
// words)", "cells: 'maybe' is not on or off".
std::string CheckVerbWords(const LessonVerbSpec& spec, const LessonCommand& command);

// The row for `verb` of the given kind; null when there is none.
template <class Self>
const LessonVerbRow<Self>* FindLessonVerb(std::span<const LessonVerbRow<Self>> table,
                                          const std::string& verb, VerbKind kind) {
  for (const LessonVerbRow<Self>& row : table)
    if (verb == row.spec.verb && row.spec.kind == kind) return &row;
  return nullptr;
}

// The dispatcher: finds the command's row, checks its words, runs its handler.
template <class Self>
std::string RunLessonVerb(Self& self, std::span<const LessonVerbRow<Self>> table,
                          const LessonCommand& command, VerbKind kind) {
  const LessonVerbRow<Self>* row = FindLessonVerb(table, command.verb, kind);
  if (!row)
    return std::string(kind == kCheck ? "this view has no lesson check '"
                                      : "this view has no lesson action '") +
           command.verb + "'";
  if (std::string error = CheckVerbWords(row->spec, command); !error.empty()) return error;
  return row->run(self, command);
}

// The specs of a table, in its order (for ViewEntry::lesson_verbs).
template <class Self>
std::vector<LessonVerbSpec> SpecsOf(std::span<const LessonVerbRow<Self>> table) {
  std::vector<LessonVerbSpec> specs;
  for (const LessonVerbRow<Self>& row : table) specs.push_back(row.spec);
  return specs;
}

// ViewEntry::lesson_verbs for a view whose class has a static LessonVerbTable().
template <class V>
std::vector<LessonVerbSpec> LessonVerbSpecs() {
  return SpecsOf(V::LessonVerbTable());
}

}  // namespace partlab
