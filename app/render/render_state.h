// The OpenGL calls of the engine skeleton itself (section 3.2.2): loading the functions of the
// context, reading which driver answered, the initial state InitEngine sets, and the clear, render
// states and flush of RenderScene and MainLoop. Kept here so that app/render/ stays the only code
// that touches OpenGL; engine_loop.cpp says what happens, in the chapter's order.
#pragma once

#include <glm/vec3.hpp>
#include <string>

namespace partlab {

// Loads the OpenGL functions of the current context through `get_proc` (glfwGetProcAddress).
// Returns the version as major * 10 + minor (33 for 3.3), or 0 when nothing could be loaded.
int LoadOpenGlFunctions(void* (*get_proc)(const char* name));

// GL_VENDOR, GL_RENDERER and GL_VERSION of the current context ("?" where the driver says nothing).
struct GlDriverStrings {
  std::string vendor, renderer, version;
};
GlDriverStrings ReadGlDriverStrings();

// InitEngine's render state: depth test, multisampling (when the framebuffer has samples) and the
// colour the frame is cleared to.
void SetInitialRenderState(const glm::vec3& clear_colour);

// RenderScene's first step: the whole framebuffer as the viewport, colour and depth cleared.
void ClearFrame(int width, int height);

// The actors' render state: depth tested, no face culled (scanned meshes have holes: their insides
// must not vanish).
void SetActorRenderState();

// Hands the frame's commands to the driver now: on llvmpipe its rasteriser threads draw while the
// main thread runs the fixed steps.
void FlushCommands();

}  // namespace partlab
