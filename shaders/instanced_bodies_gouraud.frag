#version 330 core
// The colour instanced_bodies_gouraud.vert computed, interpolated: nothing else per pixel.

in vec3 v_color;
out vec4 frag_color;

void main(void) {
  frag_color = vec4(v_color, 1.0);
}
