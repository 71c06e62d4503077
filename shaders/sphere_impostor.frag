#version 330 core
// A lit sphere on sphere_impostor.vert's quad: the normal is read off the quad coordinate
// (x, y on the disc, z toward the eye), lit with instanced_bodies_gouraud's Blinn-Phong, sky
// ambient and sRGB encoding; pixels outside the disc are dropped. The light and half vectors
// are the centre's, which for a sphere of a few pixels differs from each point's by a fraction
// of a degree.

in vec2 v_disc;
flat in vec3 v_albedo;
flat in vec3 v_to_light;
flat in vec3 v_half_vector;
out vec4 frag_color;

uniform float u_shininess;

const float CEspecular = 0.25;
const float CDifusa = 1.0 - CEspecular;

void main(void) {
  float r2 = dot(v_disc, v_disc);
  if (r2 > 1.0) discard;
  vec3 n = vec3(v_disc, sqrt(1.0 - r2));
  float diffuse = max(dot(n, v_to_light), 0.0);
  float specular = diffuse > 0.0 ? pow(max(dot(n, v_half_vector), 0.0), u_shininess) : 0.0;
  float sky = 0.5 + 0.5 * n.y;
  vec3 ambient = v_albedo * mix(vec3(0.04, 0.036, 0.032), vec3(0.16, 0.17, 0.19), sky);
  vec3 linear = ambient + v_albedo * CDifusa * diffuse + vec3(CEspecular * specular);
  frag_color = vec4(pow(linear, vec3(1.0 / 2.2)), 1.0);
}
