// A view's rows (param_visitor.h) read from and written to its settings file (app/settings.h), by
// param_rows.h's rules: a value out of its row's range is clamped, one that is not a number falls
// back to the row's default, each with one note naming the key; a key the file does not hold
// leaves the value as it is; keys the rows do not name are kept as they were. The View base calls
// these for every view (View::LoadSavedParams, View::SaveSavedParams). GL-free and ImGui-free:
// tests/app/saved_params_test.cpp checks them.
#pragma once

#include <functional>
#include <string>

#include "app/settings.h"
#include "app/view/param_visitor.h"

namespace partlab {

using VisitRows = std::function<void(ParamVisitor&)>;

// The notes of what was changed on the way in ("" when every value was in range), joined by "; ".
std::string ReadParams(const Settings& file, const VisitRows& visit_rows);
void WriteParams(Settings& file, const VisitRows& visit_rows);

}  // namespace partlab
