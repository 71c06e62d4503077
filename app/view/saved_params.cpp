#include "app/view/saved_params.h"

#include "app/param_settings.h"

namespace partlab {

namespace {

class LoadVisitor final : public ParamVisitor {
 public:
  explicit LoadVisitor(const Settings& s) : s_(s) {}
  using ParamVisitor::operator();
  void operator()(const Param<int>& row, int& v) override { LoadParam(s_, row, v, notes); }
  void operator()(const Param<float>& row, float& v) override { LoadParam(s_, row, v, notes); }
  void operator()(const BoolParam& row, bool& v) override { LoadParam(s_, row, v, notes); }
  void operator()(const ChoiceParam& row, int& v) override { LoadParam(s_, row, v, notes); }
  void operator()(const NameParam& row, std::string& v) override { LoadParam(s_, row, v, notes); }
  void Note(const std::string& note) override { AppendNote(notes, note); }
  std::string notes;

 private:
  const Settings& s_;
};

class SaveVisitor final : public ParamVisitor {
 public:
  explicit SaveVisitor(Settings& s) : s_(s) {}
  using ParamVisitor::operator();
  void operator()(const Param<int>& row, int& v) override { SaveParam(s_, row, v); }
  void operator()(const Param<float>& row, float& v) override { SaveParam(s_, row, v); }
  void operator()(const BoolParam& row, bool& v) override { SaveParam(s_, row, v); }
  void operator()(const ChoiceParam& row, int& v) override { SaveParam(s_, row, v); }
  void operator()(const NameParam& row, std::string& v) override { SaveParam(s_, row, v); }

 private:
  Settings& s_;
};

}  // namespace

std::string ReadParams(const Settings& file, const VisitRows& visit_rows) {
  LoadVisitor load(file);
  visit_rows(load);
  return load.notes;
}

void WriteParams(Settings& file, const VisitRows& visit_rows) {
  SaveVisitor save(file);
  visit_rows(save);
}

}  // namespace partlab
