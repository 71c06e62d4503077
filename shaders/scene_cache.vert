#version 330 core
// One triangle that covers the viewport (no vertex buffer: positions from gl_VertexID).

out vec2 v_uv;

void main(void) {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));  // (0,0) (2,0) (0,2)
  v_uv = p;  // a framebuffer texture: row 0 is the bottom, as in the window
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
