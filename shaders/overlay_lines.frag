#version 330 core
// Flat colour for StaticLines. Unlike overlay.frag there is no `discard` (round points): a shader
// that may discard forces Mesa llvmpipe to shade every fragment before its depth test, while
// this one lets it reject the lines hidden behind the mesh first (the octree view's depth-8
// cells are about 69,000 lines, most of them inside or behind the dragon).

flat in vec4 v_color;  // one colour per primitive (overlay_lines.vert)
out vec4 frag_color;

void main(void) {
  frag_color = v_color;
}
