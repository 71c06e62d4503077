#include "app/lessons/lesson_player.h"

#include <algorithm>
#include <cstdio>
#include <glm/trigonometric.hpp>

#include "app/i18n/translate.h"
#include "app/model_library.h"
#include "engine/lessons/lesson_file.h"

namespace partlab {

namespace {

constexpr std::string_view kPartlabPrefix = "partlab: ";

// `partlab --view NAME <flags>` through the app's own parser, so a step's flags mean exactly what
// they mean on the command line. Returns "" or ParseCommandLine's line without its prefix.
std::string ParseStepFlags(const LessonStep& step, Options& out) {
  std::vector<std::string> words = {"partlab", "--view", step.view};
  words.insert(words.end(), step.flags.begin(), step.flags.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  auto parsed = ParseCommandLine(int(argv.size()), argv.data(), RegisteredViewFlags());
  if (!parsed.ok()) {
    std::string error = parsed.error();
    if (error.rfind(kPartlabPrefix, 0) == 0) error.erase(0, kPartlabPrefix.size());
    return error;
  }
  out = parsed.value();
  // A step shows a view; what the process does (export, record, screenshot) is not the step's.
  if (!out.screenshot.empty() || !out.lesson.empty() || !out.export_dir.empty() ||
      !out.video.empty())
    return _("flags may not set --screenshot, --lesson, --export or --video");
  return "";
}

const LessonVerbSpec* FindSpec(const std::vector<LessonVerbSpec>& verbs, const std::string& verb,
                               bool is_check) {
  for (const LessonVerbSpec& v : verbs)
    if (verb == v.verb && v.is_check() == is_check) return &v;
  return nullptr;
}

std::string VerbList(const std::vector<LessonVerbSpec>& verbs, bool is_check) {
  std::string list;
  for (const LessonVerbSpec& v : verbs)
    if (v.is_check() == is_check) list += (list.empty() ? "" : ", ") + std::string(v.verb);
  return list.empty() ? _("none") : list;
}

// The verbs the named (registered) view's lesson steps may use.
std::vector<LessonVerbSpec> ViewVerbs(const std::string& view) {
  const int index = FindView(view);
  if (index < 0 || !RegisteredViews()[index].lesson_verbs) return {};
  return RegisteredViews()[index].lesson_verbs();
}

// "" when the step's view (or the player, for actions) knows the command's verb and its words fit
// the verb's row (how many, of which kind: CheckVerbWords), else the line that says why.
std::string UnknownVerb(const LessonStep& step, const LessonCommand& command, bool is_check) {
  const std::vector<LessonVerbSpec> own = ViewVerbs(step.view);
  const std::vector<LessonVerbSpec> generic = GenericLessonVerbs();
  const LessonVerbSpec* spec = FindSpec(own, command.verb, is_check);
  if (!spec && !is_check) spec = FindSpec(generic, command.verb, false);
  if (spec) return CheckVerbWords(*spec, command);
  const std::string known = (is_check ? "" : "steps, pause, play, ") + VerbList(own, is_check);
  return is_check ? Formatted(_("unknown check '%s' for the %s view (known: %s)"),
                              command.verb.c_str(), _(step.view.c_str()), known.c_str())
                  : Formatted(_("unknown action '%s' for the %s view (known: %s)"),
                              command.verb.c_str(), _(step.view.c_str()), known.c_str());
}

// The verbs the player runs itself, on any view.
std::span<const LessonVerbRow<View>> GenericVerbTable() {
  static const LessonVerbRow<View> kVerbs[] = {
      {{"steps", "steps N: N fixed steps of the view (its step dt)", kAction,
        Words(1, 1, kInteger)},
       [](View& view, const LessonCommand& c) -> std::string {
         int count = 0;
         if (!detail::ParseNumber(std::string_view(c.args[0]), count) || count < 0 ||
             count > 100000)
           return _("steps expects one count 0..100000");
         const float dt = float(view.stepping().step_seconds());
         for (int i = 0; i < count; ++i) view.Step(dt);
         return "";
       }},
      {{"pause", "pause: the view stands still while the step is shown", kAction, kNoWords},
       [](View& view, const LessonCommand&) -> std::string {
         view.stepping().Pause();
         return "";
       }},
      {{"play", "play: the view animates while the step is shown", kAction, kNoWords},
       [](View& view, const LessonCommand&) -> std::string {
         view.stepping().Play();
         return "";
       }},
  };
  return kVerbs;
}

void SetCamera(OrbitCamera& camera, const LessonCamera& step_camera) {
  camera.yaw = glm::radians(step_camera.yaw_degrees);
  camera.pitch = glm::radians(step_camera.pitch_degrees);
  if (step_camera.frame) return;  // the view's framing keeps its distance and target
  camera.distance = step_camera.distance;
  camera.target = {step_camera.target[0], step_camera.target[1], step_camera.target[2]};
}

// The step's model (--model, else the default scene), so a step never shows whatever model the
// previous step or the user left open.
std::string OpenStepModel(LessonHost& host, const Options& options) {
  std::string note;
  const std::string wanted =
      ResolveModelPath(options.model.empty() ? DefaultModelPath(note) : options.model);
  if (host.model().loaded() && host.model().path() == wanted) return "";
  return host.model().Open(wanted);
}

void FrameStepModel(LessonHost& host) {
  const glm::ivec2 size = host.FramebufferSize();
  host.camera().FramePoints(host.model().mesh().positions,
                            size.y > 0 ? float(size.x) / float(size.y) : 1.0f);
}

}  // namespace

std::vector<LessonVerbSpec> GenericLessonVerbs() {
  return SpecsOf(GenericVerbTable());
}

std::string LessonPlayer::At(int line, const std::string& problem) const {
  return lesson_->file + ":" + std::to_string(line) + ": " + problem;
}

std::string LessonPlayer::Open(const std::string& path) {
  auto read = ReadLessonFile(path);
  if (!read.ok()) return read.error();
  const Lesson& lesson = read.value();
  for (const LessonStep& step : lesson.steps) {
    const std::string where = lesson.file + ":" + std::to_string(step.line) + ": ";
    if (FindView(step.view) < 0)
      return where + Formatted(_("unknown view '%s'"), step.view.c_str());
    Options ignored;
    if (const std::string error = ParseStepFlags(step, ignored); !error.empty())
      return where + Formatted(_("bad flags: %s"), error.c_str());
    for (const LessonCommand& action : step.actions)
      if (const std::string error = UnknownVerb(step, action, false); !error.empty())
        return lesson.file + ":" + std::to_string(action.line) + ": " + error;
    for (const LessonCommand& check : step.checks)
      if (const std::string error = UnknownVerb(step, check, true); !error.empty())
        return lesson.file + ":" + std::to_string(check.line) + ": " + error;
  }
  lesson_ = std::move(read).value();
  step_ = -1;
  return "";
}

std::string LessonPlayer::BuildView(LessonHost& host, const LessonStep& step, bool headless) {
  EndView(host.view());  // the old view goes before what it was lent is replaced
  context_.reset();
  if (const std::string error = ParseStepFlags(step, options_); !error.empty())
    return At(step.line, Formatted(_("bad flags: %s"), error.c_str()));
  options_.in_lesson = true;
  // A clamped number is not an error (the command line's rule), but the lesson's author should
  // know the step does not show what the file says.
  for (const std::string& note : options_.notes)
    std::fprintf(
        stderr, "partlab: %s\n",
        At(step.line, note.substr(note.rfind(kPartlabPrefix, 0) == 0 ? kPartlabPrefix.size() : 0))
            .c_str());
  // A headless run's views finish their jobs before the frame is drawn (View::headless).
  if (headless) options_.screenshot = "lesson-step.png";
  const int index = FindView(step.view);
  if (index < 0) return At(step.line, Formatted(_("unknown view '%s'"), step.view.c_str()));
  if (RegisteredViews()[index].uses_model) {
    if (const std::string error = OpenStepModel(host, options_); !error.empty())
      return At(step.line, error);
    FrameStepModel(host);
  }
  host.style() = MeshStyle{};
  host.style().wireframe = options_.wireframe;
  if (!options_.shader.empty()) {
    const int lighting = LightingModelIndex(options_.shader);
    if (lighting < 0)
      return At(step.line,
                Formatted(_("bad flags: unknown --shader '%s'"), options_.shader.c_str()));
    host.style().lighting = lighting;
  }
  start_ = ViewStartOf(options_);
  context_.emplace(AppContext{host.model(), host.camera(), start_});
  host.view() = CreateView(RegisteredViews()[index], *context_);
  host.SetViewIndex(index);
  if (step.camera.set) SetCamera(host.camera(), step.camera);
  if (step.camera.frame && RegisteredViews()[index].uses_model) FrameStepModel(host);
  return "";
}

std::string LessonPlayer::RunCommands(View& view, const LessonStep& step) {
  // Every verb was checked against the view's list when the lesson was opened (Open).
  for (const LessonCommand& action : step.actions) {
    const std::string error = FindLessonVerb(GenericVerbTable(), action.verb, kAction)
                                  ? RunLessonVerb(view, GenericVerbTable(), action, kAction)
                                  : view.RunLessonAction(action);
    if (!error.empty()) return At(action.line, error);
  }
  for (const LessonCommand& check : step.checks)
    if (std::string claim = view.CheckLessonClaim(check); !claim.empty())
      return At(check.line,
                Formatted(_("check '%s' failed: %s"), check.verb.c_str(), claim.c_str()));
  return "";
}

std::string LessonPlayer::ShowStep(LessonHost& host, int index, bool headless) {
  if (!lesson_ || index < 0 || index >= int(lesson_->steps.size())) return _("no such step");
  step_ = index;
  const LessonStep& step = lesson_->steps[index];
  const std::string error = BuildView(host, step, headless);
  if (host.view()) return error.empty() ? RunCommands(*host.view(), step) : error;
  // The step's view could not be built: the app keeps running on the mesh viewer, with the line.
  context_.emplace(AppContext{host.model(), host.camera(), host.view_start()});
  const int mesh_viewer = std::max(FindView("Mesh viewer"), 0);
  host.view() = CreateView(RegisteredViews()[mesh_viewer], *context_);
  host.SetViewIndex(mesh_viewer);
  return error;
}

}  // namespace partlab
