#version 330 core
// Small spheres (under 6 pixels of radius on screen, body_meshes.h) as impostors: one
// camera-facing quad per sphere whose pixels shade the sphere they cover
// (sphere_impostor.frag). A 6 x 4 sphere mesh is 48 triangles for a few pixels; llvmpipe pays
// per triangle and per 4 x 4 block, so two triangles per sphere cost far less.
//
// The quad stands at the sphere's front (the centre moved toward the eye by the radius), so a
// sphere resting on a box is not cut by the box's face, and it is shrunk by (d - r) / d so the
// disc covers the same pixels as the sphere's silhouette seen from distance d
// (ImpostorQuad in app/render/body_meshes.h does the same sums, tested). The depth stays the
// quad's: writing gl_FragDepth would turn off llvmpipe's early depth test.

layout(location = 0) in vec3 in_position;  // quad corner, x and y in {-1, 1}
layout(location = 2) in vec3 i_position;    // per instance: the sphere's centre
layout(location = 4) in vec3 i_half_extents;  // x: the radius
layout(location = 5) in vec4 i_color;         // normalised RGBA8, sRGB

uniform mat4 u_view;
uniform mat4 u_projection;
uniform vec3 LightPosition;  // camera coordinates

out vec2 v_disc;             // quad coordinate: the unit disc is the sphere
flat out vec3 v_albedo;      // linear
flat out vec3 v_to_light;    // camera coordinates, from the sphere's centre
flat out vec3 v_half_vector; // Blinn's half vector at the centre

void main(void) {
  vec3 centre = (u_view * vec4(i_position, 1.0)).xyz;
  float radius = i_half_extents.x;
  float distance = max(length(centre), 1e-6);
  vec3 to_eye = -centre / distance;
  // In front of the eye: the front point and the shrunk quad; else leave it to clipping.
  float front = max(distance - radius, 1e-4);
  vec3 quad_centre = centre + to_eye * (distance - front);
  float half_size = radius * front / distance;
  vec3 corner = quad_centre + vec3(in_position.xy * half_size, 0.0);
  v_disc = in_position.xy;
  v_albedo = pow(i_color.rgb, vec3(2.2));
  v_to_light = normalize(LightPosition - centre);
  v_half_vector = normalize(v_to_light + to_eye);
  gl_Position = u_projection * vec4(corner, 1.0);
}
