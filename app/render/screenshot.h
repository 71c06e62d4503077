// Writes what the current frame drew (the back buffer, before the swap) to a PNG with
// stb_image_write. The image has the framebuffer's size, so HiDPI screens give full resolution.
#pragma once

#include <string>
#include <vector>

namespace partlab {

// Empty string on success, otherwise "PATH: problem".
std::string WriteBackBufferPng(const std::string& path, int width, int height);

// The back buffer as RGB rows, top row first (GL's first row is the bottom one): a video frame.
void ReadBackBufferRgb(int width, int height, std::vector<unsigned char>& rgb);

}  // namespace partlab
