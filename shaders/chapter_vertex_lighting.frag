#version 330 core
// The chapter's pixel shader (section 3.2.4.2): the material colour times the light intensity
// that the vertex shader computed and the rasteriser interpolated. Nothing else.

uniform vec3 material;  // the chapter's default is blue, vec3(0.0, 0.0, 1.0); the UI picks it

in vec3 PosicaoMC;
in float IntensidadeLuz;

out vec4 frag_color;  // gl_FragColor

void main(void) {
  vec3 cor = material * IntensidadeLuz;
  frag_color = vec4(cor, 1.0);
}
