// A linked GLSL program built from two files in shaders/, loaded at run time so a student can
// edit a shader and press R. A compile or link failure is one error naming the file, followed by
// the driver's log, never a crash: the caller keeps the program it had.
#pragma once

#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <string>

#include "app/render/gl.h"
#include "engine/io/load_result.h"
#include "engine/paths/data_paths.h"

namespace partlab {

// Where the shaders are read at run time: ShaderDirectory() (engine/paths/data_paths.h).

class ShaderProgram {
 public:
  ShaderProgram() = default;
  ~ShaderProgram();
  ShaderProgram(ShaderProgram&& other) noexcept;
  ShaderProgram& operator=(ShaderProgram&& other) noexcept;
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  // "DIR/NAME.vert" + "DIR/NAME.frag". Errors: "DIR/NAME.frag: compile failed:\n<driver log>".
  // `defines` ("#define FLAT_FACES\n"...) go right after each file's #version line, so one pair
  // of files can serve variants; the driver's line numbers still match the file's.
  static LoadResult<ShaderProgram> Load(const std::string& dir, const std::string& name,
                                        const std::string& defines = "");
  // NAME from ShaderDirectory(); on failure an invalid program, and `error` holds the one line.
  static ShaderProgram LoadOrError(const std::string& name, std::string& error);

  bool valid() const { return id_ != 0; }
  void Use() const { glUseProgram(id_); }

  // Uniform setters; a name the driver optimised away is ignored (location -1), as GL does.
  void Set(const char* name, const glm::mat4& m) const;
  void Set(const char* name, const glm::mat3& m) const;
  void Set(const char* name, const glm::vec2& v) const;
  void Set(const char* name, const glm::vec3& v) const;
  void Set(const char* name, float v) const;
  void Set(const char* name, int v) const;

 private:
  explicit ShaderProgram(GLuint id) : id_(id) {}
  GLuint id_ = 0;
};

}  // namespace partlab
