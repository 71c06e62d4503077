// The only include of OpenGL in Partition Lab: the glad 2 loader generated at build time into the
// build tree (OpenGL 3.3 core, see app/CMakeLists.txt). Nothing outside app/ includes this.
#pragma once

#include <glad/gl.h>
