#version 330 core
// The simulation's bodies, instanced (one draw call per shape kind): a unit cube or unit sphere is
// scaled by each instance's half extents, rotated by its quaternion and moved to its position.
// Lighting is the per-pixel Blinn-Phong of blinn_phong.frag, with a colour per instance.

layout(location = 0) in vec3 in_position;  // unit shape, in [-1, 1]^3
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec3 i_position;     // per instance
layout(location = 3) in vec4 i_orientation;  // quaternion (x, y, z, w)
layout(location = 4) in vec3 i_half_extents;
layout(location = 5) in vec4 i_color;  // normalised RGBA8, sRGB

uniform mat4 u_view;
uniform mat4 u_projection;

out vec3 v_position_cc;  // camera coordinates
out vec3 v_normal_cc;
out vec3 v_albedo;  // linear colour: decoded here once per vertex, not once per pixel

// v' = v + 2 q.xyz x (q.xyz x v + q.w v): a unit quaternion's rotation without building a matrix.
vec3 Rotate(vec4 q, vec3 v) {
  return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

void main(void) {
  vec3 world = i_position + Rotate(i_orientation, in_position * i_half_extents);
  // Non-uniform scale: the normal is scaled by the inverse, then rotated.
  vec3 normal = Rotate(i_orientation, in_normal / i_half_extents);
  vec4 p = u_view * vec4(world, 1.0);
  v_position_cc = p.xyz;
  v_normal_cc = mat3(u_view) * normal;  // the view matrix is a rigid motion
  v_albedo = pow(i_color.rgb, vec3(2.2));
  gl_Position = u_projection * p;
}
