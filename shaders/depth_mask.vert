#version 330 core
// ScreenDepthMask: rectangles in framebuffer pixels (origin top left, as the UI lays them out),
// written at the near plane.

layout(location = 0) in vec2 in_pixel;

uniform vec2 u_framebuffer_size;

void main(void) {
  vec2 ndc = in_pixel / u_framebuffer_size * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, -1.0, 1.0);  // depth 0: nothing drawn later passes GL_LESS
}
