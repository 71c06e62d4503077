#version 330 core
// The cached 3D picture (app/render/scene_cache.h), premultiplied: blended with ONE,
// ONE_MINUS_SRC_ALPHA over the backdrop, it is what drawing the scene there would have given.
// A picture drawn at a reduced size while the camera moves fills only the texture's bottom-left
// u_drawn_width x u_drawn_height texels: they are stretched over the window.

in vec2 v_uv;
uniform sampler2D u_image;
uniform float u_drawn_width;
uniform float u_drawn_height;
out vec4 frag_color;

void main(void) {
  vec2 texels = vec2(textureSize(u_image, 0));
  vec2 drawn = vec2(u_drawn_width, u_drawn_height);
  // Clamped half a texel inside the drawn corner: linear filtering never mixes in the undrawn rest.
  vec2 uv = min(v_uv * drawn, drawn - 0.5) / texels;
  frag_color = texture(u_image, uv);
}
