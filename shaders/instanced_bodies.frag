#version 330 core
// Per-pixel Blinn-Phong (as blinn_phong.frag) with the colour of each body instance. Under llvmpipe
// this shader is most of the simulation view's frame (its JIT code runs on every covered pixel),
// so whatever is the same for the whole body (the sRGB decode of its colour) is done per vertex.

in vec3 v_position_cc;
in vec3 v_normal_cc;
in vec3 v_albedo;  // linear

uniform vec3 LightPosition;  // camera coordinates
uniform float u_shininess;

out vec4 frag_color;

const float CEspecular = 0.25;
const float CDifusa = 1.0 - CEspecular;

void main(void) {
  vec3 n = normalize(v_normal_cc);
  if (!gl_FrontFacing) n = -n;
  vec3 to_light = normalize(LightPosition - v_position_cc);
  vec3 to_eye = normalize(-v_position_cc);
  vec3 half_vector = normalize(to_light + to_eye);
  float diffuse = max(dot(n, to_light), 0.0);
  float specular = diffuse > 0.0 ? pow(max(dot(n, half_vector), 0.0), u_shininess) : 0.0;
  vec3 albedo = v_albedo;
  float sky = 0.5 + 0.5 * n.y;
  vec3 ambient = albedo * mix(vec3(0.04, 0.036, 0.032), vec3(0.16, 0.17, 0.19), sky);
  vec3 linear = ambient + albedo * CDifusa * diffuse + vec3(CEspecular * specular);
  frag_color = vec4(pow(linear, vec3(1.0 / 2.2)), 1.0);
}
