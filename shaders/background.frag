#version 330 core
// The backdrop: a vertical gradient from u_top to u_bottom with a soft vignette.

in vec2 v_uv;

uniform vec3 u_top;
uniform vec3 u_bottom;

out vec4 frag_color;

void main(void) {
  vec3 color = mix(u_bottom, u_top, smoothstep(0.0, 1.0, v_uv.y));
  float vignette = 1.0 - 0.35 * dot(v_uv - 0.5, v_uv - 0.5);
  frag_color = vec4(color * vignette, 1.0);
}
