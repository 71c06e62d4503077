#version 330 core
// The octree view's cost heatmap: the CPU already mapped each ray's cost to a colour.

in vec2 v_uv;
uniform sampler2D u_image;
uniform float u_opacity;
out vec4 frag_color;

void main(void) {
  vec4 c = texture(u_image, v_uv);
  frag_color = vec4(c.rgb, c.a * u_opacity);
}
