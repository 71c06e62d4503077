// A view's saved parameters, walked by one visitor. A view lists the rows it persists
// (engine/params/param.h: Param, BoolParam, ChoiceParam, NameParam, or a Bound row with the struct
// that owns its field) in View::VisitParams; the base walks that list twice: once to read the
// view's settings file after the view is built (before its flags and presets apply, so they win),
// once to write it when the view ends. One list, so a value is persisted by adding one line to it.
// GL-free and ImGui-free.
#pragma once

#include <string>
#include <type_traits>

#include "engine/params/param.h"

namespace partlab {

class ParamVisitor {
 public:
  virtual ~ParamVisitor() = default;
  virtual void operator()(const Param<int>& row, int& value) = 0;
  virtual void operator()(const Param<float>& row, float& value) = 0;
  virtual void operator()(const BoolParam& row, bool& value) = 0;
  virtual void operator()(const ChoiceParam& row, int& index) = 0;
  virtual void operator()(const NameParam& row, std::string& name) = 0;
  // A bound row and the struct holding its field; an enum field goes through its choice's index.
  template <typename Owner, typename Row, typename Field>
  void operator()(const Bound<Owner, Row, Field>& row, Owner& owner) {
    if constexpr (std::is_enum_v<Field>) {
      int index = int(owner.*row.field);
      (*this)(static_cast<const Row&>(row), index);
      owner.*row.field = Field(index);
    } else {
      (*this)(static_cast<const Row&>(row), owner.*row.field);
    }
  }
  // A rule joining two rows (one's range ends at the other's value), enforced by the view after
  // its rows were read: the note, if any, joins the file's notes. Ignored when writing.
  virtual void Note(const std::string& note) {}
};

}  // namespace partlab
