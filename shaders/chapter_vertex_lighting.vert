#version 330 core
// The chapter's per-vertex lighting (papers/visualization-simulation-games.txt, section 3.2.4.1),
// ported from GLSL 1.10 to 3.30 core: gl_ModelViewMatrix, gl_NormalMatrix and ftransform() become
// uniforms, `varying` becomes `out`. The arithmetic is the chapter's, name for name.

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;

uniform mat4 u_model_view;
uniform mat4 u_projection;
uniform mat3 u_normal_matrix;
uniform vec3 LightPosition;  // in camera coordinates, as in the chapter

// The chapter's constants: a quarter specular, the rest diffuse.
const float CEspecular = 0.25;
const float CDifusa = 1.0 - CEspecular;

out float IntensidadeLuz;  // "varying float IntensidadeLuz"
out vec3 PosicaoMC;        // the model-space position, passed on as in the chapter

void main(void) {
  // Vertex and normal in camera coordinates.
  vec3 PosicaoCC = vec3(u_model_view * vec4(in_position, 1.0));
  vec3 normT = normalize(u_normal_matrix * in_normal);
  // Light, reflection and camera vectors, all in camera coordinates (the eye is the origin).
  vec3 VetorLuz = normalize(LightPosition - PosicaoCC);
  vec3 VetorReflexo = reflect(-VetorLuz, normT);
  vec3 VetorCamera = normalize(-PosicaoCC);
  // Diffuse: the cosine between light and normal, zero when the light is behind.
  float difuso = max(dot(VetorLuz, normT), 0.0);
  // Specular: (VetorCamera . VetorReflexo)^coef, with the chapter's coef = 20.
  float coef = 20.0;
  float especular = max(dot(VetorReflexo, VetorCamera), 0.0);
  especular = pow(especular, coef);
  IntensidadeLuz = CDifusa * difuso + CEspecular * especular;
  PosicaoMC = in_position;
  gl_Position = u_projection * vec4(PosicaoCC, 1.0);  // ftransform()
}
