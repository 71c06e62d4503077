#version 330 core
// Per-pixel Blinn-Phong: the chapter's model evaluated per fragment, with the half vector instead
// of the reflection vector, a hemisphere ambient so faces turned from the light keep their shape,
// and a gamma step so the falloff looks right on an sRGB screen.

in vec3 v_position_cc;
in vec3 v_normal_cc;

uniform vec3 material;
uniform vec3 LightPosition;  // camera coordinates
uniform float u_shininess;   // Blinn-Phong exponent (about 4x the Phong exponent for the same look)

out vec4 frag_color;

const float CEspecular = 0.25;
const float CDifusa = 1.0 - CEspecular;

void main(void) {
  vec3 n = normalize(v_normal_cc);
  if (!gl_FrontFacing) n = -n;  // scanned meshes have holes: light the inside too
  vec3 to_light = normalize(LightPosition - v_position_cc);
  vec3 to_eye = normalize(-v_position_cc);
  vec3 half_vector = normalize(to_light + to_eye);
  float diffuse = max(dot(n, to_light), 0.0);
  float specular = diffuse > 0.0 ? pow(max(dot(n, half_vector), 0.0), u_shininess) : 0.0;
  // Sky above, ground below: a cheap ambient that still shows the normal's direction.
  // The UI's colour is sRGB; lighting adds light linearly, so convert first and encode at the end.
  vec3 albedo = pow(material, vec3(2.2));
  float sky = 0.5 + 0.5 * n.y;
  vec3 ambient = albedo * mix(vec3(0.02, 0.018, 0.016), vec3(0.10, 0.11, 0.13), sky);
  vec3 linear = ambient + albedo * CDifusa * diffuse + vec3(CEspecular * specular);
  frag_color = vec4(pow(linear, vec3(1.0 / 2.2)), 1.0);
}
