#version 330 core
// Flat colour; points are drawn as round discs (gl_PointCoord), lines and polygons as they come.

in vec4 v_color;

uniform bool u_round_points;

out vec4 frag_color;

void main(void) {
  if (u_round_points && length(gl_PointCoord - vec2(0.5)) > 0.5) discard;
  frag_color = v_color;
}
