#version 330 core
// Triangles with a colour each (the octree view's depth tint and generated soups): flat normals.

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec4 in_color;  // normalised RGBA8

uniform mat4 u_view;
uniform mat4 u_projection;
uniform mat3 u_normal_matrix;

out vec3 v_normal_cc;  // camera coordinates
out vec3 v_position_cc;
out vec4 v_color;

void main(void) {
  vec4 p = u_view * vec4(in_position, 1.0);
  v_position_cc = p.xyz;
  v_normal_cc = u_normal_matrix * in_normal;
  v_color = in_color;
  gl_Position = u_projection * p;
}
