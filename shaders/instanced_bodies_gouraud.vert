#version 330 core
// The simulation's bodies under software rendering (Mesa llvmpipe): instanced_bodies.vert's
// placement with instanced_bodies.frag's Blinn-Phong evaluated per vertex, as the chapter's own
// shader does (section 3.2.4.1). On llvmpipe the per-pixel version is about 45 ms of CPU per
// frame at 4,250 bodies and 1280x720; per vertex the pixel stage only writes the colour. Boxes
// look the same (flat faces); spheres lose the roundness of their highlight.

layout(location = 0) in vec3 in_position;  // unit shape, in [-1, 1]^3
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec3 i_position;     // per instance
layout(location = 3) in vec4 i_orientation;  // quaternion (x, y, z, w)
layout(location = 4) in vec3 i_half_extents;
layout(location = 5) in vec4 i_color;  // normalised RGBA8, sRGB

uniform mat4 u_view;
uniform mat4 u_projection;
uniform vec3 LightPosition;  // camera coordinates
uniform float u_shininess;

// Lit, sRGB-encoded. With FLAT_FACES (boxes under software rendering) each face takes the colour
// of its provoking vertex: 8 corners per box, each the provoking vertex of at most one face and
// carrying that face's normal, instead of 24 vertices (4 per face).
#ifdef FLAT_FACES
flat out vec3 v_color;
#else
out vec3 v_color;
#endif

const float CEspecular = 0.25;
const float CDifusa = 1.0 - CEspecular;

vec3 Rotate(vec4 q, vec3 v) {
  return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

void main(void) {
  vec3 world = i_position + Rotate(i_orientation, in_position * i_half_extents);
  vec3 normal = Rotate(i_orientation, in_normal / i_half_extents);
  vec4 p = u_view * vec4(world, 1.0);
  vec3 n = normalize(mat3(u_view) * normal);
  vec3 to_light = normalize(LightPosition - p.xyz);
  vec3 to_eye = normalize(-p.xyz);
  vec3 half_vector = normalize(to_light + to_eye);
  float diffuse = max(dot(n, to_light), 0.0);
  float specular = diffuse > 0.0 ? pow(max(dot(n, half_vector), 0.0), u_shininess) : 0.0;
  vec3 albedo = pow(i_color.rgb, vec3(2.2));
  float sky = 0.5 + 0.5 * n.y;
  vec3 ambient = albedo * mix(vec3(0.04, 0.036, 0.032), vec3(0.16, 0.17, 0.19), sky);
  vec3 linear = ambient + albedo * CDifusa * diffuse + vec3(CEspecular * specular);
  v_color = pow(linear, vec3(1.0 / 2.2));
  gl_Position = u_projection * p;
}
