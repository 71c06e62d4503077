#version 330 core
// Lines kept on the GPU (StaticLines): the same vertex format and transform as overlay.vert.

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec4 in_color;  // normalised RGBA8
layout(location = 2) in float in_size;  // point diameter in pixels (ignored for lines, polygons)

uniform mat4 u_view_projection;

// Every line and polygon drawn with this shader has one colour (DebugDraw takes one per primitive,
// StaticLines' merged lines too), so it is passed flat: a software rasteriser then sets up no
// per-primitive colour gradients and interpolates nothing per pixel. Points use overlay.*.
flat out vec4 v_color;

void main(void) {
  v_color = in_color;
  gl_Position = u_view_projection * vec4(in_position, 1.0);
}
