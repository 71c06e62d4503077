// One texture drawn over the whole viewport, as the heatmap and the scene cache both do: an
// attribute-less full-screen triangle (the vertex shader derives its corners from gl_VertexID),
// blended over what is drawn, with the depth test and depth writes off so it never hides or is
// hidden by the scene, and the 3D state put back afterwards.
#pragma once

#include "app/render/gl.h"

namespace partlab {

// The caller has its program in use with its sampler on texture unit 0. source_factor is
// GL_SRC_ALPHA for straight alpha, GL_ONE for premultiplied colours.
void DrawFullScreenTexture(GLuint empty_vao, GLuint texture, GLenum source_factor);

}  // namespace partlab
