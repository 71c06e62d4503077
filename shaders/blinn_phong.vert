#version 330 core
// Per-pixel Blinn-Phong, vertex stage: only transforms; the lighting happens per fragment.

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;

uniform mat4 u_model_view;
uniform mat4 u_projection;
uniform mat3 u_normal_matrix;

out vec3 v_position_cc;  // camera coordinates
out vec3 v_normal_cc;

void main(void) {
  vec4 p = u_model_view * vec4(in_position, 1.0);
  v_position_cc = p.xyz;
  v_normal_cc = u_normal_matrix * in_normal;
  gl_Position = u_projection * p;
}
