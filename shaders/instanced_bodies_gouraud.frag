#version 330 core
// The colour instanced_bodies_gouraud.vert computed, interpolated: nothing else per pixel.

#ifdef FLAT_FACES
flat in vec3 v_color;  // one colour per face (see the vertex shader)
#else
in vec3 v_color;
#endif
out vec4 frag_color;

void main(void) {
  frag_color = vec4(v_color, 1.0);
}
