// Writes what the current frame drew (the back buffer, before the swap) to a PNG with
// stb_image_write. The image has the framebuffer's size, so HiDPI screens give full resolution.
#pragma once

#include <string>

namespace partlab {

// Empty string on success, otherwise "PATH: problem".
std::string WriteBackBufferPng(const std::string& path, int width, int height);

}  // namespace partlab
