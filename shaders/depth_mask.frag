#version 330 core
// ScreenDepthMask writes depth only (its colour mask is off): no colour output is needed.

void main(void) {}
