#include "app/render/shader_program.h"

#include <cstdlib>
#include <fstream>
#include <glm/gtc/type_ptr.hpp>
#include <sstream>
#include <utility>

namespace partlab {

namespace {

std::string InfoLog(GLuint object, bool is_program) {
  GLint length = 0;
  is_program ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length)
             : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
  is_program ? glGetProgramInfoLog(object, length, nullptr, log.data())
             : glGetShaderInfoLog(object, length, nullptr, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

// `defines` after the #version line (GLSL requires #version first), then "#line 2" so that the
// driver's messages keep naming the file's own line numbers.
std::string WithDefines(const std::string& text, const std::string& defines) {
  if (defines.empty() || text.rfind("#version", 0) != 0) return text;
  const size_t eol = text.find('\n');
  if (eol == std::string::npos) return text;
  return text.substr(0, eol + 1) + defines + "#line 2\n" + text.substr(eol + 1);
}

// Compiles one stage; on failure returns 0 and sets `error` to "PATH: compile failed:\nLOG".
GLuint CompileStage(GLenum stage, const std::string& path, const std::string& defines,
                    std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open shader file";
    return 0;
  }
  std::stringstream source;
  source << in.rdbuf();
  const std::string text = WithDefines(source.str(), defines);
  const char* text_ptr = text.c_str();
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &text_ptr, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = path + ": compile failed:\n" + InfoLog(shader, false);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

ShaderProgram::~ShaderProgram() {
  if (id_ != 0) glDeleteProgram(id_);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept : id_(std::exchange(other.id_, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
  if (this != &other) {
    if (id_ != 0) glDeleteProgram(id_);
    id_ = std::exchange(other.id_, 0);
  }
  return *this;
}

ShaderProgram ShaderProgram::LoadOrError(const std::string& name, std::string& error) {
  auto program = Load(ShaderDirectory(), name);
  if (program.ok()) return std::move(program).value();
  error = program.error();
  return {};
}

LoadResult<ShaderProgram> ShaderProgram::Load(const std::string& dir, const std::string& name,
                                              const std::string& defines) {
  const std::string base = dir + "/" + name;
  std::string error;
  const GLuint vert = CompileStage(GL_VERTEX_SHADER, base + ".vert", defines, error);
  if (vert == 0) return LoadResult<ShaderProgram>::Fail(error);
  const GLuint frag = CompileStage(GL_FRAGMENT_SHADER, base + ".frag", defines, error);
  if (frag == 0) {
    glDeleteShader(vert);
    return LoadResult<ShaderProgram>::Fail(error);
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vert);
  glAttachShader(program, frag);
  glLinkProgram(program);
  glDeleteShader(vert);  // flagged; freed with the program
  glDeleteShader(frag);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = base + ".vert + .frag: link failed:\n" + InfoLog(program, true);
    glDeleteProgram(program);
    return LoadResult<ShaderProgram>::Fail(error);
  }
  return LoadResult<ShaderProgram>::Ok(ShaderProgram(program));
}

void ShaderProgram::Set(const char* name, const glm::mat4& m) const {
  glUniformMatrix4fv(glGetUniformLocation(id_, name), 1, GL_FALSE, glm::value_ptr(m));
}
void ShaderProgram::Set(const char* name, const glm::mat3& m) const {
  glUniformMatrix3fv(glGetUniformLocation(id_, name), 1, GL_FALSE, glm::value_ptr(m));
}
void ShaderProgram::Set(const char* name, const glm::vec2& v) const {
  glUniform2fv(glGetUniformLocation(id_, name), 1, glm::value_ptr(v));
}
void ShaderProgram::Set(const char* name, const glm::vec3& v) const {
  glUniform3fv(glGetUniformLocation(id_, name), 1, glm::value_ptr(v));
}
void ShaderProgram::Set(const char* name, float v) const {
  glUniform1f(glGetUniformLocation(id_, name), v);
}
void ShaderProgram::Set(const char* name, int v) const {
  glUniform1i(glGetUniformLocation(id_, name), v);
}

}  // namespace partlab
