#version 330 core
// The cached 3D picture (app/render/scene_cache.h), premultiplied: blended with ONE,
// ONE_MINUS_SRC_ALPHA over the backdrop, it is what drawing the scene there would have given.

in vec2 v_uv;
uniform sampler2D u_image;
out vec4 frag_color;

void main(void) {
  frag_color = texture(u_image, v_uv);
}
