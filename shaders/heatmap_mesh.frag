#version 330 core
// Two-sided diffuse light from a head light plus ambient, so the colour (the information) stays
// readable from every side; soups and scanned meshes are seen from both sides.

in vec3 v_normal_cc;
in vec3 v_position_cc;
in vec4 v_color;
out vec4 frag_color;

void main(void) {
  vec3 n = normalize(v_normal_cc);
  vec3 to_eye = normalize(-v_position_cc);
  vec3 to_light = normalize(vec3(-0.4, 0.6, 0.7));
  if (dot(n, to_eye) < 0.0) n = -n;
  float diffuse = max(dot(n, to_light), 0.0);
  float light = 0.35 + 0.65 * diffuse;
  frag_color = vec4(v_color.rgb * light, 1.0);
}
