#include "engine/lessons/lesson_index.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "engine/text/translatable.h"

namespace partlab {

namespace {

// Captions are written by hand and may hold <, > or &: they must show as text, not as markup.
std::string EscapeHtml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  return out ? "" : path + ": " + LookUpText(N_("cannot be written"));
}

}  // namespace

std::string LessonStepImageName(int step_index) {
  char name[32];
  std::snprintf(name, sizeof name, "step-%02d.png", step_index + 1);
  return name;
}

std::string LessonIndexMarkdown(const Lesson& lesson, int first_step) {
  std::string md = "# " + lesson.title + "\n\n";
  if (!lesson.source.empty()) md += "*" + lesson.source + "*\n\n";
  if (!lesson.summary.empty()) md += lesson.summary + "\n\n";
  for (size_t i = size_t(std::max(first_step, 0)); i < lesson.steps.size(); ++i) {
    const LessonStep& step = lesson.steps[i];
    md += "## " + std::to_string(i + 1) + ". " + step.title + "\n\n";
    md += "![" + step.title + "](" + LessonStepImageName(int(i)) + ")\n\n";
    if (!step.section.empty()) md += "*" + step.section + "*\n\n";
    md += step.caption + "\n\n";
    if (!step.quote.empty()) md += "> " + step.quote + "\n\n";
  }
  return md;
}

std::string LessonIndexHtml(const Lesson& lesson, int first_step, LessonLanguage language) {
  const std::string lang = language == LessonLanguage::kPortuguese ? "pt-BR" : "en";
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"" + lang + "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
      EscapeHtml(lesson.title) +
      "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
      "img{max-width:100%}blockquote{font-style:italic;color:#555}</style>\n</head>\n<body>\n";
  html += "<h1>" + EscapeHtml(lesson.title) + "</h1>\n";
  if (!lesson.source.empty()) html += "<p><em>" + EscapeHtml(lesson.source) + "</em></p>\n";
  if (!lesson.summary.empty()) html += "<p>" + EscapeHtml(lesson.summary) + "</p>\n";
  for (size_t i = size_t(std::max(first_step, 0)); i < lesson.steps.size(); ++i) {
    const LessonStep& step = lesson.steps[i];
    html += "<h2>" + std::to_string(i + 1) + ". " + EscapeHtml(step.title) + "</h2>\n";
    html += "<img src=\"" + LessonStepImageName(int(i)) + "\" alt=\"" + EscapeHtml(step.title) +
            "\">\n";
    if (!step.section.empty()) html += "<p><em>" + EscapeHtml(step.section) + "</em></p>\n";
    html += "<p>" + EscapeHtml(step.caption) + "</p>\n";
    if (!step.quote.empty())
      html += "<blockquote lang=\"pt\">" + EscapeHtml(step.quote) + "</blockquote>\n";
  }
  return html + "</body>\n</html>\n";
}

std::string WriteLessonIndex(const Lesson& lesson, const std::string& dir, int first_step,
                             LessonLanguage language) {
  // untranslated: a file name
  if (std::string error = WriteText(dir + "/index.md", LessonIndexMarkdown(lesson, first_step));
      !error.empty())
    return error;
  return WriteText(dir + "/index.html", LessonIndexHtml(lesson, first_step, language));
}

}  // namespace partlab
